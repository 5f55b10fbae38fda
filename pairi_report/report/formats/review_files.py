"""Build a game review's files: the marked hand pictures, the page, the tile pictures it uses."""

from __future__ import annotations

from ...review import DecisionReview, GameReview
from ..drawing.strip import TileMark, mark_index
from ..views.i18n import labels
from ..views.review_view import review_view
from ..views.review_words import review_words
from ..views.tiles import Strip
from .build import Options
from .pdf import print_pdf
from .render import render_review


def decision_marks(r: DecisionReview) -> tuple[TileMark, ...]:
    """Return a decision's marks: an outline on each best discard, a pointer on the tile played.

    When the tile played is among the best, its outline goes on the very copy played.
    """
    d = r.decision
    played = mark_index(d.hand, d.discard.kind, d.discard.red, drawn=d.tsumogiri)
    marks = set() if played is None else {TileMark(played, "pointer")}
    for row in r.verdict.best:
        at = played if row.tile == d.discard.kind else mark_index(d.hand, row.tile, row.red)
        if at is not None:
            marks.add(TileMark(at, "outline"))
    return tuple(sorted(marks, key=lambda m: (m.index, m.kind)))


def review_files(review: GameReview, options: Options) -> dict[str, bytes]:
    """Render a game review as Markdown, HTML or PDF; return the files to write (names to bytes)."""
    files: dict[str, bytes] = {}
    pictures = options.pictures()

    def strip_of(r: DecisionReview) -> Strip:
        return pictures.strip(r.decision.hand, files, marks=decision_marks(r))

    words = review_words(options.lang)
    view = review_view(review, options.title, strip_of, labels(options.lang), words)
    pictures.tile_files(view.tiles, files)
    fmt = "md" if options.fmt == "md" else "html"
    page = render_review(view, pictures, files, fmt, options.paper)
    if options.fmt == "pdf":
        return {"index.pdf": print_pdf(page, options.work)}
    if options.inline:
        return {"index.html": page.encode("utf-8")}
    files[f"index.{fmt}"] = page.encode("utf-8")
    return files
