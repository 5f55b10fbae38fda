"""Write the converted test logs: each tenhou.net/6 log of shared/logs as mjlog XML and mjai JSON Lines.

Run ``.venv/bin/python tests/make_game_logs.py`` after changing a writer; ``test_games`` checks that
the committed copies are what the writers give now. ``ranked_game`` is also kept gzip-compressed.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from pairi_report.games import read_tenhou6, write_mjai, write_mjlog

SOURCE = Path(__file__).resolve().parent.parent.parent / "shared" / "logs" / "tenhou6"
if not SOURCE.is_dir():  # a worktree sits two levels below /work, a clone one level
    SOURCE = Path("/work/shared/logs/tenhou6")
OUT = Path(__file__).resolve().parent / "data" / "logs"


def converted() -> dict[str, bytes]:
    """Return the converted files by name."""
    out: dict[str, bytes] = {}
    for path in sorted(SOURCE.glob("*.json")):
        game = read_tenhou6(path.read_bytes(), path.name)
        out[f"{path.stem}.mjlog"] = write_mjlog(game).encode()
        out[f"{path.stem}.mjai.jsonl"] = write_mjai(game).encode()
    out["ranked_game.mjlog.gz"] = gzip.compress(out["ranked_game.mjlog"], mtime=0)
    return out


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in converted().items():
        (OUT / name).write_bytes(data)
        print(f"wrote {OUT / name}")
