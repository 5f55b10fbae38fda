"""The ``pairi-report`` command: INPUT [-o DIR] [--format md|html|pdf|json|text|jsonl|csv|parquet]."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from typer.exceptions import TyperException

from ..core.bounds import GAMES, WORKERS
from ..core.errors import PairiError, printable
from ..core.version import __version__
from ..outlook import DEFAULT_GAMES
from ..report.registry import FORMATS
from ..rules.base import option_values
from ..rules.registry import RULE_SETS, find_rule_set
from .common import check_situation, fail, reader_gone
from .formats import refusal
from .inputs import check_source
from .interrupt import end_interrupted, interrupted, watch_interrupts
from .request import Request
from .review import log_inputs
from .situation import with_word_options

# "\b" keeps click from rewrapping the example lines.
EXAMPLES = """\b
Examples:
  pairi-report 2378m1256p3489s15z                  # one hand, Tenhou-style text
  pairi-report 'https://tenhou.net/2/?q=123m456p789s1122z' --format json
  pairi-report 1223m456p789s1122z --visible 1z5z   # 1z and 5z already seen
  pairi-report examples/hands.txt -o out/          # a Markdown report in out/
  pairi-report hands.txt -o out/ --format html --self-contained --title "Week 3"
  pairi-report hands.txt -o out/ --lang ja         # 向聴, 受け入れ; --lang zh for 向听, 有效牌
  pairi-report 1223m456p789s1122z -o post/ -f html --fragment --self-contained
  pairi-report hands.txt -o class/ --quiz --format pdf --paper letter  # a handout
  pairi-report hands.txt -o out/ --tiles ~/tiles --tile-naming fluffystuff --scale 2
  pairi-report hands.txt --rules riichi -f json    # choose rules and format
  pairi-report 123m456p789s1127z --wild 7z         # every 7z is wild
  pairi-report 123m456p789s11227z --rules hongzhong  # 红中麻将: Red dragons wild
  pairi-report '[123m,1]456p789sEENN N|ES1000|ab' --rules gb  # 国标: fans, sets, 8-fan minimum
  pairi-report 123m456p789sEEEN --rules gb -f json  # GB waits, each with its fan totals
  pairi-report '[2222m][5555p,1]345678s9m9m' --rules gb --rule-option mixed-kongs=off  # 暗杠 + 明杠
  cat hands.txt | pairi-report - --format json --quiet
  pairi-report big.txt --format jsonl > rows.jsonl  # stream rows, all cores
  pairi-report big.txt -f csv -o out/ --workers 2  # out/analysis.csv
  pairi-report big.txt -f parquet -o out/          # out/hands.parquet, out/discards.parquet
  pairi-report big.txt -f parquet -o out/ --scheduler tcp://host:8786  # on a Dask cluster
  pairi-report hands.txt -o out/ --outlook         # + improvements, shapes, chances by turn
  pairi-report 34m456p789s117z468p -f json --outlook --games 2000
  pairi-report 234567m23455p678s --riichi --tsumo --dora 1p  # 5 han 20 fu: mangan
  pairi-report 123456m789p2499s --round S --seat E --situation 'dora=3s river=1m'  # each wait's value
  pairi-report game.json -o review/ -f html       # review a game log: its mistakes, each with the table
  pairi-report game.json -o review/ -f html --review all  # every decision in full
  pairi-report logs/ -f jsonl --player 0 > rows.jsonl  # one record per decision, every log
  pairi-report simulate 34m456p789s117z468p --games 5000  # the practice bot
