"""What a Monte coup adds to a player's figures: nothing. The house banks every bet, so there is
no hand won, and the chips won or lost are the wallet's (docs/wallet.md)."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

FIGURES: tuple[str, ...] = ()


def hand_counts(result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    return {}
