"""The payments a hand-worked scoring case expects, written as ``Payment.to_dict`` writes them."""

from __future__ import annotations

from typing import Any


def ron(points: int | None) -> dict[str, Any]:
    """Return the points of a ron."""
    return {"ron": points}


def tsumo(dealer: int, other: int) -> dict[str, Any]:
    """Return the points of a non-dealer's tsumo: the dealer's payment, each other player's."""
    return {"tsumo_dealer": dealer, "tsumo_other": other}


def dealer_tsumo(each: int) -> dict[str, Any]:
    """Return the points of the dealer's tsumo: what each of the others pays (three, or two in sanma)."""
    return {"tsumo_dealer": None, "tsumo_other": each}
