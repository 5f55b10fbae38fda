"""The engine's compiled kernel (``engine/_rows.pyx``) gives exactly what the pure path gives.

The main check runs 2,000 random hands both ways: the JSON of ``analyze(...).to_dict()`` from this
process (compiled) against a fresh process with ``PAIRI_PURE=1``, byte for byte: concealed and melded
hands, three-player and wild-tile hands, and ready or complete riichi hands with situations (so their
values, wait values and readying discards' values are compared too). The kernel's parts are then
checked one by one against their pure twins in this process. Where the kernel was not built the tests
skip, unless ``PAIRI_REQUIRE_COMPILED=1`` (CI sets it) makes that a failure.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from oracles.value import random_winning_hands
from paths import ROOT

from pairi_report.core.compiled import compiled, pure_only
from pairi_report.core.errors import PairiError
from pairi_report.core.notation import Hand
from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import NUM_KINDS, tile_name
from pairi_report.engine import combine
from pairi_report.engine.combine import FORMS, POW5, distance_rows
from pairi_report.engine.tablegen import HONOUR_BASE
from pairi_report.rules.registry import analyze

KERNEL = compiled("engine._rows")
CAPPED = compiled("engine._capped")
REQUIRED = os.environ.get("PAIRI_REQUIRE_COMPILED", "") not in ("", "0") and not pure_only()
pytestmark = pytest.mark.skipif(KERNEL is None and not REQUIRED, reason="the compiled kernel is not built")
Case = tuple[str, str, str]  # hand, rules, situation words

# Reads cases (JSON) on stdin and writes one JSON record per case: the analysis, or the error.
_PURE_RUN = """
import json, sys
from pairi_report.core.errors import PairiError
from pairi_report.rules.registry import analyze
for hand, rules, situation in json.load(sys.stdin):
    try:
        print(json.dumps(analyze(hand, rules=rules, situation=situation or None).to_dict()))
    except PairiError as err:
        print(json.dumps({"error": str(err)}))
"""


def _melded(rng: random.Random) -> str:
    """Return a random hand with one to three called melds (chows, pungs, kongs) and concealed tiles."""
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.45:
            first = rng.randrange(NUM_KINDS)
            tiles = [first] * (4 if kind < 0.1 else 3)
        else:
            suit, start = rng.randrange(3), rng.randrange(7)
            tiles = [9 * suit + start + i for i in range(3)]
        if any(wall.count(t) < tiles.count(t) for t in set(tiles)):
            continue
        for t in tiles:
            wall.remove(t)
        source = "" if len(tiles) == 4 and rng.random() < 0.5 else f",{rng.randint(1, 3)}"
        melds.append(f"[{''.join(tile_name(t)[0] for t in tiles)}{tile_name(tiles[0])[1]}{source}]")
    size = 14 - 3 * len(melds) - rng.randrange(2)
    return "".join(melds) + counts_text(_counts(sorted(wall[:size])))


def _counts(tiles: list[int]) -> list[int]:
    """Return the 34 counts of some tiles."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def _ready(rng: random.Random, count: int) -> list[Case]:
    """Return complete hands with their situations, and ready hands made from them (13 and 14 tiles)."""
    out: list[Case] = []
    for deal in random_winning_hands(count, rng.randrange(10**6)):
        out.append((deal.hand, "riichi", deal.situation))
        hand = Hand.parse(deal.hand)
        words = " ".join(
            w for w in deal.situation.split() if not w.startswith(("rinshan", "chankan", "haitei"))
        )
        tiles = list(hand.tiles)
        tiles.remove(rng.choice(tiles))  # a ready (or 1-shanten) hand with a tile out
        ready = "".join(str(m) for m in hand.melds) + counts_text(_counts(tiles))
        out.append((ready, "riichi", words.replace("tsumo", "").replace("houtei", "")))
        drawn = rng.randrange(NUM_KINDS)  # then a tile in: a hand to discard from
        if tiles.count(drawn) + sum(m.tiles.count(drawn) for m in hand.melds) < 4:
            out.append((ready + tile_name(drawn), "riichi", ""))
    return out


def cases(seed: int = 2026) -> list[Case]:
    """Return the 2,000 cases: concealed, melded, three-player, wild-tile, ready and complete hands."""
    rng = random.Random(seed)
    out: list[Case] = [
        (counts_text(random_counts(rng, rng.choice((13, 14)))), "riichi", "") for _ in range(600)
    ]
    out += [(_melded(rng), "riichi", "") for _ in range(500)]
    absent = tuple(range(1, 8))
    out += [(counts_text(random_counts(rng, rng.choice((13, 14)), absent)), "sanma", "") for _ in range(150)]
    out += [(counts_text(random_counts(rng, rng.choice((13, 14)))), "hongzhong", "") for _ in range(150)]
    out += _ready(rng, 250)
    return out[:2000]


def _records(run: list[Case]) -> list[str]:
    """Return each case's record in this process, as ``_PURE_RUN`` writes it."""
    out = []
    for hand, rules, situation in run:
        try:
            out.append(json.dumps(analyze(hand, rules=rules, situation=situation or None).to_dict()))
        except PairiError as err:
            out.append(json.dumps({"error": str(err)}))
    return out


def test_the_kernel_is_built_where_it_is_required() -> None:
    assert KERNEL is not None or not REQUIRED


