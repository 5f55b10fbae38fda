"""What every command shares: the one-line error, the hand given on the command line, progress bars."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

from ..core.errors import NotationError, PairiError, printable
from ..rules.analysis import Analysis
from ..rules.base import RuleSet

PROGRESS_AFTER = 50  # hands; smaller batches finish before a bar would help


def counted(n: int, noun: str) -> str:
    """Return a count with its noun: ``1 hand``, ``3 hands``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def either(names: list[str]) -> str:
    """Return names as "a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error line to stderr (control characters escaped) and return the exit to raise."""
    typer.echo(f"pairi-report: error: {printable(message)}", err=True)
    return typer.Exit(code)


def analyze_or_exit(
    source: str,
    rule: RuleSet,
    visible: str | None,
    wild: tuple[str, ...],
    options: Mapping[str, bool | str] | None = None,
    situation: str = "",
) -> Analysis:
    """Analyse the hand given on the command line, or exit 2 with the error and a caret."""
    try:
        return rule.analyze(source, visible=visible, wild=wild, options=options, situation=situation or None)
    except NotationError as err:
        if err.text == source:
            err = words_after_hand(source, rule) or err
        # Say which text the column counts in: the hand, or one of the options read with it.
        where = "--visible" if err.text == visible else "--wild" if err.text in wild else "line 1"
        raise caret_exit(SITUATION if situation and err.text == situation else where, err) from None
    except PairiError as err:
        raise fail(str(err)) from None


def words_after_hand(source: str, rule: RuleSet) -> NotationError | None:
    """Return the error of batch-line words (situation, ``wild=``) after a hand given on the command line.

    A batch line may carry them; the command line takes them as options, which the error names.
    """
    from ..batch.lines import split_line

    split = split_line(source, rule)
    if split.title:
        return None
    if split.situation:
        option = f'--situation "{" ".join(split.situation.split())}"'
        return NotationError(
            f"situation words after the hand; give them as {option}", source, split.situation_column
        )
    if split.wild:
        column = split.wild[0][1] - len("wild=")
        if not rule.features.wild:  # pointing to --wild would only lead to its own refusal
            return NotationError(f"'wild=': the {rule.name} rules have no wild tiles", source, column)
        options = " ".join(f"--wild {kind}" for kind, _ in split.wild)
        return NotationError(f"'wild=' after the hand; give it as {options}", source, column)
    return None


SITUATION = "the situation (--situation and its word options)"


def check_situation(situation: str, rule: RuleSet) -> None:
    """Check the run's situation words on their own, or exit 2 with the error and a caret."""
    if not situation:
        return
    try:
        rule.read_situation(situation)
    except NotationError as err:
        raise caret_exit(SITUATION, err) from None
    except PairiError as err:
        raise fail(str(err)) from None


def caret_exit(where: str, err: NotationError) -> typer.Exit:
    """Print an error in a text with its column (``where`` names the text), the text and a caret."""
    typer.echo(f"pairi-report: error: {where}, {err}", err=True)
    typer.echo(err.caret(), err=True)
    return typer.Exit(2)


def on_terminal() -> bool:
    """Return whether stderr is a terminal (a progress bar would only clutter a log or a pipe)."""
    return sys.stderr.isatty()


def progress_line(label: str) -> Callable[[int, int], None]:
    """Return a step that keeps one line on stderr up to date: ``label 3 of 12``, ended when all are done."""

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"\r{label} {done} of {total}" + ("\n" if done >= total else ""))
        sys.stderr.flush()

    return show


@contextmanager
def progress(total: int, quiet: bool, after: int = PROGRESS_AFTER, label: str = "analysing") -> Iterator[Any]:
    """Yield a wrapper that shows a progress bar for large batches on a terminal, and nothing otherwise."""
    if quiet or total <= after or not on_terminal():
        yield lambda items: items
        return
    with typer.progressbar(length=total, label=label, file=sys.stderr) as bar:

        def step(items: Iterable[Any]) -> Iterator[Any]:
            for item in items:
                yield item
                bar.update(1)

        yield step


def reader_gone(status: int) -> NoReturn:
    """End the run at once when the reader of stdout went away (``| head``): the workers killed, no word.

    Nothing is left to write, and an orderly shutdown would join a pool whose task feeder may be blocked
    on a pipe its killed workers no longer read (a hang seen in CI), so the process ends here.
    """
    from .interrupt import stop_children

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    stop_children()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(status)
