"""Markdown and HTML reports: pictures resolve, user text is escaped, batches are robust and repeatable."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from paths import ROOT
from typer.testing import CliRunner

from pairi_report.batch.lines import read_lines
from pairi_report.cli.main import app
from pairi_report.core.sampling import random_hands
from pairi_report.report.formats.files import MANIFEST
from pairi_report.report.formats.render import md_code, md_escape
from pairi_report.rules.riichi.rules import RIICHI

HANDS = ROOT / "examples" / "hands.txt"
EXAMPLE_HANDS = len(list(read_lines(HANDS.read_text(encoding="utf-8"), RIICHI)))
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    """Run the command; return its exit status and everything it printed."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


class _Refs(HTMLParser):
    """Collect every src and href of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.refs += [v for k, v in attrs if k in ("src", "href") and v]


def html_refs(page: str) -> list[str]:
    """Return the picture and link references of a page, CSS url()s included."""
    parser = _Refs()
    parser.feed(page)
    return parser.refs + re.findall(r'url\("([^"]+)"\)', page)


def test_markdown_report_and_every_picture_it_references(tmp_path: Path) -> None:
    code, out = run(str(HANDS), "-o", str(tmp_path))
    assert code == 0, out
    page = (tmp_path / "index.md").read_text(encoding="utf-8")
    refs = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page)
    assert len(refs) > 100
    for ref in set(refs):
        assert not ref.startswith(("/", "http")) and (tmp_path / ref).is_file(), ref
    assert page.count('## <a name="hand-') == EXAMPLE_HANDS
    assert "[Four-shanten: where to start](#hand-4)" in page


def test_html_report_and_every_reference_it_makes(tmp_path: Path) -> None:
    code, out = run(str(HANDS), "-o", str(tmp_path), "--format", "html")
    assert code == 0, out
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    refs = html_refs(page)
    pictures = [r for r in refs if r.startswith("img/")]
    assert len(pictures) > 13
    for ref in refs:
        assert ref.startswith(("img/", "#", "data:")), ref
        if ref.startswith("img/"):
            assert (tmp_path / ref).is_file(), ref


def test_self_contained_html_is_one_file_with_no_external_reference(tmp_path: Path) -> None:
    code, out = run(str(HANDS), "-o", str(tmp_path), "--format", "html", "--self-contained")
    assert code == 0, out
    assert sorted(p.name for p in tmp_path.iterdir()) == [MANIFEST, "index.html"]  # one page, and the list
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    refs = html_refs(page)
    assert refs and all(r.startswith(("data:", "#")) for r in refs)
    assert "img/" not in page.replace('"img/', "")  # no relative picture path anywhere


def test_user_text_is_escaped_in_html_and_markdown(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text("123m456p789s1122z <script>alert(1)</script>\n123m45 <b>bad</b>\n", encoding="utf-8")
    title = "<script>alert(2)</script>"
    code, _ = run(str(batch), "-o", str(tmp_path / "out"), "--format", "html", "--title", title)
    assert code == 1
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;script&gt;alert(2)&lt;/script&gt;" in page
    run(str(batch), "-o", str(tmp_path / "md"), "--title", title)
    md = (tmp_path / "md" / "index.md").read_text(encoding="utf-8")
    assert "<script>" not in md and "&lt;script&gt;alert(1)&lt;/script&gt;" in md


def test_markdown_escaping_helpers() -> None:
    assert md_escape("a*b_c [x](y) | <i>") == r"a\*b\_c \[x\](y) \| &lt;i&gt;"
    assert md_code("1m`2m") == "``1m`2m``"


def _big_batch(path: Path, seed: int) -> list[int]:
    """Write 1,000 lines (BOM, CRLF, comments, blanks, bad lines); return the bad lines' numbers."""
    rng = random.Random(seed)
    hands = random_hands(seed, 1000, sizes=(13, 14))
    lines, bad = ["# a batch of a thousand hands"], []
    for i, hand in enumerate(hands):
        if i % 97 == 5:
            lines.append(hand[:-1] + "x  broken on purpose")
            bad.append(len(lines))
        elif i % 89 == 3:
            lines += ["", "# a comment", hand]
        else:
            lines.append(f"{hand}  hand {i}" if rng.random() < 0.5 else hand)
    path.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_thousand_line_batch_is_robust_repeatable_and_stays_in_its_folder(tmp_path: Path, fmt: str) -> None:
    batch = tmp_path / "in" / "hands.txt"
    batch.parent.mkdir()
    bad = _big_batch(batch, seed=17)
    before = {p for p in tmp_path.rglob("*")}
    outputs = []
    for run_no in (1, 2):
        out = tmp_path / f"out{run_no}"
        code, printed = run(str(batch), "-o", str(out), "--format", fmt)
        assert code == 1
        for number in bad:
            assert f"hands.txt:{number}:" in printed
        outputs.append({p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()})
    assert outputs[0] == outputs[1]  # byte-identical
    page = outputs[0][Path(f"index.{fmt}")].decode("utf-8")
    for number in bad:
        assert re.search(rf"<td class=\"num\">{number}</td>|\| {number} \|", page), number
    created = {p for p in tmp_path.rglob("*")} - before
    assert all(
        p.is_relative_to(tmp_path / "out1")
        or p.is_relative_to(tmp_path / "out2")
        or p == tmp_path / "out1"
        or p == tmp_path / "out2"
        for p in created
    )
    assert not any(p.name.startswith(".tmp-") for p in created)  # no half-written files left


def test_format_md_without_a_folder_is_an_error() -> None:
    code, out = run(str(HANDS), "--format", "md")
    assert code == 2 and "add -o DIR" in out


def test_a_downloaded_set_with_gaps_warns_once(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles"
    tiles.mkdir()
    (tiles / "Man1.png").write_bytes((ROOT / "assets" / "tiles" / "2x" / "1m.png").read_bytes())
    code, out = run(
        str(HANDS), "-o", str(tmp_path / "out"), "--tiles", str(tiles), "--tile-naming", "fluffystuff"
    )
    assert code == 0
    assert out.count("warning:") == 1 and "using the built-in ones" in out


def _batch_of(tmp_path: Path, count: int) -> Path:
    batch = tmp_path / "many.txt"
    batch.write_text("\n".join(random_hands(3, count)) + "\n", encoding="utf-8")
    return batch


def test_progress_bar_only_for_large_batches_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pairi_report.cli.common as cli

    batch = _batch_of(tmp_path, 60)
    _, silent = run(str(batch), "-o", str(tmp_path / "a"))  # not a terminal: no bar
    assert "analysing" not in silent
    monkeypatch.setattr(cli, "on_terminal", lambda: True)
    _, shown = run(str(batch), "-o", str(tmp_path / "b"))
    assert "analysing" in shown
    _, quiet = run(str(batch), "-o", str(tmp_path / "c"), "--quiet")
    assert quiet == ""
    _, small = run(str(_batch_of(tmp_path, 20)), "-o", str(tmp_path / "d"))
    assert "analysing" not in small


def test_written_files_are_readable_like_ordinary_output(tmp_path: Path) -> None:
    import os
    import stat

    old = os.umask(0o022)
    try:
        run(str(HANDS), "-o", str(tmp_path / "out"))
    finally:
        os.umask(old)
    modes = {stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "out").rglob("*") if p.is_file()}
    assert modes == {0o644}
