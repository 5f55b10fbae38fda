"""牌理表 Build the per-suit lookup tables the engine runs on.

For every count vector of one suit (9 kinds for m/p/s, 7 for honours, 0-4 copies each, at most 14 tiles)
the table stores, for each of 20 per-suit targets:

- ``cost``: the fewest tiles to add to this suit so that it holds that target, never using a fifth copy;
- ``mask``: the kinds whose draw lowers that cost by one (bit i = the suit's kind i).

The targets, by column:

- 0-9, the regular form: "k sets, with (p=1) or without (p=0) the pair", column ``k + 5*p``, k = 0..4;
- 10-17, seven pairs: "k different kinds paired", column ``10 + k``, k = 0..7 (a quad is one pair);
- 18-19, thirteen orphans: "every terminal or honour kind of this suit, without / with a pair of one".

Every form is then a sum over the suits, so one min-plus combine serves all three.

For Chinese rules ``cost_pairs4`` and ``mask_pairs4`` hold the seven-pairs columns again with a
four-of-a-kind counting as two pairs (豪华七对).

For hands with wild tiles a second pair of arrays, ``cost_wild`` and ``mask_wild``, holds the regular
columns again with no copy limit on the target: a wild tile may stand for a fifth copy, so "111 + 123 +
11" is a fair target for a suit holding four 1s. (Seven pairs and thirteen orphans never need a fifth
copy, so their columns serve both.)

Regenerate the shipped file with ``python -m pairi_report.engine.tablegen``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

SUIT_KINDS = 9
HONOUR_KINDS = 7
MAX_TILES = 14
REGULAR_TARGETS = 10  # k + 5*p for k in 0..4, p in 0..1
PAIRS_AT = 10  # seven pairs: column 10 + k, k = 0..7 kinds paired
ORPHANS_AT = 18  # thirteen orphans: column 18 (no pair), 19 (with the pair)
TARGETS = 20
MAX_SETS = 4
MAX_PAIRS = 7
ORPHAN_KINDS = {SUIT_KINDS: (0, 8), HONOUR_KINDS: tuple(range(7))}
HONOUR_BASE = 5**SUIT_KINDS  # honour keys are offset past every suit key
TABLE_PATH = Path(__file__).resolve().parent.parent / "data" / "tables.npz"
# Every analysis needs the plain tables: they ship uncompressed, as .npy files a start memory-maps (a few
# pages read, against 60 ms to inflate them and build the index); the variants, for wild tiles and GB's
# quad pairs, stay compressed in TABLE_PATH with the keys.
PLAIN_DIR = TABLE_PATH.parent / "tables"
PLAIN = ("cost", "mask", "index")
COMPRESSED = ("keys", "cost_wild", "mask_wild", "cost_pairs4", "mask_pairs4")


def run_dp(
    columns: Sequence[Any],
    caps: Sequence[int],
    chows: bool,
    zero: Any,
    minimum: Callable[[Any, Any], Any],
    penalty: Callable[[int, int], Any],
) -> list[Any]:
    """Return the cost per target for one suit by a left-to-right DP over its kinds.

    The same code runs on ints (one vector) and on numpy columns (every vector at once). A state is
    (x, y, k, p): x chows need this kind as their last tile, y chows need this kind and the next, k sets
    started, p pairs placed. ``penalty(t, i)`` is the tiles missing when the target holds t of kind i.
    """
    states: dict[tuple[int, int, int, int], Any] = {(0, 0, 0, 0): zero}
    n = len(columns)
    for i in range(n):
        new_chow_max = MAX_SETS if chows and i <= n - 3 else 0
        nxt: dict[tuple[int, int, int, int], Any] = {}
        for (x, y, k, p), cost in states.items():
            for w in range(new_chow_max + 1):
                for g in (0, 1):
                    for q in (0, 1) if p == 0 else (0,):
                        need = x + y + w + 3 * g + 2 * q
                        if need > caps[i] or k + w + g > MAX_SETS:
                            continue
                        key = (y, w, k + w + g, p + q)
                        cand = cost + penalty(need, i)
                        old = nxt.get(key)
                        nxt[key] = cand if old is None else minimum(old, cand)
        states = nxt
    out: list[Any] = [None] * REGULAR_TARGETS
    for (x, y, k, p), cost in states.items():
        if x == 0 and y == 0:
            out[k + 5 * p] = cost
    return out


def all_vectors(kinds: int) -> np.ndarray:
    """Return every count vector of ``kinds`` kinds with at most 14 tiles, ordered by key."""
    grids = np.indices((5,) * kinds, dtype=np.int8).reshape(kinds, -1).T[:, ::-1]
    return np.ascontiguousarray(grids[grids.sum(axis=1, dtype=np.int16) <= MAX_TILES])


def vector_keys(vectors: np.ndarray) -> np.ndarray:
    """Return the base-5 key of each vector (kind i has weight 5**i)."""
    weights = 5 ** np.arange(vectors.shape[1], dtype=np.int64)
    return vectors.astype(np.int64) @ weights


# A target needs at most 4 chows + a pung + a pair of one kind; past that the limit never binds.
UNCAPPED = 3 * MAX_SETS + 2


def table_costs(vectors: np.ndarray, chows: bool, cap: int = 4) -> np.ndarray:
    """Return the (n, 10) regular-form costs of every vector, by the vectorised DP.

    ``cap`` is the most copies of one kind a target may hold: 4, or ``UNCAPPED`` for wild-tile hands.
    """
    columns = [vectors[:, i] for i in range(vectors.shape[1])]
    # penalty(t, i) = max(0, t - count_i), built once per kind and copy count.
    pens = [[np.maximum(0, t - col).astype(np.int8) for t in range(cap + 1)] for col in columns]
    out = run_dp(
        columns,
        [cap] * len(columns),
        chows,
        np.zeros(len(vectors), np.int8),
        np.minimum,
        lambda t, i: pens[i][t],
    )
    return np.stack(out, axis=1).astype(np.int8)


def pair_form_costs(vectors: np.ndarray) -> np.ndarray:
    """Return the (n, 10) seven-pairs and thirteen-orphans costs of every vector."""
    n, kinds = vectors.shape
    out = np.zeros((n, TARGETS - REGULAR_TARGETS), np.int8)
    # Seven pairs: pair the kinds that need the fewest tiles first (a held pair needs none).
    per_kind = np.sort(2 - np.minimum(vectors, 2), axis=1)
    out[:, 1 : MAX_PAIRS + 1] = np.cumsum(per_kind, axis=1)[:, :MAX_PAIRS]
    orphans = vectors[:, ORPHAN_KINDS[kinds]]
    missing = (orphans == 0).sum(axis=1)
    out[:, ORPHANS_AT - REGULAR_TARGETS] = missing
    out[:, ORPHANS_AT - REGULAR_TARGETS + 1] = missing + ~(orphans >= 2).any(axis=1)
    return out


def quad_pairs_costs(vectors: np.ndarray) -> np.ndarray:
    """Return the (n, 8) seven-pairs costs when a four-of-a-kind makes two pairs (Chinese rules).

    Each kind offers two pairs: the first costs max(0, 2 - c) tiles, the second max(0, 4 - c) less that.
    A kind's second pair never costs less than its first, so the k cheapest of all of them is a fair
    choice of k pairs.
    """
    first = np.maximum(0, 2 - vectors)
    second = np.maximum(0, 4 - vectors) - first
    steps = np.sort(np.concatenate([first, second], axis=1), axis=1)
    out = np.zeros((len(vectors), MAX_PAIRS + 1), np.int8)
    out[:, 1:] = np.cumsum(steps, axis=1)[:, :MAX_PAIRS]
    return out


def table_masks(vectors: np.ndarray, keys: np.ndarray, costs: np.ndarray) -> np.ndarray:
    """Return the masks: bit i is set where one more of kind i lowers that column's cost."""
    lookup = {int(k): j for j, k in enumerate(keys)}
    masks = np.zeros(costs.shape, np.uint16)
    small = vectors.sum(axis=1) < MAX_TILES  # a 14-tile suit cannot draw: nothing to store
    for i in range(vectors.shape[1]):
        can = small & (vectors[:, i] < 4)
        rows = np.nonzero(can)[0]
        after = np.array([lookup[int(k)] for k in keys[rows] + 5**i], dtype=np.int64)
        better = costs[after] < costs[rows]
        masks[rows] |= better.astype(np.uint16) << i
    return masks


