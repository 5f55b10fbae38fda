"""GB scoring against a hand-written table: every fan, every rule point of gb-rules.md.

Each expectation below was worked out by hand from the rules (``../shared/domain/gb-rules.md`` and the
official exclusions, 不计), not copied from a program. A case names the EXACT fans of the best reading,
as ``{fan: count}`` (Chinese name or catalogue id), the total (flowers included) and, where it checks
one of the twelve "scoring points" of gb-rules.md, its number (``rule``).

Notation reminders: ``C F P`` = 中 发 白; the last concealed tile is the winning tile; the situation
``EE0000`` is prevalent wind, seat wind, then self-drawn, last copy (绝张), last tile of the wall (海底)
and kong (杠上开花 / 抢杠和). Without a situation the hand wins on a discard, East round, East seat.

PyMahjongGB (a test extra, through ``tests/oracles/gb.py``) is a second opinion; the
cases where it departs from the rules say so in ``peer`` and are expected to disagree.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import pytest
from oracles import requires
from oracles.gb import pmgb_fans

from pairi_report.core.errors import NotationError
from pairi_report.rules.gb.analysis import analyze_gb
from pairi_report.rules.gb.notation import GBHand, gb_tile_name, parse_gb
from pairi_report.rules.gb.score import GBOptions, score

RULES = range(1, 13)  # the "Scoring points" of gb-rules.md
MIXED = GBOptions(mixed_kongs=True)  # the default, as the seed scores
STRICT = GBOptions(mixed_kongs=False)


def _catalogue() -> list[dict]:
    text = resources.files("pairi_report").joinpath("data/gb_fans.json").read_text(encoding="utf-8")
    return json.loads(text)["fans"]


CATALOGUE = _catalogue()
ID_OF = {f["zh"]: f["id"] for f in CATALOGUE} | {f["id"]: f["id"] for f in CATALOGUE}
ZH_OF = {f["id"]: f["zh"] for f in CATALOGUE}


@dataclass(frozen=True)
class Case:
    """A complete hand, its exact fans and total, and what it tests."""

    text: str
    fans: dict[str, int]
    total: int
    note: str
    rule: int | None = None
    options: GBOptions = field(default_factory=GBOptions)
    peer: str | None = None  # why PyMahjongGB departs from the rules here, if it does


# fmt: off
CASES: tuple[Case, ...] = (
    # --- 88 ---------------------------------------------------------------------------------------
    Case("[EEE,1][SSS,2][WWW,3][NNN,1]5m5m", {"大四喜": 1, "混一色": 1, "全求人": 1}, 100,
         "big four winds drops the wind pungs, all pungs, pung of honours; melded hand drops single wait"),
    Case("[CCC,1][FFF,1][PPP,1]23m55m4m", {"大三元": 1, "混一色": 1}, 94,
         "big three dragons drops the dragon pungs; two-sided wait"),
    Case("[FFF,1]223344666s8s8s", {"绿一色": 1, "一般高": 1, "箭刻": 1}, 91,
         "all green drops half flush (and one voided suit) but keeps the Green dragon pung"),
    Case("1112345678999m5m", {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}, 91,
         "nine gates on 5m drops exactly one of its two terminal pungs", rule=1),
    Case("1112345678999m5m|EE1000", {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1, "自摸": 1}, 92,
         "nine gates self-drawn: 1112345678999 before the win; 自摸, not 不求人", rule=10),
    Case("1112345567899m9m", {"清一色": 1, "门前清": 1, "幺九刻": 2}, 28,
         "the same 14 tiles won on 9m are not nine gates (1112345567899 before); 999m is melded", rule=10),
    Case("[2222m][5555p,1][8888s,2][3333m,3]7p7p", {"四杠": 1, "断幺": 1}, 90,
         "four kongs drops every kong fan, all pungs and single wait"),
    Case("11223344556677m", {"连七对": 1}, 88,
         "seven shifted pairs drops seven pairs, full flush, concealed hand, no honours"),
    Case("22334455667788p|EE1000", {"连七对": 1, "断幺": 1, "自摸": 1}, 91,
         "seven shifted pairs self-drawn scores 自摸 (never 不求人) and keeps all simples", rule=3),
    Case("19m19p19sESWNCFP1m", {"十三幺": 1}, 88, "thirteen orphans on a discard"),
    Case("19m19p19sESWNCFP1m|EE1000", {"十三幺": 1, "自摸": 1}, 89,
         "thirteen orphans self-drawn: 自摸 only, no 不求人 or 门前清", rule=3),
    # --- 64 ---------------------------------------------------------------------------------------
    Case("[111m,1][111p,2][111s,3]999m9s9s", {"清幺九": 1, "三同刻": 1, "单钓将": 1}, 81,
         "all terminals keeps triple pung", rule=1),
    Case("[111m,1][111p,1][999m,1]999s1s1s", {"清幺九": 1, "单钓将": 1}, 65,
         "all terminals drops both double pungs (1m 1p, 9m 9s) and the terminal pungs", rule=1),
    Case("[EEE,1][SSS,2][WWW,3]234mNN|NN0000", {"小四喜": 1, "混一色": 1, "单钓将": 1}, 71,
         "little four winds drops big three winds and the pungs of honours"),
    Case("[CCC,1][FFF,2]234m56mPP7m", {"小三元": 1, "混一色": 1, "连六": 1}, 71,
         "little three dragons drops the dragon pungs"),
    Case("[EEE,1][SSS,2]CCCWWPPP|NN0000", {"字一色": 1, "双箭刻": 1}, 70,
         "all honours drops all pungs, outside hand, pungs of honours; keeps two dragon pungs"),
    Case("111m333p555s777s9m9m", {"四暗刻": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}, 67,
         "four concealed pungs on a discard, single wait"),
    Case("1122335778899m5m", {"一色双龙会": 1, "门前清": 1, "单钓将": 1}, 67,
         "pure terminal chows beats seven pairs and drops full flush, 一般高, 老少副"),
    # --- 48 / 32 ----------------------------------------------------------------------------------
    Case("[123s,1][123s,3]112233s5p5p", {"一色四同顺": 1, "平和": 1, "缺一门": 1, "单钓将": 1}, 52,
         "quadruple chow drops triple chow, pure double chow and tile hog"),
    Case("[222m,1][333m,1][444m,2]55m77p5m", {"一色四节高": 1, "断幺": 1, "缺一门": 1}, 51,
         "four pure shifted pungs 222 333 444 555; the 5m pung is completed on a discard", rule=9),
    Case("[222m,1][333m,1][444m,2]66m77p6m", {"一色三节高": 1, "碰碰和": 1, "断幺": 1, "缺一门": 1}, 33,
         "222 333 444 666 is only pure shifted pungs, not four", rule=9),
    Case("[123m,1][234m,1][345m,1]45m55p6m", {"一色四步高": 1, "平和": 1, "缺一门": 1}, 35,
         "four pure shifted chows drops 连六 (123-456)"),
    Case("[2222m][5555p,1][8888s,2]34s77m5s", {"三杠": 1, "断幺": 1}, 34,
         "three kongs drops the kong fans"),
    Case("[111m,1][999p,2][WWW,3]99sNNN", {"混幺九": 1}, 32,
         "all terminals and honours drops all pungs, outside hand and pungs of terminals"),
    # --- 24 ---------------------------------------------------------------------------------------
    Case("1122m3344p55557s7s", {"七对": 1, "四归一": 1, "无字": 1}, 27,
         "seven pairs with four 5s counts two pairs and adds tile hog", rule=3),
    Case("1122m3344p55557s7s|EE1000", {"七对": 1, "四归一": 1, "无字": 1, "自摸": 1}, 28,
         "seven pairs self-drawn: 自摸, not 不求人 or 门前清", rule=3),
    Case("ESWNCFP147m25p3s6s", {"七星不靠": 1}, 24,
         "greater honours and knitted tiles drops 全不靠, 五门齐, 门前清, single wait"),
    Case("ESWNCFP147m25p3s6s|EE1000", {"七星不靠": 1, "自摸": 1}, 25,
         "greater honours and knitted tiles self-drawn: 自摸 only", rule=3),
    Case("[222m,1][444p,1][666s,1]888m8p8p", {"全双刻": 1, "单钓将": 1}, 25,
         "all even pungs drops all pungs and all simples"),
    Case("[123m,1]12356m999m44m7m", {"清一色": 1, "一般高": 1, "幺九刻": 1}, 26,
         "full flush drops no honours; 4m/7m wait"),
    Case("[234p,1]234234p78s55s9s", {"一色三同顺": 1, "平和": 1, "缺一门": 1}, 27,
         "pure triple chow drops pure double chow"),
    Case("[789m,1][777p,2]789s888s9m9m", {"全大": 1, "四归一": 1, "喜相逢": 1, "单钓将": 1}, 28,
         "upper tiles drops upper four and no honours; 888s + 789s hold four 8s (tile hog)"),
    Case("[456m,1][444s,2]4566p555s6p", {"全中": 1, "喜相逢": 1}, 25,
         "middle tiles drops all simples; 3p/6p wait"),
    Case("[123m,1][123p,1]222s333s1p1p", {"全小": 1, "喜相逢": 1, "双暗刻": 1, "单钓将": 1}, 28,
         "lower tiles drops lower four and no honours"),
    # --- 16 ---------------------------------------------------------------------------------------
    Case("[123m,1]456m78m234s55s9m", {"清龙": 1, "平和": 1, "缺一门": 1}, 19,
         "pure straight drops 连六 and 老少副 on its chows"),
    Case("123789m123789p5s5s", {"三色双龙会": 1, "门前清": 1, "单钓将": 1}, 19,
         "three-suited terminal chows drops 喜相逢, 老少副, 平和, no honours"),
    Case("[123m,1]233445m78p55p9p", {"一色三步高": 1, "平和": 1, "缺一门": 1}, 19,
         "pure shifted chows 123 234 345"),
    Case("[456m,1][345p,1]555s55m56p7p", {"全带五": 1}, 16,
         "all fives drops all simples and no honours"),
    Case("[222m,1][222p,2]222s34s88p5s", {"三同刻": 1, "断幺": 1}, 18,
         "triple pung drops double pung; 2s/5s wait"),
    Case("222m444p678p66s88s8s|EE1000", {"三暗刻": 1, "断幺": 1, "不求人": 1}, 22,
         "a shanpon pung completed by self-draw is concealed: three concealed pungs", rule=7),
    Case("222m444p678p66s88s8s", {"双暗刻": 1, "断幺": 1, "门前清": 1}, 6,
         "the same pung completed on a discard is not concealed: two concealed pungs", rule=7),
    # --- 12 ---------------------------------------------------------------------------------------
    Case("147m258p369sESWNC", {"全不靠": 1, "组合龙": 1}, 24,
         "lesser honours and knitted tiles with a knitted straight", rule=4),
    Case("147m258p369sESWNC|EE1000", {"全不靠": 1, "组合龙": 1, "自摸": 1}, 25,
         "lesser honours and knitted tiles self-drawn: 自摸 only", rule=3),
    Case("14m258p369sESWNCF", {"全不靠": 1}, 12, "lesser honours and knitted tiles without 组合龙"),
    Case("147m258p369s444m5p5p", {"组合龙": 1, "四归一": 1, "门前清": 1, "无字": 1, "单钓将": 1}, 18,
         "knitted straight plus pung and pair: tile hog, no honours, concealed hand", rule=4),
    Case("147m258p369s67p33m8p", {"组合龙": 1, "平和": 1, "门前清": 1}, 16,
         "knitted straight plus chow and suited pair scores all chows", rule=4),
    Case("147m258p369sNNNCC", {"组合龙": 1, "五门齐": 1, "幺九刻": 1, "门前清": 1, "单钓将": 1}, 22,
         "knitted straight plus wind pung and dragon pair scores all types", rule=4),
    Case("[123m,1]147m28p369sEE5p", {"组合龙": 1}, 12,
         "a bare knitted straight hand (melded chow, honour pair) still scores 12", rule=4),
    Case("[678m,1][789p,1]666s789s9m9m", {"大于五": 1, "喜相逢": 1, "单钓将": 1}, 14,
         "upper four drops no honours"),
    Case("[123m,1][234p,1]234s111p4m4m", {"小于五": 1, "喜相逢": 1, "幺九刻": 1, "单钓将": 1}, 15,
         "lower four drops no honours"),
    Case("[EEE,1][SSS,2][WWW,3]23m55m4m|ES0000", {"三风刻": 1, "圈风刻": 1, "门风刻": 1, "混一色": 1}, 22,
         "big three winds and the prevalent/seat wind pungs score no pung of honours", rule=1),
    # --- 8 ----------------------------------------------------------------------------------------
    Case("[123m,1]345m456p88p78s9s", {"花龙": 1, "平和": 1}, 10, "mixed straight"),
    Case("[123p,1]345p456s888sPP", {"推不倒": 1, "单钓将": 1}, 9,
         "reversible tiles drops one voided suit"),
    Case("[234m,1][234p,1]234s66s78s9s", {"三色三同顺": 1, "平和": 1}, 10,
         "mixed triple chow drops 喜相逢 on its chows"),
    Case("[333m,1][444p,2]555s789m1s1s", {"三色三节高": 1, "无字": 1, "单钓将": 1}, 10,
         "mixed shifted pungs"),
    Case("[123m,1][456p,1][678s,2]23sEE4s", {"无番和": 1}, 8,
         "chicken hand: nothing else scores", rule=11),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE0000|3", {"无番和": 1, "花牌": 3}, 11,
         "flowers come on top of the chicken hand", rule=8),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE1000", {"自摸": 1}, 1,
         "the chicken hand self-drawn scores 自摸 and so is no chicken hand", rule=11),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE1010", {"妙手回春": 1}, 8,
         "last tile draw drops self-drawn"),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE0010", {"海底捞月": 1}, 8, "last tile claim"),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE0100", {"和绝张": 1}, 4, "last tile (flag)"),
    Case("[123m,1][456p,1][678s,2]23sEE4s|EE0001", {"抢杠和": 1}, 8, "robbing the kong"),
    Case("[234m,1]567p345s99m78s9s|EE0101", {"抢杠和": 1, "平和": 1}, 10,
         "robbing the kong drops last tile even when the last-copy flag is set", rule=6),
    Case("[5555p,1][123m,1][678s,2]23sEE4s|EE1001", {"杠上开花": 1, "明杠": 1}, 9,
         "out with replacement tile drops self-drawn"),
    # --- 6 and below ------------------------------------------------------------------------------
    Case("[222m,1][555p,2][888s,3]777mEE|EE0000|ab", {"碰碰和": 1, "单钓将": 1, "花牌": 2}, 9,
         "7 fans and two flowers: 9 in all, but it cannot win", rule=8),
    Case("[234m,1][666m,1]78mCCCEE9m", {"混一色": 1, "箭刻": 1}, 8,
         "half flush; a dragon pung scores 箭刻, not 幺九刻", rule=1),
    Case("[123m,1][234p,1]345s67s55m8s", {"三色三步高": 1, "平和": 1, "连六": 1}, 9,
         "mixed shifted chows; 2s/5s/8s wait"),
    Case("[234m,1]456p678sWWWCC", {"五门齐": 1, "幺九刻": 1, "单钓将": 1}, 8, "all types"),
    Case("[234m,1][456p,3][678s,1][CCC,2]5m5m", {"全求人": 1, "箭刻": 1}, 8,
         "melded hand drops single wait"),
    Case("[1111m][9999p]2345678s8s", {"双暗杠": 1, "幺九刻": 2, "连六": 1, "门前清": 1, "无字": 1}, 12,
         "two concealed kongs drop 双暗刻 and 暗杠; concealed kongs keep 门前清 and are terminal pungs",
         rule=1),
    Case("[2222m][8888p]666s34s77s5s", {"三暗刻": 1, "双暗杠": 1, "断幺": 1, "门前清": 1}, 26,
         "two concealed kongs and a concealed pung: 三暗刻 and 双暗杠, no 双暗刻", rule=1),
    Case("[CCC,1][FFF,2]123456m9p9p", {"双箭刻": 1, "连六": 1, "缺一门": 1, "单钓将": 1}, 9,
         "two dragon pungs drops dragon pung"),
    Case("[123m,1][789p,1]123s999s1m1m", {"全带幺": 1, "幺九刻": 1, "喜相逢": 1, "无字": 1, "单钓将": 1}, 8,
         "outside hand"),
    Case("[EEE,1][WWW,2]234m56p55s7p", {"圈风刻": 1, "门风刻": 1, "幺九刻": 1}, 5,
         "East (prevalent and seat) scores 圈风刻 + 门风刻, not 幺九刻; West scores 幺九刻", rule=1),
    Case("[2222m][5555p,1]345678s9m9m", {"明暗杠": 1, "连六": 1, "无字": 1, "单钓将": 1}, 8,
         "concealed and melded kong (optional) replaces 暗杠 + 明杠", options=MIXED),
    Case("[2222m][5555p,1]345678s9m9m", {"暗杠": 1, "明杠": 1, "连六": 1, "无字": 1, "单钓将": 1}, 6,
         "with the option off a concealed and a melded kong score 暗杠 + 明杠",
         peer="PyMahjongGB always scores the non-standard 明暗杠 (5) here", options=STRICT),
    Case("[2222m,1][5555p,6]345678s9m9m", {"双明杠": 1, "连六": 1, "无字": 1, "单钓将": 1}, 7,
         "an added kong is melded: two melded kongs, even with the 明暗杠 option", rule=7, options=MIXED),
    Case("[5555p,5]234m567m345s9s9s", {"明杠": 1, "连六": 1, "无字": 1, "单钓将": 1}, 4,
         "an added kong is a melded kong and breaks 门前清", rule=7),
    Case("[222m,1][222p,2]345s678s9s9s", {"双同刻": 1, "连六": 1, "无字": 1}, 4,
         "double pung; 6s/9s wait"),
    Case("[5555s]123m456m789p1p1p", {"暗杠": 1, "连六": 1, "门前清": 1, "无字": 1, "单钓将": 1}, 7,
         "a kong never counts for tile hog", rule=3),
    Case("[123m,1]789m456p234s8s8s", {"老少副": 1, "平和": 1, "单钓将": 1}, 4, "two terminal chows"),
    # --- waits ------------------------------------------------------------------------------------
    Case("12m456p789p234s55s3m", {"边张": 1, "平和": 1, "门前清": 1, "连六": 1}, 6,
         "edge wait: 12m waits only for 3m", rule=5),
    Case("13m456p789p234s55s2m", {"坎张": 1, "平和": 1, "门前清": 1, "连六": 1}, 6,
         "closed wait: 13m waits only for 2m", rule=5),
    Case("[3333m,1][456p,1][789s,1]1222m1m", {"明杠": 1, "单钓将": 1, "无字": 1}, 3,
         "1222m waits 1m and 3m, but all four 3m are held: one wait, single wait", rule=5,
         peer="PyMahjongGB counts the 3m held four times as a wait, so no 单钓将"),
    Case("[123p,1][789p,1]444m5m678s5m", {"老少副": 1, "无字": 1}, 2,
         "4445m waits 3m 5m 6m: winning on 5m as a pair is no single wait", rule=5),
    # --- account once, last copy ------------------------------------------------------------------
    Case("234567p23456s88m7s", {"平和": 1, "断幺": 1, "门前清": 1, "喜相逢": 2, "连六": 1}, 9,
         "account once: 234567p 234567s is 喜相逢 x2 + 连六 x1 (3 fans from four chows)", rule=2),
    Case("234s22334456p88m7p", {"平和": 1, "断幺": 1, "门前清": 1, "一般高": 1, "喜相逢": 1, "连六": 1}, 9,
         "account once: 234s 234p 234p 567p is 一般高 + 喜相逢 + 连六", rule=2),
    Case("[555p,1]234m678m34p99s5p", {"和绝张": 1, "四归一": 1, "无字": 1}, 7,
         "the other three 5p are in the hand's own pung: the winning 5p is the last copy (and a tile hog)"),
    Case("[234m,1][234p,1]2233445s5s", {"三色三同顺": 1, "一般高": 1, "平和": 1, "断幺": 1}, 13,
         "account once: the fourth chow 234s pairs once more (一般高), beating 22 345 345", rule=2),
    # --- more probes ------------------------------------------------------------------------------
    Case("1112345678999m1m", {"九莲宝灯": 1, "清龙": 1, "四归一": 1}, 106,
         "nine gates on 1m: 111 123 456 789 99, its only terminal pung dropped; 清龙, 四归一 kept",
         rule=1),
    Case("[WWW,1][NNN,2]234m56p55s7p|WN0000", {"圈风刻": 1, "门风刻": 1}, 4,
         "West round, North seat: 圈风刻 for West, 门风刻 for North, no 幺九刻", rule=1),
    Case("[5555p]222m345678s9s9s", {"双暗刻": 1, "暗杠": 1, "连六": 1, "门前清": 1, "无字": 1}, 8,
         "a concealed kong and a concealed pung are two concealed pungs", rule=1),
    Case("333m45m777p678s99s3m", {"双暗刻": 1, "四归一": 1, "门前清": 1, "无字": 1}, 7,
         "3m on a discard completes 345m, so 333m stays concealed", rule=7),
    Case("111m333p555s77s99m9m", {"三暗刻": 1, "碰碰和": 1, "幺九刻": 2, "门前清": 1, "无字": 1}, 27,
         "shanpon won on a discard: three concealed pungs, not four", rule=7),
    Case("111m333p555s77s99m9m|EE1000", {"四暗刻": 1, "幺九刻": 2, "无字": 1, "自摸": 1}, 68,
         "the same hand self-drawn: four concealed pungs (drops 不求人, so 自摸 counts)", rule=7),
    Case("[5555p]123m456m789s1s1s|EE1001", {"杠上开花": 1, "不求人": 1, "暗杠": 1, "连六": 1, "无字": 1,
                                           "单钓将": 1}, 17,
         "out with replacement tile and fully concealed hand both drop 自摸 and both count"),
    Case("12m456p789p234s55s3m|EE1010", {"妙手回春": 1, "不求人": 1, "边张": 1, "平和": 1, "连六": 1}, 16,
         "last tile draw with a fully concealed hand"),
    Case("[234m,1][456p,3][678s,1][CCC,2]5m5m|EE1000", {"箭刻": 1, "单钓将": 1, "自摸": 1}, 4,
         "four melds self-drawn is no melded hand (it needs a discard), so single wait counts"),
    Case("123m456p234s89s55m7s", {"花龙": 1, "平和": 1, "门前清": 1, "边张": 1}, 13,
         "edge wait 89s waiting only for 7s", rule=5),
    Case("[1111m,1]2344m567p789s4m", {"明杠": 1, "幺九刻": 1, "单钓将": 1, "无字": 1}, 4,
         "2344m waits 1m and 4m, but all four 1m are held: 4m is the one wait, a single wait", rule=5,
         peer="PyMahjongGB counts the 1m held four times as a wait, so no 单钓将"),
    Case("[1111m,1]23m567p789s55s4m", {"明杠": 1, "幺九刻": 1, "无字": 1}, 3,
         "23m with all four 1m held waits only for 4m, but 23 + 4 is no edge wait (only 12+3, 89+7)",
         rule=5),
    Case("147m258p369s46p99m5p", {"组合龙": 1, "平和": 1, "门前清": 1, "坎张": 1}, 17,
         "knitted straight with a closed wait 46p + 5p", rule=5),
    Case("1111m2222m3333p5s5s", {"七对": 1, "四归一": 3, "无字": 1}, 31,
         "seven pairs with three fours of a kind: three tile hogs", rule=3),
    Case("[222m,1][222p,2][555m,3]555s8p8p", {"碰碰和": 1, "双同刻": 2, "断幺": 1, "单钓将": 1}, 13,
         "two double pungs (2s and 5s)"),
    Case("[222m,1][333m,1][444m,1]444p6s6s", {"一色三节高": 1, "碰碰和": 1, "双同刻": 1, "断幺": 1,
                                              "单钓将": 1}, 35,
         "pure shifted pungs plus a double pung with a fourth pung", rule=2),
    Case("1199m1199pEESSCC", {"七对": 1, "混幺九": 1, "缺一门": 1}, 57,
         "seven pairs of terminals and honours: all terminals and honours"),
    Case("EESSWWNNCCFFPP", {"字一色": 1, "七对": 1}, 88, "seven pairs of honours: all honours"),
    Case("[5555s][123m,1][456p,1][789s,1]EE", {"花龙": 1, "暗杠": 1, "单钓将": 1}, 11,
         "a concealed kong is not claimed: no melded hand, so single wait counts", rule=7),
    Case("[222s,1][444s,1][666s,1]888s3s3s",
         {"绿一色": 1, "清一色": 1, "碰碰和": 1, "断幺": 1, "单钓将": 1}, 121,
         "all green without 发 is also a full flush (绿一色 drops only 混一色)"),
    Case("[1111m][3333p][5555s][7777m]9p9p", {"四杠": 1, "四暗刻": 1, "幺九刻": 1, "无字": 1}, 154,
         "four concealed kongs: four kongs and four concealed pungs"),
    Case("[EEE,1][SSS,2][WWW,3][NNN,1]CC", {"大四喜": 1, "字一色": 1, "全求人": 1}, 158,
         "big four winds with a dragon pair: all honours too"),
)
# fmt: on


@dataclass(frozen=True)
class WaitCase:
    """A 13-tile ready hand and every wait's value: (tile, self-drawn total, discard total)."""

    text: str
    waits: tuple[tuple[str, int, int], ...]
    note: str
    rule: int


