"""The pure-Python solver (``outlook.solver``) against the compiled one (``outlook._solver``).

The twins build the same states and moves and sum in the same order, so every figure is the same to
the last bit: compared here on random 0–1-shanten hands with the options on and off, under each riichi
policy, with red fives and situations.
"""

from __future__ import annotations

import random

import pytest

from pairi_report.core.compiled import compiled
from pairi_report.core.sampling import counts_text, random_counts, random_melded
from pairi_report.outlook import kernel
from pairi_report.outlook import solver as pure
from pairi_report.rules.registry import analyze

pytestmark = pytest.mark.skipif(
    compiled("outlook._solver") is None, reason="the compiled solver is not built"
)

SITUATIONS = ("", "dora=4p round=E seat=E", "dora=4s round=S seat=W honba=2 sticks=1", "dora=1z,5m")


def figures(values: list[kernel.StartValue]) -> list[tuple]:
    """Return every figure of every start, in order."""
    return [(v.discard, v.red, v.tenpai, v.win, v.points, v.riichi, v.dama) for v in values]


def both(text: str, situation: str, options: kernel.EvOptions, monkeypatch: pytest.MonkeyPatch) -> tuple:
    a = analyze(text, situation=situation or None)
    monkeypatch.delenv("PAIRI_PURE", raising=False)
    assert kernel.solver_module() is not pure
    fast = figures(kernel.solve(a, options))
    monkeypatch.setenv("PAIRI_PURE", "1")
    assert kernel.solver_module() is pure
    slow = figures(kernel.solve(a, options))
    return fast, slow


def small_hands(count: int, seed: int) -> list[tuple[str, str]]:
    """Return random 0–1-shanten hands (some with a red five), each with a situation."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    while len(out) < count:
        counts = random_counts(rng, rng.choice((13, 14)))
        fives = [q for q in range(3) if counts[9 * q + 4]]
        red = ""
        if fives and rng.random() < 0.4:
            q = rng.choice(fives)
            counts[9 * q + 4] -= 1
            red = "0" + "mps"[q]
        text = counts_text(counts) + red
        if 0 <= analyze(text).shanten <= 1:
            out.append((text, rng.choice(SITUATIONS)))
    return out


OPTIONS = (
    kernel.EvOptions(turn=8),
    kernel.OFF,
    kernel.EvOptions(turn=8, riichi="dama"),
    kernel.EvOptions(turn=8, riichi="dama-yaku", tegawari=False),
    kernel.EvOptions(turn=8, shanten_back=False, reds=False, ippatsu=False),
)


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_the_twins_are_bit_equal(options: kernel.EvOptions, monkeypatch: pytest.MonkeyPatch) -> None:
    # 8 small hands per option set here; benchmarks/bench_ev_options.py compares 200 (CI's time is short).
    for text, situation in small_hands(8, 29):
        fast, slow = both(text, situation, options, monkeypatch)
        assert fast == slow, (text, situation)


@pytest.mark.parametrize("options", OPTIONS[:3], ids=range(3))
def test_the_twins_are_bit_equal_with_melds(
    options: kernel.EvOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The compiled twin scores with the melds and reads the capped rows; the pure one asks the valuer
    # and the engine with the same limits.
    rng = random.Random(31)
    done = 0
    while done < 6:
        text = random_melded(rng, kongs=True)
        if 0 <= analyze(text).shanten <= 1:
            fast, slow = both(text, rng.choice(("", "round=S seat=W")), options, monkeypatch)
            assert fast == slow, text
            done += 1


def test_a_ready_hand_under_dama_with_a_yaku(monkeypatch: pytest.MonkeyPatch) -> None:
    options = kernel.EvOptions(riichi="dama-yaku", turn=4)
    fast, slow = both("123456m789p2399s", "dora=1s", options, monkeypatch)
    assert fast == slow


def test_the_module_functions_agree() -> None:
    module = compiled("outlook._solver")
    assert module is not None
    kernel._load(module)
    rng = random.Random(7)
    for size in (13, 14, 10, 11):
        for _ in range(40):
            counts = random_counts(rng, size)
            if size % 3 == 1:
                assert pure.wait(counts) == module.wait(counts)
            else:
                assert pure.keep(counts) == module.keep(counts)


@pytest.mark.parametrize(
    ("text", "situation"),
    [
        ("19m19p19s123456z55m", "dora=1z round=S seat=E honba=3 sticks=2"),  # thirteen orphans: a yakuman
        ("111m333p555s77z12s9p", "dora=3p seat=N honba=1"),  # four concealed triplets within reach
    ],
)
def test_yakuman_wins_are_worth_the_same_on_both_paths(
    text: str, situation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The compiled solver scores its wins with the scorer's C-level API (a yakuman's fixed points from
    # ``collect_with``); the pure one asks the valuer: the same points, to the bit.
    fast, slow = both(text, situation, kernel.EvOptions(turn=6), monkeypatch)
    assert fast == slow
    assert max(max(points) for *_, points, _r, _d in fast) > 0