def build() -> dict[str, np.ndarray]:
    """Build the suit and honour tables as one set of arrays keyed by ``keys``."""
    names = ("keys", "cost", "mask", "cost_wild", "mask_wild", "cost_pairs4", "mask_pairs4")
    parts: dict[str, list[np.ndarray]] = {name: [] for name in names}
    for kinds, chows, offset in ((SUIT_KINDS, True, 0), (HONOUR_KINDS, False, HONOUR_BASE)):
        vectors = all_vectors(kinds)
        keys = vector_keys(vectors)
        costs = np.concatenate([table_costs(vectors, chows), pair_form_costs(vectors)], axis=1)
        wild = table_costs(vectors, chows, cap=UNCAPPED)
        pairs4 = quad_pairs_costs(vectors)
        for name, array in zip(
            names,
            (
                keys + offset,
                costs,
                table_masks(vectors, keys, costs),
                wild,
                table_masks(vectors, keys, wild),
                pairs4,
                table_masks(vectors, keys, pairs4),
            ),
            strict=True,
        ):
            parts[name].append(array)
    arrays = {name: np.concatenate(chunks) for name, chunks in parts.items()}
    arrays["keys"] = arrays["keys"].astype(np.int32)
    return arrays


def dense_index(keys: np.ndarray) -> np.ndarray:
    """Return the index from every suit and honour key to its row (-1 where a key has no row)."""
    index = np.full(HONOUR_BASE + 5**HONOUR_KINDS, -1, np.int32)
    index[keys] = np.arange(len(keys), dtype=np.int32)
    return index


