"""What the command line checks before a run: each option's flag and purpose, and what goes together.

The formats themselves are the report's registry (``report.registry``): each says which options it
takes, and the command line refuses, in one line, an option the format has no use for, two options
that cannot go together, or one that needs another.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..report.registry import FORMATS, Format
from ..rules.base import RuleSet
from .common import either
from .request import Request


@dataclass(frozen=True)
class Flag:
    """An option of a run: the request field, its flag, and what it is for (the start of any refusal)."""

    name: str
    flag: str
    purpose: str


FLAGS = (
    Flag("fragment", "--fragment", "--fragment is HTML to embed"),
    Flag("self_contained", "--self-contained", "--self-contained puts a report in one HTML file"),
    Flag("quiz", "--quiz", "--quiz makes a problem sheet"),
    Flag("quiz_titles", "--quiz-titles", "--quiz-titles prints titles on a quiz"),
    Flag("per_page", "--per-page", "--per-page sets a quiz's problems per page"),
    Flag("card", "--card", "--card makes a card per hand to paste into a blog"),
    Flag("outlook", "--outlook", "--outlook adds sections to a report"),
    Flag("games", "--games", "--games sets the practice games of --outlook"),
    Flag("dama", "--dama", "--dama sets the play model of --outlook's expected points"),
    Flag("paper", "--paper", "--paper sizes printed pages"),
    Flag("tiles", "--tiles", "--tiles draws a report with your tile pictures"),
    Flag("tile_naming", "--tile-naming", "--tile-naming reads the names of --tiles pictures"),
    Flag("scale", "--scale", "--scale sizes a report's tile pictures"),
    Flag("title", "--title", "--title names a report"),
    Flag("lang", "--lang", "--lang sets a report's language"),
    Flag("workers", "--workers", "--workers spreads work over processes"),
    Flag("dask", "--dask", "--dask runs a batch on a local Dask cluster"),
    Flag("scheduler", "--scheduler", "--scheduler runs a batch on a Dask cluster"),
)
# Options that cannot go together: the second has no place in what the first makes.
CONFLICTS = (
    ("outlook", "quiz", "a quiz has no outlook sections"),
    ("fragment", "quiz", "a quiz is a page"),
    ("card", "quiz", "a card shows the answer"),
    ("card", "outlook", "a card shows the verdict and the best rows only"),
    ("card", "fragment", "a card is already made to paste"),
    ("dask", "scheduler", "--scheduler names the cluster to use"),
)
# Options that only mean something with another: the second needs the first.
NEEDS = (("quiz", "quiz_titles"), ("quiz", "per_page"), ("outlook", "dama"))


# File suffixes of reports and pictures: an -o target ending in one names a file, not the folder -o wants.
FILE_SUFFIXES = frozenset({f".{f.suffix}" for f in FORMATS.values()} | {".htm", ".markdown", ".png", ".svg"})


def refusal(request: Request, fmt: Format, rule: RuleSet) -> str | None:
    """Return why a request cannot run as asked (one line), or None when it can."""
    if fmt.folder and request.output is None:
        return f"--format {fmt.name} writes a folder of files; add -o DIR, e.g. -o out/"
    if (why := _file_target(request.output)) is not None:
        return why
    for option in FLAGS:
        if request.changed(option.name) and option.name not in fmt.accepts:
            takers = [f.name for f in FORMATS.values() if option.name in f.accepts]
            where = f"use it with --format {either(takers)}" if takers else "it goes with no format"
            return f"{option.purpose}; --format {fmt.name} {fmt.makes}: {where}"
    for first, second, why in CONFLICTS:
        if request.changed(first) and request.changed(second):
            return f"{_purpose(first)}, but {why}: leave out {_flag(first)} or {_flag(second)}"
    for first, second in NEEDS:
        if request.changed(second) and not request.changed(first):
            return f"{_purpose(second)}: add {_flag(first)}"
    if request.outlook and not rule.features.outlook:
        return f"--outlook models riichi-style solo play; it is not available with --rules {rule.name}"
    if request.wild and not rule.features.wild:
        return f"--wild makes kinds wild, but the {rule.name} rules have no wild tiles"
    return None


def _purpose(name: str) -> str:
    """Return what an option is for."""
    return next(o.purpose for o in FLAGS if o.name == name)


def _flag(name: str) -> str:
    """Return an option's flag."""
    return next(o.flag for o in FLAGS if o.name == name)


def _file_target(output: Path | None) -> str | None:
    """Return why ``-o`` names a report file rather than a folder (one already there is a folder)."""
    if output is None or output.suffix.lower() not in FILE_SUFFIXES or output.is_dir():
        return None
    folder = output.with_suffix("")
    return (
        f"-o names the folder the report goes into, not a file: {output} ends in {output.suffix}; "
        f"e.g. -o {folder}/"
    )
