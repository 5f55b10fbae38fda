"""Riichi hand values against a hand-worked table: every yaku and yakuman, every fu item, each cap.

Every expectation here was worked out by hand from ``../shared/domain/riichi-scoring.md`` (Tenhou's
ranked rules) before any program ran; the comment beside each case is the working. The points use
b = fu x 2^(han+2) (capped): a non-dealer's ron is 4b, a dealer's 6b; on a non-dealer's tsumo the
dealer pays 2b and the others b each; on the dealer's tsumo each pays 2b; each payment rounded up to
100. Honba add 300 to a ron and 100 to each tsumo payment; riichi sticks (1,000 each) go to the winner.

The hand's last concealed tile is the winning tile (``win`` names it again). Situations default to
East round, South seat (a non-dealer), ron. In the fu workings "+10" is menzen kafu (closed ron) and
"c"/"o" mark a concealed / open set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from payments import dealer_tsumo, ron, tsumo

from pairi_report.core.notation import Hand
from pairi_report.core.tiles import parse_tile
from pairi_report.rules.riichi.scoring import DEFAULT, Options, parse_situation, score


@dataclass(frozen=True)
class Case:
    """A complete hand with the exact yaku (id: han), han, fu, points and limit of its best reading."""

    hand: str
    win: str
    situation: str
    yaku: dict[str, int]
    han: int
    fu: int
    points: dict[str, Any]
    limit: str | None = None
    options: Options = DEFAULT
    fu_items: list[tuple[str, str, int]] | None = None  # (id, tiles, fu), any order
    total: int | None = None  # what the winner gains, sticks included, when the case checks it
    dora: dict[str, int] | None = None


DOUBLE = Options(double_yakuman=True)
KIRIAGE = Options(kiriage=True)

# fmt: off
CASES: dict[str, Case] = {
    # --- 1 han -----------------------------------------------------------------------------------------
    # 123m 456m 789p 234s 99s, 3s completes 24s: kanchan. Riichi only. 20 +10 +2 kanchan = 32 -> 40.
    # 1 han 40 fu: b = 320, ron 1280 -> 1300.
    "riichi": Case("123456m789p2499s3s", "3s", "riichi", {"riichi": 1}, 1, 40, ron(1300)),
    # Same with ippatsu and tsumo: 20 +2 tsumo +2 kanchan = 24 -> 30. 3 han 30: b = 960; dealer 1920 ->
    # 2000, others 960 -> 1000.
    "ippatsu": Case("123456m789p2499s3s", "3s", "riichi ippatsu tsumo",
                    {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1}, 3, 30, tsumo(2000, 1000)),
    # Menzen tsumo alone: 1 han 30 fu, b = 240: dealer 480 -> 500, others 240 -> 300 (each rounded up).
    "menzen tsumo": Case("123456m789p2499s3s", "3s", "tsumo", {"menzen_tsumo": 1}, 1, 30, tsumo(500, 300)),
    # The same hand won on a discard with no riichi has no yaku: it cannot win.
    "no yaku closed ron": Case("123456m789p2499s3s", "3s", "", {}, 0, 40, ron(None)),
    # Pinfu: 123m 456m 789p 234s (23s + 4s, two-sided) 99s. Ron: 30 fu. b = 240, ron 960 -> 1000.
    "pinfu ron": Case("123456m789p2399s4s", "4s", "", {"pinfu": 1}, 1, 30, ron(1000),
                      fu_items=[("base", "", 20), ("menzen_ron", "", 10)]),
    # Pinfu tsumo is 20 fu exactly (no tsumo fu): 2 han 20 fu, b = 320: 640 -> 700, 320 -> 400.
    "pinfu tsumo": Case("123456m789p2399s4s", "4s", "tsumo", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20,
                        tsumo(700, 400), fu_items=[("base", "", 20)]),
    # The dealer's pinfu ron: 6 x 240 = 1440 -> 1500.
    "dealer ron": Case("123456m789p2399s4s", "4s", "seat=E", {"pinfu": 1}, 1, 30, ron(1500)),
    # The dealer's pinfu tsumo: each pays 2 x 320 = 640 -> 700; with 3 honba 700 + 300 = 1000 each.
    "dealer tsumo": Case("123456m789p2399s4s", "4s", "seat=E tsumo", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20,
                         dealer_tsumo(700)),
    "dealer tsumo honba": Case("123456m789p2399s4s", "4s", "seat=E tsumo honba=3",
                               {"pinfu": 1, "menzen_tsumo": 1}, 2, 20, dealer_tsumo(1000), total=3000),
    # Iipeikou: 123m 123m 456p 789s (79s + 8s, kanchan) 44z (North: no fu for seat S, round E).
    # 20 +10 +2 = 32 -> 40; b = 320, 1300.
    "iipeikou": Case("112233m456p79s44z8s", "8s", "", {"iipeikou": 1}, 1, 40, ron(1300)),
    # Tanyao closed: 234m 567m 345p 678s 88p, won on 8p (tanki). 20 +10 +2 = 32 -> 40: 1300.
    "tanyao": Case("234567m3458p678s8p", "8p", "", {"tanyao": 1}, 1, 40, ron(1300)),
    # Open tanyao (kuitan, Tenhou: yes): [234m] 567m 345p 678s 88p tanki. 20 +2 = 22 -> 30: b = 240, 1000.
    "open tanyao": Case("[234m,1]567m3458p678s8p", "8p", "", {"tanyao": 1}, 1, 30, ron(1000)),
    # Without open tanyao that hand has no yaku.
    "no open tanyao": Case("[234m,1]567m3458p678s8p", "8p", "", {}, 0, 30, ron(None),
                           options=Options(open_tanyao=False)),
    # Haku: [555z] open honour pung 4; 234m 456p 22p 789s (78s + 9s, two-sided). 20 +4 = 24 -> 30: 1000.
    "haku": Case("[555z,2]234m456p2278s9s", "9s", "", {"haku": 1}, 1, 30, ron(1000)),
    # Hatsu: 666z concealed (8); 123m 456p 11s 789s (78s + 9s two-sided). 20 +10 +8 = 38 -> 40: 1300.
    "hatsu": Case("123m456p11s78s666z9s", "9s", "", {"hatsu": 1}, 1, 40, ron(1300)),
    # Chun by shanpon ron: 777z completed by the discard counts open (4, not 8). 123m 456p 789s 11s.
    # 20 +10 +4 = 34 -> 40: 1300.
    "chun ron shanpon": Case("123m456p789s11s77z7z", "7z", "", {"chun": 1}, 1, 40, ron(1300),
                             fu_items=[("base", "", 20), ("menzen_ron", "", 10), ("open_pung", "777z", 4),
                                       ("rounding", "", 6)]),
    # The same by tsumo: the pung stays concealed (8). 20 +2 +8 = 30. 2 han 30: b = 480, 1000 / 500.
    "chun tsumo shanpon": Case("123m456p789s11s77z7z", "7z", "tsumo", {"chun": 1, "menzen_tsumo": 1}, 2, 30,
                               tsumo(1000, 500)),
    # Round wind East (round E, seat S): [111z] open honour 4; 234m 55m (won on 5m, tanki 2) 567p 678s.
    # 20 +4 +2 = 26 -> 30: 1000.
    "round wind": Case("[111z,3]2345m567p678s5m", "5m", "", {"round_wind": 1}, 1, 30, ron(1000)),
    # The dealer in the East round: East is round and seat wind, 2 han. 30 fu, b = 480; 6b = 2880 -> 2900.
    "double wind pung": Case("[111z,3]2345m567p678s5m", "5m", "round=E seat=E",
                             {"round_wind": 1, "seat_wind": 1}, 2, 30, ron(2900)),
    # Seat wind South for seat S: [222z] the same way, 1 han 30: 1000.
    "seat wind": Case("[222z,1]2345m567p678s5m", "5m", "", {"seat_wind": 1}, 1, 30, ron(1000)),
    # Haitei: [789m] 123p 456s 789s 44z, tsumo on 4z (tanki). 20 +2 tsumo +2 tanki = 24 -> 30.
    # b = 240: 500 / 300.
    "haitei": Case("[789m,3]123p456789s4z4z", "4z", "tsumo haitei", {"haitei": 1}, 1, 30, tsumo(500, 300)),
    # Houtei: the same by ron. 20 +2 = 22 -> 30: 1000.
    "houtei": Case("[789m,3]123p456789s4z4z", "4z", "houtei", {"houtei": 1}, 1, 30, ron(1000)),
    # Rinshan: [7777m] open simple kong 8; tsumo on 4z tanki. 20 +2 +8 +2 = 32 -> 40 (Tenhou gives the
    # tsumo fu after a kan). b = 320: 640 -> 700, 320 -> 400.
    "rinshan": Case("[7777m,1]123p456789s4z4z", "4z", "tsumo rinshan", {"rinshan": 1}, 1, 40, tsumo(700,
                    400)),
    # Rinshan with a concealed kong: closed, so menzen tsumo too. [7777m] concealed simple kong 16;
    # 123p 11m 456s 789s (78s + 9s). 20 +2 +16 = 38 -> 40. 2 han 40: b = 640, 1300 / 700.
    "rinshan concealed kong": Case("[7777m]123p11m456s78s9s", "9s", "tsumo rinshan",
                                   {"menzen_tsumo": 1, "rinshan": 1}, 2, 40, tsumo(1300, 700)),
    # Chankan: [789m] 123p 456s 789s (78s + 9s two-sided) 44z, on a robbed 9s. 20 -> 30 (open): 1000.
    "chankan": Case("[789m,3]123p45678s44z9s", "9s", "chankan", {"chankan": 1}, 1, 30, ron(1000)),

    # --- 2 han -----------------------------------------------------------------------------------------
    # Double riichi on the riichi hand: 2 han 40 fu, b = 640: 2560 -> 2600.
    "double riichi": Case("123456m789p2499s3s", "3s", "double-riichi", {"double_riichi": 2}, 2, 40,
                          ron(2600)),
    # Chiitoitsu: 11m 33m 55p 77p 22s 44z 66z, 25 fu, no rounding. b = 25 x 16 = 400: 1600.
    "chiitoitsu": Case("1133m5577p22s446z6z", "6z", "", {"chiitoitsu": 2}, 2, 25, ron(1600),
                       fu_items=[("chiitoitsu", "", 25)]),
    # With riichi and tsumo: 4 han 25 fu is not a mangan: b = 1600; 3200 / 1600.
    "chiitoitsu riichi tsumo": Case("1133m5577p22s446z6z", "6z", "riichi tsumo",
                                    {"riichi": 1, "menzen_tsumo": 1, "chiitoitsu": 2}, 4, 25, tsumo(3200,
                                    1600)),
    # Tanyao chiitoitsu: 3 han 25: b = 800, 3200.
    "tanyao chiitoitsu": Case("224466m3355p778s8s", "8s", "", {"tanyao": 1, "chiitoitsu": 2}, 3, 25,
                              ron(3200)),
    # Sanshoku: 123m 123p 123s (12s + 3s: penchan) 789m 55p. 20 +10 +2 = 32 -> 40. b = 640: 2600.
    "sanshoku": Case("123789m12355p12s3s", "3s", "", {"sanshoku": 2}, 2, 40, ron(2600),
                     fu_items=[("base", "", 20), ("menzen_ron", "", 10), ("penchan", "3s", 2),
                               ("rounding", "", 8)]),
    # Open sanshoku is 1 han: 20 +2 = 22 -> 30: 1000.
    "open sanshoku": Case("[123m,1]789m12355p12s3s", "3s", "", {"sanshoku": 1}, 1, 30, ron(1000)),
    # Ittsu with pinfu: 123p 456p 789p 11m 345s (34s + 5s). 3 han 30: b = 960, 3840 -> 3900.
    "ittsu": Case("123456789p11m34s5s", "5s", "", {"ittsu": 2, "pinfu": 1}, 3, 30, ron(3900)),
    # Open ittsu (1 han) in the open pinfu shape: 20 fu would be 30. b = 240: 1000.
    "open ittsu, open pinfu shape": Case("[123p,1]456789p11m34s5s", "5s", "", {"ittsu": 1}, 1, 30, ron(1000),
                                         fu_items=[("base", "", 20), ("open_pinfu", "", 10)]),
    # The same by tsumo: 20 +2 = 22 -> 30 (the rounding, not the open pinfu rule). b = 240: 500 / 300.
    "open tsumo": Case("[123p,1]456789p11m34s5s", "5s", "tsumo", {"ittsu": 1}, 1, 30, tsumo(500, 300),
                       fu_items=[("base", "", 20), ("tsumo", "", 2), ("rounding", "", 8)]),
    # Chanta: 123m (12m + 3m penchan) 999m (c terminal 8) 789p 123s 44z. 20 +10 +2 +8 = 40. 2 han 40: 2600.
    "chanta": Case("12999m789p123s44z3m", "3m", "", {"chanta": 2}, 2, 40, ron(2600)),
    # Toitoi: [222m] o2, [555p] o2, 888s c4, 777p by ron o2, 99m. 20 +2 +2 +4 +2 = 30. b = 480: 1920 ->
    # 2000.
    "toitoi": Case("[222m,1][555p,3]99m77p888s7p", "7p", "", {"toitoi": 2}, 2, 30, ron(2000)),
    # Sanankou with tanyao: 222m 444p 666s (c4 each) 345m (34m + 5m) 88s. 20 +10 +12 = 42 -> 50.
    # 3 han 50: b = 1600, 6400.
    "sanankou": Case("22234m444p66688s5m", "5m", "", {"sanankou": 2, "tanyao": 1}, 3, 50, ron(6400)),
    # Four concealed pungs, the fourth completed by ron: it counts open, so sanankou and toitoi, not
    # suuankou. 222m 444p 666s c4 each, 888s o2, 99p. 20 +10 +12 +2 = 44 -> 50. 4 han 50: b = 3200 ->
    # mangan, 8000.
    "ron on the pung: sanankou": Case("222m44499p66688s8s", "8s", "", {"sanankou": 2, "toitoi": 2}, 4, 50,
                                      ron(8000), "mangan"),
    # Sanshoku doukou, sanankou, tanyao: 222m 222p 222s (c4 each) 456m (45m + 6m) 88p. 5 han: mangan.
    # 20 +10 +12 = 42 -> 50.
    "sanshoku doukou": Case("22245m22288p222s6m", "6m", "", {"sanshoku_doukou": 2, "sanankou": 2,
                            "tanyao": 1},
                            5, 50, ron(8000), "mangan"),
    # Sankantsu: [2222m] c simple kong 16, [6666p] o 8, [7777s] added (open) 8, 345m (34m + 5m), 99p.
    # 20 +16 +8 +8 = 52 -> 60. 2 han 60: b = 960, 3840 -> 3900.
    "sankantsu": Case("[2222m][6666p,1][7777s,5]34m99p5m", "5m", "", {"sankantsu": 2}, 2, 60, ron(3900),
                      fu_items=[("base", "", 20), ("concealed_kong", "2222m", 16), ("open_kong", "6666p", 8),
                                ("open_kong", "7777s", 8), ("rounding", "", 8)]),
    # Shousangen with two dragon pungs: [555z] o4, 666z c8, 77z pair 2, 456m, 789p (78p + 9p). 2 +1 +1 =
    # 4 han; 20 +4 +8 +2 = 34 -> 40. 4 han 40 fu: b = 2560 -> mangan, 8000.
    "shousangen": Case("[555z,1]456m78p66677z9p", "9p", "", {"shousangen": 2, "haku": 1, "hatsu": 1}, 4, 40,
                       ron(8000), "mangan"),
    # Honroutou and toitoi, not chanta: [111m] o4, [999p] o4, 111s c8, 444z by ron o4, 99s.
    # 20 +4 +4 +8 +4 = 40. 4 han 40: mangan.
    "honroutou toitoi": Case("[111m,1][999p,2]111s99s44z4z", "4z", "", {"honroutou": 2, "toitoi": 2}, 4, 40,
                             ron(8000), "mangan"),
    # Honroutou seven pairs: 4 han 25 fu, b = 1600: 6400.
    "honroutou chiitoitsu": Case("1199m1199p11s447z7z", "7z", "", {"chiitoitsu": 2, "honroutou": 2}, 4, 25,
                                 ron(6400)),

    # --- 3 and 6 han ------------------------------------------------------------------------------------
    # Ryanpeikou (not iipeikou, not chiitoitsu) with pinfu and tanyao: 234m x2, 678p x2, 55s; 8p two-sided.
    # 3 +1 +1 = 5 han: mangan. (As seven pairs: 2 +1 = 3 han 25 fu, less.)
    "ryanpeikou": Case("223344m66778p55s8p", "8p", "", {"ryanpeikou": 3, "pinfu": 1, "tanyao": 1}, 5, 30,
                       ron(8000), "mangan"),
    # Junchan: 123m (12m + 3m penchan) 789m 789p 999s (c8) 11p. 20 +10 +2 +8 = 40. 3 han 40: b = 1280,
    # 5120 -> 5200.
    "junchan": Case("12789m11789p999s3m", "3m", "", {"junchan": 3}, 3, 40, ron(5200)),
    # Open junchan, 2 han: 20 +2 +8 = 30. b = 480: 2000.
    "open junchan": Case("[789m,1]12m11789p999s3m", "3m", "", {"junchan": 2}, 2, 30, ron(2000)),
    # Honitsu: 123m 345m (35m + 4m kanchan) 666m c4 99m 333z (West: no yakuhai) c8.
    # 20 +10 +2 +4 +8 = 44 -> 50. 3 han 50: b = 1600, 6400.
    "honitsu": Case("1233566699m333z4m", "4m", "", {"honitsu": 3}, 3, 50, ron(6400)),
    # Open honitsu, 2 han: 20 +2 +4 +8 = 34 -> 40. b = 640: 2600.
    "open honitsu": Case("[123m,1]3566699m333z4m", "4m", "", {"honitsu": 2}, 2, 40, ron(2600)),
    # Chinitsu (not honitsu): 222m 345m (35m + 4m kanchan) 567m 888m 99m. 6 han: haneman 12000.
    # 20 +10 +2 +4 +4 = 40.
    "chinitsu": Case("2223556788899m4m", "4m", "", {"chinitsu": 6}, 6, 40, ron(12000), "haneman"),
    # Open chinitsu, 5 han: mangan. 20 +2 +4 +4 = 30.
    "open chinitsu": Case("[567m,1]2223588899m4m", "4m", "", {"chinitsu": 5}, 5, 30, ron(8000), "mangan"),
    # Chinitsu with riichi and tsumo: 8 han, baiman: 8000 / 4000.
    "baiman": Case("2223556788899m4m", "4m", "riichi tsumo", {"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6},
                   8, 40, tsumo(8000, 4000), "baiman"),
    # The dealer's chinitsu tsumo: 7 han, haneman: 6000 from each.
    "dealer haneman tsumo": Case("2223556788899m4m", "4m", "seat=E tsumo", {"menzen_tsumo": 1, "chinitsu": 6},
                                 7, 40, dealer_tsumo(6000), "haneman"),
    # 2233445566778m + 8m reads 234 234 678 678 55 (or 22 345 345 678 678) with a two-sided 8m:
    # chinitsu 6 + ryanpeikou 3 + tanyao 1 + pinfu 1 = 11: sanbaiman 24000. (88 as the pair: no pinfu, 10.)
    "sanbaiman": Case("2233445566778m8m", "8m", "", {"chinitsu": 6, "ryanpeikou": 3, "tanyao": 1, "pinfu": 1},
                      11, 30, ron(24000), "sanbaiman"),
    # With riichi and tsumo: 13 han, a counted (kazoe) yakuman: 16000 / 8000. Pinfu tsumo: 20 fu.
    "kazoe yakuman": Case("2233445566778m8m", "8m", "riichi tsumo",
                          {"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6, "ryanpeikou": 3, "tanyao": 1,
                          "pinfu": 1},
                          13, 20, tsumo(16000, 8000), "kazoe yakuman"),
    # Without kazoe yakuman 13 han is a sanbaiman: 12000 / 6000.
    "no kazoe": Case("2233445566778m8m", "8m", "riichi tsumo",
                     {"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6, "ryanpeikou": 3, "tanyao": 1,
                     "pinfu": 1},
                     13, 20, tsumo(12000, 6000), "sanbaiman", options=Options(kazoe_yakuman=False)),

    # --- Yakuman -------------------------------------------------------------------------------------
    # Kokushi won on 9m, a single wait (the pair 1m was already there): 13 han, no fu. 32000.
    "kokushi": Case("11m19p19s1234567z9m", "9m", "", {"kokushi": 13}, 13, 0, ron(32000), "yakuman",
                    fu_items=[]),
    # Thirteen-sided kokushi (won on the tile that makes the pair): one yakuman in Tenhou.
    "kokushi 13-sided": Case("19m19p19s1234567z1m", "1m", "", {"kokushi_13": 13}, 13, 0, ron(32000),
                             "yakuman"),
    "kokushi 13-sided double": Case("19m19p19s1234567z1m", "1m", "", {"kokushi_13": 26}, 26, 0, ron(64000),
                                    "double yakuman", options=DOUBLE),
    # The dealer's kokushi with one honba: 48000 + 300.
    "dealer kokushi honba": Case("11m19p19s1234567z9m", "9m", "seat=E honba=1", {"kokushi": 13}, 13, 0,
                                 ron(48300), "yakuman"),
    # Suuankou by tsumo on the pung wait: 222m 444p 666s 888s c4 each, 99p. 20 +2 +16 = 38 -> 40.
    # 16000 / 8000.
    "suuankou": Case("222m44499p66688s8s", "8s", "tsumo", {"suuankou": 13}, 13, 40, tsumo(16000, 8000),
                     "yakuman"),
    # Suuankou tanki by ron on 9s: 111m c8, 333p c4, 666s c4, 222z c8, tanki 2: 20 +10 +24 +2 = 56 -> 60.
    "suuankou tanki": Case("111m333p666s9s222z9s", "9s", "", {"suuankou_tanki": 13}, 13, 60, ron(32000),
                           "yakuman"),
    "suuankou tanki double": Case("111m333p666s9s222z9s", "9s", "", {"suuankou_tanki": 26}, 26, 60,
                                  ron(64000),
                                  "double yakuman", options=DOUBLE),
    # Daisangen: [555z] o4, [666z] o4, 777z c8, 123m (12m + 3m penchan), 99p. 20 +16 +2 = 38 -> 40.
    "daisangen": Case("[555z,1][666z,2]12m99p777z3m", "3m", "", {"daisangen": 13}, 13, 40, ron(32000),
                      "yakuman"),
    # Shousuushii: [111z] o4, [222z] o4, 333z c8, 44z, 123m penchan. 20 +16 +2 = 38 -> 40.
    "shousuushii": Case("[111z,1][222z,2]12m333z44z3m", "3m", "", {"shousuushii": 13}, 13, 40, ron(32000),
                        "yakuman"),
    # Daisuushii: one yakuman in Tenhou, two with the option. [111z][222z][333z] o4 each, 444z c8, 55m
    # tanki: 20 +12 +8 +2 = 42 -> 50.
    "daisuushii": Case("[111z,1][222z,2][333z,3]5m444z5m", "5m", "", {"daisuushii": 13}, 13, 50, ron(32000),
                       "yakuman"),
    "daisuushii double": Case("[111z,1][222z,2][333z,3]5m444z5m", "5m", "", {"daisuushii": 26}, 26, 50,
                              ron(64000), "double yakuman", options=DOUBLE),
    # Tsuuiisou (shousangen and toitoi do not count beside it): [111z] o4, 222z c8, 555z c8, 777z by ron
    # o4, 66z pair 2: 20 +24 +2 = 46 -> 50.
    "tsuuiisou": Case("[111z,1]222z555z66z77z7z", "7z", "", {"tsuuiisou": 13}, 13, 50, ron(32000), "yakuman"),
    # All honours as seven pairs is tsuuiisou (one yakuman), 25 fu.
    "tsuuiisou chiitoitsu": Case("1122334455667z7z", "7z", "", {"tsuuiisou": 13}, 13, 25, ron(32000),
                                 "yakuman"),
    # Chinroutou: [111m] o4, 999m c8, 111p c8, 111s by ron o4, 99s. 20 +24 = 44 -> 50.
    "chinroutou": Case("[111m,1]999m111p99s11s1s", "1s", "", {"chinroutou": 13}, 13, 50, ron(32000),
                       "yakuman"),
    # Ryuuiisou: 222s c4, 234s, 666s c4, 888s c4, 66z tanki (dragon pair 2): 20 +10 +12 +2 +2 = 46 -> 50.
    "ryuuiisou": Case("222234666888s6z6z", "6z", "", {"ryuuiisou": 13}, 13, 50, ron(32000), "yakuman"),
    # Nine gates won on 9m: the hand was 1112345567899m, so the extra 5m is not the winning tile. It reads
    # 111 234 678 999 55 only; 999m by ron o4: 20 +10 +8 +4 = 42 -> 50.
    "chuuren": Case("1112345567899m9m", "9m", "", {"chuuren": 13}, 13, 50, ron(32000), "yakuman"),
    # Pure nine gates: 1112345678999m waited on all nine, won on 5m (tanki): 20 +10 +8 +8 +2 = 48 -> 50.
    "junsei chuuren": Case("1112345678999m5m", "5m", "", {"junsei_chuuren": 13}, 13, 50, ron(32000),
                           "yakuman"),
    "junsei chuuren double": Case("1112345678999m5m", "5m", "", {"junsei_chuuren": 26}, 26, 50, ron(64000),
                                  "double yakuman", options=DOUBLE),
    # Suukantsu: [1111m] c32, [2222p] o8, [3333s] added o8, [4444z] c32, 55z pair 2, tanki 2:
    # 20 +80 +4 = 104 -> 110.
    "suukantsu": Case("[1111m][2222p,1][3333s,5][4444z]5z5z", "5z", "", {"suukantsu": 13}, 13, 110,
                      ron(32000),
                      "yakuman"),
    # Tenhou (the dealer's first draw): only the yakuman counts. 16000 from each.
    "tenhou": Case("123456m789p2399s4s", "4s", "seat=E tsumo tenhou", {"tenhou": 13}, 13, 20,
                   dealer_tsumo(16000),
                   "yakuman"),
    # Chiihou (a non-dealer's first draw): 16000 / 8000.
    "chiihou": Case("123456m789p2399s4s", "4s", "tsumo chiihou", {"chiihou": 13}, 13, 20, tsumo(16000, 8000),
                    "yakuman"),
    # Yakuman add up: daisangen and tsuuiisou, 64000. [555z] o4, 111z c8, 666z c8, 777z c8, 22z (South:
    # seat wind pair 2) tanki 2: 20 +28 +4 = 52 -> 60.
    "two yakuman": Case("[555z,1]111z666z777z2z2z", "2z", "", {"daisangen": 13, "tsuuiisou": 13}, 26, 60,
                        ron(64000), "double yakuman"),

    # --- Fu item by item -------------------------------------------------------------------------------
    # [2222m] c simple kong 16, [777p] o simple pung 2, [1111s] o terminal kong 16, 999m c terminal 8,
    # 55z dragon pair 2, tanki 2: 20 +16 +2 +16 +8 +2 +2 = 66 -> 70. Toitoi, 2 han 70: b = 1120,
    # 4480 -> 4500.
    "every set fu": Case("[777p,1][1111s,2][2222m]999m5z5z", "5z", "", {"toitoi": 2}, 2, 70, ron(4500),
                         fu_items=[("base", "", 20), ("concealed_kong", "2222m", 16), ("open_pung", "777p",
                         2),
                                   ("open_kong", "1111s", 16), ("concealed_pung", "999m", 8),
                                   ("pair", "55z", 2), ("tanki", "5z", 2), ("rounding", "", 4)]),
    # A double wind pair is 4 fu in Tenhou: the dealer in the East round, 11z. 111m c8, 456p, 234s
    # (23s + 4s), 789s. Riichi: 20 +10 +8 +4 = 42 -> 50. 1 han 50: b = 400, 6b = 2400.
    "double wind pair": Case("111m456p23789s11z4s", "4s", "round=E seat=E riichi", {"riichi": 1}, 1, 50,
                             ron(2400), fu_items=[("base", "", 20), ("menzen_ron", "", 10),
                                                  ("concealed_pung", "111m", 8), ("pair", "11z", 4),
                                                  ("rounding", "", 8)]),
    # With the pair at 2 fu the same hand is 40: b = 320, 6b = 1920 -> 2000.
    "double wind pair 2 fu": Case("111m456p23789s11z4s", "4s", "round=E seat=E riichi", {"riichi": 1}, 1, 40,
                                  ron(2000), options=Options(double_wind_fu=2)),
    # The winning tile read two ways: 456m + 567m with 6m. In 456m it is two-sided (pinfu); in 567m a
    # kanchan (no yaku without riichi). Best: pinfu, 1 han 30 fu: 1000.
    "two-sided beats kanchan": Case("45567m23499p678s6m", "6m", "", {"pinfu": 1}, 1, 30, ron(1000)),
    # With riichi: two-sided 2 han 30 (b = 480, 2000) beats kanchan 1 han 40 (1300).
    "two-sided beats kanchan riichi": Case("45567m23499p678s6m", "6m", "riichi", {"riichi": 1, "pinfu": 1}, 2,
                                           30, ron(2000)),
    # ... but a kanchan can be worth more fu: 456m 567m 999p c8 234s 55z (dragon pair 2), riichi.
    # Two-sided: 20 +10 +8 +2 = 40 (1300); kanchan: 42 -> 50 (b = 400, 1600). Best: the kanchan.
    "kanchan beats two-sided": Case("45567m999p234s55z6m", "6m", "riichi", {"riichi": 1}, 1, 50, ron(1600)),
    # Pung or chows: 111222333m 456p 55s won on 3m. Tsumo: as pungs, sanankou + menzen tsumo, 20 +2 +8 +4
    # +4 = 38 -> 40, 3 han 40 (b = 1280: 2600 / 1300); as chows, iipeikou + tsumo with a penchan, 2 han 30.
    "pungs beat chows": Case("11122233m456p55s3m", "3m", "tsumo", {"sanankou": 2, "menzen_tsumo": 1}, 3, 40,
                             tsumo(2600, 1300)),
    # By ron the third pung counts open, so the pung reading (found first) has no yaku; the chows give
    # iipeikou, 20 +10 +2 penchan = 32 -> 40: 1300. The best reading is not the first found.
    "chows beat pungs": Case("11122233m456p55s3m", "3m", "", {"iipeikou": 1}, 1, 40, ron(1300)),

    # --- Caps and rounding -----------------------------------------------------------------------------
    # 3 han 70 fu is a mangan: [1111m] c terminal kong 32, 999p c8, 234s 567s (56s + 7s), 88p.
    # 20 +10 +32 +8 = 70. Riichi, ippatsu, dora 2s (indicator 1s): 3 han; b = 2240 -> 2000: 8000.
    "3 han 70 fu": Case("[1111m]88999p23456s7s", "7s", "riichi ippatsu dora=1s", {"riichi": 1,
                        "ippatsu": 1}, 3,
                        70, ron(8000), "mangan", dora={"dora": 1, "red": 0, "ura": 0, "nuki": 0}),
    # 3 han 60 fu is not: [2222m] c16, 999p c8, 234s 567s (57s + 6s kanchan 2), 88p: 20 +10 +16 +8 +2 = 56
    # -> 60. b = 1920: 7680 -> 7700.
    "3 han 60 fu": Case("[2222m]88999p23457s6s", "6s", "riichi ippatsu dora=1s", {"riichi": 1,
                        "ippatsu": 1}, 3,
                        60, ron(7700)),
    # ... unless kiriage mangan is on.
    "3 han 60 fu kiriage": Case("[2222m]88999p23457s6s", "6s", "riichi ippatsu dora=1s",
                                {"riichi": 1, "ippatsu": 1}, 3, 60, ron(8000), "mangan", options=KIRIAGE),
    # 4 han 30 fu: riichi, pinfu, tanyao, dora 2p (indicator 1p). b = 1920: 7700; the dealer 11520 -> 11600.
    "4 han 30 fu": Case("234567m2355p678s4p", "4p", "riichi dora=1p", {"riichi": 1, "pinfu": 1,
                        "tanyao": 1}, 4,
                        30, ron(7700)),
    "4 han 30 fu dealer": Case("234567m2355p678s4p", "4p", "seat=E riichi dora=1p",
                               {"riichi": 1, "pinfu": 1, "tanyao": 1}, 4, 30, ron(11600)),
    "4 han 30 fu kiriage": Case("234567m2355p678s4p", "4p", "riichi dora=1p",
                                {"riichi": 1, "pinfu": 1, "tanyao": 1}, 4, 30, ron(8000), "mangan",
                                options=KIRIAGE),
    # A red five is a dora: the same hand with 0m and no indicator, 4 han 30 fu: 7700.
    "red five": Case("234067m2355p678s4p", "4p", "riichi", {"riichi": 1, "pinfu": 1, "tanyao": 1}, 4, 30,
                     ron(7700), dora={"dora": 0, "red": 1, "ura": 0, "nuki": 0}),
    # Kan dora add indicators, each counted: two 7p indicators make 8p a dora twice; 88p holds two.
    # Tanyao 1 + 4 = 5 han: mangan.
    "two indicators": Case("234567m3458p678s8p", "8p", "dora=7p,7p", {"tanyao": 1}, 5, 40, ron(8000),
                           "mangan",
                           dora={"dora": 4, "red": 0, "ura": 0, "nuki": 0}),
    # Ura dora count after riichi: ura indicator 8s, 99s held: riichi 1 + ura 2 = 3 han 40: b = 1280, 5200.
    "ura dora": Case("123456m789p2499s3s", "3s", "riichi dora=2z ura=8s", {"riichi": 1}, 3, 40, ron(5200),
                     dora={"dora": 0, "red": 0, "ura": 2, "nuki": 0}),
    # ... and not without: tanyao 1 han 40 (the ura indicator 7p would make 88p two dora): 1300.
    "ura without riichi": Case("234567m3458p678s8p", "8p", "dora=2z ura=7p", {"tanyao": 1}, 1, 40, ron(1300),
                               dora={"dora": 0, "red": 0, "ura": 0, "nuki": 0}),
    # Dora are no yaku: an open hand without one cannot win, however many dora it holds (indicator 3z).
    "dora are no yaku": Case("[789m,3]123p456789s4z4z", "4z", "dora=3z", {}, 0, 30, ron(None),
                             dora={"dora": 0, "red": 0, "ura": 0, "nuki": 0}),
    # A North set aside (nukidora) is a dora: riichi 1 + 1 = 2 han 40: 2600.
    "nukidora": Case("123456m789p2499s3s", "3s", "riichi nuki=1", {"riichi": 1}, 2, 40, ron(2600),
                     dora={"dora": 0, "red": 0, "ura": 0, "nuki": 1}),

    # --- Payments ------------------------------------------------------------------------------------
    # Ron with 2 honba and 1 stick: 1300 + 600 = 1900 from the discarder; the winner gains 2900.
    "honba ron": Case("123456m789p2499s3s", "3s", "riichi honba=2 sticks=1", {"riichi": 1}, 1, 40, ron(1900),
                      total=2900),
    # Non-dealer tsumo with 1 honba and 2 sticks: 2000 + 100, 1000 + 100; 2100 + 2 x 1100 + 2000 = 6300.
    "honba tsumo": Case("123456m789p2499s3s", "3s", "riichi ippatsu tsumo honba=1 sticks=2",
                        {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1}, 3, 30, tsumo(2100, 1100), total=6300),
    # The dealer's tsumo of the sanshoku doukou hand: 5 + menzen tsumo = 6 han, haneman: 6000 from each;
    # with a stick the winner gains 19000. 20 +2 +12 = 34 -> 40.
    "dealer tsumo with a stick": Case("22245m22288p222s6m", "6m", "seat=E tsumo sticks=1",
                                {"sanshoku_doukou": 2, "sanankou": 2, "tanyao": 1, "menzen_tsumo": 1}, 6, 40,
                                dealer_tsumo(6000), "haneman", total=19000),
}
# fmt: on


@pytest.mark.parametrize("name", list(CASES))
def test_case(name: str) -> None:
    case = CASES[name]
    hand = Hand.parse(case.hand)
    value = score(hand, parse_tile(case.win), parse_situation(case.situation), case.options)
    got = value.to_dict()
    assert {y["id"]: y["han"] for y in got["yaku"]} == case.yaku
    assert (value.han, value.fu, value.limit, got["points"]) == (case.han, case.fu, case.limit, case.points)
    assert value.can_win == bool(case.yaku)
    if case.fu_items is not None:
        items = sorted((i["id"], i["tiles"], i["fu"]) for i in got["fu_items"])
        assert items == sorted(case.fu_items)
    if case.total is not None:
        assert value.payment is not None and value.payment.total == case.total
    if case.dora is not None:
        assert got["dora"] == case.dora


def test_the_table_is_large_enough_and_names_every_yaku() -> None:
    from pairi_report.rules.riichi.scoring.yaku import catalogue

    assert len(CASES) >= 80
    named = {y for case in CASES.values() for y in case.yaku}
    assert {spec.id for spec in catalogue()} - named == set()


def test_every_case_hand_is_written_with_its_winning_tile_last() -> None:
    for name, case in CASES.items():
        assert Hand.parse(case.hand).drawn == parse_tile(case.win), name
