"""Cards: a card per hand to paste into a blog (``card.html``, styles sealed off), and each as a picture."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

from PIL import Image

from ...judgement.lone import judge_lone
from ..drawing.card import CardPicture, CardRow, card_png
from ..drawing.fonts import picture_lang
from ..formats.render import render_cards
from ..registry import Format
from ..views.card import CardView, card_view, verdict_names
from ..views.i18n import labels
from .base import Hands, ReportOptions, Sink
from .hands import hand_views


@dataclass(frozen=True)
class CardsReporter:
    """Writes ``card.html`` (every card, pictures inline) and each card as a PNG in ``cards/``."""

    format: Format

    def report(self, work: Hands, options: ReportOptions, sink: Sink) -> None:
        """Write the cards into the sink."""
        inline = replace(options, self_contained=True)
        files: dict[str, bytes] = {}
        judged = [judge_lone(a) for _, a in work.entries]  # once: the cards may be drawn twice
        views = hand_views(work.entries, inline, files, batch=work.batch, judged=judged)
        words = labels(options.lang)
        choices = work.choices or [()] * len(work.entries)
        cards = [card_view(h, n, c, words) for n, (h, c) in enumerate(zip(views, choices, strict=True), 1)]
        pictures = inline.pictures()
        pictures.tile_files(tuple(sorted({t for c in cards for t in c.tiles})), files)
        sink.write("card.html", render_cards(cards, words, pictures, files).encode("utf-8"))
        drawn_in = picture_lang(options.lang)  # English where no font has the language's script
        if drawn_in != options.lang:
            english_options = replace(inline, lang=drawn_in)
            english = hand_views(work.entries, english_options, files, batch=work.batch, judged=judged)
            cards = [card_view(h, n) for n, h in enumerate(english, start=1)]
        for card in cards:
            sink.write(f"cards/{card.png}", card_png(_picture(card, files, drawn_in), options.tileset))


def _picture(card: CardView, files: dict[str, bytes], lang: str) -> CardPicture:
    """Return what a card's PNG shows: its words, its hand's strip (the 2x file) and its rows."""
    h = card.hand
    with Image.open(io.BytesIO(files[f"img/{h.strip.file}"])) as strip:
        picture = strip.convert("RGBA")
    rows = tuple(
        CardRow(
            tuple(t.stem for t in r.discards),
            tuple((c.tile.stem, c.count) for g in r.groups for c in g),
            str(r.count),
            r.best,
            r.lower,
        )
        for r in card.rows
    )
    choices = tuple((t.stem, line) for t, line in card.choices)
    parts = verdict_names(h.verdict.parts)
    return CardPicture(h.title, parts, h.verdict.ok, h.headline, picture, rows, lang, choices)
