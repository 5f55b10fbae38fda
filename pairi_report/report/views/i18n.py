"""Report labels in English, Chinese and Japanese: every word a report prints, in one place.

The words live in ``pairi_report/data/labels/<lang>.toml``, one file per language: a key per field of
``Labels`` (the legend under a report among them), the ``[value]`` table for ``ValueWords`` (a riichi
hand's value) and the ``[review]`` table for ``ReviewWords`` (a game review). A missing or unknown key
fails at import. Each language uses its own terms: shanten / 向听 / 向聴, effective tiles / 有效牌 /
受け入れ. Tile notation (``5m``, ``7z``) and the plain-text block, whose ``打 摸 待ち 枚`` are Tenhou's
notation, stay as they are in every language: their words are the ``[tenhou]`` table of ``ja.toml``
(``TenhouWords``). A GB hand's block is written in the report's language instead, with GB's tile letters
(``E S W N C F P``): its words are each file's ``[gb_text]`` table (``GBTextWords``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.data import data_text


class Words:
    """A frozen set of words read from a language's file: every annotated field given, and no other.

    The word sets have up to 160 fields: as frozen dataclasses, their generated methods took about 30 ms
    of every start (``benchmarks/bench_startup.py``); this base checks the same and generates nothing.
    Two sets are equal when they are the same set (one per language and process).
    """

    def __init__(self, **words: Any) -> None:
        names = self.names()
        if words.keys() != names:
            missing = ", ".join(sorted(names - words.keys())) or "none"
            unknown = ", ".join(sorted(words.keys() - names)) or "none"
            raise TypeError(f"{type(self).__name__}: missing {missing}; unknown {unknown}")
        for name, value in words.items():
            object.__setattr__(self, name, value)

    @classmethod
    def names(cls) -> frozenset[str]:
        """Return the fields' names, in no order."""
        return frozenset(k for c in cls.__mro__ for k in vars(c).get("__annotations__", {}))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be deleted")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(lang={getattr(self, 'lang', '?')!r})"


