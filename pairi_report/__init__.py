"""pairi-report: mahjong hand analysis (牌理) written as reports with tile pictures.

>>> from pairi_report import analyze
>>> analyze("123m456p789s1122z").shanten
0
"""

from .analysis import Analysis, Decomposition, Discard, RulesError, ShantenByForm, analyze
from .errors import IllegalHandError, NotationError, PairiError
from .notation import Hand, Meld

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
