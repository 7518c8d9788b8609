"""What a finished Rummy 70 hand adds to each player's figures (games/tables/figures.py): an opening
(abrirse) to every seat that had opened by its end, a close (cerrar) to the seat that closed."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

FIGURES = ("openings", "closes")


def hand_counts(result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """From the spectator's view of the hand's end (``Hand.result``)."""
    closer = (result.get("hand_end") or {}).get("closer")
    counts: dict[int, Counter[str]] = {}
    for player in result["players"]:
        seat = player["seat"]
        counts[seat] = Counter(openings=int(player["opened"]), closes=int(closer == seat))
    return counts
