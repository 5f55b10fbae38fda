"""Output formats as a registry: each declares the options it takes and its writer.

The command line looks the format up, checks the request against it and against the rule set, and calls
the writer; a new format is one more entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..rules.base import RuleSet
from .request import Request
from .writers import render_json, render_text, write_document, write_report, write_stream


@dataclass(frozen=True)
class Option:
    """A report option: the request field, its flag, and what it is for (the start of any refusal)."""

    name: str
    flag: str
    purpose: str


OPTIONS = (
    Option("fragment", "--fragment", "--fragment is HTML to embed"),
    Option("self_contained", "--self-contained", "--self-contained puts a report in one HTML file"),
    Option("quiz", "--quiz", "--quiz makes a problem sheet"),
    Option("quiz_titles", "--quiz-titles", "--quiz-titles prints titles on a quiz"),
    Option("per_page", "--per-page", "--per-page sets a quiz's problems per page"),
    Option("card", "--card", "--card makes a card per hand to paste into a blog"),
    Option("outlook", "--outlook", "--outlook adds sections to a report"),
    Option("games", "--games", "--games sets the practice games of --outlook"),
    Option("dama", "--dama", "--dama sets the play model of --outlook's expected points"),
    Option("paper", "--paper", "--paper sizes printed pages"),
    Option("tiles", "--tiles", "--tiles draws a report with your tile pictures"),
    Option("tile_naming", "--tile-naming", "--tile-naming reads the names of --tiles pictures"),
    Option("scale", "--scale", "--scale sizes a report's tile pictures"),
    Option("title", "--title", "--title names a report"),
    Option("lang", "--lang", "--lang sets a report's language"),
    Option("workers", "--workers", "--workers spreads work over processes"),
    Option("dask", "--dask", "--dask runs a batch on a local Dask cluster"),
    Option("scheduler", "--scheduler", "--scheduler runs a batch on a Dask cluster"),
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
_PICTURES = frozenset(
    {"tiles", "tile_naming", "scale", "title", "lang", "quiz", "quiz_titles", "per_page", "outlook", "games"}
    | {"workers", "dama"}
)
_LOOK_AHEAD = frozenset({"outlook", "games", "workers", "dama"})


@dataclass(frozen=True)
class OutputFormat:
    """An output format: what it makes, whether it needs a folder, the options it takes, its writer."""

    name: str
    makes: str  # e.g. "writes a Markdown report", completing "--format md ..."
    folder: bool  # it writes a folder of files, so -o is required
    accepts: frozenset[str]
    write: Callable[[Request, RuleSet], int]


def _write_parquet(request: Request, rule: RuleSet) -> int:
    """Write the Parquet files (the module, and the stream it uses, load only for this format)."""
    from .parquet import write_parquet

    return write_parquet(request, rule)


FORMATS: Mapping[str, OutputFormat] = {
    f.name: f
    for f in (
        OutputFormat("md", "writes a Markdown report", True, _PICTURES, write_report),
        OutputFormat(
            "html",
            "writes an HTML report",
            True,
            _PICTURES | {"fragment", "self_contained", "paper", "card"},
            write_report,
        ),
        OutputFormat("pdf", "prints a report to PDF", True, _PICTURES | {"paper"}, write_report),
        OutputFormat("json", "writes JSON", False, _LOOK_AHEAD, write_document(render_json, "index.json")),
        OutputFormat(
            "text", "writes Tenhou's text", False, frozenset(), write_document(render_text, "index.txt")
        ),
        OutputFormat("jsonl", "streams analysis rows", False, frozenset({"workers"}), write_stream),
        OutputFormat("csv", "streams analysis rows", False, frozenset({"workers"}), write_stream),
        OutputFormat(
            "parquet",
            "writes hands.parquet and discards.parquet",
            True,
            frozenset({"workers", "dask", "scheduler"}),
            _write_parquet,
        ),
    )
}


def refusal(request: Request, fmt: OutputFormat, rule: RuleSet) -> str | None:
    """Return why a request cannot run as asked (one line), or None when it can."""
    if fmt.folder and request.output is None:
        return f"--format {fmt.name} writes a folder of files; add -o DIR, e.g. -o out/"
    for option in OPTIONS:
        if request.changed(option.name) and option.name not in fmt.accepts:
            takers = [f.name for f in FORMATS.values() if option.name in f.accepts]
            where = f"use it with --format {_either(takers)}" if takers else "it goes with no format"
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
    return next(o.purpose for o in OPTIONS if o.name == name)


def _flag(name: str) -> str:
    """Return an option's flag."""
    return next(o.flag for o in OPTIONS if o.name == name)


def _either(names: list[str]) -> str:
    """Return names as "a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