WAIT_CASES: tuple[WaitCase, ...] = (
    WaitCase("[3333m,1]12m456p789p55s ", (), "the only wait, 3m, is held four times: no waits", 5),
    WaitCase(
        "[3333m,1][456p,1][789s,1]1222m ",
        (("1m", 4, 3),),
        "3m is held four times, so 1m is the one wait and scores 单钓将",
        5,
    ),
    WaitCase(
        "12m456p789p234s55s ",
        (("3m", 8, 6),),
        "one wait: 8 self-drawn (不求人 平和 连六 边张) can win, 6 on a discard cannot",
        12,
    ),
    WaitCase(
        "[234m,1]555p345s67s88m ",
        (("2s", 5, 4), ("5s", 3, 2), ("8s", 4, 3)),
        "every wait scores under 8 either way: the hand cannot win",
        12,
    ),
)

# Impossible situations: the parser rejects them (text, why, rule).
ERROR_CASES = (
    ("123m456p789s1122s2s|EE0100", "和绝张 on 2s while another 2s is concealed", 6),
    ("123m456p789s12s33s3s|EE0001", "抢杠和 on 3s while holding 3s: one cannot rob a kong of it", None),
    ("123m456p789s12s33s3s|EE1001", "杠上开花 without a kong", None),
)


