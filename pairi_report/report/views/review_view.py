"""The view model of a game review: the summary, then each round as a timeline of decisions.

Builders turn a ``GameReview`` into small frozen records of words and picture names; the Markdown and
HTML templates (``review.md.j2``, ``review.html.j2``) render the same records. Player names come from
the log and stay plain text here: the templates escape them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from ...core.tiles import compact, tile_name
from ...games.model import Round
from ...review import DecisionReview, GameReview, RoundReview, Tally, WinCheck
from ...review.records import points
from ...review.severity import severity
from ...review.verdict import Kind, Verdict
from ...rules.riichi.scoring import WaitValue
from ...rules.riichi.valuation import DiscardValues
from ..drawing.slots import mark_index
from .i18n import VALUE_WORDS, Labels, ReviewWords, judgement_words, shanten_words
from .review_table import TableContext, table_context
from .riichi_view import win_words, yaku_rows
from .tiles import Pic, Row, Tile, hand_row, row_faces, row_stems, tile


@dataclass(frozen=True)
class ReviewRow:
    """One row of a decision's discard table: the best rows and the one played are flagged."""

    rank: int
    name: str  # the discard's name, for alt text
    tile: Row
    shanten: str
    tiles: Row
    tiles_label: str
    kinds: int
    count: int
    best: bool
    played: bool


@dataclass(frozen=True)
class DecisionView:
    """One decision in a round's timeline, in full: the hand, the table, the verdict and its reasons."""

    anchor: str
    who: str
    turn: str
    kind: str  # same, equal, worse, forced: the verdict, for styling
    kind_label: str
    hand: Row  # the hand as the seat held it: the best discards outlined, a pointer on the one played
    hand_label: str
    verdict: str
    notes: tuple[str, ...]
    values: tuple[str, ...]
    rows: tuple[ReviewRow, ...]
    severity: str = ""  # large, medium, small for a worse discard; "" otherwise
    severity_label: str = ""
    mark: str = ""  # the severity's text mark (??, ?, ?!)
    table: TableContext | None = None
    reasons: tuple[str, ...] = ()  # a richer verdict's own fields, in words
    entry: str = "decision"


@dataclass(frozen=True)
class FoldView:
    """Decisions folded into one line: a run as good as the best, or a seat's discards forced by riichi."""

    entry: str  # "folded" or "forced"
    text: str
    row: Row = ()  # the forced discards, in order
    row_label: str = ""


@dataclass(frozen=True)
class MinorView:
    """A small loss in the mistakes view: one line, its verdict and its mark (``--review all`` shows it
    in full)."""

    anchor: str
    who: str
    turn: str
    severity: str
    severity_label: str
    mark: str
    verdict: str
    entry: str = "minor"


@dataclass(frozen=True)
class CostlyLine:
    """One of the costliest decisions in the summary, a link to its full entry."""

    anchor: str
    text: str
    severity: str
    severity_label: str
    mark: str


@dataclass(frozen=True)
class ResultLine:
    """One line of a round's result: Tenhou's words, its yaku, and our value of the rebuilt hand."""

    text: str
    yaku: str
    ours: str
    agrees: bool | None  # None: the log has no scoring text to agree with


@dataclass(frozen=True)
class TallyRow:
    """One row of a summary table: a round or a player, with its counts."""

    label: str
    anchor: str
    decisions: int
    agreement: str
    worse: int
    shanten_lost: int
    tiles_lost: int
    result: str = ""


Entry = DecisionView | MinorView | FoldView


@dataclass(frozen=True)
class RoundView:
    """One round: where it stands, its result as Tenhou wrote it, and its decisions in order of play."""

    anchor: str
    title: str
    dealer: str
    dora: tuple[Tile, ...]
    results: tuple[ResultLine, ...]
    decisions: tuple[DecisionView, ...]  # the decisions shown in full
    entries: tuple[Entry, ...]  # the timeline: full decisions, small losses and folded lines


