"""天鳳mjlog Read Tenhou's mjlog XML (``.xml`` / ``.mjlog``, gzip-compressed or not).

Tags read: ``<GO type>`` (bit 0x02: no red fives, 0x10: three players), ``<UN n0…n3>`` (names,
percent-encoded), ``<INIT seed ten oya hai0…hai3>``, draws ``<T12>``/``<U…>``/``<V…>``/``<W…>`` and
discards ``<D…>``/``<E…>``/``<F…>``/``<G…>`` for seats 0-3, ``<N who m>`` calls (bit 0x20 of ``m``: a
North set aside, three players), ``<REACH who step>``,
``<DORA hai>``, ``<AGARI>`` and ``<RYUUKYOKU>``; ``SHUFFLE``, ``TAIKYOKU`` and ``BYE`` are skipped.
Tiles are 0..135, four copies per kind; 16, 52 and 88 are the red fives when the game has them. A
discard is tsumogiri when it is the very tile the seat drew last.

A win's scoring line is written as tenhou.net/6 writes it, from ``ten`` (fu, points, limit) and the
yaku: ``"30符4飜7700点"``, ``"満貫2000-4000点"``, a dealer's tsumo as ``"30符4飜3900点∀"``.

>>> decode_meld(9383)  # a chi of 4m (tile 12) from the left with 5m and 6m
('chi', [12, 17, 21], 12, 3)
>>> scoring_text(30, 3, 4000, 0, tsumo=True, dealer=False)
'30符3飜1000-2000点'
"""

from __future__ import annotations

import re
from math import ceil
from urllib.parse import unquote
from xml.etree import ElementTree

from ..core.bounds import HONBA, LOG_DIGITS, STICKS, shown_number
from .errors import LogError
from .model import (
    Call,
    CallKind,
    Discard,
    DoraReveal,
    Draw,
    Drawn,
    Game,
    LogRules,
    Nukidora,
    Round,
    Tile,
    Win,
    Yaku,
    stopped_between_rounds,
)
from .packed import GZIP_MAGIC, gunzip
from .reading import RoundInProgress

# Tenhou's yaku ids (the index) and the names tenhou.net/6 shows.
YAKU = (
    *("門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口"),
    *("自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北"),
    *("役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順"),
    *("三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色"),
    *("清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭"),
    *("九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子"),
    *("ドラ", "裏ドラ", "赤ドラ"),
)
LIMITS = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
LIMIT_BASE = (0, 2000, 3000, 4000, 6000, 8000)  # basic points of each limit
DRAW_TYPES = {
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
    "kaze4": "四風連打",
}
DRAW_TYPES["nm"] = "流し満貫"
RED_IDS = (16, 52, 88)
NO_RED, THREE = 0x02, 0x10  # bits of <GO type>
_TILE_TAG = re.compile(r"([TUVWDEFG])(\d{1,3})")


def read_mjlog(data: bytes | str, name: str = "") -> Game:
    """Read an mjlog (bytes, gzip-compressed or not, or text) into a ``Game``."""
    root = _parse(data)
    reader = _MjlogReader(name)
    for number, element in enumerate(root, start=1):
        reader.tag = f"tag {number} <{element.tag}>"
        try:
            reader.take(element)
        except LogError as err:
            raise err.at(reader.label(), reader.tag) from None
        except (KeyError, ValueError, IndexError) as err:  # an attribute missing or not a number
            raise LogError(f"a missing or malformed attribute ({err})", reader.label(), reader.tag) from None
    return reader.game()


