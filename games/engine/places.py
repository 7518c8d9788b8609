"""Places at the end of a match, from how long each player lasted.

Every game ranks its players by a key that grows with how far he went (the hand he was
eliminated in, then what else the game's rules weigh); the last player in has the highest key.
Players with equal keys share a place, and the next place skips as many as shared the one before
(1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Sequence

LastedKey = tuple[float, ...]


def places_from(keys: Sequence[LastedKey]) -> list[int]:
    """The place of each player (1 is the winner) from his key, by seat."""
    return [1 + sum(other > key for other in keys) for key in keys]
