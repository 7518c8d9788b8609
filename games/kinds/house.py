"""A match of a game the house banks, as the table holds it: besides what every match answers
(``Match``), the open window, who owes a move in it, the dealer's move and each seat's chips off
the table (``games.engine.protocol.BankedEngine``). A game's adapter builds its rules with
:class:`BankedRules`; the table asks ``house_match`` whether a match is one."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine.protocol import Action, BankedEngine, JsonObject, Options, State
from games.kinds.match import EngineMatch, EngineRules, Match, TableOptions


class HouseMatch(Match, Protocol):
    def purse(self) -> list[int]:
        """Each seat's chips off the table (the wallet follows every change)."""
        ...

    def house_take(self) -> list[int]:
        """What the house has kept of each seat's winnings in this coup (a levy, a commission)."""
        ...

    def window(self) -> str:
        """Where the table stands; the deadline runs anew whenever it changes."""
        ...

    def owing(self) -> list[int]:
        """The seats that may still move before the open window closes."""
        ...

    def dealer_move(self) -> JsonObject | None:
        """The table's move that closes the window or deals the next coup (JSON form)."""
        ...


@dataclass(frozen=True)
class BankedMatch(EngineMatch[State, Action, Options]):
    bank: BankedEngine[State, Action, Options]

    def _then(self, state: State) -> BankedMatch[State, Action, Options]:
        return BankedMatch(self.engine, state, self.bank)

    def purse(self) -> list[int]:
        return self.bank.purse(self.state)

    def house_take(self) -> list[int]:
        return self.bank.house_take(self.state)

    def window(self) -> str:
        return self.bank.window(self.state)

    def owing(self) -> list[int]:
        return self.bank.owing(self.state)

    def dealer_move(self) -> JsonObject | None:
        move = self.bank.dealer_move(self.state)
        return None if move is None else self.bank.action_to_json(move)


@dataclass(frozen=True, init=False)
class BankedRules(EngineRules[State, Action, Options]):
    """``EngineRules`` whose matches are :class:`BankedMatch`."""

    bank: BankedEngine[State, Action, Options]

    def __init__(
        self,
        engine: BankedEngine[State, Action, Options],
        options_of_table: Callable[[TableOptions], Options],
        deal_of_spec: Callable[[Mapping[str, Any], int], JsonObject],
    ) -> None:
        super().__init__(engine, options_of_table, deal_of_spec)
        object.__setattr__(self, "bank", engine)

    def _match(self, state: State) -> Match:
        return BankedMatch(self.engine, state, self.bank)


def house_match(state: Match) -> HouseMatch | None:
    """``state`` as a house-banked match, or ``None`` for a game nobody banks."""
    return state if isinstance(state, BankedMatch) else None
