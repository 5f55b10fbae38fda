"""Hands in Markdown: ``pairi`` blocks and ``:pairi[…]:`` strips through Python-Markdown.

A block's HTML is the fragment (or card) the CLI writes for the same hand and options; bad notation is an
escaped error box with a caret and a warning naming the line; two blocks on a page share no id and each
picture is one file, written once.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import markdown
import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.pages.extension import write_pictures

HAND = "123456m789p2499s"
SITUATION = "riichi dora=3s round=S seat=E"


def cli(tmp: Path, *args: str) -> dict[str, bytes]:
    """Run the command into a folder; return its files (the manifest left out)."""
    result = CliRunner().invoke(app, [*args, "-o", str(tmp), "-q"])
    assert result.exit_code == 0, result.output
    return {p.relative_to(tmp).as_posix(): p.read_bytes() for p in tmp.rglob("*") if p.is_file()}


def convert(text: str, **config: str) -> tuple[str, dict[str, bytes]]:
    """Convert Markdown with the extension; return the HTML and the pictures it drew."""
    md = markdown.Markdown(extensions=["pairi"], extension_configs={"pairi": config})
    html = md.convert(text)
    return html, md.pairi_files  # type: ignore[attr-defined]


def ids(html: str) -> list[str]:
    """Return every id attribute in a page."""
    return re.findall(r'\sid="([^"]+)"', html)


@pytest.mark.parametrize(
    ("line", "header", "args"),
    [
        ("2378m1256p3489s15z", "", ["2378m1256p3489s15z"]),
        (f"{HAND} {SITUATION}", "lang=ja", [HAND, "--situation", SITUATION, "--lang", "ja"]),
        ("123m456p789sEEEN", "rules=gb scale=2", ["123m456p789sEEEN", "--rules", "gb", "--scale", "2"]),
    ],
)
def test_a_block_is_the_fragment_the_cli_writes(
    tmp_path: Path, line: str, header: str, args: list[str]
) -> None:
    # Inline pictures: the one page equals index.html of --fragment --self-contained.
    written = cli(tmp_path / "inline", *args, "-f", "html", "--fragment", "--self-contained")
    html, files = convert(f"Before.\n\n```pairi {header}\n{line}\n```\n\nAfter.\n")
    fragment = written["index.html"].decode("utf-8")
    # Markdown strips the text it returns, so the fragment's final newline is the one difference.
    assert html == f"<p>Before.</p>\n{fragment.rstrip()}\n<p>After.</p>"
    # Picture files: the same page and the same pictures (the CLI adds hands/001.html, the hand alone).
    written = cli(tmp_path / "files", *args, "-f", "html", "--fragment")
    html, files = convert(f"```pairi {header}\n{line}\n```\n", pictures="files")
    assert html == written["index.html"].decode("utf-8").rstrip()
    pictures = {k: v for k, v in written.items() if k.startswith("img/")}
    assert files == pictures


def test_an_outlook_block_is_the_cli_outlook(tmp_path: Path) -> None:
    written = cli(tmp_path, "1223m456p789s1122z", "-f", "html", "--fragment", "--self-contained", "--outlook")
    html, _ = convert("```pairi outlook\n1223m456p789s1122z\n```\n")
    assert html == written["index.html"].decode("utf-8").rstrip() and "<svg" in html


def test_a_card_block_is_the_card_the_cli_writes(tmp_path: Path) -> None:
    written = cli(tmp_path, "1223m456p789s1122z", "-f", "html", "--card")
    html, _ = convert("```pairi card\n1223m456p789s1122z\n```\n")
    assert html == written["card.html"].decode("utf-8").rstrip()


def test_two_blocks_share_no_id_and_their_pictures(tmp_path: Path) -> None:
    text = "```pairi\n1223m456p789s1122z\n```\n\n```pairi\n1223m456p789s1122z\n123m456p789s1122z\n```\n"
    html, files = convert(text, pictures="files", folder="pics")
    found = ids(html)
    assert found == ["hand-1", "hand-2", "hand-3"]
    cards, _ = convert("```pairi card\n1223m456p789s1122z\n```\n\n```pairi card\n1223m456p789s1122z\n```\n")
    assert len(set(ids(cards))) == len(ids(cards)) == 2
    # The same hand twice is one strip file; every reference leads to a picture drawn.
    refs = set(re.findall(r'(?:src="|url\(")pics/([^"]+)"', html))
    assert refs and refs <= set(files)
    assert len([k for k in files if k.startswith("img/hand-")]) == 2
    assert write_pictures(tmp_path, files) == sorted(files)
    assert write_pictures(tmp_path, files) == []  # already there, byte for byte: nothing written again
    assert (tmp_path / "img" / "tiles" / "2x" / "1z.png").read_bytes() == files["img/tiles/2x/1z.png"]


def test_the_output_folder_gets_the_pictures(tmp_path: Path) -> None:
    html, files = convert("```pairi\n1223m456p789s1122z\n```\n", pictures="files", output=str(tmp_path))
    assert files and all((tmp_path / name).read_bytes() == data for name, data in files.items())


def test_bad_notation_is_an_escaped_box_with_a_caret(caplog: pytest.LogCaptureFixture) -> None:
    text = "# Notes\n\nSome text.\n\n```pairi\n123m456p789s1122z fine\n12<b>m456p789s1122z\n```\n\nAfter.\n"
    with caplog.at_level(logging.WARNING, logger="pairi_report.pages"):
        html, _ = convert(text)
    assert "<b>" not in html and "12&lt;b&gt;m456p789s1122z" in html
    box = re.search(r'<div class="pairi-report pairi-error" role="alert">.*?</div>', html, re.S)
    assert box is not None and "line 7, column 3:" in box.group()
    assert "\n    ^</pre>" in box.group()  # two spaces, then the caret under the third column
    assert 'id="hand-1"' in html and "<p>After.</p>" in html  # the good hand and the rest of the page stay
    (record,) = caplog.records
    expected = "digits '12' have no suit; expected m, p, s or z after them"
    assert record.getMessage() == f"pairi: line 7, column 3: {expected}"


def test_a_bad_option_is_reported_at_its_column(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="pairi_report.pages"):
        html, _ = convert("```pairi card lang=fr\n123m456p789s1122z\n```\n")
    assert "line 1, column 20:" in html and "lang=&#39;fr&#39;: expected one of en, zh, ja" in html
    assert len(caplog.records) == 1


def test_a_strip_in_running_text(caplog: pytest.LogCaptureFixture) -> None:
    html, files = convert("Open with :pairi[[123m,1]0p55p]: here.\n", pictures="files")
    (img,) = re.findall(r"<img [^>]+>", html)
    assert 'alt="[123m,1]055p"' in img and 'src="img/hand-' in img and 'class="pairi-strip"' in img
    assert list(files) == [re.search(r'src="([^"]+)"', img).group(1)]  # type: ignore[union-attr]
    # Inside a code span it stays as written; bad tiles are an inline error naming the line.
    html, _ = convert("Write `:pairi[123m]:` to get\n\n:pairi[123m] and :pairi[12q]:\n")
    assert "<code>:pairi[123m]:</code>" in html and "line 3, column 3:" in html


def test_other_fences_are_left_alone() -> None:
    text = "````markdown\n```pairi\n123m456p789s1122z\n```\n````\n\n~~~\nplain\n~~~\n"
    html, files = convert(text, pictures="files")
    assert "pairi-report" not in html and files == {}
    md = markdown.markdown(text, extensions=["pairi", "fenced_code"])
    assert '<code class="language-markdown">```pairi' in md


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("l1\n\n:pairi[1x]: a :pairi[2y]:\n", [3, 3]),  # issue 33, defect 12: the second said "line 0"
        ("l1\n\n:pairi[1x]: a :pairi[1x]:\n\n:pairi[1x]:\n", [3, 3, 5]),
    ],
)
def test_every_bad_strip_names_its_own_line(
    caplog: pytest.LogCaptureFixture, text: str, lines: list[int]
) -> None:
    with caplog.at_level(logging.WARNING):
        convert(text)
    assert [int(m) for m in re.findall(r"line (\d+), column", caplog.text)] == lines