def test_2000_hands_give_the_same_json_with_and_without_the_kernel() -> None:
    run = cases()
    assert len(run) == 2000
    env = {**os.environ, "PAIRI_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _PURE_RUN],
        input=json.dumps(run),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    pure = done.stdout.splitlines()
    mine = _records(run)
    assert len(pure) == len(mine) == 2000
    differ = [(case, a, b) for case, a, b in zip(run, mine, pure, strict=True) if a != b]
    assert differ == []
    # The sample reaches what it means to: melds, complete hands, values of waits and of discards.
    records = [json.loads(r) for r in mine]
    assert sum("[" in hand for hand, _, _ in run) >= 600
    assert sum(r.get("win", False) for r in records) >= 200
    assert sum("wait_values" in r for r in records) >= 100
    assert sum("discard_values" in r for r in records) >= 50
    assert sum("error" in r for r in records) <= 40


def test_capped_entries_equal_the_pure_dp() -> None:
    assert CAPPED is not None
    rng = random.Random(7)
    checked = 0
    while checked < 3000:
        honour = rng.random() < 0.3
        kinds = 7 if honour else 9
        caps = tuple(rng.choice((0, 1, 2, 3, 4, 4, 4)) for _ in range(kinds))
        counts = [rng.randint(0, c) for c in caps]
        if sum(counts) > 14:
            continue
        key = sum(c * POW5[i] for i, c in enumerate(counts))
        combine.clear_capped()
        assert CAPPED.capped_entry(key, honour, caps) == combine.capped_entry(key, honour, caps), (
            caps,
            counts,
        )
        checked += 1


@pytest.mark.parametrize("forms", [FORMS, ("regular",), ("regular", "chiitoitsu")])
@pytest.mark.parametrize("quad_pairs", [False, True])
def test_key_arrays_equal_the_pure_path(
    monkeypatch: pytest.MonkeyPatch, forms: tuple[str, ...], quad_pairs: bool
) -> None:
    rng = random.Random(len(forms) + 10 * quad_pairs)
    hands = [random_counts(rng, rng.choice((13, 10, 7, 4))) for _ in range(600)]
    keys = np.array(
        [[sum(c[9 * q + i] * POW5[i] for i in range(9 if q < 3 else 7)) for q in range(4)] for c in hands],
        np.int64,
    )
    keys[:, 3] += HONOUR_BASE
    for sets in (4, 3, 1):
        caps = tuple(rng.choice((4, 4, 4, 3, 1)) for _ in range(NUM_KINDS))
        caps = tuple(
            max(cap, max(h[t] for h in hands)) if rng.random() < 0.5 else 4 for t, cap in enumerate(caps)
        )
        for limits in (None, caps):
            found = combine.key_arrays(keys, sets, forms, limits, False, quad_pairs)
            monkeypatch.setattr(combine, "_KERNEL", None)
            combine.clear_capped()
            pure = combine.key_arrays(keys, sets, forms, limits, False, quad_pairs)
            monkeypatch.undo()
            assert found[2] == pure[2]
            assert np.array_equal(found[0], pure[0]) and np.array_equal(found[1], pure[1])


def test_the_c_api_equals_the_rows() -> None:
    assert KERNEL is not None
    rng = random.Random(3)
    for _ in range(500):
        size = rng.choice((13, 14))
        counts = random_counts(rng, size)
        tiles = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t]))
        distance, effective, d_effective, keep, d_keep = KERNEL.c_api(counts, 4, 7)
        rows = distance_rows(tiles, sorted(set(tiles)), 4)
        assert distance == rows.distance[0]
        if size == 13:
            assert (effective, d_effective) == (rows.masks[0], rows.distance[0])
        else:
            best = min(rows.distance[1:])
            kept = sum(
                1 << t for t, d in zip(sorted(set(tiles)), rows.distance[1:], strict=True) if d == best
            )
            assert (keep, d_keep) == (kept, best)


@pytest.mark.parametrize("melded", [False, True])
def test_best_after_draws_equals_the_pure_path(monkeypatch: pytest.MonkeyPatch, melded: bool) -> None:
    from pairi_report.engine.position import Position

    rng = random.Random(11 + melded)
    compared = 0
    for _ in range(300):
        text = _melded(rng) if melded else counts_text(random_counts(rng, 13))
        hand = Hand.parse(text)
        if len(hand.tiles) % 3 != 1:
            continue
        seen = tuple(rng.randrange(NUM_KINDS) for _ in range(rng.randint(0, 20)))
        seen = tuple(t for t in seen if seen.count(t) + hand.tiles.count(t) <= 3)
        position = Position.of(hand, seen=seen, quad_pairs=rng.random() < 0.3)
        step = position.wait(hand.tiles)
        if step.shanten < 1:
            continue
        draws = [t for t in range(NUM_KINDS) if step.mask >> t & 1] + [rng.randrange(NUM_KINDS)]
        draws = [t for t in draws if hand.tiles.count(t) < 4]
        for shanten in (step.shanten - 1, step.shanten):
            found = position.best_after_draws(hand.tiles, draws, shanten)
            monkeypatch.setattr(combine, "_KERNEL", None)
            combine.clear_capped()
            pure = position.best_after_draws(hand.tiles, draws, shanten)
            monkeypatch.undo()
            assert found == pure, (text, seen, draws, shanten)
            compared += 1
    assert compared >= 200
