"""pairi-report: mahjong hand analysis (牌理) written as reports with tile pictures.

>>> from pairi_report import analyze
>>> analyze("123m456p789s1122z").shanten
0

This module is the public face of the package, above every layer: it re-exports the names users need,
each loaded on first use, and shows an ``Analysis`` in Jupyter as its report section.
"""

from __future__ import annotations

import sys
from importlib import import_module

from .core.version import __version__

# Nothing but these few lines runs before a console run takes Ctrl-C in hand (``cli.start``): typing,
# which takes as long as the rest of this module, is left to the type checkers (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core.errors import IllegalHandError, NotationError, PairiError
    from .core.meld import Meld
    from .core.notation import Hand
    from .rules.analysis import Analysis, Decomposition, DiscardChoice, RulesError, ShantenByForm
    from .rules.registry import analyze

# Names load on first use, so running a submodule (python -m pairi_report.engine.tablegen) does not
# import it twice.
_HOMES = {
    "Analysis": "rules.analysis",
    "Decomposition": "rules.analysis",
    "DiscardChoice": "rules.analysis",
    "RulesError": "rules.analysis",
    "ShantenByForm": "rules.analysis",
    "analyze": "rules.registry",
    "IllegalHandError": "core.errors",
    "NotationError": "core.errors",
    "PairiError": "core.errors",
    "Hand": "core.notation",
    "Meld": "core.meld",
}
__all__ = [
    "Analysis",
    "Decomposition",
    "DiscardChoice",
    "Hand",
    "IllegalHandError",
    "Meld",
    "NotationError",
    "PairiError",
    "RulesError",
    "ShantenByForm",
    "__version__",
    "analyze",
    "load_ipython_extension",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_HOMES[name]}", __name__), name)


def _analysis_html(analysis: Any) -> str:
    """Render an analysis as its report section, pictures inline (Pillow and jinja2 load only here)."""
    from .report.reporters.notebook import analysis_html

    return analysis_html(analysis)


def load_ipython_extension(ipython: Any) -> None:
    """Show every ``Analysis`` as its report section in this IPython session (``%load_ext pairi_report``).

    The formatter is registered by the class's module and name, so nothing is imported until a notebook
    first shows an analysis, and the analysis layer never imports the renderer.
    """
    formatter = ipython.display_formatter.formatters["text/html"]
    formatter.for_type_by_name("pairi_report.rules.analysis", "Analysis", _analysis_html)


def _register_in_a_running_notebook() -> None:
    """Register the HTML display when this package is imported inside IPython (no import of IPython)."""
    ipython_module = sys.modules.get("IPython")
    shell = ipython_module.get_ipython() if ipython_module is not None else None
    if shell is not None:
        load_ipython_extension(shell)


_register_in_a_running_notebook()