class Labels(Words):
    """The words of one language."""

    lang: str
    # The verdict a hand opens with; {tiles} {waits} {next} are pictures, {count} {kinds} {margin} numbers.
    verdict_discard: str
    verdict_ready_discard: str
    verdict_margin: str
    verdict_tie: str
    verdict_falls: str  # with {worse}: the shanten any other discard leaves
    verdict_worth: str  # with {points} {more} {next}: the judgement's first is worth more points
    verdict_fewer: str  # with {margin} {next}: the judgement's first keeps fewer tiles than that one
    verdict_fewer_after: str  # with {margin}: the same, after the first's points or safety against it
    verdict_no_win: str  # with {margin} {next}: ... whose wait has no yaku
    verdict_complete: str
    verdict_ready: str
    verdict_any: str
    verdict_draws: str  # with {shanten}
    verdict_sep: str  # between the lead and the margin
    or_word: str  # between equal discards
    lose_mark: str  # before a discard that leaves more shanten than the best (tables, cards, charts)
    others_note: str  # with {tiles}: those effective only after some of a row's equal discards
    discards_title: str  # with {n}: a complete hand's folded discard table
    # A big report's index of hands, each on its own page.
    index_title: str
    index_note: str
    hand_col: str
    verdict_col: str
    complete: str
    ready: str
    shanten_n: str  # with {n}
    form_regular: str
    form_chiitoitsu: str
    form_kokushi: str
    contents: str
    problems: str
    problems_intro: str
    line_col: str
    column_col: str
    error_col: str
    text_col: str
    rank_col: str
    discard_col: str
    shanten_col: str
    effective_col: str
    kinds_col: str
    count_col: str
    kinds_unit: str  # after a number of kinds
    count_unit: str  # after a number of tiles
    kinds_one: str  # after 1 (kind)
    count_one: str  # after 1 (tile)
    lose_ground: str  # with {n}
    waits: str
    any_tile: str
    effective: str
    winning_shape: str
    called: str
    line_n: str  # with {n}
    visible: str
    wild: str
    red_five: str  # with {suit}: the alt text of a red five
    wild_mark: str  # after a tile's name in its alt text
    hands_n: str  # with {n}
    problems_n: str  # with {n}
    hands_one: str  # one hand
    problems_one: str  # one problem
    badge_note: str
    problem_n: str  # with {n}: a quiz problem's heading
    ask_discard: str
    ask_waits: str
    ask_draws: str
    ask_complete: str
    answer: str
    answers: str
    # Answer-key reasons; {tile} {tiles} {shanten} {count} {other} {other_count} {worse} as named.
    reason_better: str
    reason_value: str  # with {tile} {points} {turn} {other} {other_points}: the best by expected points
    reason_safer: str  # with {tile} {chance} {other} {other_chance}: the judgement's first deals in less
    reason_judged: str  # with {tile} {count} {other} {other_count}: the judgement's first keeps fewer tiles
    reason_only: str
    reason_waits: str
    reason_draws: str
    reason_complete: str
    ask_value: str  # a complete hand with its situation: what is it worth?
    reason_score: str  # with {result} {points} {yaku}
    quiz_title: str  # with {n}: a quiz's title when none is given
    quiz_title_one: str  # the same for a quiz of one problem
    # The batch summary.
    summary: str
    hands_col: str
    share_col: str
    mean_effective: str  # with {n}
    best_discards: str
    best_discards_note: str
    # The outlook (--outlook).
    outlook: str
    improvement_col: str
    shape_col: str
    two_step_col: str
    tenpai_col: str  # with {turns}
    win_col: str  # with {turns}
    ready_title: str
    draw_col: str
    waits_col: str
    good: str
    bad: str
    shape_total: str  # with {good} {bad}
    improvements_title: str
    improvement_item: str  # with {count} {discard}
    practice: str  # with {games} {discard}
    practice_hand: str  # with {games}: a 3n+1 hand, no discard first
    practice_ready: str  # with {turn} {share}
    practice_won: str  # with {turn} {share}
    win_chart: str
    tenpai_chart: str
    bars_chart: str
    turns_axis: str
    chance_axis: str
    copies_axis: str
    estimated_key: str
    this_hand: str  # a 3n+1 hand's curve in a chart
    model: str  # with {unseen}
    model_choosing: str  # with {unseen}: the same where 手変わり or 向聴戻し applies (model_options says how)
    model_exact: str
    model_estimated: str  # with {games} {margin}
    # Expected points (the outlook of hands with values).
    points_col: str  # with {turns}
    points_chart: str
    points_axis: str
    best_title: str
    by_points: str  # with {turn}
    by_win: str  # with {turn}
    by_effective: str
    reason_points: str  # with {tile} {points} {turn} {other} {next}
    reason_worth: str  # with {win} {next_win} {win_tile} {worth} {next_worth}
    reason_also: str  # with {win}
    model_points: str  # with {dama}
    model_dama: str
    model_off: str  # with {switches}: the model's switches turned off
    switch_ippatsu: str
    switch_ura: str
    switch_reds: str
    switch_riichi: str
    model_options: str  # with {extra}: 手変わり and 向聴戻し on
    model_turn: str  # with {turn}: draws already made
    switch_tegawari: str
    switch_back: str
    choice_col: str  # with {turn}
    riichi_dama: str  # with {riichi} {dama} {better}
    better_riichi: str
    better_dama: str
    better_equal: str
    # GB (国标) rules.
    form_seven_pairs: str
    form_thirteen_orphans: str
    form_honors_knitted: str
    form_knitted_straight: str
    fans_title: str
    fan_col: str
    value_col: str
    times_col: str
    sets_col: str
    fan_total: str  # with {total}
    fan_flowers: str  # with {n}: how many of the total are flowers, written after the total
    can_win: str  # with {base}
    cannot_win: str  # with {base}
    wait_values_title: str
    self_drawn_col: str
    discard_win_col: str
    can_win_col: str
    yes: str
    no: str
    no_wait_wins: str

    legend: str  # the legend under a report, in Markdown

    def kinds(self, n: int) -> str:
        """Return a number of kinds with its unit: ``1 kind``, ``3 kinds``, ``3 种``."""
        return f"{n} {self.kinds_one if n == 1 else self.kinds_unit}"

    def tiles(self, n: int) -> str:
        """Return a number of tiles with its unit: ``1 tile``, ``8 tiles``, ``8 枚``."""
        return f"{n} {self.count_one if n == 1 else self.count_unit}"


