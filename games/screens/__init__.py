"""The game screens, one module per ``Table.game`` value (docs/game-screens.md), loaded by name on
first use so that each lands on its own."""

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class PlayerInfo:
    """One player of a match as a screen shows him. ``seat`` is the engine seat, ``position`` the
    table seat; ``name`` is raw text (templates escape it)."""

    seat: int
    position: int
    name: str
    is_viewer: bool
    connected: bool


class ScreenRegistry(dict[str, ModuleType]):
    """``SCREENS[game]``: the module ``games.screens.<game>``, imported when first asked for."""

    def __missing__(self, game: str) -> ModuleType:
        if not game.isidentifier():
            raise KeyError(game)
        module = importlib.import_module(f"{__name__}.{game}")
        self[game] = module
        return module


SCREENS = ScreenRegistry()
