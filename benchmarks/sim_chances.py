"""Check the exact chances by turn against a simulation (``tests/oracles/chances.py``, which the tests share).

Run: python benchmarks/sim_chances.py [--hands 10] [--games 200000]
"""

from __future__ import annotations

import sys
from pathlib import Path

# The simulation lives with the test oracles.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles.chances import main  # noqa: E402

if __name__ == "__main__":
    main()
