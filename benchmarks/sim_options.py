"""Issue 29, acceptance 2: the model with 手変わり and 向聴戻し on against play on shuffled walls
(``tests/oracles/options_play.py``, which the tests share).

Run: python benchmarks/sim_options.py [--hands 10] [--games 100000] [--riichi tenpai|dama|dama-yaku]
"""

from __future__ import annotations

import sys
from pathlib import Path

# The simulation lives with the test oracles.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles.options_play import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