def _ids(cases: tuple[Case, ...]) -> list[str]:
    return [f"{i:02d}-{c.note.split(':')[0][:50]}" for i, c in enumerate(cases)]


def _by_id(fans: dict[str, int]) -> dict[str, int]:
    return {ID_OF[name]: count for name, count in fans.items()}


def _params(reason: Callable[[Case], str | None]) -> list[Any]:
    """Return the cases as parameters, a strict xfail where ``reason`` gives one."""
    return [
        pytest.param(case, id=name, marks=[pytest.mark.xfail(strict=True, reason=why)] if why else [])
        for case, name in zip(CASES, _ids(CASES), strict=True)
        for why in [reason(case)]
    ]


@pytest.mark.parametrize("case", CASES, ids=_ids(CASES))
def test_case(case: Case) -> None:
    """Our scorer gives exactly the fans and total worked out by hand."""
    result = score(parse_gb(case.text), case.options)
    got = {f.id: f.count for f in result.fans}
    assert got == _by_id(case.fans), _describe(case, got)
    assert result.total == case.total
    flowers = case.fans.get("花牌", 0)
    assert result.base == case.total - flowers
    assert result.can_win == (case.total - flowers >= 8)


def _describe(case: Case, got: dict[str, int]) -> str:
    named = {ZH_OF[k]: v for k, v in got.items()}
    return f"{case.text}: got {named}, expected {case.fans} ({case.note})"