@dataclass(frozen=True)
class ReviewView:
    """A whole review page."""

    title: str
    words: ReviewWords
    labels: Labels
    players: str
    agreement: str
    losses: str
    largest: str
    severity: str  # the worse discards by severity, in words
    view_note: str  # what the page shows in full, and how to see the rest
    costliest: tuple[CostlyLine, ...]
    by_player: tuple[TallyRow, ...]
    by_round: tuple[TallyRow, ...]
    rounds: tuple[RoundView, ...]
    tiles: tuple[str, ...]  # every tile picture the HTML page shows (file stems, looks in CSS), sorted
    stems: tuple[str, ...]  # every tile picture the Markdown page shows (looks drawn in), sorted


def player_name(review: GameReview, seat: int, words: ReviewWords) -> str:
    """Return a seat's player as the log names them, or the seat when the log gives no name."""
    return review.game.names[seat] or words.seat.format(n=seat)


def round_title(rnd: Round, words: ReviewWords) -> str:
    """Return a round's name in the report's language, e.g. ``East 2, 1 honba`` or ``東2局 1本場``."""
    return words.round_name.format(wind=words.winds[rnd.wind % 4], number=rnd.number, honba=rnd.honba)


def _rate(t: Tally) -> str:
    """Return the agreement rate as a percentage, or a dash when no decision was judged."""
    return "—" if t.agreement is None else f"{100 * t.agreement:.1f}%"


def verdict_line(r: DecisionReview, labels: Labels, words: ReviewWords) -> str:
    """Return the short verdict: what was played, what was best, what was lost."""
    v = r.verdict
    played = str(r.decision.discard)
    best = " ".join(d.name for d in v.best)
    top = v.best[0]
    if v.kind == Kind.FORCED:
        return words.forced.format(played=played)
    if v.kind == Kind.SAME:
        return words.same.format(played=played, count=v.played.ukeire_count)
    if v.kind == Kind.EQUAL:
        others = " ".join(d.name for d in v.best if d.tile != v.played.tile)
        return words.equal.format(played=played, best=others, count=v.played.ukeire_count)
    if v.shanten_lost:
        line = words.worse_shanten.format(
            played=played,
            shanten=shanten_words(v.played.shanten, labels),
            lost=v.shanten_lost,
            best=best,
            best_shanten=shanten_words(top.shanten, labels),
            best_count=top.ukeire_count,
        )
    elif v.tiles_lost:
        line = words.worse.format(
            played=played,
            count=v.played.ukeire_count,
            best=best,
            best_count=top.ukeire_count,
            lost=v.tiles_lost,
        )
    else:  # as many tiles or more: the best is better on value or defence, which the reason says
        line = words.worse_not_tiles.format(played=played, count=v.played.ukeire_count, best=best)
    if v.reason is None:
        return line
    return words.verdict_why.format(
        line=line, why=judgement_words(words.lang).verdict_words(v.reason, v.cost)
    )


def _wait_words(w: WaitValue, left: int, words: ReviewWords) -> str:
    """Return one wait, its unseen copies and its value on ron (after riichi where dama has none)."""
    name = tile_name(w.tile)
    if w.furiten:
        return f"{name} {words.furiten}"
    dama = points(w.ron)
    if dama is not None:
        return words.wait.format(tile=name, points=f"{dama:,}", left=left)
    riichi = points(w.riichi_ron)
    if riichi is not None:
        return words.wait_riichi.format(tile=name, points=f"{riichi:,}", left=left)
    return words.wait_none.format(tile=name, left=left)


def _values(r: DecisionReview, words: ReviewWords) -> tuple[str, ...]:
    """Return the value lines: the waits after the played discard and, if another, after the best."""
    out = []
    found: list[tuple[str, DiscardValues | None]] = [(str(r.decision.discard), r.played_values)]
    if r.verdict.best[0].tile != r.verdict.played.tile:
        found.append((r.verdict.best[0].name, r.best_values))
    for name, values in found:
        if values is not None and values.waits:
            waits = " · ".join(_wait_words(w, r.unseen(w.tile), words) for w in values.waits)
            out.append(words.waits_after.format(tile=name, waits=waits))
    return tuple(out)