class ValueWords(Words):
    """The words of a riichi hand's value in one language: limits, fu items, dora, notes (``[value]``)."""

    lang: str
    title: str  # the section's heading
    result_points: str  # with {result} {points}: a win's fu, han or limit, then its points
    situation: str  # before the situation's words
    yaku_col: str
    han_col: str
    fu_col: str
    tiles_col: str
    fu_item_col: str  # the fu table's first column: what each item is for
    dora: tuple[str, str, str, str]  # dora, red fives, ura dora, nukidora
    han: str  # with {n}
    fu: str  # with {n}
    points: str  # with {n}: a number of points
    pair: str  # with {other} {dealer}: a non-dealer's tsumo, what the others and the dealer pay
    each_all: str  # with {each}: the dealer's tsumo, what each of the three pays
    score: str  # with {fu} {han}: e.g. "30 fu 4 han"
    total: str  # with {n}: what the winner gains, sticks included
    limits: dict[str, str]  # mangan, ..., kazoe yakuman, yakuman, double yakuman ...
    many_yakuman: str  # with {n}: beyond the named multiples
    fu_items: dict[str, str]
    no_yaku: str  # a complete hand without a yaku
    notes: dict[str, str]  # by note: no yaku (open), no yaku (closed, dama), furiten
    waits_title: str
    wait_col: str
    left_col: str
    ron_col: str
    tsumo_col: str
    riichi_ron_col: str
    riichi_tsumo_col: str
    value_col: str  # the discard table's column: each wait's value on ron
    riichi_short: str  # with {points}: a wait that wins on ron only after riichi
    cannot: str  # a wait with no yaku at all
    furiten: str
    none_wins: str  # a ready hand none of whose waits can win
    # The situation of a win in words: place, how, flags (named as their yaku), honba, the indicators.
    winds: tuple[str, str, str, str]
    place: str  # with {round} {seat}
    by_ron: str
    by_tsumo: str
    honba: str  # with {n}
    sticks: str  # with {n}
    nuki: str  # with {n}
    indicators: str  # with {tiles} (pictured) {dora} (named)
    sep: str  # between the items of a list in running text


class ReviewWords(Words):
    """The words only a game review prints, in one language (``[review]``)."""

    lang: str
    title: str  # with {name}: the default report title
    summary: str
    players: str  # with {names}
    round_name: str  # with {wind} {number} {honba}
    winds: tuple[str, str, str, str]
    agreement: str  # with {rate} {agree} {judged} {same} {equal} {worse} {forced}
    nothing_judged: str
    losses: str  # with {shanten} {tiles}
    largest: str  # with {round} {player} {turn} {discard} {best} {loss}
    no_loss: str
    loss_shanten: str  # with {n}
    loss_tiles: str  # with {n}
    by_player: str
    by_round: str
    round_col: str
    player_col: str
    decisions_col: str
    agreement_col: str
    worse_col: str
    shanten_lost_col: str
    tiles_lost_col: str
    result_col: str
    kinds: dict[str, str]  # same, equal, worse, forced
    draws: dict[str, str]  # by Tenhou's name of a round with no win (流局, 九種九牌 …)
    player: dict[str, str]  # a player's card across games (``PLAYER_KEYS``)
    win_value: str  # with {value} {tenhou}: a win's value, then Tenhou's text where the log has it
    turn: str  # with {n}: the seat's n-th draw or call
    seat: str  # with {n}: a seat whose player has no name
    worse_not_tiles: str  # with {played} {count} {best}: worse, though it keeps as many tiles or more
    verdict_why: str  # with {line} {why}: a worse verdict, then what it loses on and its cost in points
    same: str  # with {played} {count}
    equal: str  # with {played} {best} {count}
    worse: str  # with {played} {count} {best} {best_count} {lost}
    worse_shanten: str  # with {played} {shanten} {lost} {best} {best_shanten} {best_count}
    forced: str  # with {played}
    declares_riichi: str
    furiten: str
    barred: str  # with {tiles}: kinds swap-calling bars
    waits_after: str  # with {tile} {waits}
    wait: str  # with {tile} {points} {left}
    wait_riichi: str  # with {tile} {points} {left}
    wait_none: str  # with {tile} {left}
    all_discards: str  # with {n}
    dealer: str  # with {player}
    dora: str
    win_ron: str  # with {winner} {source} {text}
    win_tsumo: str  # with {winner} {text}
    ours: str  # with {text} {check}
    agrees: str
    differs: str
    no_text: str
    cut_off: str  # the result of a round the log stops in
    legend_title: str
    legend: tuple[str, ...]
    # The plain-text summary (--format text): the counts, the losses, a line per round.
    text_decision: str  # with {n}: one decision
    text_decisions: str  # with {n}
    text_counts: str  # with {decisions} {same} {equal} {worse} {forced} {rate}
    text_losses: str  # with {shanten} {tiles} {largest}
    text_largest: str  # with {round} {player} {turn} {discard} {best} {lost}
    text_no_loss: str
    text_round: str  # with {round} {decisions} {rate} {shanten} {tiles} {result}, aligned in columns
    # The review page's mistakes view, the severity scale and the table at each decision.
    by_severity: str  # with {large} {medium} {small}
    costliest: str
    costly: str  # with {round} {player} {turn} {discard} {best} {loss}
    view_mistakes: str  # with {shown} {total}
    view_all: str  # with {total}
    folded: str  # with {n}: a run of decisions as good as the best, folded
    folded_one: str
    forced_run: str  # with {player} {first} {last} {n}: a seat's discards forced by riichi, folded
    forced_one: str  # with {player} {first}
    table: str
    table_counts: str  # with {sticks} {honba} {wall}
    riichi_word: str
    tsumogiri: str
    called: str
    nukidora: str  # a North set aside in three-player, shown with the calls
    river: str
    calls: str
    dealer_mark: str
    no_river: str
    reasons: str
    severity: dict[str, str]  # large, medium, small
    marks: dict[str, str]  # a text mark per severity, for readers who cannot tell the colours apart
    reason_fields: dict[str, str]  # a richer verdict's fields by key


