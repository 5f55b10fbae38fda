"""Where the tests find things: the repository, its examples, the test data and the shared logs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pairi_report"
EXAMPLES = ROOT / "examples"
HANDS = EXAMPLES / "hands.txt"
GB_HANDS = EXAMPLES / "gb.txt"
LOGS = ROOT / "tests" / "data" / "logs"  # the test game logs (``python tests/make_game_logs.py``)
SHARED = ROOT.parent / "shared"  # read-only, beside the repository
if not SHARED.is_dir():  # a worktree sits two levels below /work, a clone one level
    SHARED = ROOT.parent.parent / "shared"