def test_table_is_consistent() -> None:
    """Every name in the table is a fan, and each total is the sum of the fans' values."""
    value = {f["id"]: f["value"] for f in CATALOGUE}
    for case in CASES:
        unknown = [name for name in case.fans if name not in ID_OF]
        assert not unknown, f"{case.text}: unknown fans {unknown}"
        assert sum(value[ID_OF[n]] * c for n, c in case.fans.items()) == case.total, case.text


def test_every_fan_is_covered() -> None:
    """Every fan of the catalogue (明暗杠 included) is expected in at least one case."""
    covered = {ID_OF[name] for case in CASES for name in case.fans}
    missing = [f["zh"] for f in CATALOGUE if f["id"] not in covered]
    assert not missing, f"no case expects {missing}"
    assert len(CATALOGUE) == 82


def test_every_rule_is_covered() -> None:
    """Every scoring point 1-12 of gb-rules.md is checked by at least one case."""
    labelled = {c.rule for c in CASES} | {w.rule for w in WAIT_CASES} | {e[2] for e in ERROR_CASES}
    assert set(RULES) <= labelled, f"rules without a case: {sorted(set(RULES) - labelled)}"


@pytest.mark.parametrize("case", WAIT_CASES, ids=[w.note[:50] for w in WAIT_CASES])
def test_wait_values(case: WaitCase) -> None:
    """A ready hand's waits (tiles held four times left out) and what each is worth."""
    analysis = analyze_gb(case.text)
    got = tuple((gb_tile_name(w.tile), w.self_drawn, w.discard) for w in analysis.value.waits)
    assert got == case.waits
    for wait in analysis.value.waits:
        assert wait.can_win_self_drawn == (wait.self_drawn >= 8)
        assert wait.can_win_discard == (wait.discard >= 8)