"""

Source = Annotated[
    str,
    typer.Argument(
        metavar="INPUT",
        help="A hand (e.g. 123m456p789s1122z, a tenhou.net/2/?q= link, Unicode tiles, [555p] melds), "
        "or a batch file with one hand per line; '-' reads the batch from stdin. A game log (tenhou.net/6 "
        "JSON, mjlog XML, mjai JSON Lines), or a folder of them, is reviewed discard by discard.",
    ),
]
Output = Annotated[
    Path | None, typer.Option("-o", "--output", help="Write the report into this folder, e.g. -o out/.")
]
if TYPE_CHECKING:
    FormatChoice = str
else:  # the registry's names, so a new format shows up in --help and is checked by typer
    FormatChoice = Literal[tuple(FORMATS)]
FormatName = Annotated[
    FormatChoice | None,
    typer.Option("--format", "-f", help="e.g. --format html. Default: md with -o, else text."),
]
# The registry's names, listed in --help; the registry itself checks the name (so an entry added at run
# time, such as a house rule, is accepted too).
RuleChoice = Annotated[
    str, typer.Option(metavar=f"<{'|'.join(RULE_SETS)}>", help="The rule set, e.g. --rules gb.")
]
RuleOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--rule-option",
        metavar="NAME=on|off",
        help="Set a yes/no option of the rule set; repeat for more, e.g. --rules gb --rule-option "
        "mixed-kongs=off (GB: score 暗杠 + 明杠, not 明暗杠).",
    ),
]
Visible = Annotated[
    str | None,
    typer.Option(
        help="Tiles seen elsewhere (discards, melds) besides the --dora indicators, which count as seen "
        "already; e.g. --visible 1m5z."
    ),
]
Wild = Annotated[
    list[str] | None,
    typer.Option(metavar="TILE", help="A kind whose every copy is wild; repeat for more, e.g. --wild 7z."),
]
Tiles = Annotated[
    Path | None, typer.Option(help="A folder of downloaded tile pictures, e.g. --tiles ~/tiles.")
]
TileNaming = Annotated[
    Literal["majandofu", "fluffystuff"],
    typer.Option(help="How the --tiles files are named, e.g. --tile-naming fluffystuff."),
]
Scale = Annotated[int, typer.Option(min=1, max=2, help="Tile size, 1 or 2 times 36x48, e.g. --scale 2.")]
Title = Annotated[str | None, typer.Option(help='The report title, e.g. --title "Week 3".')]
SelfContained = Annotated[
    bool, typer.Option(help="HTML in one file, pictures as data: URIs, e.g. --self-contained.")
]
Fragment = Annotated[
    bool, typer.Option(help="HTML to paste into a page: no <head>, styles scoped, e.g. --fragment.")
]
Quiz = Annotated[
    bool, typer.Option(help="A problem sheet and, on a new page, its answer key, e.g. --quiz --format pdf.")
]
QuizTitles = Annotated[
    bool, typer.Option(help="Print each problem's batch title on the sheet (it may give the answer away).")
]
PerPage = Annotated[
    int, typer.Option(min=2, max=6, help="Quiz problems per printed page, e.g. --per-page 6.")
]
Card = Annotated[
    bool,
    typer.Option(
        help="A card per hand to paste into a blog (card.html, its styles sealed off from the page) and "
        "as a picture for social posts (cards/*.png); with --format html, e.g. --card."
    ),
]
Paper = Annotated[Literal["a4", "letter"], typer.Option(help="Paper for print and PDF, e.g. --paper letter.")]
Lang = Annotated[
    Literal["en", "zh", "ja"],
    typer.Option(help="Report language, e.g. --lang ja (向聴) or --lang zh (向听)."),
]
Workers = Annotated[
    int | None,
    typer.Option(
        min=WORKERS.low,
        max=WORKERS.high,
        help="Processes for --format jsonl, csv or parquet (and Dask workers with --dask), and for "
        "--outlook (default: every core), e.g. --workers 2.",
    ),
]
LookAhead = Annotated[
    bool,
    typer.Option(
        "--outlook",
        help="Look ahead per discard: improvement tiles, good/bad shapes, 2-step counts, tenpai and "
        "win chances by turn, practice games; e.g. --outlook.",
    ),
]
Games = Annotated[
    int,
    typer.Option(
        min=GAMES.low,
        max=GAMES.high,
        help="Practice games per discard where chances are estimated (beyond 3-shanten, and a "
        "3-shanten hand's discards that lose ground), and from the hand for --outlook; e.g. --games 2000 "
        f"(default {DEFAULT_GAMES}).",
    ),
]
Dama = Annotated[
    bool,
    typer.Option(
        "--dama",
        help="With --outlook: a closed hand that reaches tenpai with a yaku on every wait stays dama "
        "instead of declaring riichi, for the expected points; e.g. --dama.",
    ),
]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress or notes, e.g. --quiet.")]


def _show_version(value: bool) -> None:
    """Print the version and stop (an eager option: it runs before the input is looked at)."""
    if value:
        typer.echo(f"pairi-report {__version__}")
        raise typer.Exit(0)


Version = Annotated[
    bool, typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit.")
]
SituationWords = Annotated[
    str | None,
    typer.Option(
        "--situation",
        metavar="WORDS",
        help="How the hand wins, for its value (riichi): e.g. --situation 'dora=3m round=S riichi "
        "tsumo'; the options below say the same word by word, and a batch line may add its own words.",
    ),
]

Player = Annotated[
    str | None,
    typer.Option(
        help="Review only this player's discards: a name in the log or a seat 0-3 (0-2 with three "
        "players), e.g. --player 0."
    ),
]

ReviewView = Annotated[
    Literal["mistakes", "all"],
    typer.Option(
        "--review",
        help="What a game review page shows in full: the discards that lost ground (mistakes, the "
        "others folded into a line per run) or every decision; e.g. --review all.",
    ),
]

UseDask = Annotated[
    bool,
    typer.Option(
        "--dask",
        help="Run --format parquet on a local Dask cluster of --workers processes (the dask extra), "
        "e.g. --dask.",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS",
        help="Run --format parquet on the Dask cluster of this scheduler, e.g. --scheduler tcp://host:8786.",
    ),
]

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command(epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@with_word_options
def run(
    source: Source,
    output: Output = None,
    fmt: FormatName = None,
    rules: RuleChoice = "riichi",
    rule_option: RuleOptions = None,
    visible: Visible = None,
    wild: Wild = None,
    tiles: Tiles = None,
    tile_naming: TileNaming = "majandofu",
    scale: Scale = 1,
    title: Title = None,
    self_contained: SelfContained = False,
    fragment: Fragment = False,
    quiz: Quiz = False,
    quiz_titles: QuizTitles = False,
    per_page: PerPage = 4,
    card: Card = False,
    paper: Paper = "a4",
    lang: Lang = "en",
    workers: Workers = None,
    look_ahead: LookAhead = False,
    games: Games = DEFAULT_GAMES,
    dama: Dama = False,
    quiet: Quiet = False,
    situation: SituationWords = None,
    version: Version = False,
    player: Player = None,
    review: ReviewView = "mistakes",
    dask: UseDask = False,
    scheduler: Scheduler = None,
) -> None:
    """Analyse mahjong hands (牌理): shanten, effective tiles per discard, waits; write a report."""
    request = Request.of(locals())
    raise typer.Exit(execute(request))


def execute(request: Request) -> int:
    """Check a request against its format and rule set, then run its output; return the exit status."""
    fmt = request.format
    try:
        rule = find_rule_set(request.rules)
        option_values(rule, request.options_map())
    except PairiError as err:
        raise fail(str(err)) from None
    why = refusal(request, fmt, rule)
    if why is not None:
        raise fail(why)
    check_situation(request.situation, rule)
    logs = log_inputs(request.source)
    if logs is not None:
        from .review_out import write_review

        return write_review(request, fmt, logs)
    if request.player is not None:
        raise fail("--player chooses whose discards a game review looks at, but the input is no game log")
    if request.changed("review"):
        raise fail("--review chooses what a game review page shows, but the input is no game log")
    check_source(request.source)
    from .outputs import run_hands, run_rows

    return run_rows(request, rule, fmt) if fmt.streams else run_hands(request, rule, fmt)


def main() -> None:
    """Entry point of the console script: run, and on Ctrl-C stop every process of the run in a second."""
    watch_interrupts()
    try:
        code = run_command(sys.argv[1:])
    except BaseException:
        if not interrupted():
            raise
        code = 130  # whatever the interrupt turned into on its way out
    if interrupted():
        end_interrupted()
    sys.exit(code)


def run_command(argv: list[str]) -> int:
    """Run the command line and return its exit status; a usage error is one line, as every error is.

    ``simulate`` runs the practice bot; anything else is a report. (One command, not a group, so that
    ``pairi-report HANDS`` needs no subcommand name; ``simulate`` is the one word that is no hand or file.)
    """
    if len(argv) == 1 and not argv[0].startswith("-") and argv[0] != "simulate":
        return _run_defaults(argv[0])
    command, args, name = app, argv, "pairi-report"
    if argv[:1] == ["simulate"]:
        from .simulate import app as simulate_app

        command, args, name = simulate_app, argv[1:], "pairi-report simulate"
    try:
        code = command(args=args, prog_name=name, standalone_mode=False)
    except TyperException as err:
        detail = err.format_message() if hasattr(err, "format_message") else str(err)
        typer.echo(
            f"{name}: error: {printable(_shortened(_hinted(detail, args)))} (see {name} --help)", err=True
        )
        return err.exit_code
    return code if isinstance(code, int) else 0


_LONG_VALUE = re.compile(r"'([^']{40,})'|([-+]?[0-9]{40,})")


def _shortened(detail: str) -> str:
    """Return a usage error with each long value cut: the parser echoes a 5,000-digit number whole,
    quoted or not."""

    def cut(match: re.Match[str]) -> str:
        value = match.group(1) or match.group(2)
        return f"'{value[:12]}…' ({len(value)} characters)"

    return _LONG_VALUE.sub(cut, detail)


def _hinted(detail: str, args: list[str]) -> str:
    """Return a usage error, pointing extra arguments that are situation words at ``--situation``."""
    if not detail.startswith("Got unexpected extra argument"):
        return detail
    from ..rules.riichi.valuation import SITUATION_WORD

    extra = detail[detail.rfind(" (") + 2 : -1].split()  # "... argument(s) (dora=5s riichi)"
    if extra and all(SITUATION_WORD.fullmatch(word) for word in extra):
        where = args.index(extra[0]) + 1 if extra[0] in args else 0
        return (
            f'argument {where}: situation words after the hand; give them as --situation "{" ".join(extra)}"'
        )
    return detail


def _run_defaults(source: str) -> int:
    """Run an input given with no option: the request is every default, so the parser is skipped.

    Typer builds a validator for each of its forty-odd options before the command runs (a third of a
    second, more than the whole analysis), which a bare ``pairi-report HAND`` does not need. Failures end
    as the parser's would: an exit status, 130 on an interrupt, 1 on a closed pipe.
    """
    try:
        return execute(Request(source))
    except typer.Exit as done:
        return done.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        reader_gone(1)
