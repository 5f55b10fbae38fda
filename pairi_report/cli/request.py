"""What the user asked for on the command line, as one frozen record, and the options' defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..outlook import DEFAULT_GAMES
from ..report.registry import Format, find_format

FOLDER_DEFAULT = "md"  # the format of a run with -o and no --format
STDOUT_DEFAULT = "text"  # and of one without -o


@dataclass(frozen=True)
class Request:
    """Every option of a run; the defaults are what the user gets without writing the option."""

    source: str
    output: Path | None = None
    fmt: str | None = None
    rules: str = "riichi"
    visible: str | None = None
    wild: tuple[str, ...] = ()
    rule_options: tuple[str, ...] = ()  # NAME=VALUE words
    tiles: Path | None = None
    tile_naming: str = "majandofu"
    scale: int = 1
    title: str | None = None
    self_contained: bool = False
    fragment: bool = False
    quiz: bool = False
    quiz_titles: bool = False
    per_page: int = 4
    card: bool = False
    paper: str = "a4"
    lang: str = "en"
    workers: int | None = None
    outlook: bool = False
    games: int = DEFAULT_GAMES
    dama: bool = False  # the outlook's play model: stay dama with a yaku instead of riichi
    quiet: bool = False
    situation: str = ""  # the words of the hand's win (riichi values), options and --situation together
    player: str | None = None  # whose discards a game review looks at: a name or a seat 0-3
    review: str = "mistakes"  # what a review page shows in full: the worse decisions, or all
    dask: bool = False  # run --format parquet on a local Dask cluster of --workers processes
    scheduler: str | None = None  # or on the Dask cluster of this scheduler, e.g. tcp://host:8786

    @classmethod
    def of(cls, given: Mapping[str, Any]) -> Request:
        """Build a request from the command's parameters, by name (lists become tuples)."""
        renamed = {"look_ahead": "outlook", "rule_option": "rule_options"}
        values = {renamed.get(k, k): v for k, v in given.items() if k != "version"}
        values["wild"] = tuple(values["wild"] or ())
        values["rule_options"] = tuple(values["rule_options"] or ())
        values["situation"] = values["situation"] or ""
        return cls(**values)

    @property
    def format(self) -> Format:
        """Return the output format: the one asked for, else a Markdown report with -o and text without."""
        return find_format(self.fmt or (FOLDER_DEFAULT if self.output else STDOUT_DEFAULT))

    def changed(self, name: str) -> bool:
        """Return whether an option differs from its default (the user wrote it)."""
        default = next(f.default for f in fields(self) if f.name == name)
        return getattr(self, name) != default

    def options_map(self) -> dict[str, str]:
        """Return the rule options as NAME -> VALUE (the words are checked by the rule set)."""
        out = {}
        for word in self.rule_options:
            name, sep, value = word.partition("=")
            out[name.strip()] = value.strip() if sep else "on"
        return out
