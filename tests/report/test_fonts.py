"""Fonts for pictures: fontconfig first, one warning for a script with no font, never an empty box."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import ImageDraw
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.report.drawing import fonts

runner = CliRunner()
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# Kana, CJK ideographs and full-width forms: DejaVu Sans has none of them.
CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
needs_dejavu = pytest.mark.skipif(not Path(DEJAVU).is_file(), reason="DejaVu Sans is not installed")


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Forget the fonts found (and the warnings given) before and after each test."""
    for cached in (fonts.find_words_font, fonts.picture_lang):
        cached.cache_clear()
    yield
    for cached in (fonts.find_words_font, fonts.picture_lang):
        cached.cache_clear()


@pytest.fixture
def dejavu_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fake a machine with DejaVu alone: fc-match answers DejaVu (Latin languages only), no other paths."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "fc-match"
    fake.write_text(f"#!/bin/sh\nprintf '%s\\t%s' '{DEJAVU}' 'en|de|fr|ru|el|vi'\n", "utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(fonts, "WORDS", {"en": (DEJAVU,), "ja": (), "zh": ()})
    monkeypatch.setattr(fonts, "MINCHO", ())


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Record every text drawn into a picture, with its font's file."""
    seen: list[tuple[str, str]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append((str(getattr(font, "path", "")), str(text)))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def test_fontconfig_finds_the_fonts_for_each_language() -> None:
    for lang in ("en", "ja", "zh"):
        found = fonts.fontconfig_font(lang)
        if found is not None:  # a machine without fontconfig falls back to the install paths
            assert Path(found).is_file()
    assert fonts.find_words_font("en") is not None or not Path(DEJAVU).is_file()


@needs_dejavu
def test_a_dejavu_only_machine_finds_dejavu_and_no_cjk_font(dejavu_only: None) -> None:
    assert fonts.find_words_font("en") == DEJAVU
    assert fonts.find_words_font("ja") is None and fonts.find_words_font("zh") is None


@needs_dejavu
@pytest.mark.parametrize(("lang", "script"), [("en", None), ("ja", "Japanese"), ("zh", "Chinese")])
def test_cards_on_a_dejavu_only_machine_have_no_tofu_and_one_warning(
    tmp_path: Path, dejavu_only: None, drawn: list[tuple[str, str]], lang: str, script: str | None
) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text("2378m1256p3489s15z\t東1局 first\n1223m456p789s1113z\tsecond\n", "utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, [str(batch), "-o", str(out), "-f", "html", "--card", "--lang", lang])
    assert result.exit_code == 0, result.stderr
    assert len(list((out / "cards").glob("*.png"))) == 2
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    if script is None:
        assert warnings == []
    else:  # one line for the run, though two cards were drawn
        assert len(warnings) == 1 and f"no font for {script} text" in warnings[0]
    texts = [text for _, text in drawn]
    assert texts and all(path == DEJAVU for path, _ in drawn)
    assert not [t for t in texts if CJK.search(t)]  # DejaVu has none of them: they would be boxes
    assert any("Discard" in t for t in texts)  # the verdict, in English where no font has the script
    # The title's 東 and 局 have no font: question marks, never boxes (its words are drawn one by one).
    assert "?1?" in texts and "first" in texts


@needs_dejavu
def test_a_chart_in_japanese_without_a_japanese_font_is_drawn_in_english(
    tmp_path: Path, dejavu_only: None, drawn: list[tuple[str, str]]
) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["1223m456p789s1113z", "-o", str(out), "--outlook", "--games", "20", "--lang", "ja"]
    )
    assert result.exit_code == 0, result.stderr
    assert len(list((out / "img" / "charts").glob("*.png"))) >= 3
    texts = [text for _, text in drawn]
    assert "Win chance by turn" in texts and not [t for t in texts if CJK.search(t)]
    assert sum("no font for Japanese text" in line for line in result.stderr.splitlines()) == 1


def test_lettering_picks_the_first_font_with_every_character() -> None:
    chain = fonts.font_chain("en")
    if not any(fonts._covers(path, "向") for path in chain):
        pytest.skip("needs a CJK font")
    font, text = fonts.Lettering(chain, 20).fit("向聴 2")
    path = str(getattr(font, "path", ""))
    assert text == "向聴 2" and all(fonts._covers(path, ch) for ch in text)
    assert path == next(p for p in chain if fonts._covers(p, "向") and fonts._covers(p, "聴"))
