"""What every command shares: the one-line error and the hand given on the command line."""

from __future__ import annotations

import typer

from ..core.errors import NotationError, PairiError
from ..rules.analysis import Analysis, analyze


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error line to stderr and return the exit to raise."""
    typer.echo(f"pairi-report: error: {message}", err=True)
    return typer.Exit(code)


def analyse_or_exit(source: str, rules: str, visible: str | None, wild: tuple[str, ...]) -> Analysis:
    """Analyse the hand given on the command line, or exit 2 with the error and a caret."""
    try:
        return analyze(source, rules=rules, visible=visible, wild=wild)
    except NotationError as err:
        typer.echo(f"pairi-report: error: line 1, {err}", err=True)
        typer.echo(err.caret(), err=True)
        raise typer.Exit(2) from None
    except PairiError as err:
        raise fail(str(err)) from None
