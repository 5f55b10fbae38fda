"""One-file documents of analysed hands: JSON (``index.json``) and the plain text (``index.txt``): Tenhou's
block, or the rules' own (GB's, in English and GB's letters).

One hand alone is its own record (or text block); a batch has its records, its bad lines and its
summary. A JSON record carries the judgement's ranking of the discards (``judgement``: the best, and
each discard's tiles, points and score) where the rules value hands; the streams (JSON Lines, CSV,
Parquet), made for corpora, do not. Without an output folder the document goes to stdout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...batch.summary import summarise
from ...rules.analysis import Analysis
from ..registry import Format
from ..views.text import plain_text
from .base import Hands, ReportOptions, Sink


def json_document(work: Hands) -> str:
    """Return the JSON of the hands: one hand's record alone, or a batch's records, problems and summary."""
    dicts = [_record(a) for _, a in work.entries]
    for d, look in zip(dicts, work.looks or (), strict=False):
        d["outlook"] = look.to_dict()
    if not work.batch:
        return json.dumps(dicts[0], ensure_ascii=False, indent=2) + "\n"
    records = [line.record(d) for (line, _), d in zip(work.entries, dicts, strict=True)]
    doc: dict[str, Any] = {
        "hands": records,
        "problems": [p.to_dict() for p in work.problems],
        "summary": summarise(records).to_dict(),
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def _record(a: Analysis) -> dict[str, Any]:
    """Return a hand's record, with the judgement's ranking of its discards where the rules value hands."""
    from ...judgement.lone import judge_lone  # here: the plain text, the commonest run, needs none of it

    record = a.to_dict()
    judged = judge_lone(a)
    if judged is not None:
        record["judgement"] = judged.to_dict()
    return record


def text_document(work: Hands) -> str:
    """Return the plain-text blocks of the hands: one hand alone, or a batch with its problems last."""
    if not work.batch:
        return plain_text(work.entries[0][1]) + "\n"
    blocks = [
        f"# {line.title or line.hand} (line {line.number})\n{plain_text(a)}\n" for line, a in work.entries
    ]
    if work.problems:
        listed = "".join(f"line {p.line}, column {p.column}: {p.message}\n" for p in work.problems)
        blocks.append("# Problems\n" + listed)
    return "\n".join(blocks)


@dataclass(frozen=True)
class JsonReporter:
    """Writes the hands' JSON as ``index.json`` (or to stdout)."""

    format: Format

    def report(self, work: Hands, options: ReportOptions, sink: Sink) -> None:
        """Write the document into the sink."""
        sink.write(f"index.{self.format.suffix}", json_document(work).encode("utf-8"))


@dataclass(frozen=True)
class TextReporter:
    """Writes Tenhou's text blocks of the hands as ``index.txt`` (or to stdout)."""

    format: Format

    def report(self, work: Hands, options: ReportOptions, sink: Sink) -> None:
        """Write the document into the sink."""
        sink.write(f"index.{self.format.suffix}", text_document(work).encode("utf-8"))
