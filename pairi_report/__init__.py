"""pairi-report: mahjong hand analysis (牌理) written as reports with tile pictures.

>>> from pairi_report import analyze
>>> analyze("123m456p789s1122z").shanten
0
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .analysis import Analysis, Decomposition, Discard, RulesError, ShantenByForm, analyze
    from .errors import IllegalHandError, NotationError, PairiError
    from .notation import Hand, Meld

# Names load on first use, so running a submodule (python -m pairi_report.engine.tablegen) does not
# import it twice.
_HOMES = {
    "Analysis": "analysis",
    "Decomposition": "analysis",
    "Discard": "analysis",
    "RulesError": "analysis",
    "ShantenByForm": "analysis",
    "analyze": "analysis",
    "IllegalHandError": "errors",
    "NotationError": "errors",
    "PairiError": "errors",
    "Hand": "notation",
    "Meld": "notation",
}
__all__ = [
    "Analysis",
    "Decomposition",
    "Discard",
    "Hand",
    "IllegalHandError",
    "Meld",
    "NotationError",
    "PairiError",
    "RulesError",
    "ShantenByForm",
    "analyze",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_HOMES[name]}", __name__), name)
