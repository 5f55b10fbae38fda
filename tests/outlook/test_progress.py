"""A long look-ahead shows its progress on a terminal (issue 33, defect 13).

``--outlook`` on one hand at 5-6 shanten plays practice games discard by discard for 10-21 s, and used
to show nothing. On a terminal, and without ``--quiet``, one line on stderr now counts the discards done;
a pipe or a log gets nothing. ``--games`` has a bound too (1,000,000; ``tests/core/test_bounds.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli import outputs
from pairi_report.cli.main import app

runner = CliRunner()
FAR = "2378m1256p3489s15z"  # four-shanten: the outlook plays games from each discard


@pytest.mark.parametrize(("terminal", "quiet"), [(True, False), (False, False), (True, True)])
def test_a_far_hand_counts_its_discards_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: bool, quiet: bool
) -> None:
    monkeypatch.setattr(outputs, "on_terminal", lambda: terminal)
    args = [FAR, "--outlook", "--games", "20", "-f", "json", *(["-q"] if quiet else [])]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = "looking ahead, discard 1 of " in result.stderr
    assert shown == (terminal and not quiet)
    if shown:
        last = result.stderr.split("\r")[-1]
        done, _, total = last.removeprefix("looking ahead, discard ").strip().partition(" of ")
        assert done == total and result.stderr.endswith("\n")  # the line ends when all are done
