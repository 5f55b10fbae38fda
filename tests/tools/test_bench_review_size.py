"""The review-size benchmark (issue 31, acceptance 1): it measures, prints the limits and fails past them."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from make_game_logs import SOURCE

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_review_size.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_review_size", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_prints_each_log_and_fails_past_a_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SOURCE / "rinshan.json", logs)
    module = bench()
    monkeypatch.setattr(sys, "argv", ["bench", "--logs", str(logs), "--pdf", "0"])
    assert module.main() == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("logs/rinshan.json"))
    html, pictures = (int(n.replace(",", "")) for n in line.split()[1:3])
    assert 10_000 < html < module.HTML_LIMIT and 1_000 < pictures < module.PICTURES_LIMIT
    assert "max HTML" in out and "ok" in out and "PDF printed for the 0 logs" in out
    monkeypatch.setattr(module, "HTML_LIMIT", html)  # the page is then not under its limit
    assert module.main() == 1
    assert "OVER" in capsys.readouterr().out
