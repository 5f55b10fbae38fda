"""Load the shipped lookup tables once per process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .tablegen import ORPHANS_AT, PAIRS_AT, PLAIN_DIR, REGULAR_TARGETS, TABLE_PATH


@dataclass(frozen=True)
class Tables:
    """The cost and mask tables, and a dense index from a suit key to its row."""

    cost: np.ndarray  # (rows, 20) uint8: the smallest type, as every process that analyses holds them
    mask: np.ndarray  # (rows, 20) uint16
    index: np.ndarray  # (5**9 + 5**7,) int32, -1 where a key has no row


@cache
def tables(wild: bool = False, quad_pairs: bool = False) -> Tables:
    """Return the tables (memory-mapped: a few pages read on first use); ``wild`` for hands with wild tiles.

    The wild-tile variant differs only in the regular columns, whose targets have no copy limit; the
    ``quad_pairs`` variant (Chinese rules) only in the seven-pairs columns, a quad making two pairs.
    """
    if wild or quad_pairs:
        plain = tables()
        with np.load(TABLE_PATH) as data:
            cost, mask = np.array(plain.cost), np.array(plain.mask)
            if wild:
                cost[:, :REGULAR_TARGETS] = data["cost_wild"]
                mask[:, :REGULAR_TARGETS] = data["mask_wild"]
            if quad_pairs:
                cost[:, PAIRS_AT:ORPHANS_AT] = data["cost_pairs4"]
                mask[:, PAIRS_AT:ORPHANS_AT] = data["mask_pairs4"]
        return _frozen(cost, mask, plain.index)
    # The costs are small and never negative: the int8 the generator writes reads as uint8 unchanged.
    cost = np.load(PLAIN_DIR / "cost.npy", mmap_mode="r").view(np.uint8)
    mask = np.load(PLAIN_DIR / "mask.npy", mmap_mode="r")
    index = np.load(PLAIN_DIR / "index.npy", mmap_mode="r")
    return _frozen(cost, mask, index)


def _frozen(cost: np.ndarray, mask: np.ndarray, index: np.ndarray) -> Tables:
    """Make the arrays read-only and wrap them."""
    for array in (cost, mask, index):
        array.flags.writeable = False
    return Tables(cost, mask, index)
