"""牌譜検討 Game reviews: every discard of a game log judged against the judgement's recommendation.

The review layer builds on the game logs (``games``), the analysis and hand values (``rules``) and the
judgement (``judgement``: every discard ranked by tiles, expected points and danger): for each
decision of the chosen seats the hand is analysed as the seat saw it, and the discard played is
judged ``same``, ``equal``, ``worse`` or ``forced`` (see ``verdict``); every win's rebuilt hand is
scored in the situation the replay gives and set against Tenhou's own text (see ``result``).
"""

from .game import GameReview, ReviewError, choose_seats, review_game
from .records import DecisionReview, RoundReview
from .result import WinCheck, check_win, parse_text, win_situation
from .summary import Summary, Tally
from .verdict import Kind, Verdict, judge

__all__ = [
    "DecisionReview",
    "GameReview",
    "Kind",
    "ReviewError",
    "RoundReview",
    "Summary",
    "Tally",
    "Verdict",
    "WinCheck",
    "check_win",
    "choose_seats",
    "judge",
    "parse_text",
    "review_game",
    "win_situation",
]
