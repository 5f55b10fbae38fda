"""Optional compiled kernels: each a Cython twin of a pure-Python module, used when it was built.

A compiled module has a name of its own (``outlook._solver`` beside ``outlook.solver``, say), so that
importing it never finds a ``.py`` file by mistake.

``pip install`` compiles the extensions listed in ``setup.py`` when a C compiler is there and skips them
(with setuptools' warning) when it is not; the pure-Python module they mirror is always shipped and gives
the same results. Setting ``PAIRI_PURE=1`` in the environment makes every caller take the pure path, so
tests and benchmarks can run both in one checkout.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType


def pure_only() -> bool:
    """Return whether the environment asks for the pure-Python path (``PAIRI_PURE=1``)."""
    return os.environ.get("PAIRI_PURE", "") not in ("", "0")


def compiled(name: str) -> ModuleType | None:
    """Return the compiled module ``pairi_report.<name>``, or None if it was not built or is turned off."""
    if pure_only():
        return None
    try:
        return import_module(f"pairi_report.{name}")
    except ImportError:
        # Not built here (no compiler at install time, or a source checkout never built): the pure path.
        return None
