"""The scorer's results are ordinary frozen dataclasses, however it builds them."""

from __future__ import annotations

import dataclasses

import pytest
from oracles.gb import random_winning_hands

from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.gb.score import FanResult, GBOptions, ScoredFan, score


def _rebuilt(result: FanResult) -> FanResult:
    """Return the result built again through the dataclasses' own constructors."""
    fans = tuple(ScoredFan(f.id, f.zh, f.en, f.value, f.count, f.sets) for f in result.fans)
    return FanResult(result.total, fans, result.reading, result.flowers)


@pytest.mark.parametrize("text", random_winning_hands(300, 41))
def test_a_result_equals_its_rebuilt_self(text: str) -> None:
    result = score(parse_gb(text), GBOptions(mixed_kongs=True))
    rebuilt = _rebuilt(result)
    assert result == rebuilt
    assert hash(result) == hash(rebuilt)
    assert repr(result) == repr(rebuilt)
    assert vars(result) == vars(rebuilt)
    assert [vars(f) for f in result.fans] == [vars(f) for f in rebuilt.fans]


def test_a_result_is_frozen() -> None:
    result = score(parse_gb("1112345678999m5m|EE1000|"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.fans[0].count = 2  # type: ignore[misc]
    assert dataclasses.replace(result, flowers=1).flowers == 1