def _notes(r: DecisionReview, words: ReviewWords) -> tuple[str, ...]:
    """Return what else the decision carries: a riichi declared, furiten, kinds barred."""
    d = r.decision
    notes = [words.declares_riichi] if d.declares_riichi else []
    if d.furiten:
        notes.append(words.furiten)
    if r.verdict.forbidden:
        notes.append(words.barred.format(tiles=" ".join(tile_name(t) for t in r.verdict.forbidden)))
    return tuple(notes)


def decision_looks(r: DecisionReview) -> dict[int, tuple[str, ...]]:
    """Return a decision's marks by place in the hand: an outline on each best discard, a pointer on the
    tile played.

    When the tile played is among the best, its outline goes on the very copy played.
    """
    d = r.decision
    played = mark_index(d.hand, d.discard.kind, d.discard.red, drawn=d.tsumogiri)
    looks: dict[int, set[str]] = {} if played is None else {played: {"played"}}
    for row in r.verdict.best:
        at = played if row.tile == d.discard.kind else mark_index(d.hand, row.tile, row.red)
        if at is not None:
            looks.setdefault(at, set()).add("best")
    return {at: tuple(sorted(kinds)) for at, kinds in looks.items()}


def _rows(r: DecisionReview, labels: Labels, pictured: bool = True) -> tuple[ReviewRow, ...]:
    """Return the whole discard table, the best rows and the played one flagged; the effective tiles
    pictured, or only named (``tiles_label``) without ``pictured``."""
    best = set(r.verdict.best_tiles)
    return tuple(
        ReviewRow(
            rank,
            tile(d.name, False, labels).label,
            (Pic(d.name),),
            shanten_words(d.shanten, labels),
            tuple(Pic(tile_name(t)) for t in d.ukeire) if pictured else (),
            compact(d.ukeire),
            len(d.ukeire),
            d.ukeire_count,
            d.tile in best,
            d.tile == r.verdict.played.tile,
        )
        for rank, d in enumerate(r.analysis.discards or (), start=1)
    )


def decision_view(
    review: GameReview, r: DecisionReview, labels: Labels, words: ReviewWords, pictured: bool = True
) -> DecisionView:
    """Build one decision of a round's timeline, in full; without ``pictured`` its discard table names
    the effective tiles in notation (the mistakes view's page stays small)."""
    d = r.decision
    level = severity(r.verdict) or ""
    return DecisionView(
        anchor=decision_anchor(r),
        who=player_name(review, d.seat, words),
        turn=words.turn.format(n=d.turn),
        kind=str(r.verdict.kind),
        kind_label=words.kinds[str(r.verdict.kind)],
        hand=hand_row(d.hand, decision_looks(r)),
        hand_label=str(d.hand),
        verdict=verdict_line(r, labels, words),
        notes=_notes(r, words),
        values=_values(r, words),
        rows=_rows(r, labels, pictured),
        severity=level,
        severity_label=words.severity.get(level, ""),
        mark=words.marks.get(level, ""),
        table=None if d.table is None else table_context(d.table, _names(review, words), words),
        reasons=reason_lines(r.verdict, words),
    )


def decision_anchor(r: DecisionReview) -> str:
    """Return the id of a decision's full entry."""
    d = r.decision
    return f"r{d.round_index + 1}-s{d.seat}-t{d.turn}"


def _names(review: GameReview, words: ReviewWords) -> tuple[str, ...]:
    return tuple(player_name(review, seat, words) for seat in range(len(review.game.names)))


# The verdict line says these; the judgement's terms of every discard stay in the record.
KNOWN_FIELDS = frozenset(
    {"verdict", "played", "best", "shanten_lost", "tiles_lost", "reasons", "reason", "cost", "judgement"}
)


def reason_lines(v: Verdict, words: ReviewWords) -> tuple[str, ...]:
    """Return a verdict's reasons beyond the verdict line: its own ``reasons`` if it gives any, then
    each further field of its record, named by ``[review.reason_fields]`` or by its key.

    The verdict of today gives none; a richer one shows here as it lands, with no change to the page.
    """
    own = getattr(v, "reasons", None) or ()
    out = [str(x) for x in own] if isinstance(own, (list, tuple)) else [str(own)]
    out += _threat_terms(v, words)
    for key, value in v.to_dict().items():
        if key in KNOWN_FIELDS or value in (None, "", [], {}, ()):
            continue
        name = words.reason_fields.get(key, key.replace("_", " "))
        out.append(f"{name}: {_plain(value)}")
    return tuple(out)


