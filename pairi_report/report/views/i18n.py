"""Report labels in English, Chinese and Japanese: every word a report prints, in one place.

Each language uses its own terms: shanten / 向听 / 向聴, effective tiles / 有效牌 / 受け入れ. Tile notation
(``5m``, ``7z``) and Tenhou's plain-text block stay as they are in every language.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Labels:
    """The words of one language."""

    lang: str
    complete: str
    ready: str
    shanten_n: str  # with {n}
    headline_standard: str  # the best of the forms, when the regular form is behind
    headline_regular: str
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
    reason_only: str
    reason_waits: str
    reason_draws: str
    reason_complete: str
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
    model_exact: str
    model_estimated: str  # with {games} {margin}
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


EN = Labels(
    lang="en",
    form_seven_pairs="seven pairs",
    form_thirteen_orphans="thirteen orphans",
    form_honors_knitted="honours and knitted",
    form_knitted_straight="knitted straight",
    fans_title="Fans (GB)",
    fan_col="Fan",
    value_col="Fans",
    times_col="Times",
    sets_col="Made by",
    fan_total="Total: {total} fans",
    fan_flowers=" ({n} of them flowers)",
    can_win="{base} fans without flowers: enough to win (8 needed)",
    cannot_win="Cannot win: under 8 fans ({base} without flowers)",
    wait_values_title="Waits and their value (GB)",
    self_drawn_col="Self-drawn",
    discard_win_col="On a discard",
    can_win_col="Can win",
    yes="yes",
    no="no",
    no_wait_wins="Cannot win: every wait scores under 8 fans (flowers not counted)",
    complete="complete",
    ready="ready",
    shanten_n="{n}-shanten",
    headline_standard="standard form ",
    headline_regular="regular form ",
    form_regular="regular",
    form_chiitoitsu="seven pairs",
    form_kokushi="thirteen orphans",
    contents="Contents",
    problems="Problems",
    problems_intro="These lines could not be analysed; every other line was.",
    line_col="Line",
    column_col="Column",
    error_col="Error",
    text_col="Text",
    rank_col="#",
    discard_col="Discard",
    shanten_col="Shanten",
    effective_col="Effective tiles",
    kinds_col="Kinds",
    count_col="Tiles",
    kinds_unit="kinds",
    count_unit="tiles",
    lose_ground="Discards that lose ground ({n})",
    waits="Waits",
    any_tile="any tile",
    effective="Effective tiles",
    winning_shape="Winning shape",
    called="called",
    line_n="line {n}",
    visible="visible",
    wild="wild",
    red_five="red 5{suit}",
    wild_mark=" (wild)",
    hands_n="{n} hands",
    problems_n="{n} problems",
    hands_one="1 hand",
    problems_one="1 problem",
    badge_note=(
        "A badge (a white star on red) marks a wild tile (混, 鬼, 癞子). It may stand for any tile, even a "
        "fifth copy; in a winning shape it is pictured as the tile it stands for."
    ),
    problem_n="Problem {n}",
    ask_discard="What do you discard?",
    ask_waits="What does it wait on?",
    ask_draws="Which draws advance it?",
    ask_complete="Is it complete? How does it split?",
    answer="Answer",
    answers="Answers",
    reason_better="discard {tile}: stays {shanten} with {count} tiles; {other} gives only {other_count}",
    reason_only="discard {tile}: stays {shanten} with {count} tiles; any other discard falls back to {worse}",
    reason_waits="{shanten}, waiting on {tiles}: {count} tiles left",
    reason_draws="{shanten}; {count} tiles advance it: {tiles}",
    reason_complete="complete: {tiles}",
    summary="Batch summary",
    hands_col="Hands",
    share_col="Share",
    mean_effective="Mean effective tiles: {n} (for a hand with a tile to discard, after its best discard)",
    best_discards="Most common best discards",
    best_discards_note="hands where the tile is among the best discards",
    outlook="Outlook",
    improvement_col="Improvement",
    shape_col="Good / bad shape",
    two_step_col="2-step avg.",
    tenpai_col="Tenpai by turn {turns}",
    win_col="Win by turn {turns}",
    ready_title="The best ready hand after each effective draw",
    draw_col="Draw",
    waits_col="Waits",
    good="good",
    bad="bad",
    shape_total="good shape {good} / bad shape {bad}",
    improvements_title="Improvement tiles",
    improvement_item="{count} effective (then discard {discard})",
    practice="In {games} practice games from this hand (the bot discards {discard} first):",
    practice_hand="In {games} practice games from this hand:",
    practice_ready="ready by turn {turn} in {share}",
    practice_won="won by turn {turn} in {share}",
    win_chart="Win chance by turn",
    tenpai_chart="Tenpai chance by turn",
    bars_chart="Effective and improvement tiles per discard",
    turns_axis="Draws (turns)",
    chance_axis="Chance (%)",
    copies_axis="Tile copies",
    estimated_key="dashed: estimated",
    this_hand="this hand",
    model=(
        "Chances by turn are for solo play: draws come from the {unseen} unseen tiles, no calls; a draw "
        "that does not lower the shanten is thrown away, one that does is kept with the discard that "
        "gives the best chance."
    ),
    model_exact="Chances without ≈ are exact.",
    model_estimated=(
        "Chances marked ≈ are estimated from {games} practice games per discard (95% interval within "
        "±{margin} points); the bot discards for the most effective tiles."
    ),
)

ZH = Labels(
    lang="zh",
    form_seven_pairs="七对",
    form_thirteen_orphans="十三幺",
    form_honors_knitted="全不靠",
    form_knitted_straight="组合龙",
    fans_title="番种（国标）",
    fan_col="番种",
    value_col="番数",
    times_col="次数",
    sets_col="牌组",
    fan_total="合计{total}番",
    fan_flowers="（其中花牌{n}番）",
    can_win="不计花牌{base}番：够8番起和",
    cannot_win="不能和牌：不足8番（不计花牌{base}番）",
    wait_values_title="和张与番数（国标）",
    self_drawn_col="自摸",
    discard_win_col="点和",
    can_win_col="可和",
    yes="是",
    no="否",
    no_wait_wins="不能和牌：每张和张都不足8番（不计花牌）",
    complete="和牌",
    ready="听牌",
    shanten_n="{n}向听",
    headline_standard="标准形",
    headline_regular="一般形",
    form_regular="一般形",
    form_chiitoitsu="七对",
    form_kokushi="十三幺",
    contents="目录",
    problems="无法分析的行",
    problems_intro="以下各行无法分析，其余各行均已分析。",
    line_col="行",
    column_col="列",
    error_col="错误",
    text_col="内容",
    rank_col="序",
    discard_col="打出",
    shanten_col="向听",
    effective_col="有效牌",
    kinds_col="种",
    count_col="张",
    kinds_unit="种",
    count_unit="张",
    lose_ground="向听数变差的打法（{n}）",
    waits="听牌",
    any_tile="任意牌",
    effective="有效牌",
    winning_shape="和牌形",
    called="副露",
    line_n="第{n}行",
    visible="已见",
    wild="癞子",
    red_five="红5{suit}",
    wild_mark="（癞子）",
    hands_n="{n}手牌",
    problems_n="{n}处问题",
    hands_one="1手牌",
    problems_one="1处问题",
    badge_note="红底白星的角标表示癞子（混、鬼）：它可以当作任何牌，甚至第五张；在和牌形中，它显示为所代替的牌。",
    problem_n="第{n}题",
    ask_discard="打哪张？",
    ask_waits="听什么牌？",
    ask_draws="哪些牌是有效牌？",
    ask_complete="和牌了吗？怎样拆分？",
    answer="答",
    answers="答案",
    reason_better="打{tile}：保持{shanten}，有效牌{count}张；打{other}只有{other_count}张",
    reason_only="打{tile}：保持{shanten}，有效牌{count}张；打其他牌会退到{worse}",
    reason_waits="{shanten}，听{tiles}：剩{count}张",
    reason_draws="{shanten}；有效牌{count}张：{tiles}",
    reason_complete="和牌：{tiles}",
    summary="批量统计",
    hands_col="手牌数",
    share_col="占比",
    mean_effective="平均有效牌：{n}张（需打牌的手牌按最佳打法计）",
    best_discards="最常见的最佳打牌",
    best_discards_note="该牌是最佳打牌之一的手牌数",
    outlook="展望",
    improvement_col="改良",
    shape_col="好型 / 愚型",
    two_step_col="两步平均",
    tenpai_col="{turns}巡内听牌",
    win_col="{turns}巡内和牌",
    ready_title="每张有效牌进张后的最佳听牌",
    draw_col="进张",
    waits_col="待牌",
    good="好型",
    bad="愚型",
    shape_total="好型{good}张 / 愚型{bad}张",
    improvements_title="改良牌",
    improvement_item="有效牌{count}张（再打{discard}）",
    practice="从此手牌练习{games}局（机器人先打{discard}）：",
    practice_hand="从此手牌练习{games}局：",
    practice_ready="第{turn}巡内听牌{share}",
    practice_won="第{turn}巡内和牌{share}",
    win_chart="各巡和牌率",
    tenpai_chart="各巡听牌率",
    bars_chart="各打法的有效牌与改良牌",
    turns_axis="摸牌数（巡）",
    chance_axis="概率（%）",
    copies_axis="张数",
    estimated_key="虚线：模拟估计",
    this_hand="此手牌",
    model=(
        "各巡概率按单人模型计算：从{unseen}张未见牌中摸牌，不吃碰；不能减少向听数的牌摸切，"
        "能减少的留下并打出使概率最高的牌。"
    ),
    model_exact="未标≈的概率为精确值。",
    model_estimated="标有≈的概率由每种打法{games}局练习估计（95%区间在±{margin}个百分点内）；机器人按有效牌最多打牌。",
)

JA = Labels(
    lang="ja",
    form_seven_pairs="七対",
    form_thirteen_orphans="十三幺",
    form_honors_knitted="全不靠",
    form_knitted_straight="組合龍",
    fans_title="番種（国標）",
    fan_col="番種",
    value_col="番数",
    times_col="回数",
    sets_col="構成",
    fan_total="合計{total}番",
    fan_flowers="（うち花牌{n}番）",
    can_win="花牌を除き{base}番：8番縛りを満たす",
    cannot_win="和了できません：8番未満（花牌を除き{base}番）",
    wait_values_title="待ちと番数（国標）",
    self_drawn_col="自摸",
    discard_win_col="栄和",
    can_win_col="和了可",
    yes="可",
    no="不可",
    no_wait_wins="和了できません：どの待ちも8番未満（花牌を除く）",
    complete="和了",
    ready="聴牌",
    shanten_n="{n}向聴",
    headline_standard="標準形",
    headline_regular="一般形",
    form_regular="一般形",
    form_chiitoitsu="七対子",
    form_kokushi="国士無双",
    contents="目次",
    problems="解析できない行",
    problems_intro="次の行は解析できませんでした。それ以外の行はすべて解析済みです。",
    line_col="行",
    column_col="列",
    error_col="エラー",
    text_col="内容",
    rank_col="順",
    discard_col="打牌",
    shanten_col="向聴",
    effective_col="受け入れ",
    kinds_col="種",
    count_col="枚",
    kinds_unit="種",
    count_unit="枚",
    lose_ground="向聴数が下がる打牌（{n}）",
    waits="待ち",
    any_tile="全種",
    effective="受け入れ",
    winning_shape="和了形",
    called="副露",
    line_n="{n}行目",
    visible="見えている牌",
    wild="万能牌",
    red_five="赤5{suit}",
    wild_mark="（万能牌）",
    hands_n="{n}手",
    problems_n="{n}件の問題",
    hands_one="1手",
    problems_one="1件の問題",
    badge_note="赤地に白い星の印は万能牌（混・鬼・癞子）です。どの牌の代わりにもなり、5枚目にもなれます。和了形では代わりの牌の絵で示します。",
    problem_n="第{n}問",
    ask_discard="何を切る？",
    ask_waits="待ちは？",
    ask_draws="受け入れは？",
    ask_complete="和了形？どう分解する？",
    answer="答え",
    answers="解答",
    reason_better="{tile}切り：{shanten}のまま受け入れ{count}枚。{other}切りでは{other_count}枚",
    reason_only="{tile}切り：{shanten}のまま受け入れ{count}枚。ほかの打牌では{worse}に戻る",
    reason_waits="{shanten}、待ちは{tiles}：残り{count}枚",
    reason_draws="{shanten}。受け入れ{count}枚：{tiles}",
    reason_complete="和了：{tiles}",
    summary="一括集計",
    hands_col="手牌数",
    share_col="割合",
    mean_effective="平均受け入れ：{n}枚（打牌する手牌は最善打牌の値）",
    best_discards="最善打牌の多い順",
    best_discards_note="その牌が最善打牌の一つである手牌の数",
    outlook="見通し",
    improvement_col="改良",
    shape_col="好形 / 愚形",
    two_step_col="2段階平均",
    tenpai_col="{turns}巡目まで聴牌",
    win_col="{turns}巡目まで和了",
    ready_title="有効牌ごとの最善の聴牌形",
    draw_col="ツモ",
    waits_col="待ち",
    good="好形",
    bad="愚形",
    shape_total="好形{good}枚 / 愚形{bad}枚",
    improvements_title="改良牌",
    improvement_item="受け入れ{count}枚（{discard}切り）",
    practice="この手牌から{games}回の練習対局（ボットはまず{discard}切り）：",
    practice_hand="この手牌から{games}回の練習対局：",
    practice_ready="{turn}巡目までに聴牌{share}",
    practice_won="{turn}巡目までに和了{share}",
    win_chart="巡目ごとの和了率",
    tenpai_chart="巡目ごとの聴牌率",
    bars_chart="打牌ごとの受け入れと改良",
    turns_axis="ツモ回数（巡）",
    chance_axis="確率（%）",
    copies_axis="枚数",
    estimated_key="破線：シミュレーション推定",
    this_hand="この手牌",
    model=(
        "巡目ごとの確率は一人麻雀のモデル：見えていない{unseen}枚からツモり、鳴きなし。向聴数が"
        "下がらないツモはツモ切り、下がるツモは残して確率が最も高くなる牌を切る。"
    ),
    model_exact="≈の付かない確率は厳密値。",
    model_estimated="≈の付いた確率は打牌ごとに{games}回の練習対局からの推定（95%区間は±{margin}ポイント以内）。ボットは受け入れ最大の牌を切る。",
)

LANGUAGES = {"en": EN, "zh": ZH, "ja": JA}


def labels(lang: str) -> Labels:
    """Return the labels of a language (en, zh or ja)."""
    return LANGUAGES[lang]


def headline(best: int, regular: int, words: Labels) -> str:
    """Return the shanten line as Tenhou builds it: the best form, and the regular form when it is behind.

    With the Japanese labels this is Tenhou's own line (標準形聴牌 / 一般形8向聴).
    """
    if regular == best:
        return shanten_words(best, words)
    standard = words.headline_standard + shanten_words(best, words)
    return f"{standard} / {words.headline_regular}{shanten_words(regular, words)}"


def shanten_words(shanten: int, words: Labels = EN) -> str:
    """Return a shanten in words: complete, ready, or N-shanten (in the language given)."""
    if shanten < 0:
        return words.complete
    return words.ready if shanten == 0 else words.shanten_n.format(n=shanten)