def _parse(data: bytes | str) -> ElementTree.Element:
    """Unzip if need be, refuse entity declarations, and parse the XML."""
    if isinstance(data, bytes):
        if data[:2] == GZIP_MAGIC:
            data = gunzip(data)
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise LogError(f"not UTF-8 text (byte {err.start})", where="mjlog") from err
    if "<!DOCTYPE" in data or "<!ENTITY" in data:
        raise LogError("a DOCTYPE or ENTITY declaration; an mjlog has none", where="mjlog")
    try:
        root = ElementTree.fromstring(data.strip())
    except ElementTree.ParseError as err:
        cut = _cut_off(data)
        if cut is None:
            line, column = err.position
            reason = str(err).split(":")[0]  # expat's words, without the position it repeats
            raise LogError(f"not well-formed XML ({reason})", where=f"line {line} column {column}") from err
        root = cut
    if root.tag != "mjloggm":
        raise LogError(f"the root is <{root.tag}>; expected <mjloggm>", where="mjlog")
    return root


def _cut_off(text: str) -> ElementTree.Element | None:
    """Read an mjlog that stops before its end (a game cut off): its whole tags, closed; else None.

    The round it stops in then has no result, and is read up to its last move.
    """
    text = text.strip()
    if not text.startswith("<mjloggm") or "</mjloggm>" in text:
        return None
    try:
        return ElementTree.fromstring(text[: text.rfind(">") + 1] + "</mjloggm>")
    except ElementTree.ParseError:
        return None