def _threat_terms(v: Verdict, words: ReviewWords) -> list[str]:
    """Return, when an opponent threatens, the terms of the discard played, of the recommended one and,
    where it pushes, of the safest (the fold it was weighed against): points, deal-in chance and why
    (``9s: 1,180 points, 0% to deal in (genbutsu)``)."""
    j = v.judgement
    if j is None or not any(t.chance > 0 for t in j.terms):
        return []
    jw = judgement_words(words.lang)
    best = j.terms[0]
    safest = min(j.terms, key=lambda t: t.chance)  # the first of the safest, in the judgement's order
    shown = [v.played_terms, best, safest if safest.chance < best.chance else None]
    out = []
    for t in dict.fromkeys(x for x in shown if x is not None):
        out.append(jw.terms_words(t.name, t.points, t.chance, t.danger))
    return out


def _plain(value: object) -> str:
    """Return a record's value in short: a number or words as they are, anything else as JSON."""
    if isinstance(value, (str, int, float)):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def timeline(
    review: GameReview, rnd: RoundReview, labels: Labels, words: ReviewWords, every: bool
) -> tuple[Entry, ...]:
    """Return a round's timeline: decisions in full, the rest folded.

    A seat's discards forced by riichi fold into one line where the first of them came. The mistakes
    view (``every`` False) shows the medium and large losses in full, each small loss as one line, and
    each run of the decisions as good as the best as one line.
    """
    out: list[Entry] = []
    agreeing = 0
    forced: dict[int, list[DecisionReview]] = {}
    for r in rnd.decisions:
        if r.verdict.kind == Kind.FORCED:
            forced.setdefault(r.decision.seat, []).append(r)
    placed: set[int] = set()
    for r in rnd.decisions:
        seat = r.decision.seat
        if r.verdict.kind == Kind.FORCED:
            if seat not in placed:
                placed.add(seat)
                out, agreeing = _flush(out, agreeing, words), 0
                out.append(_forced_run(review, forced[seat], words))
            continue
        level = severity(r.verdict)
        if every or level in ("large", "medium"):
            out, agreeing = _flush(out, agreeing, words), 0
            out.append(decision_view(review, r, labels, words, pictured=every))
        elif level is not None:
            out, agreeing = _flush(out, agreeing, words), 0
            out.append(minor_view(review, r, labels, words))
        else:
            agreeing += 1
    return tuple(_flush(out, agreeing, words))


def minor_view(review: GameReview, r: DecisionReview, labels: Labels, words: ReviewWords) -> MinorView:
    """Return a small loss as one line of the mistakes view."""
    level = severity(r.verdict) or "small"
    return MinorView(
        decision_anchor(r),
        player_name(review, r.decision.seat, words),
        words.turn.format(n=r.decision.turn),
        level,
        words.severity[level],
        words.marks[level],
        verdict_line(r, labels, words),
    )


def _flush(out: list[Entry], agreeing: int, words: ReviewWords) -> list[Entry]:
    """Close a run of folded decisions as good as the best, if there is one."""
    if agreeing:
        text = words.folded_one if agreeing == 1 else words.folded.format(n=agreeing)
        out.append(FoldView("folded", text))
    return out


def _forced_run(review: GameReview, run: list[DecisionReview], words: ReviewWords) -> FoldView:
    """Return a seat's forced discards as one line, the tiles after it."""
    who = player_name(review, run[0].decision.seat, words)
    first, last = run[0].decision.turn, run[-1].decision.turn
    if len(run) == 1:
        text = words.forced_one.format(player=who, first=first)
    else:
        text = words.forced_run.format(player=who, first=first, last=last, n=len(run))
    tiles = tuple(Pic(str(r.decision.discard)) for r in run)
    return FoldView("forced", text, tiles, " ".join(str(r.decision.discard) for r in run))


