"""The words of a game review in English, Chinese and Japanese: verdicts, losses, results, the legend.

The shared words (shanten, the discard table's columns) come from ``i18n``; the ones only a review
prints are here. Tile notation and Tenhou's scoring text stay as they are in every language.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReviewWords:
    """The words of one language."""

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
    turn: str  # with {n}: the seat's n-th draw or call
    seat: str  # with {n}: a seat whose player has no name
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
    legend_title: str
    legend: tuple[str, ...]


EN = ReviewWords(
    lang="en",
    title="Game review: {name}",
    summary="Summary",
    players="Players: {names}",
    round_name="{wind} {number}, {honba} honba",
    winds=("East", "South", "West", "North"),
    agreement="Agreement with the best discard: {rate} ({agree} of {judged}: {same} best, {equal} as good, "
    "{worse} worse; {forced} forced in riichi)",
    nothing_judged="No decision to judge: every discard was forced.",
    losses="Lost in all: {shanten} shanten and {tiles} tiles",
    largest="Largest loss: {round}, {player}, {turn}: {discard}; best {best} ({loss})",
    no_loss="No discard lost ground.",
    loss_shanten="−{n} shanten",
    loss_tiles="−{n} tiles",
    by_player="By player",
    by_round="By round",
    round_col="Round",
    player_col="Player",
    decisions_col="Decisions",
    agreement_col="Agreement",
    worse_col="Worse",
    shanten_lost_col="Shanten lost",
    tiles_lost_col="Tiles lost",
    result_col="Result",
    kinds={"same": "best", "equal": "as good", "worse": "worse", "forced": "forced"},
    turn="turn {n}",
    seat="seat {n}",
    same="{played}: the best discard, {count} tiles",
    equal="{played}: as good as {best}, {count} tiles",
    worse="{played}: {count} tiles, where {best} keeps {best_count} (−{lost})",
    worse_shanten="{played}: {shanten} (−{lost} shanten), where {best} stays {best_shanten} with "
    "{best_count} tiles",
    forced="{played}: in riichi, the drawn tile goes",
    declares_riichi="declares riichi",
    furiten="furiten",
    barred="swap-calling bars {tiles}",
    waits_after="Waits after {tile}: {waits}",
    wait="{tile} {points} ({left} left)",
    wait_riichi="{tile} riichi {points} ({left} left)",
    wait_none="{tile} no yaku ({left} left)",
    all_discards="All discards ({n})",
    dealer="dealer {player}",
    dora="Dora indicators",
    win_ron="{winner} wins from {source}: {text}",
    win_tsumo="{winner} wins by tsumo: {text}",
    ours="Scored from the replay: {text} ({check})",
    agrees="as Tenhou wrote",
    differs="Tenhou wrote otherwise",
    no_text="the log carries no scoring text",
    legend_title="How to read this review",
    legend=(
        "Each discard is set against the best by effective tiles, with everything visible at that moment "
        "(rivers, melds, dora indicators) counted as gone.",
        "best: the top row of the discard table; as good: the same shanten and as many tiles; worse: "
        "fewer tiles (−n) or a lost shanten; forced: in riichi, the drawn tile must go (left out of the "
        "agreement).",
        "In each picture the best discards are outlined in green and the tile played is marked with a red "
        "pointer. After a chi or pon, the kinds that swap-calling bars are not counted as best.",
        "Wait values are the hand's own points on ron (and with riichi where dama has no yaku), before "
        "honba and riichi sticks.",
    ),
)

ZH = ReviewWords(
    lang="zh",
    title="牌谱复盘：{name}",
    summary="概要",
    players="玩家：{names}",
    round_name="{wind}{number}局 {honba}本场",
    winds=("东", "南", "西", "北"),
    agreement="与最佳打牌一致率：{rate}（{judged} 次中 {agree} 次：最佳 {same}、等效 {equal}、较差 {worse}；"
    "立直后被迫 {forced}）",
    nothing_judged="没有可判断的打牌：每一张都是被迫打出。",
    losses="合计损失：{shanten} 向听、{tiles} 张",
    largest="最大损失：{round}，{player}，{turn}：打 {discard}，最佳为 {best}（{loss}）",
    no_loss="没有打牌损失进张。",
    loss_shanten="退 {n} 向听",
    loss_tiles="−{n} 张",
    by_player="按玩家",
    by_round="按局",
    round_col="局",
    player_col="玩家",
    decisions_col="打牌",
    agreement_col="一致率",
    worse_col="较差",
    shanten_lost_col="向听损失",
    tiles_lost_col="进张损失",
    result_col="结果",
    kinds={"same": "最佳", "equal": "等效", "worse": "较差", "forced": "被迫"},
    turn="第 {n} 巡",
    seat="{n} 号位",
    same="{played}：最佳打牌，有效牌 {count} 张",
    equal="{played}：与 {best} 等效，有效牌 {count} 张",
    worse="{played}：有效牌 {count} 张，打 {best} 则有 {best_count} 张（−{lost}）",
    worse_shanten="{played}：{shanten}（退 {lost} 向听），打 {best} 则保持{best_shanten}、{best_count} 张",
    forced="{played}：立直后只能摸切",
    declares_riichi="立直宣言",
    furiten="振听",
    barred="禁止食替 {tiles}",
    waits_after="打 {tile} 后的听牌：{waits}",
    wait="{tile} {points}点（剩 {left} 张）",
    wait_riichi="{tile} 立直 {points}点（剩 {left} 张）",
    wait_none="{tile} 无役（剩 {left} 张）",
    all_discards="全部打牌（{n}）",
    dealer="庄家 {player}",
    dora="宝牌指示牌",
    win_ron="{winner} 荣和（{source} 放铳）：{text}",
    win_tsumo="{winner} 自摸和：{text}",
    ours="由牌谱重算：{text}（{check}）",
    agrees="与天凤一致",
    differs="与天凤不一致",
    no_text="牌谱没有点数记载",
    legend_title="怎样读这份复盘",
    legend=(
        "每一次打牌都与按有效牌最佳的打牌比较；当时可见的牌（牌河、副露、宝牌指示牌）都算作已不在。",
        "最佳：打牌表的第一行；等效：向听和有效牌张数相同；较差：有效牌更少（−n）或退向听；"
        "被迫：立直后只能打摸到的牌（不计入一致率）。",
        "每张手牌图中，最佳打牌用绿框标出，实际打出的牌上方有红色箭头。吃碰之后，禁止食替的牌不算最佳。",
        "听牌的点数是这手牌本身荣和的点数（默听无役时为立直后的点数），不含本场和立直棒。",
    ),
)

JA = ReviewWords(
    lang="ja",
    title="牌譜検討：{name}",
    summary="まとめ",
    players="対局者：{names}",
    round_name="{wind}{number}局 {honba}本場",
    winds=("東", "南", "西", "北"),
    agreement="最善打牌との一致率：{rate}（{judged} 回中 {agree} 回：最善 {same}・同等 {equal}・"
    "劣る {worse}、リーチ後の強制 {forced}）",
    nothing_judged="判定する打牌がありません（すべてリーチ後の強制）。",
    losses="ロスの合計：{shanten} 向聴・{tiles} 枚",
    largest="最大のロス：{round}、{player}、{turn}：{discard} 切り、最善は {best}（{loss}）",
    no_loss="ロスのある打牌はありません。",
    loss_shanten="{n} 向聴戻し",
    loss_tiles="−{n} 枚",
    by_player="対局者別",
    by_round="局別",
    round_col="局",
    player_col="対局者",
    decisions_col="打牌",
    agreement_col="一致率",
    worse_col="劣る",
    shanten_lost_col="向聴ロス",
    tiles_lost_col="枚数ロス",
    result_col="結果",
    kinds={"same": "最善", "equal": "同等", "worse": "劣る", "forced": "強制"},
    turn="{n} 巡目",
    seat="{n} 番席",
    same="{played}：最善の打牌、受け入れ {count} 枚",
    equal="{played}：{best} と同等、受け入れ {count} 枚",
    worse="{played}：受け入れ {count} 枚、{best} 切りなら {best_count} 枚（−{lost}）",
    worse_shanten="{played}：{shanten}（{lost} 向聴戻し）、{best} 切りなら{best_shanten}・{best_count} 枚",
    forced="{played}：リーチ後はツモ切り",
    declares_riichi="リーチ宣言",
    furiten="フリテン",
    barred="喰い替え禁止 {tiles}",
    waits_after="{tile} 切りの待ち：{waits}",
    wait="{tile} {points}点（残り {left} 枚）",
    wait_riichi="{tile} リーチ {points}点（残り {left} 枚）",
    wait_none="{tile} 役なし（残り {left} 枚）",
    all_discards="全打牌（{n}）",
    dealer="親 {player}",
    dora="ドラ表示牌",
    win_ron="{winner} の和了（放銃 {source}）：{text}",
    win_tsumo="{winner} のツモ和了：{text}",
    ours="牌譜から再計算：{text}（{check}）",
    agrees="天鳳と一致",
    differs="天鳳と不一致",
    no_text="牌譜に点数の記載なし",
    legend_title="この検討の読み方",
    legend=(
        "各打牌を、その時点で見えている牌（河・副露・ドラ表示牌）を除いた受け入れ枚数で最善の打牌と比べます。",
        "最善：打牌表の一行目。同等：向聴数と受け入れ枚数が同じ。劣る：受け入れが少ない（−n）か向聴戻し。"
        "強制：リーチ後はツモ牌を切るしかない（一致率に含めない）。",
        "手牌の図では最善の打牌を緑の枠で、実際に切った牌を赤い矢印で示します。チー・ポンの直後は喰い替えになる牌を最善に数えません。",
        "待ちの点数はその手のロン和了の点数（ダマで役がなければリーチ後）で、本場・供託は含みません。",
    ),
)

LANGUAGES = {"en": EN, "zh": ZH, "ja": JA}


def review_words(lang: str) -> ReviewWords:
    """Return the review words of a language (en, zh or ja)."""
    return LANGUAGES[lang]
