"""Malformed game logs: a table of broken logs in each format, each refused with the round and turn named,
and random mutations of valid logs, which may be read or refused but never crash with a bare error."""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
from typing import Any

import pytest
from game_logs import MALFORMED, put
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from make_game_logs import SOURCE
from paths import LOGS as DATA

from pairi_report.core.errors import PairiError
from pairi_report.games import LogError, read_game


@pytest.mark.parametrize("case, data, words", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_a_malformed_log_names_the_round_and_turn(case: str, data: bytes, words: tuple[str, ...]) -> None:
    with pytest.raises(LogError) as caught:
        read_game(data, case)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


def test_the_table_covers_every_format() -> None:
    assert len(MALFORMED) >= 20
    for prefix in ("tenhou6", "mjlog", "mjai"):
        assert sum(case.startswith(prefix) for case, _, _ in MALFORMED) >= 6


SAMPLES = {
    "tenhou6": (SOURCE / "suukantsu_1.json").read_bytes(),
    "mjlog": (DATA / "complex_nakis_1.mjlog").read_bytes(),
    "mjlog.gz": gzip.compress((DATA / "chankan.mjlog").read_bytes(), mtime=0),
    "mjai": (DATA / "double_ron.mjai.jsonl").read_bytes(),
}
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_or_refuse(data: bytes) -> None:
    """Read a log; a refusal must be a ``PairiError``, anything else fails the test."""
    with contextlib.suppress(PairiError):
        read_game(data, "fuzz")


@FUZZ
@given(st.sampled_from(sorted(SAMPLES)), st.data())
def test_flipped_bytes_raise_only_pairi_errors(fmt: str, data: st.DataObject) -> None:
    raw = bytearray(SAMPLES[fmt])
    flips = data.draw(
        st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)), min_size=1, max_size=6)
    )
    for at, value in flips:
        raw[at] = value
    read_or_refuse(bytes(raw))


@FUZZ
@given(st.sampled_from(["mjlog", "mjai"]), st.data())
def test_dropped_lines_raise_only_pairi_errors(fmt: str, data: st.DataObject) -> None:
    lines = SAMPLES[fmt].splitlines(keepends=True)
    dropped = data.draw(st.sets(st.integers(0, len(lines) - 1), min_size=1, max_size=4))
    read_or_refuse(b"".join(line for i, line in enumerate(lines) if i not in dropped))


def paths(obj: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the path of every value inside a JSON document."""
    out = [at] if at else []
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += paths(value, (*at, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            out += paths(value, (*at, index))
    return out


VALUES = st.one_of(
    st.integers(-3, 140),
    st.sampled_from(
        ["", "r60", "c121314", "p474747", "47p4747", "161616a16", "k47474747", "和了", "流局", "5mr"]
    ),
    st.sampled_from(["立直(1飜)", "E", "?", "tsumo", "dahai", "pon", "ankan", "kakan", "hora", "end_kyoku"]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-1, 60), max_size=4),
    st.dictionaries(st.sampled_from(["type", "actor", "pai"]), st.integers(0, 5), max_size=2),
)


@FUZZ
@given(st.data())
def test_changed_tenhou6_values_raise_only_pairi_errors(data: st.DataObject) -> None:
    obj = json.loads(SAMPLES["tenhou6"])
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(obj)))
        put(where, data.draw(VALUES))(obj)
    read_or_refuse(json.dumps(obj, ensure_ascii=False).encode())


@FUZZ
@given(st.data())
def test_changed_mjai_values_raise_only_pairi_errors(data: st.DataObject) -> None:
    lines = [json.loads(line) for line in SAMPLES["mjai"].splitlines()]
    for _ in range(data.draw(st.integers(1, 3))):
        line = data.draw(st.integers(0, len(lines) - 1))
        inner = paths(lines[line])
        if inner:
            put(data.draw(st.sampled_from(inner)), data.draw(VALUES))(lines[line])
    read_or_refuse("".join(json.dumps(line) + "\n" for line in copy.deepcopy(lines)).encode())
