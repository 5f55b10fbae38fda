"""Test oracles: the peer libraries asked for a second opinion, and the random hands that feed them.

``riichi`` (``mahjong``'s shanten and ``xiangting``'s necessary tiles), ``value`` (``mahjong``'s hand
calculator), ``sanma`` (the same with three players) and ``gb`` (PyMahjongGB) import their library only
when asked, so their random hands serve the tests that need no oracle where the library is missing. A
test that asks a library carries ``requires(...)``: it is skipped, with the reason, where the library is
not installed. ``ev_reference`` is a second opinion of another kind: a direct (slow) reading of the
expected-value model's spec, for the compiled solver. The benchmarks import these modules too
(``benchmarks/`` puts ``tests/`` on the path).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

# The import name of each oracle, and the package that brings it (the test extra).
LIBRARIES = {"mahjong": "mahjong 2.1.0", "xiangting": "xiangting 6.0.2", "MahjongGB": "PyMahjongGB 1.4.0"}


def installed(module: str) -> bool:
    """Return whether an oracle library can be imported."""
    return importlib.util.find_spec(module) is not None


def library(module: str) -> Any:
    """Import an oracle library (a dotted name, e.g. ``mahjong.shanten``) when a test first asks it."""
    return importlib.import_module(module)


def requires(*modules: str) -> Any:
    """Return the mark of a test that asks these oracles: skipped where one of them is missing."""
    import pytest

    missing = [LIBRARIES.get(m, m) for m in modules if not installed(m)]
    return pytest.mark.skipif(bool(missing), reason=f"needs the oracle {', '.join(missing)} (the test extra)")
