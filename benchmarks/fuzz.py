"""Fuzz every way a hand gets in: generated hostile inputs through the analysis, on every core.

Usage: python benchmarks/fuzz.py N [--seed S] [--workers K] [--render R]

Each input is a mutated riichi or GB hand, a tenhou.net link, Unicode tiles, a very long text or plain
noise, analysed under a random rule set with random visible and wild tiles, as a hand or as a batch
line. The only exceptions allowed are the project's own (``PairiError``); anything else is an escape.
Prints inputs per second, every escape, and every input slower than 0.1 s; then renders R of the
accepted hands (default 20,000) to Markdown and HTML reports and counts any error there.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # one process per core
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import multiprocessing  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from pairi_report.batch.lines import Line, Problem, analyze_line, decode_line  # noqa: E402
from pairi_report.core.errors import PairiError  # noqa: E402
from pairi_report.core.sampling import random_hands  # noqa: E402
from pairi_report.rules.registry import RULE_SETS, find_rule_set  # noqa: E402

SLOW = 0.1  # seconds: an input slower than this is reported
CHUNK = 2_000
PIECES = (
    *"0123456789", *"mpsz", *"MPSZ", *"[]", ",", " ", "\t", "|", *"ESWNCFP", *"abcdefgh", *"xyq.-+=/:%?#&;",
    *(chr(c) for c in range(0x1F000, 0x1F02C)), "\ufe0f", "１", "ｍ", "😀", "\x00", "\x1b", "\x0b", "\x85",
    "\u2028", "\u202e", "\r", "\n", "é", "中",
    "http://", "https://tenhou.net/2/?q=", "tenhou.net/2/?q=", "%20", "%3", "%E2%80", "[123m,1]",
    "[555p,2]", "[7777s,7]", "[EEE,3]", "|EE0011|", "|EE1000|ab", "wild=", "1z", "0m", "[1111s,7]",
)  # fmt: skip
GB_HANDS = (
    "[123m,1]456p789sEENN N|ES1000|ab", "1112345678999m 5m|EE1000", "[EEE,1][SSS,2]WWWNN55m 5m|EE0000",
    "147m258p369s456sC C", "147m258p369sESWN C", "19m19p19sESWNCFP P|EE1000", "2233445566778m 8m",
    "a5sghWSW[3333m,6]78m2s5s|EE0000|dc", "345s[777m,3]345m55567p|NE1010|cbaghd", "123m456p789sEEEN",
)  # fmt: skip


@dataclass
class Findings:
    """What a chunk of inputs turned up."""

    inputs: int = 0
    accepted: int = 0
    escapes: list[tuple[str, str]] = field(default_factory=list)
    slow: list[tuple[float, str]] = field(default_factory=list)
    samples: list[tuple[str, str, str | None, tuple[str, ...]]] = field(default_factory=list)

    def merge(self, other: Findings, keep: int) -> None:
        """Add another chunk's findings, keeping at most ``keep`` accepted samples."""
        self.inputs += other.inputs
        self.accepted += other.accepted
        self.escapes += other.escapes
        self.slow += other.slow
        self.samples += other.samples[: max(0, keep - len(self.samples))]


def mutate(rng: random.Random, text: str, times: int) -> str:
    """Apply a few random edits: insert a piece, drop, replace, duplicate or reverse a stretch."""
    for _ in range(times):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randrange(1, 6))
        match rng.randrange(5):
            case 0:
                text = text[:i] + rng.choice(PIECES) + text[i:]
            case 1:
                text = text[:i] + text[j:]
            case 2:
                text = text[:i] + rng.choice(PIECES) + text[j:]
            case 3:
                text = text[:i] + text[i:j] * rng.randrange(2, 5) + text[j:]
            case _:
                text = text[:i] + text[i:j][::-1] + text[j:]
    return text


def generate(rng: random.Random, hands: list[str]) -> str:
    """Return one hostile input."""
    kind = rng.randrange(10)
    if kind < 4:
        return mutate(rng, rng.choice(hands), rng.randrange(0, 5))
    if kind < 6:
        return mutate(rng, rng.choice(GB_HANDS), rng.randrange(0, 5))
    if kind == 6:
        hand = rng.choice(hands)
        body = "".join(f"%{ord(c):02X}" if rng.random() < 0.2 else c for c in hand)
        return mutate(rng, rng.choice(("https://tenhou.net/2/?q=", "http://[", "tenhou.net/2/?q=")) + body, 2)
    if kind == 7:
        return "".join(rng.choice(PIECES[-60:]) for _ in range(rng.randrange(1, 20)))
    if kind == 8:
        return rng.choice(PIECES) * rng.randrange(100, 6000)
    return "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 40)))


def options(rng: random.Random, hands: list[str]) -> tuple[str, str | None, tuple[str, ...]]:
    """Return a random rule set, visible tiles and wild kinds for one input."""
    rules = rng.choice(sorted(RULE_SETS))
    visible = (
        mutate(rng, rng.choice(hands)[: rng.randrange(2, 10)], rng.randrange(2))
        if rng.random() < 0.2
        else None
    )
    wild = (
        tuple(rng.choice(("7z", "5z", "8z", "0m", "x", "")) for _ in range(rng.randrange(3)))
        if rng.random() < 0.2
        else ()
    )
    return rules, visible, wild  # fmt: skip


