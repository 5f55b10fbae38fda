"""Render a report view to Markdown or HTML with jinja2, and write it with its pictures.

One jinja2 Environment: autoescape for ``*.html.j2``, none for ``*.md.j2`` (Markdown escapes user text
with its own filter), filters registered here explicitly.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, cast

import markdown as markdown_lib
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape
from PIL import Image

from ...core.notation import Hand
from ...core.version import __version__
from ..drawing.chart import Chart
from ..drawing.png import png_bytes
from ..drawing.strip import TileMark, hand_strip, strip_name
from ..drawing.tileset import H, TileSet, W
from ..drawing.variants import variant_picture
from ..registry import Page
from ..resources import data_dir
from ..views.card import CardView
from ..views.i18n import Labels
from ..views.player_view import PlayerView
from ..views.quiz import QuizView
from ..views.review_view import ReviewView
from ..views.tiles import Pic, Row, Strip, Tile
from ..views.view import IndexRow, ReportView

# Inline Markdown only needs these escaped (headings, lists and tables never start in user text here).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def md_escape(text: str) -> str:
    """Escape user text for Markdown: punctuation with backslashes, and markup characters as entities."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def md_code(text: str) -> str:
    """Return text as a Markdown code span, fenced with enough backticks."""
    ticks = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def md_cell_code(text: str) -> str:
    """Return text as code inside a Markdown table cell, in HTML: a '|' (even in a code span) ends a cell.

    The pipe is written as an entity, which every Markdown flavour shows as '|' and none reads as a cell
    border (GitHub's escaped ``\\|`` shows its backslash elsewhere).
    """
    return "<code>" + html.escape(text, quote=False).replace("|", "&#124;") + "</code>"


def markdown_html(text: str) -> Markup:
    """Convert trusted Markdown (the report's own legend) to HTML."""
    from markdown.extensions.tables import TableExtension

    # The extension itself, not its name: a name makes Markdown scan every installed package's entry
    # points (importlib.metadata), some 40 ms of a run's start.
    return Markup(markdown_lib.markdown(text, extensions=[TableExtension()]))


class MarkdownTiles:
    """Tile pictures in Markdown, as the templates write them (``tiles.md.j2``), made in Python.

    A report writes a tile picture some hundred times per hand: a template macro per picture cost more
    than the rest of the page, so the snippets are made here, each tile's once.
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix  # the root and the tile folder

    def img(self, t: Tile) -> str:
        """Return a tile's picture: ``![label](folder/stem.png)``."""
        return _md_img(self.prefix, t.stem, t.label)

    def counted(self, groups: Sequence[Sequence[Any]]) -> str:
        """Return tiles by suit, each with its unseen copies as a subscript, the suits apart."""
        return " ".join(_md_counted(self.prefix, tuple(g)) for g in groups)

    def parts(self, parts: Sequence[Any]) -> str:
        """Return a run of words (escaped) and tiles, such as a verdict."""
        return "".join(md_escape(p) if isinstance(p, str) else self.img(p) for p in parts)

    def row(self, row: Row) -> str:
        """Return a row of shared pictures, each look drawn into its picture, a space for each gap."""
        return "".join(" " if p is None else _md_img(self.prefix, p.stem, p.label) for p in row)


@lru_cache(maxsize=8192)
def _md_counted(prefix: str, group: tuple[Any, ...]) -> str:
    """Return one suit's tiles with their copies: a hand's rows often share them."""
    return "".join(f"{_md_img(prefix, c.tile.stem, c.tile.label)}<sub>{c.count}</sub>" for c in group)


@lru_cache(maxsize=4096)
def _md_img(prefix: str, stem: str, label: str) -> str:
    """Return one Markdown tile picture."""
    return f"![{label}]({prefix}/{stem}.png)"


@lru_cache(maxsize=8192)
def _html_counted(group: tuple[Any, ...]) -> str:
    """Return one suit's tiles with their copies under them: a hand's rows often share them."""
    tiles = "".join(
        f'<span class="ct">{HtmlTiles.tile(c.tile, True)}<small>{escape(c.count)}</small></span>'
        for c in group
    )
    return f'<span class="suit">{tiles}</span>'


class HtmlTiles:
    """Tile pictures in HTML, CSS-backed spans (``tiles.html.j2``) made in Python, escaped as jinja2 does."""

    @staticmethod
    def tile(t: Tile, small: bool = False) -> Markup:
        """Return one tile's span."""
        return _html_tile(t.stem, t.label, small)

    def tiles(self, ts: Sequence[Tile], small: bool = True) -> Markup:
        """Return tiles in a row."""
        return Markup('<span class="tiles">' + "".join(self.tile(t, small) for t in ts) + "</span>")

    def counted(self, groups: Sequence[Sequence[Any]]) -> Markup:
        """Return tiles in groups by suit, each with its unseen copies under it."""
        suits = "".join(_html_counted(tuple(g)) for g in groups)
        return Markup('<span class="counted">' + suits + "</span>")

    def parts(self, parts: Sequence[Any]) -> Markup:
        """Return a run of words (escaped) and tiles, such as a verdict."""
        return Markup("".join(escape(p) if isinstance(p, str) else self.tile(p, True) for p in parts))

    @staticmethod
    def row(row: Row, label: str, kind: str = "") -> Markup:
        """Return a row of shared pictures as one image to a screen reader, named by ``label``.

        Each tile is a bare ``<i>``: a hanchan's review shows some ten thousand of them.
        """
        inner = "".join('<i class="gap"></i>' if p is None else _html_pic(p) for p in row)
        cls = f"row {escape(kind)}" if kind else "row"
        return Markup(f'<span class="{cls}" role="img" aria-label="{escape(label)}">{inner}</span>')