def result_lines(review: GameReview, rnd: RoundReview, words: ReviewWords) -> tuple[ResultLine, ...]:
    """Return the round's result in the review's language: each win with its yaku, or the draw's name."""
    if rnd.round.drawn is not None:
        return (ResultLine(_draw_name(rnd.round, words), "", "", None),)
    if rnd.round.cut:
        return (ResultLine(words.cut_off, "", "", None),)
    return tuple(_win_line(review, c, words) for c in rnd.wins)


def _draw_name(rnd: Round, words: ReviewWords) -> str:
    """Return the name of a round with no win in the review's language (Tenhou's own name in Japanese)."""
    assert rnd.drawn is not None
    return words.draws.get(rnd.drawn.kind, rnd.drawn.kind)


def _ours(c: WinCheck, words: ReviewWords) -> str:
    """Return our value of a win in the review's language (in Tenhou's own form in Japanese)."""
    if words.lang == "ja":
        return c.text
    return win_words(c.value, c.points, c.situation.tsumo, VALUE_WORDS[words.lang])


def _value(c: WinCheck, words: ReviewWords) -> str:
    """Return a win's value, short: Tenhou's text in Japanese (ours where the log has none), else ours."""
    return (c.win.text or c.text) if words.lang == "ja" else _ours(c, words)


def win_text(c: WinCheck, words: ReviewWords) -> str:
    """Return a win's value in the review's language, with Tenhou's text after ours where the log has it."""
    if words.lang == "ja" or not c.win.text:
        return _value(c, words)
    return words.win_value.format(value=_ours(c, words), tenhou=c.win.text)


def _win_line(review: GameReview, c: WinCheck, words: ReviewWords) -> ResultLine:
    """Return one win's line: its value and yaku in the review's language, and our check of Tenhou's."""
    winner = player_name(review, c.win.winner, words)
    text = win_text(c, words)
    if c.win.tsumo:
        head = words.win_tsumo.format(winner=winner, text=text)
    else:
        head = words.win_ron.format(winner=winner, source=player_name(review, c.win.source, words), text=text)
    agrees = c.agrees
    check = words.no_text if agrees is None else words.agrees if agrees else words.differs
    if words.lang == "ja":
        yaku = " ".join(str(y) for y in c.win.yaku)
    else:
        yaku = " · ".join(f"{row.name} {row.value}" for row in yaku_rows(c.value, VALUE_WORDS[words.lang]))
    return ResultLine(head, yaku, words.ours.format(text=_ours(c, words), check=check), agrees)


def short_result(review: GameReview, rnd: RoundReview, words: ReviewWords) -> str:
    """Return the result for the summary table: the draw's name, or each winner and the win's value."""
    if rnd.round.drawn is not None:
        return _draw_name(rnd.round, words)
    if rnd.round.cut:
        return words.cut_off
    return " · ".join(f"{player_name(review, c.win.winner, words)} {_value(c, words)}" for c in rnd.wins)


def round_view(
    review: GameReview, rnd: RoundReview, labels: Labels, words: ReviewWords, every: bool = False
) -> RoundView:
    """Build one round's timeline: every decision in full, or (``every`` False) the worse ones."""
    entries = timeline(review, rnd, labels, words, every)
    return RoundView(
        anchor=f"round-{rnd.index + 1}",
        title=round_title(rnd.round, words),
        dealer=words.dealer.format(player=player_name(review, rnd.round.dealer, words)),
        dora=tuple(tile(str(t), False, labels) for t in rnd.round.dora),
        results=result_lines(review, rnd, words),
        decisions=tuple(e for e in entries if isinstance(e, DecisionView)),
        entries=entries,
    )


def _tally_row(label: str, anchor: str, t: Tally, result: str = "") -> TallyRow:
    return TallyRow(label, anchor, t.decisions, _rate(t), t.worse, t.shanten_lost, t.tiles_lost, result)


def _headlines(review: GameReview, labels: Labels, words: ReviewWords) -> tuple[str, str, str]:
    """Return the summary's three lines: the agreement, the losses in all, and the largest loss."""
    s = review.summary
    t = s.total
    if t.judged:
        agree = t.same + t.equal
        agreement = words.agreement.format(
            rate=_rate(t),
            agree=agree,
            judged=t.judged,
            same=t.same,
            equal=t.equal,
            worse=t.worse,
            forced=t.forced,
        )
    else:
        agreement = words.nothing_judged
    losses = words.losses.format(shanten=t.shanten_lost, tiles=t.tiles_lost)
    worst = s.largest
    if worst is None:
        return agreement, losses, words.no_loss
    return agreement, losses, words.largest.format(**_where(review, worst, words))


