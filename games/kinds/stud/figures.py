"""What a finished stud coup adds to the players' figures: nothing. The house banks every bet,
so there is no hand won against the other players, and the counted figures (openings, closes,
hands won) mean nothing here."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

FIGURES: tuple[str, ...] = ()


def hand_counts(result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """From the spectator's view of the coup's end (``Hand.result``): an empty count per seat."""
    return {seat: Counter() for seat in range(len(result["seats"]))}