@lru_cache(maxsize=4096)
def _html_tile(stem: str, label: str, small: bool) -> Markup:
    """Return one tile's span, its name and label escaped."""
    size = " small" if small else ""
    name = escape(label)
    return Markup(
        f'<span class="tile t-{escape(stem)}{size}" role="img" aria-label="{name}" title="{name}"></span>'
    )


@lru_cache(maxsize=4096)
def _html_pic(p: Pic) -> str:
    """Return one tile of a row: its picture's class, then sideways, stacked and its looks as classes.

    A plain tile's class goes unquoted (a picture's name has no space or quote): a review shows some
    twenty thousand tiles, and the bytes add up.
    """
    classes = [f"t-{escape(p.face)}"]
    classes += ["sd"] if p.side else []
    classes += ["stk"] if p.stacked else []
    classes += list(p.looks)
    if len(classes) == 1:
        return f"<i class={classes[0]}></i>"
    return f'<i class="{" ".join(classes)}"></i>'


@cache
def environment() -> Environment:
    """Return the one template environment."""
    env = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(["html.j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # the shipped templates do not change during a run: no stat per page
    )
    env.filters["md_escape"] = md_escape
    env.filters["md_code"] = md_code
    env.filters["md_cell_code"] = md_cell_code
    env.filters["markdown"] = markdown_html
    env.filters["svg"] = chart_svg
    env.globals["markdown_tiles"] = MarkdownTiles
    env.globals["html_tiles"] = HtmlTiles()
    return env


def chart_svg(chart: Chart, prefix: str = "") -> Markup:
    """Render a chart as inline SVG; ``prefix`` keeps its id apart from other charts on the page."""
    prefix = prefix or "pairi-chart-" + hashlib.sha256(repr(chart).encode()).hexdigest()[:10]
    return Markup(environment().get_template("chart.svg.j2").render(chart=chart, prefix=prefix))


@dataclass(frozen=True)
class Pictures:
    """Where a report's pictures go: into ``img/`` files, or inline as data: URIs."""

    tiles: TileSet
    scale: int  # pixel density of the files: 1 for Markdown, 2 for HTML
    display: int  # display size multiple of 36x48
    inline: bool = False

    def strip(
        self, hand: Hand, out: dict[str, bytes], wild: tuple[int, ...] = (), marks: tuple[TileMark, ...] = ()
    ) -> Strip:
        """Render a hand's strip (with its marks) once per distinct picture; return its reference."""
        scale = self.scale * self.display
        name = strip_name(hand, self.tiles, scale, wild, marks)
        path = f"img/{name}"
        if path in out:
            with Image.open(io.BytesIO(out[path])) as img:
                width, height = img.size
        else:
            picture = hand_strip(hand, self.tiles, scale=scale, wild=wild, marks=marks)
            width, height = picture.size
            out[path] = png_bytes(picture)
        factor = self.scale
        return Strip(name, str(hand), width // factor, height // factor)

    @property
    def tile_dir(self) -> str:
        """Return the folder of the tile pictures; the density is in the name, so formats can share img/."""
        return f"img/tiles/{self.scale * self.display}x"

    def tile_files(self, names: tuple[str, ...], out: dict[str, bytes]) -> None:
        """Add the tile pictures a report uses."""
        for name in names:
            out[f"{self.tile_dir}/{name}.png"] = png_bytes(
                variant_picture(self.tiles, name, self.scale * self.display)
            )

    def src(self, out: dict[str, bytes], root: str = "") -> Callable[[str], str]:
        """Return a function from a picture path to what an HTML attribute or CSS url() should hold.

        ``root`` leads from the page to the report folder (``../`` for the pages in ``hands/``).
        """
        if not self.inline:
            return lambda path: root + path
        return lambda path: "data:image/png;base64," + base64.b64encode(out[path]).decode("ascii")


def render_markdown(view: ReportView, pictures: Pictures) -> str:
    """Render the Markdown report."""
    return "".join(markdown_chunks(view, pictures))


def markdown_chunks(view: ReportView, pictures: Pictures) -> Iterator[str]:
    """Render the Markdown report a piece at a time (a big report's index need not be whole in memory)."""
    template = environment().get_template("report.md.j2")
    rows = index_rows(view, pictures, Page.MARKDOWN)
    return template.generate(
        report=view, legend=view.words.legend, tile_dir=pictures.tile_dir, root="", rows=rows
    )


def index_rows(view: ReportView, pictures: Pictures, page: Page) -> Iterable[str]:
    """Return the rows of a paged report's index: those kept as its pages were made, or made now."""
    if view.listed is not None:
        return view.listed.rows
    if not view.paged:
        return ()
    row = index_row_maker(pictures, page)
    return [row(r) for r in view.index]


def index_row_maker(pictures: Pictures, page: Page) -> Callable[[IndexRow], str]:
    """Return what renders one hand's row of a big report's index (``index_row`` of its template)."""
    name = "index_row.md.j2" if page is Page.MARKDOWN else "index_row.html.j2"
    module = environment().get_template(name).make_module({"tile_dir": pictures.tile_dir, "root": ""})
    return cast(Callable[[IndexRow], str], getattr(module, "index_row"))  # noqa: B009 - a template's macro


def render_hand_page(
    view: ReportView, pictures: Pictures, files: dict[str, bytes], page: Page, root: str
) -> str:
    """Render the hands of a view alone, as Markdown or as an HTML fragment, ``root`` leading to img/."""
    if page is Page.MARKDOWN:
        template = environment().get_template("hand_page.md.j2")
        return template.render(report=view, tile_dir=pictures.tile_dir, root=root)
    context = _html_context(pictures, files, "A4") | {"src": pictures.src(files, root)}
    return environment().get_template("hand_fragment.html.j2").render(report=view, **context)


def render_html(
    view: ReportView,
    pictures: Pictures,
    files: dict[str, bytes],
    fragment: bool = False,
    paper: str = "A4",
    printing: bool = False,
    root: str = "",
    shared_styles: bool = False,
) -> str:
    """Render the HTML report, or with ``fragment`` a block to embed; inline pictures need no other file.

    ``printing`` (for PDF) opens every folded table: print shows no more than the page does. ``root`` leads
    from the page to the pictures' folder; ``shared_styles`` leaves ``style.css`` to a stylesheet the host
    page links once (a site of many blocks, such as MkDocs).
    """
    template = environment().get_template("fragment.html.j2" if fragment else "report.html.j2")
    context = _html_context(pictures, files, paper, root) | {"print_open": printing, "fragment": fragment}
    context["shared_styles"] = shared_styles
    rows = index_rows(view, pictures, Page.HTML)
    return template.render(report=view, legend=view.words.legend, rows=rows, **context)


def html_chunks(view: ReportView, pictures: Pictures, files: dict[str, bytes], paper: str) -> Iterator[str]:
    """Render a big report's index page (``render_html`` of a whole page) a piece at a time."""
    template = environment().get_template("report.html.j2")
    rows = index_rows(view, pictures, Page.HTML)
    context = _html_context(pictures, files, paper)
    return template.generate(report=view, legend=view.words.legend, rows=rows, **context)


def render_cards(
    cards: Sequence[CardView], words: Labels, pictures: Pictures, files: dict[str, bytes], root: str = ""
) -> str:
    """Render cards to paste into a page: each in its own shadow root, ``root`` leading to its pictures."""
    context = _html_context(pictures, files, "A4", root)
    return environment().get_template("card.html.j2").render(cards=cards, L=words, **context)


def render_quiz(
    view: QuizView, pictures: Pictures, files: dict[str, bytes], page: Page, paper: str = "A4"
) -> str:
    """Render the quiz: the problems, then the answer key on a page of its own."""
    if page is Page.MARKDOWN:
        return (
            environment().get_template("quiz.md.j2").render(report=view, tile_dir=pictures.tile_dir, root="")
        )
    return (
        environment()
        .get_template("quiz.html.j2")
        .render(report=view, **_html_context(pictures, files, paper))
    )


def render_review(
    view: ReviewView, pictures: Pictures, files: dict[str, bytes], page: Page, paper: str = "A4"
) -> str:
    """Render a game review: the summary, then each round's timeline, as Markdown or HTML."""
    if page is Page.MARKDOWN:
        template = environment().get_template("review.md.j2")
        return template.render(report=view, tile_dir=pictures.tile_dir, root="")
    context = _html_context(pictures, files, paper)
    return environment().get_template("review.html.j2").render(report=view, **context)


def render_player(view: PlayerView, page: Page, paper: str = "A4") -> str:
    """Render a player's card across games, as Markdown or HTML (a page with no pictures)."""
    if page is Page.MARKDOWN:
        return environment().get_template("player.md.j2").render(report=view)
    context = {
        "version": __version__,
        "paper": paper,
        "print_open": False,
        "fragment": False,
        "tile_size": (W, H),
    }
    return environment().get_template("player.html.j2").render(report=view, shared_styles=False, **context)


def _html_context(
    pictures: Pictures, files: dict[str, bytes], paper: str, root: str = ""
) -> dict[str, object]:
    """Return what every HTML template needs besides its view."""
    return {
        "src": pictures.src(files, root),
        "tile_size": _size(pictures),
        "tile_dir": pictures.tile_dir,
        "version": __version__,
        "paper": paper,
        "print_open": False,
        "fragment": False,
        "shared_styles": False,
    }


def _size(pictures: Pictures) -> tuple[int, int]:
    """Return the display size of one tile, in CSS pixels."""
    return W * pictures.display, H * pictures.display
