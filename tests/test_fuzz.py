"""Every entry point, fed generated hostile text, raises nothing but the project's own errors.

``benchmarks/fuzz.py N`` runs millions of such inputs on every core; these are its everyday share.
"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from pairi_report.batch.lines import Line, analyze_line, batch_lines, decode_line
from pairi_report.batch.stream import Settings, analyze_block, read_blocks
from pairi_report.core.errors import PairiError
from pairi_report.core.notation import Hand, parse_tiles
from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.registry import RULE_SETS, analyze, find_rule_set

# Pieces that hand notation is made of, and the ones that break it.
PIECES = st.sampled_from(
    [
        *"0123456789mpszMPSZ[],| \t",
        *"ESWNCFPabcdefgh",
        *"%?#&=:/.+-",
        *(chr(c) for c in range(0x1F000, 0x1F02C)),
        "\x00",
        "\x1b",
        "\u2028",
        "１",
        "😀",
        "\ufe0f",
        "https://tenhou.net/2/?q=",
        "[123m,1]",
        "[555p,2]",
        "[7777s,7]",
        "[EEE,3]",
        "|EE1011|",
        "wild=",
        "7z",
        "0m",
        "%2",
    ]
)
TEXT = st.lists(PIECES, max_size=40).map("".join)
RULES = st.sampled_from(sorted(RULE_SETS))
EXAMPLES = settings(max_examples=300, deadline=None)


def _only_ours(call: object, *args: object, **kwargs: object) -> object:
    """Call, letting the project's errors pass as answers; any other exception fails the test."""
    try:
        return call(*args, **kwargs)  # type: ignore[operator]
    except PairiError as err:
        return err


@EXAMPLES
@given(TEXT)
def test_tenhou_notation(text: str) -> None:
    _only_ours(Hand.parse, text)
    _only_ours(parse_tiles, text)


@EXAMPLES
@given(TEXT)
def test_gb_notation(text: str) -> None:
    _only_ours(parse_gb, text)


@EXAMPLES
@given(TEXT, RULES, st.none() | TEXT, st.lists(TEXT, max_size=2))
def test_analyze_with_visible_and_wild_tiles(
    text: str, rules: str, visible: str | None, wild: list[str]
) -> None:
    _only_ours(analyze, text, rules=rules, visible=visible, wild=wild)


@EXAMPLES
@given(TEXT, st.sampled_from(["https://tenhou.net/2/?q=", "tenhou.net/2/?q=", "http://[", "https://x/?q="]))
def test_links(text: str, head: str) -> None:
    _only_ours(analyze, head + text)


@EXAMPLES
@given(st.binary(max_size=200), RULES)
def test_batch_lines_of_any_bytes(data: bytes, rules: str) -> None:
    rule = find_rule_set(rules)
    for found in batch_lines(io.BytesIO(data), rule):
        if isinstance(found, Line):
            _only_ours(analyze_line, rule, found)
    decode_line(1, data, rule)


@EXAMPLES
@given(st.lists(TEXT, max_size=6), RULES)
def test_stream_blocks(lines: list[str], rules: str) -> None:
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    for block in read_blocks(io.BytesIO(data), size=32):
        analyze_block(Settings(rules=rules), block)
