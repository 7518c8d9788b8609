"""What a finished Golfo hand adds to each player's figures (games/tables/figures.py): a hand won to
every seat that took chips from a pot (a split pot counts for each of its winners)."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

FIGURES = ("hands_won",)


def hand_counts(result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """From the spectator's view of the hand's end (``Hand.result``)."""
    pots = (result.get("result") or {}).get("pots", [])
    winners = {seat for pot in pots for seat in pot["winners"]}
    return {seat: Counter(hands_won=int(seat in winners)) for seat in range(len(result["seats"]))}
