"""点数 The riichi part of a hand's section: the yaku, fu and points of a complete hand, each wait's value.

Records only, no markup: ``templates/riichi.md.j2`` and ``templates/riichi.html.j2`` render them. The
discard table gets a column of its own (each wait's value on ron, after riichi where dama has no yaku),
and the plain-text block Tenhou-style lines such as ``30符4飜 7700点``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.notation import parse_tiles
from ...core.tiles import tile_name
from ...rules.riichi.scoring import HandValue, WaitValue
from ...rules.riichi.scoring.waits import NO_YAKU_OPEN
from ...rules.riichi.scoring.yaku import spec_of
from ...rules.riichi.valuation import RiichiValue
from .i18n import EN, TENHOU_WORDS, VALUE_WORDS, Labels, ValueWords
from .tiles import Cell, Part, Tile, compose, pictures_of, tile

TENHOU = VALUE_WORDS["ja"]  # the plain-text block is Tenhou's, in Japanese


@dataclass(frozen=True)
class Row:
    """One line of a yaku or fu table: what it is, its tiles (fu items only), and its han or fu."""

    name: str
    value: str
    tiles: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class ScoreView:
    """A complete hand's value: its yaku and dora, its fu item by item, the result and the payments."""

    yaku: tuple[Row, ...]
    fu: tuple[Row, ...]
    result: str  # e.g. "30 fu 4 han · Mangan"
    payment: str  # e.g. "Ron 8,000"
    total: str  # what the winner gains in all, when it is more than one payment says
    can_win: bool
    verdict: str  # the no-yaku warning, else empty


@dataclass(frozen=True)
class WaitRow:
    """One wait of a ready hand: the tile, the copies left, and its value each way it can win."""

    tile: Tile
    left: int
    cells: tuple[Cell, ...]  # ron, tsumo, then riichi ron and riichi tsumo when the hand may declare
    notes: tuple[str, ...]
    ok: bool  # some way of winning has a yaku


@dataclass(frozen=True)
class RiichiView:
    """What a riichi value adds to a hand's section, and the words its template prints."""

    words: ValueWords
    situation: tuple[Part, ...]  # in words, the dora indicators pictured (nothing: the default)
    score: ScoreView | None
    waits: tuple[WaitRow, ...]
    columns: tuple[str, ...]  # the wait table's value columns
    verdict: str  # when no wait can win
    notes: tuple[str, ...] = ()  # notes every wait shares, said once under the table

    @property
    def tiles(self) -> set[str]:
        """Return the picture stems the section uses."""
        used = {w.tile.stem for w in self.waits}
        used.update(p.stem for p in self.situation if isinstance(p, Tile))
        if self.score is not None:
            used.update(t.stem for row in self.score.fu for t in row.tiles)
        return used


def riichi_view(value: RiichiValue, words: Labels = EN) -> RiichiView:
    """Build the riichi section of a hand: its score, or its waits' values."""
    vw = VALUE_WORDS[words.lang]
    score = None if value.hand is None else score_view(value.hand, vw, words)
    waits = tuple(_wait_row(w, vw, words) for w in value.waits or ())
    riichi = any(w.riichi_tsumo is not None for w in value.waits or ())  # ron is None in furiten
    columns = (vw.ron_col, vw.tsumo_col) + ((vw.riichi_ron_col, vw.riichi_tsumo_col) if riichi else ())
    verdict = vw.none_wins if waits and not any(w.ok for w in waits) else ""
    waits, notes = _shared_notes(waits, vw, bool(verdict))
    return RiichiView(vw, situation_parts(value, words), score, waits, columns, verdict, notes)


def _shared_notes(
    waits: tuple[WaitRow, ...], vw: ValueWords, none_wins: bool
) -> tuple[tuple[WaitRow, ...], tuple[str, ...]]:
    """Take the notes that every wait has out of the rows, to say them once (the verdict says "no yaku")."""
    if len(waits) < 2 or len({w.notes for w in waits}) > 1:
        return waits, ()
    shared = waits[0].notes
    if none_wins:
        shared = tuple(n for n in shared if n != vw.notes[NO_YAKU_OPEN])
    return tuple(replace(w, notes=()) for w in waits), shared


