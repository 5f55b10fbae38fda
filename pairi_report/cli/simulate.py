"""The ``pairi-report simulate HAND`` command: the practice bot's solo games, turn by turn."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from ..core.bounds import GAMES
from ..core.errors import PairiError
from ..outlook.chances import TURNS
from ..outlook.practice import Games, play
from ..rules.analysis import Analysis, discard_name
from ..rules.registry import RULE_SETS, find_rule_set
from .common import analyze_or_exit, fail

EXAMPLES = """\b
Examples:
  pairi-report simulate 34m456p789s117z468p                 # 1,000 games
  pairi-report simulate 2378m1256p3489s15z --games 5000 --seed 7
  pairi-report simulate 1223m456p789s1122z --visible 1z -f json
  pairi-report simulate 2468m13579p24s57z --wild 7z      # every 7z is wild
  pairi-report simulate 13m456p789s1122z7z --rules hongzhong  # 红中麻将
"""


class SimFormat(StrEnum):
    """Output formats of the practice games."""

    text = "text"
    json = "json"


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command(epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
def simulate(
    hand: Annotated[
        str, typer.Argument(metavar="HAND", help="The hand to play from, e.g. 34m456p789s117z468p.")
    ],
    games: Annotated[
        int,
        typer.Option(
            min=GAMES.low, max=GAMES.high, help="Games to play (at most 1,000,000), e.g. --games 5000."
        ),
    ] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the shuffles; the same seed plays the same games.")] = 0,
    rules: Annotated[
        str, typer.Option(help=f"Rule set: {', '.join(RULE_SETS)}; e.g. --rules hongzhong.")
    ] = "riichi",
    visible: Annotated[str | None, typer.Option(help="Tiles seen elsewhere, e.g. --visible 1m5z.")] = None,
    wild: Annotated[
        list[str] | None, typer.Option(metavar="TILE", help="A wild kind; repeat for more, e.g. --wild 7z.")
    ] = None,
    fmt: Annotated[
        SimFormat, typer.Option("--format", "-f", help="text or json, e.g. -f json.")
    ] = SimFormat.text,
) -> None:
    """Play the practice bot solo from a hand: how many turns it takes to get ready, and to win.

    The bot draws from a shuffle of the unseen tiles, discards useless draws, and keeps a draw that
    lowers the shanten, discarding for the most effective tiles (ties: the most improvement tiles).
    A 14-tile hand starts with the bot's own discard.
    """
    try:
        rule = find_rule_set(rules)
    except PairiError as err:
        raise fail(str(err)) from None
    if not rule.features.outlook:
        raise fail(f"simulate plays riichi-style solo games; it is not available with --rules {rule.name}")
    analysis = analyze_or_exit(hand, rule, visible, tuple(wild or ()))
    if analysis.win:
        raise fail(f"{analysis.hand} is already complete; expected a hand to play from")
    result = play(analysis, games=games, seed=seed)
    if fmt is SimFormat.json:
        doc = {"hand": str(analysis.hand), "seed": seed} | result.to_dict()
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    typer.echo(table(analysis, result))


def table(analysis: Analysis, result: Games) -> str:
    """Return the games as a plain-text table of ready and won shares by turn, and a summary line."""
    start = "" if result.discard is None else f", first discard {discard_name(result.discard, result.red)}"
    lines = [
        f"practice bot: {result.games} games from {analysis.hand} ({_shanten(analysis.shanten)}{start})",
        "turn   ready     won",
    ]
    for turn in range(TURNS + 1):
        ready, won = (100 * c[turn] / result.games for c in (result.ready, result.won))
        lines.append(f"{turn:>4} {ready:6.1f}% {won:6.1f}%")
    lines.append(
        f"in {result.games} practice games: ready by turn {_median(result.ready, result.games)} in half of "
        f"them; ready by turn {TURNS} in {100 * result.ready[TURNS] / result.games:.1f}%, "
        f"won by turn {TURNS} in {100 * result.won[TURNS] / result.games:.1f}%"
    )
    return "\n".join(lines)


def _shanten(shanten: int) -> str:
    """Return a shanten in words."""
    return "ready" if shanten == 0 else f"{shanten}-shanten"


def _median(counts: tuple[int, ...], games: int) -> str:
    """Return the first turn by which half the games got there, or say none did."""
    for turn, count in enumerate(counts):
        if 2 * count >= games:
            return str(turn)
    return f"{TURNS}+ (not reached)"
