"""The package's data files (``pairi_report/data``), read as text.

The package runs from a folder on disk (its lookup tables are memory-mapped from there), so its data
files are read by path: ``importlib.resources`` would load ``zipfile``, ``tempfile`` and ``hashlib`` on
every start for the same bytes (issue 30, start-up).
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def data_text(name: str) -> str:
    """Return the UTF-8 text of ``pairi_report/data/<name>`` (``name`` may hold ``/``)."""
    return (DATA / name).read_text(encoding="utf-8")
