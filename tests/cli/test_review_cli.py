"""Game reviews on the command line: a log as input, every output format, a folder of logs, languages,
player names escaped, and every malformed log refused in one line with nothing written."""

from __future__ import annotations

import gzip
import json
import tempfile
from pathlib import Path

import pytest
from game_logs import MALFORMED, raw_discards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from make_game_logs import SOURCE
from paths import LOGS as DATA
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.cli.review import game_name, looks_like_log
from pairi_report.core.errors import PairiError, printable
from pairi_report.games import read_game
from pairi_report.review import review_game

runner = CliRunner()
RANKED = SOURCE / "ranked_game.json"

LOGS = sorted(SOURCE.glob("*.json"))


def files_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


def test_json_is_the_review_of_each_game() -> None:
    result = runner.invoke(app, [str(RANKED), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    expected = review_game(read_game(RANKED.read_bytes(), RANKED.name), "ranked_game").to_dict()
    assert doc == {"games": [json.loads(json.dumps(expected))]}
    game = doc["games"][0]
    assert game["players"] == ["Aさん", "Bさん", "Cさん", "Dさん"]
    assert [r["result"]["wins"][0]["text"] for r in game["rounds"]] == [
        "30符4飜7700点",
        "30符4飜3900点∀",
        "跳満18000点",
    ]
    assert all(r["result"]["wins"][0]["ours"]["agrees"] for r in game["rounds"])
    assert game["summary"]["decisions"] == 152


def test_text_is_a_short_summary_and_the_player_can_be_chosen() -> None:
    result = runner.invoke(app, [str(RANKED), "--player", "Cさん"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "ranked_game: Cさん"
    assert lines[1].startswith("38 decisions: ")
    assert len(lines) == 3 + 3  # three summary lines, a line per round
    by_seat = runner.invoke(app, [str(RANKED), "--player", "2"])
    assert by_seat.stdout == result.stdout


@pytest.mark.parametrize(
    "file", ["ranked_game.mjlog", "ranked_game.mjlog.gz", "ranked_game.mjai.jsonl"], ids=["xml", "gz", "mjai"]
)
def test_every_log_format_gives_the_same_records(file: str) -> None:
    def records(path: Path) -> list[dict]:
        result = runner.invoke(app, [str(path), "-f", "jsonl"])
        assert result.exit_code == 0, result.stderr
        return [{**json.loads(line), "game": ""} for line in result.stdout.splitlines()]

    assert records(DATA / file) == records(RANKED)


def test_a_log_on_stdin_and_a_viewer_link() -> None:
    result = runner.invoke(app, ["-", "-f", "jsonl"], input=RANKED.read_bytes())
    assert result.exit_code == 0, result.stderr
    assert len(result.stdout.splitlines()) == 152
    assert json.loads(result.stdout.splitlines()[0])["game"] == "stdin"
    hands = runner.invoke(app, ["-", "-f", "text"], input="123m456p789s1122z\n")
    assert hands.exit_code == 0 and "待ち[1z2z 4枚]" in hands.stdout  # a batch of hands is still a batch
    compact = json.dumps(json.loads(RANKED.read_bytes()), ensure_ascii=False, separators=(",", ":"))
    link = runner.invoke(app, ["https://tenhou.net/6/#json=" + compact, "-f", "jsonl"])
    assert link.exit_code == 0, link.stderr
    assert len(link.stdout.splitlines()) == 152


def test_jsonl_over_the_folder_of_logs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, [str(SOURCE), "-f", "jsonl", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in (out / "review.jsonl").read_text(encoding="utf-8").splitlines()]
    expected = {p.stem: sum(raw_discards(r) for r in json.loads(p.read_bytes())["log"]) for p in LOGS}
    assert len(rows) == sum(expected.values()) == 602
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["game"]] = counts.get(row["game"], 0) + 1
    assert counts == expected and list(counts) == sorted(expected)  # every log, in name order
    assert "reviewed 10 games, 602 decisions" in result.stderr


def test_json_over_a_folder_skips_games_without_the_player(tmp_path: Path) -> None:
    result = runner.invoke(app, [str(SOURCE), "-f", "json", "--player", "Ⓟ石橋伸洋"])
    assert result.exit_code == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    assert [g["name"] for g in games] == ["double_ron", "kyushukyuhai", "ryukyoku"]
    assert [g["seats"] for g in games] == [[2], [1], [3]]


WORDS = {"en": ("Game review: ranked", "Agreement with the best discard", "East 1, 0 honba"),
         "zh": ("牌谱复盘：ranked", "与最佳打牌一致率", "东1局 0本场"),
         "ja": ("牌譜検討：ranked", "最善打牌との一致率", "東1局 0本場")}  # fmt: skip


@pytest.mark.parametrize(
    "lang", ["en", pytest.param("zh", marks=pytest.mark.slow), pytest.param("ja", marks=pytest.mark.slow)]
)
def test_html_and_markdown_reviews_in_three_languages(tmp_path: Path, lang: str) -> None:
    for fmt in ("html", "md"):
        result = runner.invoke(app, [str(RANKED), "-o", str(tmp_path), "-f", fmt, "--lang", lang])
        assert result.exit_code == 0, result.stderr
        page = (tmp_path / f"index.{fmt}").read_text(encoding="utf-8")
        for words in WORDS[lang]:
            assert words in page
        assert page.count(WORDS[lang][2]) >= 2 and "30符4飜7700点" in page and "跳満18000点" in page
        assert not list((tmp_path / "img").glob("hand-*.png"))  # no picture per hand: the tiles are shared
        pictures = list((tmp_path / "img" / "tiles").rglob("*.png"))
        # A game shows nearly every kind; at most a few looks of each (sideways, marked, shaded).
        assert 30 <= len(pictures) <= 6 * 37, len(pictures)
    summary = json.loads(runner.invoke(app, [str(RANKED), "-f", "json"]).stdout)["games"][0]["summary"]
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    # The mistakes view: medium and large losses in full, a line per small one, the rest folded.
    severity = summary["severity"]
    assert sum(severity.values()) == summary["worse"]
    assert (
        html.count('<li class="decision') == severity["large"] + severity["medium"] == html.count("<details>")
    )
    assert html.count('<li class="minor sev-small"') == severity["small"] and 'class="fold folded"' in html
    result = runner.invoke(app, [str(RANKED), "-o", str(tmp_path), "-f", "html", "--review", "all"])
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.count('<li class="decision') == summary["decisions"] - summary["forced"]
    assert 'class="best played"' in html  # a row both best and played


def hostile_names(tmp_path: Path) -> Path:
    obj = json.loads((SOURCE / "rinshan.json").read_bytes())
    obj["name"] = ["<script>alert(1)</script>", "*bold* | [link](x)", "", "A & B"]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def test_player_names_from_the_log_are_escaped(tmp_path: Path) -> None:
    log = hostile_names(tmp_path)
    html_out, md_out = tmp_path / "html", tmp_path / "md"
    assert runner.invoke(app, [str(log), "-o", str(html_out), "-f", "html"]).exit_code == 0
    html = (html_out / "index.html").read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "A &amp; B" in html and "seat 2" in html  # an empty name shows the seat
    assert runner.invoke(app, [str(log), "-o", str(md_out), "-f", "md"]).exit_code == 0
    md = (md_out / "index.md").read_text(encoding="utf-8")
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert r"\*bold\* \| \[link\](x)" in md


def two_man(tmp_path: Path) -> Path:
    """A three-player log dealing a 2m, a tile the three-player game does not have."""
    obj = json.loads((DATA / "three_player.json").read_bytes())
    obj["log"][0][4][2] = 12
    path = tmp_path / "logs" / "two_man.json"
    path.parent.mkdir()
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def test_what_a_review_does_not_take_is_refused_in_one_line(tmp_path: Path) -> None:
    cases = [
        (
            [str(RANKED), "-f", "csv"],
            "a game log is reviewed with --format md, html, pdf, json, text or jsonl",
        ),
        ([str(SOURCE), "-f", "md", "-o", str(tmp_path / "o")], "a folder of game logs is reviewed with"),
        ([str(RANKED), "--visible", "1m"], "--visible is not used by a game review"),
        ([str(RANKED), "--rules", "gb"], "--rules is not used by a game review (a log is played"),
        ([str(RANKED), "--player", "nobody"], "no player 'nobody' in ranked_game"),
        ([str(SOURCE), "-f", "json", "--player", "nobody"], "no player 'nobody'"),
        (["123m456p789s1122z", "--player", "1"], "--player chooses whose discards"),
        ([str(two_man(tmp_path))], "East 1, 0 honba, the deal: a 2m, which is not in the three-player game"),
    ]
    for args, words in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert files_in(tmp_path) == ["logs", "logs/two_man.json"]


SUFFIX = {"tenhou6": ".json", "mjlog": ".mjlog", "mjai": ".jsonl", "not": ".json"}


@pytest.mark.parametrize("case, data, words", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_a_malformed_log_is_one_error_line_and_nothing_written(
    tmp_path: Path, case: str, data: bytes, words: tuple[str, ...]
) -> None:
    path = tmp_path / ("log" + SUFFIX[case.split()[0]] + (".gz" if data[:2] == b"\x1f\x8b" else ""))
    path.write_bytes(data)
    out = tmp_path / "review"
    result = runner.invoke(app, [str(path), "-o", str(out), "-f", "html"])
    assert result.exit_code == 2
    with pytest.raises(PairiError) as caught:
        read_game(data, str(path))
    assert result.stderr == f"pairi-report: error: {printable(f'{path}: {caught.value}')}\n"
    for word in words:
        if word not in ("not a game log",):  # named by its extension, that file is read as JSON
            assert word in result.stderr
    assert files_in(tmp_path) == [path.name]


def test_the_table_reaches_twenty_cases() -> None:
    assert len(MALFORMED) >= 20


def test_a_log_is_told_from_a_batch_of_hands() -> None:
    assert looks_like_log(b"\x1f\x8b\x08", "x")
    assert looks_like_log(b'\xef\xbb\xbf  {"title"', "x.txt")
    assert looks_like_log(b"<mjloggm ver", "")
    assert looks_like_log(b"https://tenhou.net/6/#json=", "")
    assert looks_like_log(b"anything", "game.mjlog.gz")
    assert not looks_like_log(b"https://tenhou.net/2/?q=123m", "hands.txt")
    assert not looks_like_log(b"[123m,1]456p789s1122z", "")
    assert [game_name(n) for n in ("a/b.json", "x.mjlog.gz", "y.mjai.jsonl", "z")] == [
        "b",
        "x",
        "y.mjai",
        "z",
    ]


SAMPLE = gzip.decompress((DATA / "ranked_game.mjlog.gz").read_bytes())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_mutated_logs_through_the_command_are_reviewed_or_refused_in_one_line(flips: list) -> None:
    raw = bytearray(SAMPLE)
    for at, value in flips:
        raw[at] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.mjlog"
        path.write_bytes(bytes(raw))
        result = runner.invoke(app, [str(path), "-f", "json", "-o", str(Path(folder) / "out")])
        assert result.exit_code in (0, 2), result.exception
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1 and result.stderr.startswith("pairi-report: error: ")
            assert files_in(Path(folder)) == ["game.mjlog"]