class TenhouWords(Words):
    """The words of Tenhou's plain-text block (``打6m 摸[1m2m 16枚]``), whatever the report's language."""

    discard: str  # before a discarded tile
    draws: str  # before the tiles that advance the hand
    waits: str  # before the waits of a ready hand
    count: str  # with {n}: unseen copies
    forms: str  # with {best} {regular}: the shanten line when the regular form is behind
    points: str  # before a discard's ron values
    ron: str
    tsumo: str
    riichi_ron: str
    riichi_tsumo: str
    han: str  # the unit after a yaku's han, dropped in the yaku line (立直1)


class GBTextWords(Words):
    """The words of a GB plain-text block (``打E 听[SW 6张]``, ``花龙8 = 9番``), in one language."""

    discard: str  # with {tile}
    draws: str
    waits: str
    row: str  # with {word} {tiles} {count}: a discard's or the hand's tiles that advance it
    count: str  # with {n}
    forms: str  # with {best} {regular}
    fan: str  # with {name} {value}: one fan
    fan_times: str  # with {n}: after a fan counted more than once
    fan_sep: str  # between fans
    fans: str  # with {fans} {total}
    base: str  # with {base} {verdict}: the total without flowers and whether it may win
    can_win: str
    cannot_win: str
    wait_value: str  # with {tile} {self_drawn} {discard} {short}
    short: str  # after a wait that scores under 8


@cache
def _file(lang: str) -> dict[str, Any]:
    """Return one language's words file ``data/labels/<lang>.toml``, parsed (once per process)."""
    text = data_text(f"labels/{lang}.toml")
    return tomllib.loads(text)


# The words of a player's card: its title (with {name}) and intro (with {games}), its two tables' titles
# and rows, a note on what the rates count, and the games' heading.
PLAYER_KEYS = (
    "title",
    "intro",
    "play_title",
    "decisions",
    "agreement",
    "worse",
    "shanten_lost",
    "tiles_lost",
    "rounds_title",
    "rounds",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "average_win",
    "average_deal_in",
    "note",
    "games_title",
)


