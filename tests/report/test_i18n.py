"""Report labels in every language: all of them render, and no English label leaks into zh or ja."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.report.reporters.hands import INDEX_AFTER
from pairi_report.report.views.i18n import EN, LANGUAGES, Labels, labels

# Hands without titles (titles are the user's words) that between them need every label.
BATCH = "\n".join(
    [
        "1345m456p789s11z46p model=turn=3,tegawari=off,back=off",  # the options off, a turn
        "2378m1256p3489s15z",  # a discard table
        "1114566789m6p4s22z wild=7z",  # no judgement (a wild kind): the best two leave as many tiles
        "5566m3p1166999s27z",  # the judgement's first keeps fewer tiles but is worth more points
        "4m5679p345678s[234m]",  # ... or the discard with more tiles leaves a wait with no yaku
        "2345m67p234678s55z seat=S west=1z9m2z*9p3s8p7s north=4z8m/[666z][111z]",  # the other seats
        "1223m456p789s1122z",  # rows that lose ground
        "19m19p19s1234567z",  # standard form ahead of the regular one
        "1112223334444z",  # effective tiles of a 13-tile hand
        "34m456p789s117z468p",  # the outlook of a 1-shanten hand: ready shapes, improvement tiles
        "1345m456p789s11z46p dora=9s",  # a situation: the quiz answers by points, which beat speed here
        "234567m23455p678s tsumo riichi dora=4p",  # complete in a situation: the quiz asks its value
        "123456m789p2399s7z",  # riichi or dama: riichi is better
        "19m19p19s123456z15m",  # a yakuman wait: riichi adds nothing, either is as good
        "123m456p789s1122z",  # waits
        "[789s]111222333m05p",  # a complete hand with a call and a red five
        "123m456p789s111z7z wild=7z",  # any tile, a wild tile
        "123m45",  # problem lines (two, so the plural shows)
        "123m46",
    ]
)

# GB hands that between them need every GB label: fans with flowers, a win under 8 fans, waits that can
# and cannot win, every form's shanten.
GB_BATCH = "\n".join(
    [
        "1112345678999m5m|EE1000|2",
        "[234m,1][456p,2]789s11p23s 1s",
        "123m456p789sEEEN",
        "[234m,1][456p,2]789s11p23s",
    ]
)


def _texts(words: Labels) -> list[str]:
    """Return each label as it can appear: format strings split at their placeholder."""
    out = []
    for name in sorted(Labels.names()):
        if name in ("lang", "hands_one", "problems_one"):  # the singulars: test_counts_agree_in_number
            continue
        if name == "legend":  # Markdown, converted in HTML: test_the_legend_is_each_language_s_own
            continue
        value = getattr(words, name)
        out += [part for part in re.split(r"\{\w+\}", value) if part.strip()]
    return out


def _visible_text(page: str, fmt: str) -> str:
    """Return what a reader sees: text, alt texts and labels; not markup, styles or file paths."""
    page = re.sub(r"<(style|script)>.*?</\1>", "", page, flags=re.S)
    shown = re.findall(r'(?:alt|aria-label|title)="([^"]*)"', page)
    if fmt == "md":
        page = re.sub(r"\]\([^)]*\)", "]", page).replace("```text", "```")  # paths and fence tags are unseen
    page = re.sub(r"<[^>]+>", " ", page)
    return page + "\n" + "\n".join(shown)


def _report(tmp_path: Path, lang: str, fmt: str) -> str:
    """Return the visible text of the report and of the quiz for the batch, in a language."""
    batch = tmp_path / "batch.txt"
    batch.write_text(BATCH + "\n", encoding="utf-8")
    out = tmp_path / f"{lang}-{fmt}"
    text = ""
    # The report looks ahead (its 4-shanten hand's chances are estimated, from a few games for speed).
    switches = ["--model", "riichi=never,ippatsu=off,ura=off,reds=off"]  # the note naming them
    # The quiz has no title given: it names itself.
    for extra, page in (
        (["--outlook", "--games", "50", "--dama", *switches, "--title", "T"], "index"),
        (["--quiz"], "quiz"),
    ):
        args = [
            str(batch),
            "-o",
            str(out),
            "--format",
            fmt,
            "--lang",
            lang,
            "--visible",
            "9s",
        ]
        result = CliRunner().invoke(app, args + extra)
        assert result.exit_code == 1  # the problem line
        text += _visible_text((out / f"{page}.{fmt}").read_text(encoding="utf-8"), fmt)
    # A quiz of one problem names itself in the singular.
    one = tmp_path / "one.txt"
    one.write_text("2378m1256p3489s15z\n", encoding="utf-8")
    args = [str(one), "-o", str(out / "one"), "--format", fmt, "--lang", lang, "--quiz", "-q"]
    assert CliRunner().invoke(app, args).exit_code == 0
    text += _visible_text((out / "one" / f"quiz.{fmt}").read_text(encoding="utf-8"), fmt)
    # A batch bigger than a page of hands: the index and its words.
    big = tmp_path / "big.txt"
    big.write_text("\n".join(["123m456p789s1122z"] * (INDEX_AFTER + 1)) + "\n", encoding="utf-8")
    args = [str(big), "-o", str(out / "big"), "--format", fmt, "--lang", lang, "--title", "T", "-q"]
    assert CliRunner().invoke(app, args).exit_code == 0
    text += _visible_text((out / "big" / f"index.{fmt}").read_text(encoding="utf-8"), fmt)
    gb = tmp_path / "gb.txt"
    gb.write_text(GB_BATCH + "\n", encoding="utf-8")
    args = [str(gb), "-o", str(out / "gb"), "--format", fmt, "--lang", lang, "--rules", "gb", "--title", "T"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return text + _visible_text((out / "gb" / f"index.{fmt}").read_text(encoding="utf-8"), fmt)


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_label_renders(tmp_path: Path, lang: str, fmt: str) -> None:
    text = _report(tmp_path, lang, fmt)
    missing = [label for label in _texts(LANGUAGES[lang]) if label.strip() not in text]
    assert missing == []


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_no_english_label_leaks(tmp_path: Path, lang: str, fmt: str) -> None:
    text = _report(tmp_path, lang, fmt)
    # The problem line's error message is the parser's own (English) text, not a label: drop it.
    text = re.sub(r"digits (?:'|&#39;)4[56](?:'|&#39;)[^\n|<]*", "", text)
    english = [t.strip() for t in _texts(EN) if re.search(r"[A-Za-z]{2}", t)]
    leaked = [t for t in english if re.search(rf"(?<![A-Za-z]){re.escape(t)}(?![A-Za-z])", text, re.I)]
    assert leaked == []


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_legend_is_each_language_s_own(tmp_path: Path, lang: str) -> None:
    legend = LANGUAGES[lang].legend
    assert legend.startswith("## ") and legend.endswith("\n")
    result = CliRunner().invoke(app, ["1223m456p789s1122z", "-o", str(tmp_path), "--lang", lang, "-q"])
    assert result.exit_code == 0, result.output
    assert legend in (tmp_path / "index.md").read_text(encoding="utf-8")
    others = [LANGUAGES[other].legend for other in LANGUAGES if other != lang]
    assert legend not in others


def test_counts_agree_in_number() -> None:
    from pairi_report.report.views.view import ReportView

    one = ReportView("t", (object(),), (), ())  # type: ignore[arg-type]
    assert one.count_text == "1 hand"
    two = ReportView("t", (object(), object()), (object(),), ())  # type: ignore[arg-type]
    assert two.count_text == "2 hands · 1 problem"


def test_a_words_set_is_frozen_and_whole() -> None:
    en = labels("en")
    with pytest.raises(AttributeError, match="frozen"):
        en.ready = "set"
    fields = {name: getattr(en, name) for name in Labels.names()}
    assert Labels(**fields).ready == en.ready
    del fields["ready"]
    with pytest.raises(TypeError, match="missing ready; unknown none"):
        Labels(**fields)
    with pytest.raises(TypeError, match="unknown surplus"):
        Labels(**fields, ready="r", surplus="x")
