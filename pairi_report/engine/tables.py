"""Load the shipped lookup tables once per process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .tablegen import HONOUR_BASE, HONOUR_KINDS, TABLE_PATH


@dataclass(frozen=True)
class Tables:
    """The cost and mask tables, and a dense index from a suit key to its row."""

    cost: np.ndarray  # (rows, 10) float32, so combining suits is a matrix product
    mask: np.ndarray  # (rows, 10) uint16
    index: np.ndarray  # (5**9 + 5**7,) int32, -1 where a key has no row


@cache
def tables() -> Tables:
    """Return the tables, loading them on first use (about 0.1 s)."""
    with np.load(TABLE_PATH) as data:
        keys, cost, mask = data["keys"], data["cost"].astype(np.float32), data["mask"]
    index = np.full(HONOUR_BASE + 5**HONOUR_KINDS, -1, np.int32)
    index[keys] = np.arange(len(keys), dtype=np.int32)
    for array in (cost, mask, index):
        array.flags.writeable = False
    return Tables(cost, mask, index)
