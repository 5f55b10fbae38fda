"""Build a whole report: analysed lines in, the files of the output folder out (names to bytes)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..analysis import Analysis
from ..batch import Line, Problem
from .i18n import labels
from .render import Pictures, render_html, render_markdown
from .tileset import TileSet
from .view import HandView, hand_view, report_view


@dataclass(frozen=True)
class Options:
    """How a report looks."""

    fmt: str  # md or html
    title: str = "pairi-report"
    tiles: TileSet = TileSet()
    scale: int = 1  # display size, a multiple of 36x48 per tile
    self_contained: bool = False
    fragment: bool = False  # HTML to embed: no <html> or <head>, every style scoped
    lang: str = "en"  # en, zh or ja

    def pictures(self) -> Pictures:
        """Return where pictures go: Markdown gets 1x files; HTML 2x files, or data: URIs."""
        density = 1 if self.fmt == "md" else 2
        return Pictures(self.tiles, density, self.scale, inline=self.self_contained and self.fmt == "html")


def hand_views(
    entries: Iterable[tuple[Line, Analysis]], options: Options, files: dict[str, bytes]
) -> Iterable[HandView]:
    """Yield each hand's view, rendering its strip into ``files``."""
    pictures = options.pictures()
    for line, analysis in entries:
        strip = pictures.strip(analysis.hand, files, analysis.wild)
        words = labels(options.lang)
        yield hand_view(
            analysis, strip, title=line.title, line=line.number, anchor=f"hand-{line.number}", words=words
        )


def report_files(
    hands: list[HandView], problems: list[Problem], options: Options, files: dict[str, bytes]
) -> dict[str, bytes]:
    """Render the report page and add the tile pictures it uses; return the files to write."""
    view = report_view(options.title, hands, problems, labels(options.lang))
    pictures = options.pictures()
    pictures.tile_files(view.tiles, files)
    if options.fmt == "md":
        files["index.md"] = render_markdown(view, pictures).encode("utf-8")
        return files
    page = render_html(view, pictures, files, options.fragment).encode("utf-8")
    if pictures.inline:
        return {"index.html": page}
    files["index.html"] = page
    return files
