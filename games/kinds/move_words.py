"""Moves told in words, by each game's own describer (``GameKind.describe``): "Bruno robó del
mazo", "Paco sube a 100". Each reads the move's JSON form, who made it and the views of the player
who reads the sentence before and after it, and names only cards that player saw then: a replay's
move list uses it, and so does the live table's log."""

from typing import Any

from games.engine.protocol import View
from games.kinds.registry import game_kind


def move_in_words(
    game: str,
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
    before: View,
    after: View,
) -> str:
    """``action`` made by ``seat`` (``None``: the table) called ``actor``, as ``viewer`` (his
    engine seat, ``None`` for anyone else) reads it, ``before`` and ``after`` being his views."""
    return game_kind(game).describe(
        action, actor=actor, seat=seat, viewer=viewer, before=before, after=after
    )
