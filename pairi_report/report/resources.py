"""Find the shipped ``templates/`` and ``assets/`` folders, in the source tree or in an installed wheel.

The wheel maps them into the package (``pairi_report/templates``, ``pairi_report/assets``); a source
checkout keeps them at the top level. This is the only module that knows.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # the pairi_report package


def data_dir(name: str) -> Path:
    """Return the folder ``templates`` or ``assets``."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"pairi-report is missing its {name}/ folder; reinstall the package")
