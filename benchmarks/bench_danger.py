"""Danger calibration (issue 28, acceptance 3): the predicted deal-in chance against the riichi hands' waits.

Run: python benchmarks/bench_danger.py [--logs ../shared/logs/mjlog] [--plot docs/danger-reliability.png]
                                       [--write]

The development set's logs are read and kept once each (a log that is a part of another is dropped),
then split by game with a fixed hash of the name: 10 games to fit on, the rest to report on. For every
decision of a seat while an opponent's riichi stands and every tile kind it could discard, the sample's
label is whether the tile would have dealt in (one of the riichi hand's waits at that moment, the riichi
not furiten). On the fitting games the model's correction is fitted (``judgement.fit``) and the
baseline table counted (genbutsu, suji class by tile class, honour copies left); on the reported games
both are measured: the mean log-loss and a reliability table (exact zeros, then ranges of the predicted
chance: count, mean prediction, observed rate). The risk table alone (the model before its fit) is
shown too. ``--write`` stores the fitted weights in ``pairi_report/data/danger_model.json``;
``--plot`` draws the reliability diagram. The riichi rons of the whole set are set against the
carried-over average ron values as a check of the expected loss.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from pairi_report.games.model import Discard, Game
from pairi_report.judgement.calibration import Sample, development_set, riichi_samples
from pairi_report.judgement.fit import (
    BaselineTable,
    Bin,
    Predict,
    fit_model,
    log_loss,
    reliability,
    uncertain,
)
from pairi_report.judgement.model import DangerModel, load_model, tables
from pairi_report.judgement.threats import ThreatKind

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT.parent / "shared" / "logs" / "mjlog"
MODEL = ROOT / "pairi_report" / "data" / "danger_model.json"
FIT_GAMES = 10


def table_lines(name: str, predicted: Sequence[float], labels: Sequence[bool]) -> list[str]:
    """Return the log-loss lines and the reliability table of one model."""
    rows = reliability(predicted, labels)
    keep = [i for i, p in enumerate(predicted) if p > 0.0]
    lines = [
        f"{name}: log-loss {log_loss(predicted, labels):.4f} nats over {len(labels)} samples; "
        f"{log_loss([predicted[i] for i in keep], [labels[i] for i in keep]):.4f} over the "
        f"{len(keep)} it gives a chance above 0",
        f"  {'predicted':>13} {'count':>6} {'mean':>7} {'observed':>8}",
    ]
    for row in rows:
        span = "0 exactly" if row.high == 0.0 else f"{row.low:.2f}-{row.high:.2f}"
        lines.append(f"  {span:>13} {row.count:>6} {row.predicted:>7.3f} {row.observed:>8.3f}")
    return lines


def measure(samples: Sequence[Sample], predict: Callable[[Sample], float]) -> tuple[list[float], list[bool]]:
    return [predict(s) for s in samples], [s.deals_in for s in samples]


def bootstrap(held: Sequence[Sample], ours: Predict, theirs: Predict, rounds: int = 2000) -> str:
    """Return how sure the gain is: riichis (all their samples together) drawn again with replacement."""
    clusters: dict[tuple[str, int, int], list[float]] = {}
    for s in held:
        gain = log_loss([theirs(s)], [s.deals_in]) - log_loss([ours(s)], [s.deals_in])
        clusters.setdefault((s.game, s.round_index, s.threat), []).append(gain)
    sums = np.array([sum(v) for v in clusters.values()])
    sizes = np.array([len(v) for v in clusters.values()])
    rng = np.random.default_rng(28)
    draws = rng.integers(0, len(sums), size=(rounds, len(sums)))
    gains = sums[draws].sum(axis=1) / sizes[draws].sum(axis=1)
    low, high = np.quantile(gains, [0.05, 0.95])
    return (
        f"gain over the baseline, {len(sums)} riichis resampled {rounds} times: 90% interval "
        f"{low:+.4f} to {high:+.4f} nats, the model ahead in {np.mean(gains > 0):.1%}"
    )


def ron_check(games: Sequence[tuple[str, Game]]) -> list[str]:
    """Return the mean value of the riichi rons of the games, dealer or not, beside the carried-over ones."""
    values: dict[bool, list[int]] = {False: [], True: []}
    for _, game in games:
        for rnd in game.rounds:
            riichi = {ev.seat for ev in rnd.events if isinstance(ev, Discard) and ev.riichi}
            for win in rnd.wins:
                if win.winner in riichi and not win.tsumo:
                    values[win.winner == rnd.dealer].append(-win.deltas[win.source] - 300 * rnd.honba)
    points = tables()["ron_points"]
    lines = []
    for dealer, found in values.items():
        carried = points["riichi"] * (points["dealer_factor"] if dealer else 1)
        mean = sum(found) / len(found) if found else 0.0
        who = "dealer" if dealer else "non-dealer"
        lines.append(
            f"riichi rons, {who}: {mean:,.0f} on average over {len(found)} (carried over: {carried:,.0f})"
        )
    return lines


def plot(path: Path, curves: list[tuple[str, list[Bin], tuple[int, int, int]]]) -> None:
    """Draw the reliability diagram: observed rate against mean prediction per range, area by count."""
    from PIL import Image, ImageDraw, ImageFont

    size, pad, top = 640, 70, 0.35
    image = Image.new("RGB", (size, size), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=14)

    def xy(p: float, q: float) -> tuple[float, float]:
        return pad + p / top * (size - 2 * pad), size - pad - q / top * (size - 2 * pad)

    for tick in (0.0, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35):
        x0, y0 = xy(tick, 0.0)
        x1, y1 = xy(0.0, tick)
        draw.line([xy(tick, 0.0), xy(tick, top)], fill=(232, 232, 232))
        draw.line([xy(0.0, tick), xy(top, tick)], fill=(232, 232, 232))
        draw.text((x0 - 12, y0 + 8), f"{tick:.2f}", fill="black", font=font)
        draw.text((x1 - 44, y1 - 8), f"{tick:.2f}", fill="black", font=font)
    draw.line([xy(0, 0), xy(top, top)], fill=(150, 150, 150), width=2)
    draw.rectangle([xy(0, top), xy(top, 0)], outline="black")
    for index, (name, rows, colour) in enumerate(curves):
        points = [xy(r.predicted, r.observed) for r in rows if r.count and r.high > 0.0]
        draw.line(points, fill=colour, width=2)
        for row, (x, y) in zip([r for r in rows if r.count and r.high > 0.0], points, strict=True):
            radius = 2 + row.count**0.5 / 4
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=colour, width=2)
        draw.text((pad + 12, pad + 10 + 20 * index), name, fill=colour, font=font)
    axis = "predicted deal-in chance (mean of the range)"
    draw.text((size / 2 - 150, size - 30), axis, fill="black", font=font)
    draw.text((8, 12), "observed rate (held-out games)", fill="black", font=font)
    image.save(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=Path, default=LOGS)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--write", action="store_true", help="store the fitted weights in the package")
    args = parser.parse_args()
    dev = development_set(args.logs, FIT_GAMES)
    games, fit_names, report_names = list(dev.games), dev.fit, dev.report
    print(dev.describe("fit on", "report on"))
    samples = [s for name, game in games for s in riichi_samples(game, name)]
    fitting = [s for s in samples if s.game in fit_names]
    held = [s for s in samples if s.game in report_names]
    for label, part in (("fit", fitting), ("report", held)):
        sure = sum(not uncertain(s.facts) for s in part)
        hits = sum(s.deals_in for s in part)
        print(f"{label} samples: {len(part)}, {hits} deal in, {sure} certain (chance 0)")
    model = fit_model(fitting)
    shipped = load_model()
    print(f"fitted: penalty {model.penalty}, weights {json.dumps(model.to_dict()['weights'])}")
    same = shipped.fitted_on == model.fitted_on and shipped.penalty == model.penalty
    same = same and max(abs(a - b) for a, b in zip(shipped.weights, model.weights, strict=True)) < 1e-4
    print(f"the shipped model is this fit: {'yes' if same else 'no (--write stores it)'}")
    baseline = BaselineTable.fit(fitting)
    curves = []
    results = {}
    named = (
        ("danger model", lambda s: model.chance(s.facts, s.turn), (200, 40, 40)),
        ("baseline table", lambda s: baseline.chance(s.facts), (40, 90, 200)),
        ("risk table alone", lambda s: DangerModel().chance(s.facts, s.turn), (120, 120, 120)),
    )
    for name, predict, colour in named:
        predicted, labels = measure(held, predict)
        print("\n".join(table_lines(name, predicted, labels)))
        results[name] = log_loss(predicted, labels)
        curves.append((name, reliability(predicted, labels), colour))
    beats = results["danger model"] < results["baseline table"]
    print(f"the model beats the baseline on the held-out games: {'yes' if beats else 'NO'}")
    print(bootstrap(held, lambda s: model.chance(s.facts, s.turn), lambda s: baseline.chance(s.facts)))
    opens = [s for name, game in games for s in riichi_samples(game, name, ThreatKind.OPEN)]
    predicted, labels = measure(opens, lambda s: s.ready * model.chance(s.facts, s.turn))
    rate = sum(labels) / max(len(labels), 1)
    print(f"open threats (every game; not fitted, waits without the yaku check): {rate:.3f} deal in")
    print("\n".join(table_lines("open-hand danger", predicted, labels)))
    print(f"  a constant {rate:.3f}: log-loss {log_loss([rate] * len(labels), labels):.4f}")
    print("\n".join(ron_check(games)))
    if args.plot:
        plot(args.plot, curves[:2])
        print(f"plot: {args.plot}")
    if args.write:
        MODEL.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL.relative_to(ROOT)}")
    return 0 if beats else 1


if __name__ == "__main__":
    sys.exit(main())