def _load(lang: str) -> tuple[Labels, ValueWords, ReviewWords]:
    """Read one language's words (every field must be there)."""
    data = dict(_file(lang))
    value, review = dict(data.pop("value")), dict(data.pop("review"))
    data.pop("tenhou", None), data.pop("gb_text", None)  # the plain-text blocks' words, read below
    data.pop("judgement", None)  # the judgement's words, read below
    value["dora"], value["winds"] = tuple(value["dora"]), tuple(value["winds"])
    review["winds"], review["legend"] = tuple(review["winds"]), tuple(review["legend"])
    if sorted(review["player"]) != sorted(PLAYER_KEYS):
        raise KeyError(f"{lang}.toml [review.player]: expected the keys {', '.join(PLAYER_KEYS)}")
    return Labels(lang=lang, **data), ValueWords(lang=lang, **value), ReviewWords(lang=lang, **review)


_WORDS = {lang: _load(lang) for lang in ("en", "zh", "ja")}
LANGUAGES = {lang: words[0] for lang, words in _WORDS.items()}
EN, ZH, JA = LANGUAGES["en"], LANGUAGES["zh"], LANGUAGES["ja"]
VALUE_WORDS = {lang: words[1] for lang, words in _WORDS.items()}
REVIEW_WORDS = {lang: words[2] for lang, words in _WORDS.items()}


TENHOU_WORDS = TenhouWords(**_file("ja")["tenhou"])
GB_TEXT_WORDS = {lang: GBTextWords(**_file(lang)["gb_text"]) for lang in LANGUAGES}


@dataclass(frozen=True)
class JudgementWords:
    """The judgement's words (``[judgement]``): the kind of a reason, the facts of a tile's danger."""

    lang: str
    lost: str  # {reason} {cost}
    lost_unknown: str  # {reason}
    terms: str  # {tile} {points} {chance} {danger}
    terms_unknown: str  # {tile} {chance} {danger}: where the points are not counted
    others_title: str
    danger_title: str
    riichi_tile: str
    safer: str  # {chance} {other} {next}
    reasons: dict[str, str]
    danger: dict[str, str]

    def danger_words(self, keys: Sequence[str]) -> str:
        """Return the danger reason keys in words: a risk type by its family (``suji-28``: suji)."""
        out = []
        for key in keys:
            if key in self.danger:
                out.append(self.danger[key])
                continue
            family, _, rest = key.partition("-left")[0].rpartition("-")
            if family in ("yakuhai", "guest-wind"):
                out.append(self.danger[family].format(n=rest))
            else:
                out.append(self.danger[_family(key)])
        return ", ".join(out)

    def verdict_words(self, reason: str, cost: float | None) -> str:
        """Return what a worse discard loses on: its kind and, where known, the points it gives up."""
        kind = self.reasons[reason]
        if cost is None:
            return self.lost_unknown.format(reason=kind)
        return self.lost.format(reason=kind, cost=f"{round(cost):,}")

    def terms_words(self, tile: str, points: float | None, chance: float, danger: Sequence[str]) -> str:
        """Return one discard's terms: its points, its deal-in chance and why (``9s: 1,180 points …``)."""
        danger_words = self.danger_words(danger)
        if points is None:
            return self.terms_unknown.format(tile=tile, chance=f"{chance:.0%}", danger=danger_words)
        return self.terms.format(
            tile=tile, points=f"{round(points):,}", chance=f"{chance:.0%}", danger=danger_words
        )


def _family(key: str) -> str:
    """Return a risk type's family: ``half-suji-46-outer`` gives ``half-suji``, ``suji-28`` ``suji``."""
    for family in ("double-suji", "half-suji", "no-suji", "suji"):
        if key.startswith(family + "-"):
            return family
    return key


JUDGEMENT_WORDS = {lang: JudgementWords(lang=lang, **_file(lang)["judgement"]) for lang in ("en", "zh", "ja")}


def judgement_words(lang: str) -> JudgementWords:
    """Return the judgement's words of a language (en, zh or ja)."""
    return JUDGEMENT_WORDS[lang]


def labels(lang: str) -> Labels:
    """Return the labels of a language (en, zh or ja)."""
    return LANGUAGES[lang]


def review_words(lang: str) -> ReviewWords:
    """Return the review words of a language (en, zh or ja)."""
    return REVIEW_WORDS[lang]


def shanten_words(shanten: int, words: Labels = EN) -> str:
    """Return a shanten in words: complete, ready, or N-shanten (in the language given)."""
    if shanten < 0:
        return words.complete
    return words.ready if shanten == 0 else words.shanten_n.format(n=shanten)
