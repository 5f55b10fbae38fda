"""Gzipped logs: decompressed within the 64 MB input limit, and read by what they hold (issue 33, 3 and 10).

A 1 MB ``.mjlog.gz`` used to take 2.1 GB and 14-18 s (a bigger one ended in ``MemoryError``); a gzipped
tenhou.net/6 JSON or mjai log was read as XML ("not well-formed XML").
"""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.bounds import LOG_BYTES
from pairi_report.games import read_game
from pairi_report.games.errors import LogError
from pairi_report.games.packed import gunzip

runner = CliRunner()
LOGS = Path(__file__).resolve().parent.parent / "data" / "logs"
TENHOU6 = SOURCE / "ranked_game.json"


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("r.json.gz", TENHOU6),
        ("r.mjai.jsonl.gz", LOGS / "ranked_game.mjai.jsonl"),
        ("r.jsonl.gz", LOGS / "ranked_game.mjai.jsonl"),
        ("r.mjlog.gz", LOGS / "ranked_game.mjlog"),
        ("r.gz", TENHOU6),  # the name says nothing: the content does
    ],
)
def test_a_gzipped_log_is_read_by_its_content(tmp_path: Path, name: str, source: Path) -> None:
    path = tmp_path / name
    path.write_bytes(gzip.compress(source.read_bytes()))
    game = read_game(path.read_bytes(), name)
    assert game.names == ("Aさん", "Bさん", "Cさん", "Dさん") and len(game.rounds) == 3
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.output


def test_a_gzip_bomb_is_refused_in_one_line_without_unpacking_it(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.mjlog.gz"
    bomb.write_bytes(gzip.compress(b"<mjloggm>" + b" " * (LOG_BYTES + 1), 1))
    assert bomb.stat().st_size < LOG_BYTES // 100
    code = (
        # VmHWM is this process's own peak (ru_maxrss would count the parent's, kept across exec).
        "import re, sys; from pairi_report.cli.main import run_command; "
        f"code = run_command([{str(bomb)!r}, '-f', 'json']); "
        "peak = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1]; "
        "print(peak, file=sys.stderr); sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    message, peak = done.stderr.splitlines()
    assert (
        done.returncode == 2
        and message == f"pairi-report: error: {bomb}: gzip: over 64 MB once decompressed; expected a game log"
    )
    assert int(peak) < 300_000  # KB: the old code took gigabytes


def test_broken_and_concatenated_streams() -> None:
    data = gzip.compress(b"<mjloggm>")
    assert gunzip(data + gzip.compress(b"</x>") + b"\0\0") == b"<mjloggm></x>"
    for broken in (data[:-5], data[:10] + b"junk" + data[14:]):
        with pytest.raises(LogError, match="a broken gzip stream"):
            gunzip(broken)
    with pytest.raises(LogError, match="over 100 bytes"):
        gunzip(gzip.compress(b"x" * 101), limit=100)
    assert gunzip(gzip.compress(b"x" * 100), limit=100) == b"x" * 100