def attempt(text: str, rules: str, visible: str | None, wild: tuple[str, ...], line: bool) -> bool:
    """Analyse one input as a hand or as a batch line; return whether it was accepted."""
    rule = find_rule_set(rules)
    if not line:
        rule.analyze(text, visible=visible, wild=wild)
        return True
    found = decode_line(1, text.encode("utf-8", "surrogatepass"), rule)
    if isinstance(found, Line):
        return not isinstance(analyze_line(rule, found, visible, wild), Problem)
    return False


def warm_up() -> None:
    """Load every table and cache a worker will use, so no input pays for them (a process's cost, once)."""
    for rules, text, wild in (
        ("riichi", "123m456p789s1122z", ()),
        ("riichi", "1123m456p789s1122z", ("7z",)),
        ("riichi", "[555p,1]1123m789s1122z", ()),
        ("hongzhong", "123m456p789s11227z", ()),
        ("gb", "[123m,1]456p789sEENN N|ES1000|ab", ()),
        ("gb", "123m456p789sEEEN", ()),
        ("sanma", "19m123p456s11225z", ()),
    ):
        find_rule_set(rules).analyze(text, wild=wild)
    from pairi_report.engine.tables import tables

    for wild_tiles in (False, True):  # every variant of the tables, whichever rule and wild tile needs it
        for quad_pairs in (False, True):
            tables(wild_tiles, quad_pairs)


def run_chunk(args: tuple[int, int, int]) -> Findings:
    """Fuzz ``count`` inputs generated from ``seed``; keep up to ``keep`` accepted ones."""
    seed, count, keep = args
    rng = random.Random(seed)
    hands = random_hands(seed, 200) + [
        f"[{rng.choice(('123m', '555p', '7777s'))},1]{h[6:]}" for h in random_hands(seed + 1, 50)
    ]
    found = Findings()
    for _ in range(count):
        text = generate(rng, hands)
        rules, visible, wild = options(rng, hands)
        line = rng.random() < 0.3
        start = time.perf_counter()
        try:
            ok = attempt(text, rules, visible, wild, line)
        except PairiError:
            ok = False
        except Exception:  # noqa: BLE001 - counting escapes is the point
            found.escapes.append(
                (repr((text[:200], rules, visible, wild, line)), traceback.format_exc(limit=3))
            )
            ok = False
        spent = time.perf_counter() - start
        found.inputs += 1
        if spent > SLOW:
            found.slow.append((spent, repr((text[:200], rules, visible, wild, line))))
        if ok:
            found.accepted += 1
            if len(found.samples) < keep and not line:
                found.samples.append((text, rules, visible, wild))
    return found


def render_chunk(samples: list[tuple[str, str, str | None, tuple[str, ...]]]) -> list[str]:
    """Render accepted hands as one Markdown and one HTML report each batch; return the errors."""
    from pairi_report.report.registry import find_format
    from pairi_report.report.reporters.base import ReportOptions
    from pairi_report.report.reporters.hands import hand_views, report_files

    entries = []
    for number, (text, rules, visible, wild) in enumerate(samples, start=1):
        analysis = find_rule_set(rules).analyze(text, visible=visible, wild=wild)
        entries.append((Line(number, text, 1, text[:40]), analysis))
    errors = []
    for fmt in ("md", "html"):
        try:
            files: dict[str, bytes] = {}
            options = ReportOptions(find_format(fmt), "fuzz")
            report_files(list(hand_views(entries, options, files)), [], options, files)
        except Exception:  # noqa: BLE001 - counting rendering errors is the point
            errors.append(f"{fmt}: {traceback.format_exc(limit=4)}")
    return errors


def main() -> int:
    """Fuzz, report, and render a sample of what was accepted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--render", type=int, default=20_000)
    args = parser.parse_args()
    jobs = [
        (args.seed * 1_000_003 + i, min(CHUNK, args.n - i * CHUNK), args.render)
        for i in range(-(-args.n // CHUNK))
    ]
    total = Findings()
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.workers, initializer=warm_up) as pool:
        for found in pool.imap_unordered(run_chunk, jobs):
            total.merge(found, args.render)
        spent = time.perf_counter() - start
        rate = total.inputs / spent
        print(
            f"{total.inputs} inputs in {spent:.1f} s on {args.workers} cores = {rate:,.0f} inputs/s; "
            f"{total.accepted} accepted; {len(total.escapes)} escapes; {len(total.slow)} slower than {SLOW} s"
        )
        for shown, trace in total.escapes[:20]:
            print(f"ESCAPE {shown}\n{trace}")
        for seconds, shown in sorted(total.slow, reverse=True)[:20]:
            print(f"SLOW {seconds:.3f} s {shown}")
        batches = [total.samples[i : i + 250] for i in range(0, len(total.samples), 250)]
        start = time.perf_counter()
        errors = [e for found in pool.imap_unordered(render_chunk, batches) for e in found]
    spent = time.perf_counter() - start
    shown = len(total.samples)
    print(f"rendered {shown} accepted hands to Markdown and HTML in {spent:.1f} s: {len(errors)} errors")
    for error in errors[:10]:
        print(f"RENDER {error}")
    return 1 if total.escapes or total.slow or errors else 0


if __name__ == "__main__":
    sys.exit(main())