def yaku_rows(v: HandValue, vw: ValueWords) -> tuple[Row, ...]:
    """Return a hand's yaku, then its dora of each kind, each named in the words' language with its han."""
    yaku = tuple(Row(getattr(y, vw.lang), _han_text(y.han, y.yakuman, vw)) for y in v.yaku)
    dora = (v.dora.dora, v.dora.red, v.dora.ura, v.dora.nuki)
    return yaku + tuple(Row(name, vw.han.format(n=n)) for name, n in zip(vw.dora, dora, strict=True) if n)


def win_words(v: HandValue, points: tuple[int, ...], tsumo: bool, vw: ValueWords) -> str:
    """Return a win in words: ``30 fu 4 han, 7,700`` (``1,000/2,000``, ``3,900 all`` by tsumo), with the
    points as given (a log's, before honba and sticks)."""
    if not tsumo:
        paid = vw.points.format(n=points[0])
    elif len(points) == 1:
        paid = vw.each_all.format(each=points[0])
    else:
        paid = vw.pair.format(other=points[0], dealer=points[1])
    return vw.result_points.format(result=result_text(v, vw), points=paid)


def score_view(v: HandValue, vw: ValueWords, words: Labels = EN) -> ScoreView:
    """Build the value of a complete hand: yaku, dora, fu items, result and payments."""
    yaku = yaku_rows(v, vw)
    fu = tuple(
        Row(vw.fu_items.get(item.id, item.id), vw.fu.format(n=item.fu), _pictures(item.tiles, words))
        for item in v.fu_items
    )
    if not v.can_win:
        return ScoreView((), (), "", "", "", False, vw.no_yaku)
    payment, total = _payment(v, vw)
    return ScoreView(yaku, fu, result_text(v, vw), payment, total, True, "")


def _han_text(han: int, yakuman: bool, vw: ValueWords) -> str:
    """Return a yaku's worth: its han, or the yakuman it counts as."""
    if not yakuman:
        return vw.han.format(n=han)
    return limit_name("yakuman" if han <= 13 else "double yakuman" if han <= 26 else f"{han // 13}x", vw)


def _pictures(text: str, words: Labels) -> tuple[Tile, ...]:
    """Return the pictures of a fu item's tiles (``555p``, ``77z``), none for an item about no tiles."""
    return pictures_of(parse_tiles(text), (), words) if text else ()


def result_text(v: HandValue, vw: ValueWords) -> str:
    """Return the hand's fu and han and its limit, e.g. ``30 fu 4 han · Mangan`` (a yakuman by name)."""
    if v.limit is not None and "yakuman" in v.limit and v.limit != "kazoe yakuman":
        return limit_name(v.limit, vw)
    text = vw.score.format(fu=v.fu, han=v.han) if v.fu else vw.han.format(n=v.han)
    return f"{text} · {limit_name(v.limit, vw)}" if v.limit else text


def _payment(v: HandValue, vw: ValueWords) -> tuple[str, str]:
    """Return who pays what, and the winner's total where it says more (tsumo, or sticks on the table)."""
    p = v.payment
    assert p is not None  # a hand that can win has a payment
    if p.ron is not None:
        text = f"{vw.ron_col} {points_text(v, vw)}"
        return text, "" if p.total == p.ron else vw.total.format(n=p.total)
    return f"{vw.tsumo_col} {points_text(v, vw)}", vw.total.format(n=p.total)


def _wait_row(w: WaitValue, vw: ValueWords, words: Labels) -> WaitRow:
    """Build one wait's row: each way of winning valued, and its notes in the report's language."""
    values = [w.ron, w.tsumo] + ([w.riichi_ron, w.riichi_tsumo] if w.riichi_tsumo is not None else [])
    cells = tuple(_cell(v, vw) for v in values)
    notes = tuple(vw.notes.get(n, n) for n in w.notes)
    return WaitRow(tile(tile_name(w.tile), False, words), w.unseen, cells, notes, any(c.ok for c in cells))


def _cell(v: HandValue | None, vw: ValueWords) -> Cell:
    """Return one value's cell: its result and points, ``no yaku``, or ``furiten`` (None)."""
    if v is None:
        return Cell(vw.furiten, False)
    if not v.can_win:
        return Cell(vw.cannot, False)
    return Cell(f"{result_text(v, vw)} · {points_text(v, vw)}", True)


