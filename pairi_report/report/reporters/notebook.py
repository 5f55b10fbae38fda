"""Show an analysis in Jupyter: one hand's section with its pictures inline."""

from __future__ import annotations

from ...batch.lines import Line
from ...rules.analysis import Analysis
from ..formats.render import render_hand_page
from ..registry import Page, find_format
from ..views.i18n import labels
from ..views.view import report_view
from .base import ReportOptions
from .hands import hand_views


def analysis_html(a: Analysis, lang: str = "en") -> str:
    """Return the HTML fragment of one analysis, pictures as data: URIs."""
    options = ReportOptions(find_format("html"), str(a.hand), self_contained=True, fragment=True, lang=lang)
    files: dict[str, bytes] = {}
    hands = list(hand_views([(Line(1, str(a.hand), 1, ""), a)], options, files))
    view = report_view(str(a.hand), hands, [], labels(lang))
    pictures = options.pictures()
    pictures.tile_files(view.tiles, files)
    return render_hand_page(view, pictures, files, Page.HTML, root="")