def tile136(value: int | str, red_fives: bool = True) -> Tile:
    """Turn a tile 0..135 into a ``Tile``."""
    tile = _number(value) if isinstance(value, str) else value
    if not 0 <= tile < 136:
        raise LogError(f"tile {tile}; expected 0-135")
    return Tile(tile // 4, red_fives and tile in RED_IDS)


def decode_meld(m: int) -> tuple[str, list[int], int | None, int]:
    """Decode ``<N m>``: the kind, the tiles 0..135, the claimed tile, and whom from (0 self, 1 right, 2
    opposite, 3 left); for a ``kakan`` the claimed tile is the one added, for a ``nukidora`` (bit 0x20,
    a North set aside in three-player) the tile is ``m >> 8``.

    >>> decode_meld(122 << 8 | 0x20)
    ('nukidora', [122], None, 0)
    """
    rel = m & 3
    if m & 0x4:
        t, called = divmod(m >> 10, 3)
        if t >= 21 or rel != 3:
            raise LogError(f"meld code {m}: a chi must start at 1-7 of a suit and come from the left")
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", tiles, tiles[called], rel
    if m & 0x18:
        t, called = divmod(m >> 9, 3)
        unused = (m >> 5) & 3
        if t >= 34 or rel == 0:
            raise LogError(f"meld code {m}: a pon must be of a kind 0-33 from another seat")
        tiles = [t * 4 + c for c in range(4) if c != unused]
        if m & 0x8:
            return "pon", tiles, tiles[called], rel
        return "kakan", [*tiles, t * 4 + unused], t * 4 + unused, rel
    tile = m >> 8
    if m & 0x20:
        if tile >= 136:
            raise LogError(f"meld code {m}: a North set aside as tile {tile}; expected 0-135")
        return "nukidora", [tile], None, 0
    if tile >= 136:
        raise LogError(f"meld code {m}: a kan of tile {tile}; expected 0-135")
    tiles = [tile // 4 * 4 + c for c in range(4)]
    return ("ankan", tiles, None, 0) if rel == 0 else ("daiminkan", tiles, tile, rel)


def scoring_text(fu: int, han: int, points: int, limit: int, *, tsumo: bool, dealer: bool) -> str:
    """Write Tenhou's scoring line from an mjlog's ``ten`` and the han of the yaku."""
    head = LIMITS[limit] if limit else f"{fu}符{han}飜"
    if not tsumo:
        return f"{head}{points}点"
    if limit and limit < len(LIMITS) - 1:  # a limit below yakuman has a fixed base: what a tsumo pays
        base: float = LIMIT_BASE[limit]  # holds at three seats too, where the winner gets one share less
    else:
        base = points / (6 if dealer else 4) if limit else fu * 2 ** (han + 2)
    if dealer:
        return f"{head}{_up(2 * base)}点∀"
    return f"{head}{_up(base)}-{_up(2 * base)}点"


def _up(value: float) -> int:
    """Round a payment up to the next 100."""
    return int(ceil(value / 100) * 100)


def _number(text: str) -> int:
    """Read an attribute's number, refusing one too long to be meant (``int()`` would choke on it)."""
    if len(text.strip().lstrip("+-")) > LOG_DIGITS:
        raise LogError(f"a number {shown_number(text)}; expected at most {LOG_DIGITS} digits")
    return int(text)


def _ints(text: str) -> list[int]:
    """Read comma-separated numbers."""
    return [_number(v) for v in text.split(",")] if text else []


class _MjlogReader:
    def __init__(self, title: str) -> None:
        self.title, self.tag = title, ""
        self.names: tuple[str, ...] = ("", "", "", "")
        self.rules = LogRules()
        self.named = False
        self.rounds: list[Round] = []
        self.kyoku: RoundInProgress | None = None
        self.ended = False  # the game's last result (``owari``) was read
        self.seats = 4  # three with <GO type> bit 0x10

    def label(self) -> str:
        return self.kyoku.label if self.kyoku else ""

    def take(self, el: ElementTree.Element) -> None:
        tag = el.tag
        match = _TILE_TAG.fullmatch(tag)
        if match:
            self.tile_tag(match[1], int(match[2]))
        elif tag == "GO":
            self.go(_number(el.get("type", "0")))
        elif tag == "UN" and not self.named and "n0" in el.attrib:
            self.un(el)
        elif tag == "INIT":
            self.init(el)
        elif tag in ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU"):
            if self.kyoku is None:
                raise LogError(f"<{tag}> before <INIT>")
            getattr(self, tag.lower())(self.kyoku, el)
            self.ended = self.ended or "owari" in el.attrib
        elif tag not in ("SHUFFLE", "TAIKYOKU", "BYE", "UN"):
            raise LogError(f"unknown tag <{tag}>")

    def go(self, kind: int) -> None:
        three = bool(kind & THREE)
        self.seats = 3 if three else 4
        self.rules = LogRules(red_fives=not kind & NO_RED, three_player=three, label=lobby_label(kind))

    def un(self, el: ElementTree.Element) -> None:
        names = tuple(unquote(el.get(f"n{i}", "")) for i in range(4))
        if self.seats == 3 and names[3]:
            raise LogError(f"a three-player game names a fourth player {names[3]!r}")
        self.names, self.named = names[: self.seats], True

    def init(self, el: ElementTree.Element) -> None:
        self.close()
        seed, ten = _ints(el.attrib["seed"]), _ints(el.attrib["ten"])
        hands = [_ints(el.get(f"hai{i}", "")) for i in range(4)]
        if self.seats == 3:  # Tenhou writes hai3 empty (or leaves it out) and a fourth score of 0
            if hands[3] or (len(ten) == 4 and ten[3] != 0):
                raise LogError("a three-player round deals the fourth seat tiles or points; expected none")
            hands, ten = hands[:3], ten[:3]
        counters = len(seed) == 6 and seed[1] in HONBA and seed[2] in STICKS
        if not counters or len(ten) != self.seats or not 0 <= seed[0] < 16 or seed[0] % 4 >= self.seats:
            raise LogError(
                f"expected seed='round,honba,sticks,dice,dice,dora' (honba {HONBA}, sticks {STICKS}, "
                f"a dealer of the {self.seats} seats) and {self.seats} scores in 'ten'"
            )
        if _number(el.attrib["oya"]) != seed[0] % 4:
            raise LogError(f"oya {el.attrib['oya']}; round {seed[0]} has dealer {seed[0] % 4}")
        label = Round(seed[0] // 4, seed[0] % 4 + 1, seed[1], seed[2], (), (), (), (), ()).label
        red = self.rules.red_fives
        tiles = tuple(tuple(tile136(t, red) for t in hand) for hand in hands)
        self.kyoku = RoundInProgress(label, el, tiles, dora=[tile136(seed[5], red)])

    def tile_tag(self, letter: str, tile: int) -> None:
        k = self.kyoku
        if k is None:
            raise LogError(f"a draw or discard <{letter}{tile}> before <INIT>")
        seat, red = "TUVWDEFG".index(letter) % 4, self.rules.red_fives
        if seat >= self.seats:
            raise LogError(f"<{letter}{tile}> moves the fourth seat in a three-player game")
        if k.wins or k.drawn:
            raise LogError("a draw or discard after the round's result")
        if letter in "TUVW":
            k.events.append(Draw(seat, tile136(tile, red)))
            k.drew[seat] = tile
            return
        if k.reach not in (None, seat):
            raise LogError(f"seat {seat} discards after seat {k.reach}'s riichi call; expected its discard")
        k.events.append(
            Discard(seat, tile136(tile, red), tsumogiri=tile == k.drew[seat], riichi=k.reach == seat)
        )
        k.drew[seat], k.last, k.reach = -1, tile, None

    def n(self, k: RoundInProgress, el: ElementTree.Element) -> None:
        who, red = _number(el.attrib["who"]), self.rules.red_fives
        kind, tiles, called, rel = decode_meld(_number(el.attrib["m"]))
        if not 0 <= who < self.seats:
            raise LogError(f"who={who}; expected 0-{self.seats - 1}")
        if kind == "nukidora":
            k.events.append(Nukidora(who, tile136(tiles[0], red)))
        elif kind == "ankan":
            k.events.append(Call(who, CallKind.CLOSED_KAN, tuple(tile136(t, red) for t in tiles)))
        elif kind == "kakan":
            k.events.append(Call(who, CallKind.ADDED_KAN, (tile136(tiles[-1], red),)))
        else:
            if called != k.last:
                raise LogError(f"a {kind} of tile {called}, but the last discard was {k.last}")
            own = tuple(tile136(t, red) for t in tiles if t != called)
            source = (who + rel) % 4  # seats of four, the fourth empty with three players
            if source >= self.seats:
                raise LogError(f"a {kind} from the empty fourth seat")
            k.events.append(Call(who, CallKind(kind), own, tile136(k.last, red), source))
        k.drew[who] = -1

    def reach(self, k: RoundInProgress, el: ElementTree.Element) -> None:
        if el.get("step") == "1":
            k.reach = _number(el.attrib["who"])

    def dora(self, k: RoundInProgress, el: ElementTree.Element) -> None:
        k.dora.append(tile136(el.attrib["hai"], self.rules.red_fives))
        k.events.append(DoraReveal(k.dora[-1]))

    def agari(self, k: RoundInProgress, el: ElementTree.Element) -> None:
        if k.drawn:
            raise LogError("<AGARI> after <RYUUKYOKU>")
        red = self.rules.red_fives
        shown = [tile136(t, red) for t in _ints(el.attrib["doraHai"])]
        if shown[: len(k.dora)] != k.dora:
            raise LogError(
                f"doraHai lists {' '.join(map(str, shown))}; revealed {' '.join(map(str, k.dora))}"
            )
        for tile in shown[len(k.dora) :]:  # a kan's indicator turned over by the win on its dead-wall tile
            k.dora.append(tile)
            k.events.append(DoraReveal(tile))
        k.ura = k.ura or tuple(tile136(t, red) for t in _ints(el.get("doraHaiUra", "")))
        k.wins.append(self.win(k, el))

    def win(self, k: RoundInProgress, el: ElementTree.Element) -> Win:
        who, source = _number(el.attrib["who"]), _number(el.attrib["fromWho"])
        fu, points, limit = _ints(el.attrib["ten"])
        pairs = _ints(el.get("yaku", ""))
        yaku = [Yaku(YAKU[i], f"{h}飜") for i, h in zip(pairs[::2], pairs[1::2], strict=True) if h]
        yaku += [Yaku(YAKU[i], "役満") for i in _ints(el.get("yakuman", ""))]
        han = sum(y.han for y in yaku)
        dealer = who == _number(k.start.attrib["oya"])
        text = scoring_text(fu, han, points, limit, tsumo=who == source, dealer=dealer)
        liable = _number(el.attrib["paoWho"]) if "paoWho" in el.attrib else None
        return Win(who, source, _deltas(el, self.seats), text, tuple(yaku), liable)

    def ryuukyoku(self, k: RoundInProgress, el: ElementTree.Element) -> None:
        if k.wins or k.drawn:
            raise LogError("a second result for the round")
        kind = el.get("type")
        if kind is None:
            tenpai = sum(f"hai{i}" in el.attrib for i in range(4))
            name = {0: "全員不聴", self.seats: "全員聴牌"}.get(tenpai, "流局")
        elif kind in DRAW_TYPES:
            name = DRAW_TYPES[kind]
        else:
            raise LogError(f"unknown draw type {kind!r}; expected one of {', '.join(DRAW_TYPES)}")
        k.drawn = Drawn(name, _deltas(el, self.seats))

    def close(self, last: bool = False) -> None:
        """Finish the round being read; only the log's last one may lack a result (the log stops in it)."""
        k = self.kyoku
        if k is None:
            return
        cut = not k.wins and k.drawn is None
        if cut and not last:
            raise LogError("the round has no <AGARI> or <RYUUKYOKU>", k.label, self.tag)
        seed, ten = _ints(k.start.attrib["seed"]), _ints(k.start.attrib["ten"])
        scores = tuple(100 * t for t in ten[: self.seats])
        self.rounds.append(k.finished(seed[0] // 4, seed[0] % 4 + 1, seed[1], seed[2], scores, cut))
        self.kyoku = None

    def game(self) -> Game:
        self.close(last=True)
        if not self.rounds:
            raise LogError("no round; expected <INIT> … <AGARI> or <RYUUKYOKU>", where="mjlog")
        return Game(self.names, self.rules, stopped_between_rounds(self.rounds, self.ended), self.title)


def _deltas(el: ElementTree.Element, seats: int = 4) -> tuple[int, ...]:
    """Read the score changes from ``sc`` (before, change, … in hundreds); with three players Tenhou
    writes the empty fourth seat's pair as 0,0 (six numbers are read too)."""
    sc = _ints(el.get("sc", ""))
    if sc and len(sc) not in (8, 2 * seats):
        raise LogError(f"sc has {len(sc)} numbers; expected 8 (score and change per seat)")
    if seats == 3 and len(sc) == 8 and sc[6:] != [0, 0]:
        raise LogError("sc gives the empty fourth seat of a three-player game points; expected 0,0")
    return tuple(100 * d for d in sc[1::2][:seats])


def lobby_label(kind: int) -> str:
    """Write Tenhou's short rule label from ``<GO type>``, e.g. ``般南喰赤`` or ``三鳳南喰赤``."""
    lobby = "般上特鳳"[(kind >> 7 & 1) | (kind >> 4 & 2)]
    length = "南" if kind & 0x08 else "東"
    flags = ("" if kind & 0x04 else "喰") + ("" if kind & NO_RED else "赤") + ("速" if kind & 0x40 else "")
    return f"{'三' if kind & THREE else ''}{lobby}{length}{flags}"


def lobby_type(label: str) -> int:
    """Return the ``<GO type>`` bits of a rule label (online play assumed), as ``lobby_label`` reads them."""
    three = label.startswith("三")
    label = label.removeprefix("三")
    lobby = "般上特鳳".find(label[:1]) if label else 0
    kind = 0x01 | (lobby & 1) << 7 | (lobby & 2) << 4 if lobby >= 0 else 0x01
    kind |= 0x08 if "南" in label else 0
    kind |= 0 if "喰" in label or not label else 0x04
    kind |= 0 if "赤" in label or not label else NO_RED
    return kind | (0x40 if "速" in label else 0) | (THREE if three else 0)
