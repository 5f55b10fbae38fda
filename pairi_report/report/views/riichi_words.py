"""The words of a riichi hand's value in English, Chinese and Japanese: limits, fu items, dora, notes.

The yaku bring their own names in each language (``data/riichi_yaku.json``); everything else a value
section prints is here. The plain-text block always uses the Japanese words, as Tenhou does.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ValueWords:
    """The words of one language."""

    lang: str
    title: str  # the section's heading
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


_NOTES_KEYS = ("no yaku: cannot win", "no yaku: riichi or tsumo needed", "furiten: ron is impossible")

EN = ValueWords(
    lang="en",
    title="Value",
    situation="Situation",
    yaku_col="Yaku",
    han_col="Han",
    fu_col="Fu",
    tiles_col="Tiles",
    fu_item_col="For",
    dora=("Dora", "Red fives", "Ura dora", "Nukidora"),
    han="{n} han",
    fu="{n} fu",
    points="{n:,}",
    pair="{other:,}/{dealer:,}",
    each_all="{each:,} all",
    score="{fu} fu {han} han",
    total="{n:,} points in all",
    limits={
        "mangan": "Mangan",
        "haneman": "Haneman",
        "baiman": "Baiman",
        "sanbaiman": "Sanbaiman",
        "kazoe yakuman": "Counted yakuman",
        "yakuman": "Yakuman",
        "double yakuman": "Double yakuman",
        "triple yakuman": "Triple yakuman",
    },
    many_yakuman="{n}× yakuman",
    fu_items={
        "base": "Base",
        "menzen_ron": "Closed hand, ron",
        "tsumo": "Tsumo",
        "open_pung": "Open pung",
        "concealed_pung": "Concealed pung",
        "open_kong": "Open kong",
        "concealed_kong": "Concealed kong",
        "pair": "Value pair",
        "kanchan": "Closed wait",
        "penchan": "Edge wait",
        "tanki": "Pair wait",
        "open_pinfu": "Open hand, no fu",
        "rounding": "Rounded up",
        "chiitoitsu": "Seven pairs",
    },
    no_yaku="No yaku: this hand cannot win",
    notes=dict(
        zip(
            _NOTES_KEYS,
            ("No yaku: cannot win", "No yaku: riichi or tsumo needed", "Furiten: no ron"),
            strict=True,
        )
    ),
    waits_title="What each wait is worth",
    wait_col="Wait",
    left_col="Left",
    ron_col="Ron",
    tsumo_col="Tsumo",
    riichi_ron_col="Riichi ron",
    riichi_tsumo_col="Riichi tsumo",
    value_col="Ron value",
    riichi_short="riichi {points}",
    cannot="no yaku",
    furiten="furiten",
    none_wins="No wait has a yaku: this hand cannot win as it stands",
)

ZH = ValueWords(
    lang="zh",
    title="点数",
    situation="场况",
    yaku_col="役",
    han_col="番",
    fu_col="符",
    tiles_col="牌",
    fu_item_col="来源",
    dora=("宝牌", "赤宝牌", "里宝牌", "拔北宝牌"),
    han="{n}番",
    fu="{n}符",
    points="{n}点",
    pair="{other}/{dealer}点",
    each_all="{each}点×3",
    score="{fu}符{han}番",
    total="共得{n}点",
    limits={
        "mangan": "满贯",
        "haneman": "跳满",
        "baiman": "倍满",
        "sanbaiman": "三倍满",
        "kazoe yakuman": "累计役满",
        "yakuman": "役满",
        "double yakuman": "双倍役满",
        "triple yakuman": "三倍役满",
    },
    many_yakuman="{n}倍役满",
    fu_items={
        "base": "底符",
        "menzen_ron": "门前荣和",
        "tsumo": "自摸",
        "open_pung": "明刻",
        "concealed_pung": "暗刻",
        "open_kong": "明杠",
        "concealed_kong": "暗杠",
        "pair": "役牌雀头",
        "kanchan": "嵌张听牌",
        "penchan": "边张听牌",
        "tanki": "单骑听牌",
        "open_pinfu": "副露平和形",
        "rounding": "进位",
        "chiitoitsu": "七对子",
    },
    no_yaku="无役：此手牌不能和牌",
    notes=dict(zip(_NOTES_KEYS, ("无役：不能和牌", "无役：需立直或自摸", "振听：不能荣和"), strict=True)),
    waits_title="各听牌的点数",
    wait_col="听牌",
    left_col="剩余",
    ron_col="荣和",
    tsumo_col="自摸",
    riichi_ron_col="立直荣和",
    riichi_tsumo_col="立直自摸",
    value_col="荣和点数",
    riichi_short="立直 {points}",
    cannot="无役",
    furiten="振听",
    none_wins="所有听牌都无役：此手牌现在不能和牌",
)

JA = ValueWords(
    lang="ja",
    title="点数",
    situation="状況",
    yaku_col="役",
    han_col="飜",
    fu_col="符",
    tiles_col="牌",
    fu_item_col="内訳",
    dora=("ドラ", "赤ドラ", "裏ドラ", "抜きドラ"),
    han="{n}飜",
    fu="{n}符",
    points="{n}点",
    pair="{other}-{dealer}点",
    each_all="{each}点オール",
    score="{fu}符{han}飜",
    total="計{n}点",
    limits={
        "mangan": "満貫",
        "haneman": "跳満",
        "baiman": "倍満",
        "sanbaiman": "三倍満",
        "kazoe yakuman": "数え役満",
        "yakuman": "役満",
        "double yakuman": "ダブル役満",
        "triple yakuman": "トリプル役満",
    },
    many_yakuman="{n}倍役満",
    fu_items={
        "base": "副底",
        "menzen_ron": "門前加符",
        "tsumo": "ツモ符",
        "open_pung": "明刻",
        "concealed_pung": "暗刻",
        "open_kong": "明槓",
        "concealed_kong": "暗槓",
        "pair": "役牌雀頭",
        "kanchan": "嵌張待ち",
        "penchan": "辺張待ち",
        "tanki": "単騎待ち",
        "open_pinfu": "喰い平和形",
        "rounding": "切り上げ",
        "chiitoitsu": "七対子",
    },
    no_yaku="役なし：和了できない",
    notes=dict(
        zip(
            _NOTES_KEYS,
            ("役なし：和了できない", "役なし：リーチかツモが必要", "フリテン：ロンできない"),
            strict=True,
        )
    ),
    waits_title="待ちごとの打点",
    wait_col="待ち",
    left_col="残り",
    ron_col="ロン",
    tsumo_col="ツモ",
    riichi_ron_col="リーチ・ロン",
    riichi_tsumo_col="リーチ・ツモ",
    value_col="ロン打点",
    riichi_short="リーチ {points}",
    cannot="役なし",
    furiten="フリテン",
    none_wins="どの待ちも役なし：このままでは和了できない",
)

VALUE_WORDS = {"en": EN, "zh": ZH, "ja": JA}


def limit_name(limit: str, words: ValueWords) -> str:
    """Return a limit's name in a language (``4x yakuman`` and beyond by number)."""
    if limit in words.limits:
        return words.limits[limit]
    multiple = {"quadruple": 4, "quintuple": 5, "sextuple": 6}.get(limit.split()[0])
    return words.many_yakuman.format(n=multiple or int(limit.split("x")[0]))
