"""何切る The quiz: "what do you discard?" problems, and an answer key with a reason for each answer.

Like the rest of the view model, these records hold words and picture names; the templates
``quiz.html.j2`` and ``quiz.md.j2`` lay them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import NUM_KINDS, tile_name
from ...judgement.lone import best_of, ordered
from ...judgement.rank import Judgement
from ...rules.analysis import Analysis, DiscardChoice
from .i18n import EN, Labels, shanten_words
from .tiles import Part, Strip, Tile, compose, tile
from .verdict import SAFER
from .view import Split, splits_of


@dataclass(frozen=True)
class QuizProblem:
    """One problem: the hand, what else is known, and the question."""

    number: int
    title: str
    strip: Strip
    notation: str
    situation: tuple[tuple[Part, ...], ...]  # each a run of words and pictures (the dora indicators)
    question: str


@dataclass(frozen=True)
class QuizAnswer:
    """One answer: the best choices pictured and a one-line reason, in words and with tile pictures.

    A complete hand's answer lists every way it splits.
    """

    number: int
    title: str
    best: tuple[Tile, ...]
    reason: str
    parts: tuple[Part, ...] = ()
    splits: tuple[Split, ...] = ()


@dataclass(frozen=True)
class QuizView:
    """A problem sheet and its answer key."""

    title: str
    problems: tuple[QuizProblem, ...]
    answers: tuple[QuizAnswer, ...]
    tiles: tuple[str, ...]  # every tile picture used (file stems), sorted
    words: Labels = EN
    show_titles: bool = False  # a batch title often gives the answer away: shown only when asked
    per_page: int = 4  # problems on a printed page


def quiz_problem(
    a: Analysis,
    strip: Strip,
    number: int,
    title: str,
    words: Labels = EN,
    situation: tuple[Part, ...] = (),
    worth: tuple[Part, ...] | None = None,
    shown: tuple[int, ...] = (),
    others: tuple[tuple[Part, ...], ...] = (),
) -> QuizProblem:
    """Build a problem from a hand's analysis: the question fits the hand's size and state.

    ``situation`` is the hand's win situation in words and pictures (round, seat, dora indicators, ...),
    shown with it; ``worth``, what a complete hand is worth there: given, the question is its value;
    ``shown``, the seen tiles the situation pictures itself (the dora indicators, the other seats'
    rivers and calls), left out of the list; ``others``, the other seats of a push-or-fold problem,
    one run each.
    """
    known: list[tuple[Part, ...]] = []
    visible = list(a.visible)
    for t in shown:
        if t in visible:
            visible.remove(t)
    if visible:
        known.append((f"{words.visible} {''.join(tile_name(t) for t in visible)}",))
    if a.wild:
        known.append((f"{words.wild} {''.join(tile_name(t) for t in a.wild)}",))
    if situation:
        known.append(situation)
    known += others
    if a.discards is None:
        question = words.ask_waits if a.shanten == 0 else words.ask_draws
    elif a.win:
        question = words.ask_value if worth is not None else words.ask_complete
    else:
        question = words.ask_discard
    return QuizProblem(number, title, strip, str(a.hand), tuple(known), question)


def quiz_answer(
    a: Analysis,
    number: int,
    title: str,
    words: Labels = EN,
    judgement: Judgement | None = None,
    worth: tuple[Part, ...] | None = None,
) -> QuizAnswer:
    """Build an answer: the best discards (or the waits, or every split, or the hand's value) and why.

    ``judgement`` ranks the discards (``judgement.lone``, worked out before; without one, shanten then
    tiles); ``worth`` what a complete hand is worth in its situation (the answer, with its splits).
    """
    if a.win and a.decompositions:
        if worth is not None:
            reason = "".join(p if isinstance(p, str) else p.label or p.name for p in worth)
            return QuizAnswer(number, title, (), reason, worth, splits_of(a, words))
        split = " ".join(a.decompositions[0].blocks)
        reason = words.reason_complete.format(tiles=split)
        parts = compose(words.reason_complete, tiles=())
        return QuizAnswer(number, title, (), reason, parts, splits_of(a, words))
    if a.discards is None:
        return _answer_13(a, number, title, words)
    discards = ordered(a, judgement)
    best, other = _best_and_next(discards, judgement)
    lead = best[0]
    if judgement is not None:
        # The judgement's first keeps fewer tiles than another, or no more than the next: say why.
        most = max(discards, key=lambda d: (-d.shanten, d.ukeire_count))
        if (most.shanten, -most.ukeire_count) < (lead.shanten, -lead.ukeire_count):
            return _answer_value(judgement, best, most, a, (number, title), words)
        peers = (d for d in discards if d not in best and d.shanten == lead.shanten)
        peer = next((d for d in peers if d.ukeire_count >= lead.ukeire_count), None)
        if peer is not None:
            return _answer_value(judgement, best, peer, a, (number, title), words)
    tiles = tuple(tile(d.name, d.tile in a.wild, words) for d in best)
    shanten = shanten_words(lead.shanten, words)
    values: dict[str, str | int] = {"shanten": shanten, "count": lead.ukeire_count}
    pictured: dict[str, tuple[Tile, ...]] = {"tile": tiles}
    if other is not None and other.shanten == lead.shanten:
        template = words.reason_better
        values |= {"other_count": other.ukeire_count}
        pictured["other"] = (tile(other.name, other.tile in a.wild, words),)
        named = {"tile": " / ".join(d.name for d in best), "other": other.name}
    else:
        # With no other discard to compare, "falls back" means one step behind.
        template = words.reason_only
        values |= {"worse": shanten_words(other.shanten if other else lead.shanten + 1, words)}
        named = {"tile": " / ".join(d.name for d in best)}
    reason = template.format(**values, **named)
    return QuizAnswer(number, title, tiles, reason, compose(template, {"tile": " / "}, **values, **pictured))


def _answer_value(
    judgement: Judgement,
    tied: list[DiscardChoice],
    most: DiscardChoice,
    a: Analysis,
    heading: tuple[int, str],
    words: Labels,
) -> QuizAnswer:
    """Answer with the judgement's first where another discard keeps more tiles: the points of both
    (or, where they are unknown, both tile counts)."""
    number, title = heading
    lead = tied[0]
    first, other = judgement.of(lead.tile, lead.red), judgement.of(most.tile, most.red)
    name, other_name = " / ".join(d.name for d in tied), most.name
    best = tuple(tile(d.name, d.tile in a.wild, words) for d in tied)
    pictured = {"tile": best, "other": (tile(other_name, most.tile in a.wild, words),)}
    values: dict[str, str | int]
    if other.chance - first.chance >= SAFER:
        template = words.reason_safer
        values = {"chance": f"{first.chance:.0%}", "other_chance": f"{other.chance:.0%}"}
    elif first.points is None or other.points is None or first.points <= other.points:
        template = words.reason_judged
        values = {"count": lead.ukeire_count, "other_count": most.ukeire_count}
    else:
        template = words.reason_value
        values = {
            "points": f"{first.points:,.0f}",
            "other_points": f"{other.points:,.0f}",
            "turn": judgement.horizon,
        }
    reason = template.format(tile=name, other=other_name, **values)
    return QuizAnswer(number, title, best, reason, compose(template, {"tile": " / "}, **values, **pictured))


def _answer_13(a: Analysis, number: int, title: str, words: Labels) -> QuizAnswer:
    """Answer a 13-tile problem: the waits when ready, else the effective tiles."""
    shanten = shanten_words(a.shanten, words)
    if a.shanten == 0:
        waits = a.waits or ()
        listed = words.any_tile if len(waits) == NUM_KINDS else "".join(tile_name(t) for t in waits)
        template = words.reason_waits
        shown = () if len(waits) == NUM_KINDS else waits
    else:
        shown = a.ukeire or ()
        listed = "".join(tile_name(t) for t in shown)
        template = words.reason_draws
    reason = template.format(shanten=shanten, tiles=listed, count=a.ukeire_count)
    pictures = tuple(tile(tile_name(t), t in a.wild, words) for t in shown)
    in_words = pictures or listed
    parts = compose(template, shanten=shanten, tiles=in_words, count=a.ukeire_count or 0)
    return QuizAnswer(number, title, pictures, reason, parts)


def _best_and_next(
    discards: tuple[DiscardChoice, ...], judgement: Judgement | None
) -> tuple[list[DiscardChoice], DiscardChoice | None]:
    """Return the discards tied for best (shanten and count, and the judgement's ties among them), and
    the first one after them."""
    best = best_of(discards, judgement)  # as the report's first row
    rest = [d for d in discards if d not in best]
    return best, rest[0] if rest else None


def quiz_view(
    title: str | None,
    pairs: list[tuple[QuizProblem, QuizAnswer]],
    words: Labels = EN,
    show_titles: bool = False,
    per_page: int = 4,
) -> QuizView:
    """Build the whole quiz, noting every tile picture it uses; with no title, the quiz names itself."""
    used = {t.stem for _, answer in pairs for t in answer.best}
    for problem, _ in pairs:
        used |= {p.stem for known in problem.situation for p in known if isinstance(p, Tile)}
    for _, answer in pairs:
        used |= {p.stem for p in answer.parts if isinstance(p, Tile)}
        used |= {t.stem for s in answer.splits for b in s.blocks for t in b.tiles}
    problems, answers = tuple(p for p, _ in pairs), tuple(a for _, a in pairs)
    title = title or (
        words.quiz_title_one if len(problems) == 1 else words.quiz_title.format(n=len(problems))
    )
    return QuizView(title, problems, answers, tuple(sorted(used)), words, show_titles, per_page)
