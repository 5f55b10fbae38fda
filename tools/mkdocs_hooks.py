"""MkDocs hooks of the docs site (``hooks:`` in mkdocs.yml): the record schemas, written from the code.

A page that holds ``<!-- pairi:schemas -->`` gets, in its place, the keys of the JSON records (walked
from real analyses of a few hands, so a key the code adds or drops shows here at the next build), the
CSV columns (from the encoder's header) and the Parquet columns (from the Arrow schemas, where pyarrow
is installed). Nothing here is written by hand, so the page cannot fall behind the code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any

from pairi_report import analyze
from pairi_report.batch.encodings import CSV_ROWS

MARK = "<!-- pairi:schemas -->"
# Hands that between them reach every key: a hand with a discard to choose, a ready hand with its
# situation (values and waits), a complete hand (its splits), a hand with visible and wild tiles.
SAMPLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("2378m1256p3489s15z", {}),
    ("123456m789p2399s5s", {"situation": "riichi dora=3s"}),
    ("123456m789p2399s", {"situation": "tsumo dora=3s", "visible": "1s"}),
    ("123m456p789s11222z", {"situation": "ron round=E seat=E"}),
    ("123m456p789s111z7z", {"wild": "7z"}),
    ("111222333m444p55p", {"situation": "tsumo"}),  # a limit hand (suuankou)
)
FORMS = ("regular", "chiitoitsu", "kokushi")  # riichi's forms, for the columns that name them


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace the mark with the schemas (MkDocs calls this for every page)."""
    return markdown.replace(MARK, schemas()) if MARK in markdown else markdown


def schemas() -> str:
    """Return the three schemas as Markdown sections."""
    return "\n\n".join((json_section(), csv_section(), parquet_section())) + "\n"


def json_section() -> str:
    """Return the table of the JSON record's keys: path, JSON types seen, an example value."""
    seen: dict[str, tuple[set[str], str]] = {}
    for text, kwargs in SAMPLES:
        for path, value in _walk(analyze(text, **kwargs).to_dict(), ""):
            types, example = seen.setdefault(path, (set(), _example(value)))
            types.add(_json_type(value))
    rows = [
        f"| `{path}` | {' or '.join(sorted(types))} | {example} |" for path, (types, example) in seen.items()
    ]
    head = "## JSON and JSON Lines records\n\nOne record per hand (`[]` marks a list's items):\n\n"
    return head + "| key | type | example |\n|---|---|---|\n" + "\n".join(rows)


def csv_section() -> str:
    """Return the CSV columns, in file order."""
    columns = CSV_ROWS.header(FORMS).decode("utf-8").strip().split(",")
    body = "\n".join(f"{n}. `{name}`" for n, name in enumerate(columns, 1))
    return f"## CSV columns\n\nOne row per discard (a hand without one has a row of its own):\n\n{body}"


def parquet_section() -> str:
    """Return the two Parquet tables' columns with their Arrow types, or why they are not shown."""
    head = "## Parquet columns\n\n"
    if find_spec("pyarrow") is None:
        return head + "(Built without pyarrow: install the `parquet` extra to list them here.)"
    from pairi_report.batch.columns import DISCARD_SCHEMA, hand_schema

    parts = []
    for name, schema in (("hands.parquet", hand_schema(FORMS)), ("discards.parquet", DISCARD_SCHEMA)):
        rows = "\n".join(f"| `{field.name}` | `{field.type}` |" for field in schema)
        parts.append(f"### {name}\n\n| column | Arrow type |\n|---|---|\n{rows}")
    return head + "\n\n".join(parts)


def _walk(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Yield (path, value) for every key of a JSON value, the items of a list under ``path[]``."""
    if isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else key
            yield child, item
            yield from _walk(item, child)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, f"{path}[]")


def _json_type(value: Any) -> str:
    """Return the JSON type name of a value."""
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _example(value: Any) -> str:
    """Return a short example of a scalar value, for the table (containers have none)."""
    if isinstance(value, (dict, list)):
        return ""
    text = json.dumps(value, ensure_ascii=False).replace("|", "\\|")
    return f"`{text[:40]}`"
