"""較正 The danger model against real games: every tile that could be discarded into a riichi, labelled.

For every decision of a seat while an opponent's riichi stands, and every tile kind the seat could
discard (each kind in its concealed hand; only the drawn tile once it is in riichi itself), a
``Sample`` holds what the seat could see (the facts against that riichi) and what it could not: the
riichi hand's waits at that moment (the log holds every hand; the engine's ``waits`` reads them) and
whether the riichi was furiten (a wait among its discards or among the tiles passed since its riichi).
The label is whether the tile would have dealt in: one of the waits, and the riichi not furiten.

Games read from several files may be one game under two names, or a part of another (a log cut after
a few rounds): ``distinct`` keeps one of each, the one with the most rounds. ``split`` divides games by
name into a fitting part and a reporting part, by a fixed hash, so no choice looks at the results.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..core.notation import Hand
from ..games.decision import Decision
from ..games.model import Game
from ..games.read import read_game
from ..games.replay import replay
from ..games.shape import waits
from .danger import ready_chance
from .features import TileFacts, tile_facts
from .threats import ThreatKind, threats


@dataclass(frozen=True)
class Sample:
    """One tile kind a seat could discard while a riichi stood, with the riichi hand's truth."""

    game: str
    round_index: int
    seat: int  # the deciding seat
    threat: int  # the riichi seat
    turn: int  # the riichi seat's discards so far
    kind: int
    facts: TileFacts
    waits: tuple[int, ...]
    furiten: bool
    ready: float = 1.0  # the chance the model gives the threat of being ready (1 for a riichi)

    @property
    def deals_in(self) -> bool:
        """Return whether the tile would have dealt in: a wait of a riichi that is not furiten."""
        return self.kind in self.waits and not self.furiten


def riichi_samples(game: Game, name: str = "", kind: ThreatKind = ThreatKind.RIICHI) -> Iterator[Sample]:
    """Yield a sample for every threat of a kind (riichi by default), decision and tile kind of a game.

    For an open threat the waits are its hand's waits whether it has a yaku or not (the check of a
    yaku is left out), and furiten is a wait among its discards or passed since its last discard.
    """
    name = name or game.title
    for done in replay(game):
        held: dict[int, Hand] = {}  # each seat's 13 tiles after its last discard
        cached: dict[Hand, tuple[int, ...]] = {}
        for d in done.decisions:
            yield from _decision_samples(d, name, kind, held, cached)
            held[d.seat] = after_discard(d)


def _decision_samples(
    d: Decision, name: str, kind: ThreatKind, held: dict[int, Hand], cached: dict[Hand, tuple[int, ...]]
) -> Iterator[Sample]:
    view = d.table
    assert view is not None
    for threat in threats(view):
        if threat.kind != kind:
            continue
        hand = held[threat.seat]
        if hand not in cached:
            cached[hand] = waits(hand)
        wait = cached[hand]
        furiten = any(k in threat.safe for k in wait)
        ready = ready_chance(threat)
        for tile in discardable(d):
            facts = tile_facts(view, threat, tile)
            yield Sample(
                name, d.round_index, d.seat, threat.seat, threat.turn, tile, facts, wait, furiten, ready
            )


def discardable(d: Decision) -> tuple[int, ...]:
    """Return the kinds a seat could discard: its concealed kinds, or only the drawn one in riichi."""
    if d.riichi and d.drawn is not None:
        return (d.drawn.kind,)
    return tuple(sorted(set(d.hand.tiles)))


def after_discard(d: Decision) -> Hand:
    """Return a decision's hand after its discard: the 13 tiles the seat holds until it moves again."""
    tiles = list(d.hand.tiles)
    tiles.remove(d.discard.kind)
    return Hand(tuple(tiles), melds=d.hand.melds)


def fingerprints(game: Game) -> tuple[str, ...]:
    """Return a fingerprint of each round's deal and play, to tell games apart."""
    return tuple(hashlib.sha256(repr((r.hands, r.events)).encode()).hexdigest() for r in game.rounds)


def distinct(games: Iterable[tuple[str, Game]]) -> list[tuple[str, Game]]:
    """Keep one of each game: drop any whose rounds all lie in another kept game with more rounds."""
    listed = sorted(games, key=lambda item: (-len(item[1].rounds), item[0]))
    kept: list[tuple[str, Game, set[str]]] = []
    for name, game in listed:
        prints = set(fingerprints(game))
        if not any(prints <= other for _, _, other in kept):
            kept.append((name, game, prints))
    return sorted(((name, game) for name, game, _ in kept), key=lambda item: item[0])


def split(names: Iterable[str], fit: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Divide game names into ``fit`` to fit on and the rest to report on, by a fixed hash of each name."""
    ordered = sorted(names, key=lambda n: hashlib.sha256(n.encode()).hexdigest())
    return tuple(sorted(ordered[:fit])), tuple(sorted(ordered[fit:]))


def read_folder(folder: Path) -> list[tuple[str, Game]]:
    """Read every game log of a folder (sorted by name), each named by its file name less its suffixes."""
    out = []
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        name = path.name.split(".")[0]
        out.append((name, read_game(path.read_bytes(), path.name)))
    return out


@dataclass(frozen=True)
class DevelopmentSet:
    """The development logs read once each, and their fitting and reporting halves by name."""

    files: int  # the log files read
    games: tuple[tuple[str, Game], ...]  # one of each distinct game, by name
    fit: tuple[str, ...]
    report: tuple[str, ...]

    def describe(self, fit_label: str, report_label: str) -> str:
        """Return the lines a benchmark prints about the set and its halves."""
        return "\n".join(
            [
                f"development set: {self.files} files, {len(self.games)} distinct games",
                f"{fit_label} ({len(self.fit)}): {', '.join(self.fit)}",
                f"{report_label} ({len(self.report)}): {', '.join(self.report)}",
            ]
        )


def development_set(folder: Path, fit: int) -> DevelopmentSet:
    """Read a folder of logs, keep one of each game and split them: ``fit`` games to fit on, the rest
    to report on."""
    files = read_folder(folder)
    games = distinct(files)
    fit_names, report_names = split([n for n, _ in games], fit)
    return DevelopmentSet(len(files), tuple(games), fit_names, report_names)
