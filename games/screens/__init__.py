"""The game screens, one module per ``Table.game`` value (docs/game-screens.md), loaded by name on
first use so that each lands on its own.

A screen module offers ``parts(view, *, players, viewer_seat, facts) -> dict[str, Part]``: the
screen's parts for one viewer, in page order, each rendered on its own from plain data."""

import importlib
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class PlayerInfo:
    """One player of a match as a screen shows him. ``seat`` is the engine seat, ``position`` the
    table seat; ``name`` is raw text (templates escape it)."""

    seat: int
    position: int
    name: str
    is_viewer: bool
    connected: bool


@dataclass(frozen=True)
class Part:
    """One element of the page: its template and the plain data it is rendered from (strings,
    numbers, booleans, ``None``, datetimes, and lists and dicts of them). The template sees only
    ``context``, so the same data always gives the same HTML: a rendering is shared between
    viewers and reused across versions (``games.part_cache``). The template renders exactly one
    top-level element, whose id is the part's, with ``hx-swap-oob``."""

    template: str
    context: dict[str, Any]


@dataclass(frozen=True)
class TableFacts:
    """What a game screen shows besides the engine's view: the table's id, when the next hand is
    dealt, the engine seats that asked for a rematch or said they are ready, and the viewer's
    role (``player``, ``eliminated`` or ``spectator``)."""

    table_id: int
    next_hand_at: datetime | None
    rematch_accepted: tuple[int, ...]
    ready_seats: tuple[int, ...]
    viewer_role: str


class ScreenRegistry(dict[str, ModuleType]):
    """``SCREENS[game]``: the module ``games.screens.<game>``, imported when first asked for."""

    def __missing__(self, game: str) -> ModuleType:
        if not game.isidentifier():
            raise KeyError(game)
        module = importlib.import_module(f"{__name__}.{game}")
        self[game] = module
        return module


SCREENS = ScreenRegistry()

__all__ = ["SCREENS", "Part", "PlayerInfo", "TableFacts"]
