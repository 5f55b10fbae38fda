"""Test configuration shared by tests/ and the doctests in pairi_report/."""

import sys
from pathlib import Path

# The peer-based oracles live with the benchmarks, so scripts and tests share one copy.
sys.path.insert(0, str(Path(__file__).parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).parent / "tests"))

collect_ignore = ["pairi_report/__main__.py"]