def points_text(v: HandValue, vw: ValueWords) -> str:
    """Return the points of a win in short: ``8,000`` on ron, ``2,000/4,000`` or ``4,000 all`` on tsumo."""
    p = v.payment
    assert p is not None  # only a hand that can win is asked
    if p.ron is not None:
        return vw.points.format(n=p.ron)
    if p.tsumo_dealer is None:
        return vw.each_all.format(each=p.tsumo_other)
    return vw.pair.format(other=p.tsumo_other, dealer=p.tsumo_dealer)


def discard_cells(
    value: RiichiValue, words: Labels = EN
) -> dict[tuple[int, bool], tuple[tuple[Tile, Cell], ...]]:
    """Return, per discard (tile, red) that leaves the hand ready, each wait with its value on ron.

    Where dama has no yaku, the value after riichi; an open hand's wait with no yaku says so.
    """
    vw = VALUE_WORDS[words.lang]
    return {
        (d.tile, d.red): tuple((tile(tile_name(w.tile), False, words), ron_cell(w, vw)) for w in d.waits)
        for d in value.discards or ()
    }


def ron_cell(w: WaitValue, vw: ValueWords) -> Cell:
    """Return a wait's value on ron in short: dama, else after riichi, else on tsumo only, else none."""
    if w.ron is None:
        return Cell(vw.furiten, False)
    if w.ron.can_win:
        return Cell(points_text(w.ron, vw), True)
    if w.riichi_ron is not None and w.riichi_ron.can_win:
        return Cell(vw.riichi_short.format(points=points_text(w.riichi_ron, vw)), True)
    if w.tsumo.can_win:
        return Cell(f"{vw.tsumo_col} {points_text(w.tsumo, vw)}", True)
    return Cell(vw.cannot, False)


def text_rows(value: RiichiValue) -> list[str]:
    """Return Tenhou-style lines: ``立直1 平和1 ドラ1`` and ``30符3飜 3900点``, or each wait's value."""
    rows = []
    if value.hand is not None:
        v = value.hand
        if not v.can_win:
            return [TENHOU.no_yaku]
        view = score_view(v, TENHOU)
        rows.append(" ".join(f"{y.name}{y.value.removesuffix(TENHOU_WORDS.han)}" for y in view.yaku))
        rows.append(f"{_tenhou_result(v)} {points_text(v, TENHOU)}")
    for w in value.waits or ():
        rows.append(f"{TENHOU_WORDS.waits}{tile_name(w.tile)} " + " ".join(_wait_words(w)))
    for d in value.discards or ():
        waits = " ".join(f"{tile_name(w.tile)}:{ron_cell(w, TENHOU).text}" for w in d.waits)
        rows.append(f"{TENHOU_WORDS.discard}{tile_name(d.tile, red=d.red)} {TENHOU_WORDS.points}[{waits}]")
    return rows


def _tenhou_result(v: HandValue) -> str:
    """Return ``30符4飜`` with the limit after it, or a yakuman's name alone, as Tenhou writes them."""
    return result_text(v, TENHOU).replace(" · ", " ")


def _wait_words(w: WaitValue) -> list[str]:
    """Return a wait's values in Tenhou's words: ``ロン[…] ツモ[…]``, with riichi ones for a closed hand."""
    ways = [(TENHOU_WORDS.ron, w.ron), (TENHOU_WORDS.tsumo, w.tsumo)]
    if w.riichi_tsumo is not None:
        ways += [(TENHOU_WORDS.riichi_ron, w.riichi_ron), (TENHOU_WORDS.riichi_tsumo, w.riichi_tsumo)]
    return [f"{way}[{_cell(v, TENHOU).text.replace(' · ', ' ')}]" for way, v in ways]


