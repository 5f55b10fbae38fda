"""The riichi scorer's C-level API per call, as the expected-value solver will use it.

The solver scores each distinct (ready hand, winning tile, riichi) once: today through a Python
callback that builds a ``Hand`` and calls ``score`` (``outlook.kernel.WinScorer.score``). This script
builds ``tests/oracles/scorer_probe.pyx`` (an extension of its own that ``cimport``s ``_scorer.pxd``, as
the solver will), gives it the tsumo wins of random winning hands (closed ones with and without
riichi, open ones as they are) and times ``score34`` per call in CPU time, against the callback on
the same wins, the two taking turns, three passes, median. Every probe result is checked against
the callback's.

    python benchmarks/bench_scorer_api.py [hands] [seed]

Needs Cython and a C compiler (the probe is built in a temporary folder).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import Situation, score
from pairi_report.rules.riichi.scoring.options import DEFAULT

# The probe and its wins are the tests' (tests/oracles/scorer_probe.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles.scorer_probe import build, check, probe_input, wins  # noqa: E402

TARGET_US = 1.0  # per call: "well under 1 us"


def callback(situation: Situation) -> Any:
    """Return today's per-win callback: a ``Hand`` built and scored, as ``WinScorer.score`` does."""
    riichi_situation = replace(situation, riichi=True, tsumo=True)
    plain = replace(situation, tsumo=True)

    def run(hand: Hand, win: int, riichi: bool) -> tuple[bool, int, int, int | None]:
        whole = Hand(tuple(sorted(hand.tiles)), (0, 0, 0), hand.melds)
        value = score(whole, win, riichi_situation if riichi else plain, DEFAULT)
        if not value.can_win:
            return False, 0, 0, None
        return True, value.han, value.fu, value.basic if value.limit and "yakuman" in value.limit else None

    return run


def bench(count: int, seed: int) -> None:
    """Print the C-level API's and the callback's time per win, their ratio and the check."""
    situation, found = wins(count, seed)
    with tempfile.TemporaryDirectory() as folder:
        module = build(folder)
        probe = module.Probe([probe_input(*w) for w in found], situation, DEFAULT)
        run = callback(situation)
        passes = []
        for _ in range(3):
            start = time.process_time()
            probe.run(20)
            middle = time.process_time()
            for w in found:
                run(*w)
            passes.append(((middle - start) / (20 * count), (time.process_time() - middle) / count))
        bad = check(probe.results(), found, situation)
    passes.sort(key=lambda p: p[1] / p[0])
    api, python = passes[1]
    print(f"{count} tsumo wins of random winning hands (seed {seed}), CPU time, 3 passes, median:")
    print(f"  C-level API score34: {api * 1e6:.3f} us per call (target < {TARGET_US:g} us)")
    print(f"  Python callback (Hand + score): {python * 1e6:.2f} us per call")
    print(f"  ratio {python / api:.0f}x faster than the callback; load average {os.getloadavg()[0]:.1f}")
    print(f"  results equal to score() with 0-3 extra han: {count - bad}/{count}")


if __name__ == "__main__":
    args = sys.argv[1:]
    bench(int(args[0]) if args else 3_000, int(args[1]) if len(args) > 1 else 5)
