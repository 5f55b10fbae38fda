"""The situation of a hand's win on the command line: ``--situation`` and one option per word.

``--dora 3m --round S --riichi --tsumo`` say what ``--situation 'dora=3m round=S riichi tsumo'`` says,
in the words a batch line writes after a hand (see ``rules.riichi.valuation``). The options are made from
the table below and joined into the one ``situation`` parameter before the command sees them, so the
command's signature stays short however many words there are.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import typer


@dataclass(frozen=True)
class WordOption:
    """One option that writes a situation word: its flag, the word's key, and what it means."""

    flag: str
    key: str
    help: str
    metavar: str | None = None  # the value's name; None for a yes/no flag
    many: bool = False  # may be repeated, the values joined by commas


WORD_OPTIONS = (
    WordOption("--dora", "dora", "A dora indicator (kan dora too), e.g. --dora 3m; repeat.", "TILE", True),
    WordOption("--ura", "ura", "An ura-dora indicator, counted after riichi, e.g. --ura 5p.", "TILE", True),
    WordOption("--round", "round", "The round wind E S W N (default E), e.g. --round S.", "WIND"),
    WordOption("--seat", "seat", "The seat wind (default S; E is the dealer), e.g. --seat E.", "WIND"),
    WordOption("--riichi", "riichi", "The hand declared riichi."),
    WordOption("--double-riichi", "double-riichi", "The hand declared riichi on its first discard."),
    WordOption("--ippatsu", "ippatsu", "Won within one go-around of riichi."),
    WordOption("--tsumo", "tsumo", "Won on the hand's own draw (default: on a discard, ron)."),
    WordOption("--haitei", "haitei", "Won on the last tile of the wall (tsumo)."),
    WordOption("--houtei", "houtei", "Won on the last discard (ron)."),
    WordOption("--rinshan", "rinshan", "Won on the tile drawn after a kan (tsumo)."),
    WordOption("--chankan", "chankan", "Won by robbing a kan (ron)."),
    WordOption("--tenhou", "tenhou", "The dealer's win on the first draw."),
    WordOption("--chiihou", "chiihou", "A non-dealer's win on the first draw."),
    WordOption("--honba", "honba", "Counters on the table, e.g. --honba 2.", "N"),
    WordOption("--sticks", "sticks", "Riichi sticks on the table (the winner's too), e.g. --sticks 1.", "N"),
    WordOption("--nukidora", "nuki", "Norths set aside as nukidora (sanma), e.g. --nukidora 1.", "N"),
    WordOption("--win", "win", "A complete hand's winning tile (default: the last one written).", "TILE"),
    WordOption("--river", "river", "The hand's own discards (seen; furiten), e.g. --river 1m9p.", "TILES"),
    *(
        WordOption(f"--{key}", key, f"The {key} seat's discards in order, * before its riichi tile, then "
                   f"/ and its calls, e.g. --{key} '1m9m*5p3s' or --{key} '4z2p/[555z]'.", "RIVER")
        for key in ("east", "south", "west", "north")
    ),
    WordOption("--model", "model", "Switches of the --outlook model: riichi=tenpai|dama|never, ippatsu=, "
               "ura=, reds=, tegawari=, back=on|off, extra=1|2, turn=0-16 (draws made), e.g. "
               "--model ura=off,tegawari=off; repeat.", "SWITCHES", True),
)  # fmt: skip


def with_word_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Give a command one option per situation word; they reach it joined into its ``situation`` text.

    ``--situation`` comes first, then the options' words in ``WORD_OPTIONS`` order. Typer reads the
    signature set here, so ``--help`` lists every option.
    """
    base = inspect.signature(command, eval_str=True)  # the annotations typer reads, not their text

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> Any:
        words = [_word(option, kwargs.pop(_name(option))) for option in WORD_OPTIONS]
        kwargs["situation"] = " ".join(w for w in [(kwargs.get("situation") or "").strip(), *words] if w)
        return command(**kwargs)

    extra = [_parameter(option) for option in WORD_OPTIONS]
    wrapper.__signature__ = base.replace(parameters=[*base.parameters.values(), *extra])  # type: ignore[attr-defined]
    return wrapper


def _name(option: WordOption) -> str:
    """Return the keyword an option arrives as."""
    return option.flag.removeprefix("--").replace("-", "_")


def _parameter(option: WordOption) -> inspect.Parameter:
    """Return the signature parameter typer makes the option from."""
    info = typer.Option(option.flag, metavar=option.metavar, help=option.help, show_default=False)
    kind: Any = bool if option.metavar is None else list[str] | None if option.many else str | None
    default = False if option.metavar is None else None
    return inspect.Parameter(
        _name(option), inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, info]
    )


def _word(option: WordOption, value: bool | str | list[str] | None) -> str:
    """Return the word an option's value writes: its key, ``key=value``, or nothing when not given."""
    if not value:
        return ""
    if option.metavar is None:
        return option.key
    return f"{option.key}={','.join(value) if isinstance(value, list) else value}"
