"""What a finished Pai Gow Poker coup adds to the players' figures: nothing. The house banks; what
a player won or lost is in his wallet (docs/wallet.md), and ``PlayerFigures`` counts no figure of
this game."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

FIGURES: tuple[str, ...] = ()


def hand_counts(result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """No seat gains a figure from a coup."""
    return {}