def _where(review: GameReview, r: DecisionReview, words: ReviewWords) -> dict[str, str]:
    """Return where a worse decision was and what it lost, as a loss line's fields."""
    v = r.verdict
    return {
        "round": round_title(review.rounds[r.decision.round_index].round, words),
        "player": player_name(review, r.decision.seat, words),
        "turn": words.turn.format(n=r.decision.turn),
        "discard": str(r.decision.discard),
        "best": " ".join(d.name for d in v.best),
        "loss": loss_words(v, words),
    }


def loss_words(v: Verdict, words: ReviewWords) -> str:
    """Return what a worse discard lost: the shanten, else the tiles, else (as many tiles kept) the
    judgement's reason and cost (``defence, −977 points``), never "−0 tiles"."""
    if v.shanten_lost:
        return words.loss_shanten.format(n=v.shanten_lost)
    if (v.tiles_lost or 0) > 0 or v.reason is None:
        return words.loss_tiles.format(n=v.tiles_lost)
    return judgement_words(words.lang).verdict_words(v.reason, v.cost)


def costly_lines(review: GameReview, words: ReviewWords) -> tuple[CostlyLine, ...]:
    """Return the costliest decisions, worst first, each a link to its full entry."""
    out = []
    for r in review.summary.costliest:
        level = severity(r.verdict) or ""
        text = words.costly.format(**_where(review, r, words))
        out.append(CostlyLine(decision_anchor(r), text, level, words.severity[level], words.marks[level]))
    return tuple(out)


def _view_lines(review: GameReview, words: ReviewWords, every: bool) -> tuple[str, str]:
    """Return the severity line and the note on what the page shows in full."""
    counts = dict(review.summary.severity)
    line = words.by_severity.format(**{k: counts.get(k, 0) for k in ("large", "medium", "small")})
    t = review.summary.total
    note = words.view_all if every else words.view_mistakes
    return line, note.format(shown=counts.get("large", 0) + counts.get("medium", 0), total=t.decisions)


def review_view(
    review: GameReview, title: str, labels: Labels, words: ReviewWords, every: bool = False
) -> ReviewView:
    """Build the whole review page: the mistakes view, or with ``every`` each decision in full."""
    rounds = tuple(round_view(review, rnd, labels, words, every) for rnd in review.rounds)
    by_round = tuple(
        _tally_row(view.title, view.anchor, t, short_result(review, rnd, words))
        for rnd, view, (_, t) in zip(review.rounds, rounds, review.summary.rounds, strict=True)
    )
    by_player = tuple(
        _tally_row(player_name(review, seat, words), "", t) for seat, _, t in review.summary.players
    )
    agreement, losses, largest = _headlines(review, labels, words)
    severity_line, view_note = _view_lines(review, words, every)
    used = {t.stem for rnd in rounds for t in rnd.dora}
    rows = [row for rnd in rounds for e in rnd.entries for row in _rows_of(e)]
    players = words.players.format(
        names=" · ".join(player_name(review, seat, words) for seat in review.seats)
    )
    return ReviewView(
        title,
        words,
        labels,
        players,
        agreement,
        losses,
        largest,
        severity_line,
        view_note,
        costly_lines(review, words),
        by_player,
        by_round,
        rounds,
        tuple(sorted(used | row_faces(rows))),
        tuple(sorted(used | row_stems(rows))),
    )


def _rows_of(e: Entry) -> Iterator[Row]:
    """Yield every row of tile pictures an entry of a timeline shows."""
    if isinstance(e, FoldView):
        yield e.row
        return
    if isinstance(e, MinorView):
        return
    yield e.hand
    for row in e.rows:
        yield row.tile
        yield row.tiles
    if e.table is not None:
        yield e.table.dora
        for seat in e.table.seats:
            yield seat.river
            yield seat.calls