def write(arrays: dict[str, np.ndarray], path: Path = TABLE_PATH) -> None:
    """Write the built tables: the variants and keys compressed at ``path``, the plain ones and their
    index as .npy files in the folder ``tables`` beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, allow_pickle=False, **{name: arrays[name] for name in COMPRESSED})
    plain = path.parent / "tables"
    plain.mkdir(exist_ok=True)
    np.save(plain / "cost.npy", arrays["cost"], allow_pickle=False)
    np.save(plain / "mask.npy", arrays["mask"], allow_pickle=False)
    np.save(plain / "index.npy", dense_index(arrays["keys"]), allow_pickle=False)


def shipped(path: Path = TABLE_PATH) -> dict[str, np.ndarray]:
    """Return the tables as written (``write``), every array in memory, the index apart."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in COMPRESSED}
    for name in ("cost", "mask"):
        arrays[name] = np.load(path.parent / "tables" / f"{name}.npy")
    return arrays


def digest(arrays: dict[str, np.ndarray]) -> str:
    """Return a SHA-256 over the table contents (not the zip container)."""
    import hashlib  # here: a run that only reads the tables does not load it

    h = hashlib.sha256()
    for name in sorted(arrays):
        h.update(name.encode())
        h.update(np.ascontiguousarray(arrays[name]).tobytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Build the tables, write them next to the package, and print size, time and digest."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else TABLE_PATH
    start = time.perf_counter()
    arrays = build()
    seconds = time.perf_counter() - start
    write(arrays, path)
    rows = len(arrays["keys"])
    size = path.stat().st_size + sum(f.stat().st_size for f in (path.parent / "tables").glob("*.npy"))
    print(f"{rows} entries, {size / 1e6:.2f} MB on disk, built in {seconds:.1f} s")
    print(f"sha256 of contents: {digest(arrays)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