def test_every_wait_under_eight_cannot_win() -> None:
    """Scoring point 12: no wait of the hand reaches 8 fans, so no wait can win."""
    analysis = analyze_gb("[234m,1]555p345s67s88m ")
    assert analysis.value.waits
    assert not any(w.can_win for w in analysis.value.waits)


@pytest.mark.parametrize(("text", "why", "rule"), ERROR_CASES, ids=[e[0] for e in ERROR_CASES])
def test_impossible_situation_is_rejected(text: str, why: str, rule: int | None) -> None:
    """Scoring point 6: 和绝张 is impossible for a tile held concealed (and other impossible flags)."""
    with pytest.raises(NotationError):
        parse_gb(text)
    # the same tiles without the impossible flag are a valid hand
    assert score(parse_gb(text.split("|")[0])).total > 0


# --- PyMahjongGB, a second opinion -------------------------------------------------------------------


def peer_fans(hand: GBHand) -> dict[str, int]:
    """Return PyMahjongGB's fans of a complete hand as {catalogue id: count}."""
    return {ID_OF[zh]: count for zh, _value, count in pmgb_fans(hand)[1]}


@requires("MahjongGB")
@pytest.mark.parametrize("case", _params(lambda c: c.peer))
def test_peer_agrees(case: Case) -> None:
    """PyMahjongGB gives the same fans, except where a case says it departs from the rules."""
    assert peer_fans(parse_gb(case.text)) == _by_id(case.fans)


def test_every_fan_has_exactly_one_predicate() -> None:
    """The registry and the catalogue name the same fans (the 81 and 明暗杠)."""
    from pairi_report.rules.gb.fans import PREDICATES

    assert set(PREDICATES) == {f["id"] for f in CATALOGUE}
