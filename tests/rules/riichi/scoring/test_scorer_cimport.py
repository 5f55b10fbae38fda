"""An extension of its own ``cimport``s the riichi scorer's C-level API (``_scorer.pxd``) and gets its scores.

``tests/oracles/scorer_probe.pyx`` is built in a temporary folder, as the expected-value solver will use
the API: a batch of complete hands as counts and melds, scored with ``score34`` without the GIL, and
the points of 0-3 extra han from ``collect_with``. Its results must equal ``score``'s. The build needs
Cython and a C compiler: the test skips without Cython or without the kernel.
"""

from __future__ import annotations

import pytest
from oracles.scorer_probe import build, check, probe_input, wins

from pairi_report.core.compiled import compiled
from pairi_report.rules.riichi.scoring.options import DEFAULT

pytest.importorskip("Cython")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(compiled("rules.riichi.scoring._scorer") is None, reason="the scorer is not built"),
]


def test_a_cimporting_extension_scores_as_score_does(tmp_path: object) -> None:
    module = build(str(tmp_path))
    situation, found = wins(1_500, 9)
    probe = module.Probe([probe_input(*w) for w in found], situation, DEFAULT)
    assert probe.run(1) == len(found)
    results = probe.results()
    assert check(results, found, situation) == 0
    assert sum(bool(r[0]) for r in results) > 1_000 and any(r[3] for r in results)  # yaku, and yakuman