def verdict_extra(
    value: RiichiValue, words: Labels, best: tuple[int, bool] | None
) -> tuple[tuple[str | Tile, ...], bool] | None:
    """Return what the value adds to a hand's verdict: the score, the waits' ron values, or no yaku.

    ``best`` is the best discard (tile, red) of a hand with one to discard.
    """
    vw = VALUE_WORDS[words.lang]
    if value.hand is not None:
        v = value.hand
        if not v.can_win:
            return (vw.no_yaku,), False
        return (f"{result_text(v, vw)}, {_payment(v, vw)[0]}",), True
    waits = value.waits
    if best is not None:
        found = next((d for d in value.discards or () if (d.tile, d.red) == best), None)
        waits = None if found is None else found.waits
    return None if not waits else _waits_extra(waits, vw, words)


def _waits_extra(
    waits: tuple[WaitValue, ...], vw: ValueWords, words: Labels
) -> tuple[tuple[str | Tile, ...], bool]:
    """Return each wait's value on ron (dama, else after riichi), or the best of them for many waits."""
    cells = [(w, ron_cell(w, vw)) for w in waits]
    if not any(c.ok for _, c in cells):
        return (vw.none_wins,), False
    if len(cells) > 3:
        top = max(cells, key=lambda wc: _ron_points(wc[0]))
        return (vw.ron_col, " ", tile(tile_name(top[0].tile), False, words), " ", top[1].text), True
    parts: list[str | Tile] = [vw.ron_col]
    for w, c in cells:
        parts += [" ", tile(tile_name(w.tile), False, words), " ", c.text]
    return tuple(parts), True


def _ron_points(w: WaitValue) -> int:
    """Return a wait's points on ron, dama or after riichi (0 when neither wins)."""
    for v in (w.ron, w.riichi_ron):
        if v is not None and v.can_win and v.payment is not None and v.payment.ron is not None:
            return v.payment.ron
    return 0


def limit_name(limit: str, words: ValueWords) -> str:
    """Return a limit's name in a language (``4x yakuman`` and beyond by number)."""
    if limit in words.limits:
        return words.limits[limit]
    multiple = {"quadruple": 4, "quintuple": 5, "sextuple": 6}.get(limit.split()[0])
    return words.many_yakuman.format(n=multiple or int(limit.split("x")[0]))


# The situation's flags, said by the name of the yaku each one brings (riichi left out under double riichi).
FLAGS = ("double_riichi", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")
_SAID_WITH = {"riichi": "double_riichi"}  # a flag left unsaid when the other is set


def situation_parts(value: RiichiValue, words: Labels = EN) -> tuple[Part, ...]:
    """Return the situation a hand was valued in, in words: the round and seat, ron or tsumo, the flags,
    honba and sticks, then the dora indicators pictured with the dora they make named. Nothing for the
    default situation (which the report does not mention either)."""
    if not value.situation_words:
        return ()
    vw, s = VALUE_WORDS[words.lang], value.situation
    said = [vw.place.format(round=vw.winds[s.round_wind], seat=vw.winds[s.seat_wind])]
    said.append(vw.by_tsumo if s.tsumo else vw.by_ron)
    flags = [f for f in FLAGS if getattr(s, f) and not getattr(s, _SAID_WITH.get(f, ""), False)]
    said += [getattr(spec_of(f), vw.lang) for f in flags]
    counts = ((vw.honba, s.honba), (vw.sticks, s.sticks), (vw.nuki, s.nuki))
    said += [template.format(n=n) for template, n in counts if n]
    text = vw.sep.join(said)
    if not s.dora:
        return (text,)
    indicators = pictures_of(s.dora, (), words)
    dora = " ".join(tile_name(t) for t in s.dora_tiles)
    return compose(f"{text}{vw.sep}{vw.indicators}", tiles=indicators, dora=dora)


def worth_parts(value: RiichiValue, words: Labels = EN) -> tuple[Part, ...] | None:
    """Return what a complete hand is worth, in words: fu and han (or its limit), the points, the yaku and
    dora with their han; or that it has no yaku. None for a hand that is not complete."""
    if value.hand is None:
        return None
    vw = VALUE_WORDS[words.lang]
    view = score_view(value.hand, vw, words)
    if not view.can_win:
        return (vw.no_yaku,)
    yaku = vw.sep.join(f"{row.name} {row.value}" for row in view.yaku)
    return (words.reason_score.format(result=view.result, points=points_text(value.hand, vw), yaku=yaku),)
