"""The games of the card room: the one list to extend when a game is added. Each entry is the
game's adapter (``games.kinds.<game>.KIND``); the plumbing finds a game here by its name (the
``game`` of a table, a match, a profile's figures) and asks it everything game-specific."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.kinds import golfo, monte, paigow, rummy70, stud
from games.kinds.kind import GameKind

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

GAMES: dict[str, GameKind] = {
    kind.name: kind for kind in (rummy70.KIND, golfo.KIND, monte.KIND, stud.KIND, paigow.KIND)
}
"""Every game by name, in the order the site lists them (the first is the default)."""

DEFAULT_GAME = next(iter(GAMES))


def game_kind(name: str) -> GameKind:
    """The game called ``name`` (raises ``KeyError`` for an unknown one)."""
    return GAMES[name]


def game_choices() -> list[tuple[str, StrOrPromise]]:
    """The games as a model or form field's choices: name and label."""
    return [(kind.name, kind.label) for kind in GAMES.values()]
