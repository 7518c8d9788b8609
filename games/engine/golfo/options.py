"""The table options of a Golfo match, with the defaults of RULES.md (play money)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.errors import InvalidAction


class Stakes(StrEnum):
    """What happens to a player left with no chips."""

    REBUY = "rebuy"  # he may take a new stake no larger than the starting stack
    FREEZEOUT = "freezeout"  # he is eliminated and watches as a spectator


class TieRule(StrEnum):
    """Who takes a pot that two or more hands of equal value share."""

    SEAT_ORDER = "seat_order"  # the tied player nearest the dealer's right
    SPLIT = "split"  # shared; odd chips one by one from the dealer's right


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options. ``rebuild_without_own`` is not the host's to choose: it records the
    rules a match was played under, so that its log replays. True (every new match): a stock
    rebuilt during a descarte leaves out every card the player being served threw this hand.
    False (matches stored before, whose options lack it): only the cards he had just thrown.

    ``stacks``: the chips each seat starts the match with (a tournament carries them from hand
    to hand), ``None`` for ``starting_stack`` each; ``dealer``: the seat that deals the first
    hand, ``None`` for one drawn by lot from the seed. Neither is written to JSON when
    ``None``."""

    starting_stack: int = 1000
    ante: int = 10
    min_bet: int = 20
    stakes: Stakes = Stakes.REBUY
    tie: TieRule = TieRule.SEAT_ORDER
    rebuild_without_own: bool = True
    stacks: tuple[int, ...] | None = None
    dealer: int | None = None

    def __post_init__(self) -> None:
        if not (self.starting_stack > 0 and self.ante >= 0 and self.min_bet > 0):
            raise InvalidAction(detail=f"options out of range: {self}")
        if self.stacks is not None and any(
            type(stack) is not int or stack <= 0 for stack in self.stacks
        ):
            raise InvalidAction(detail=f"stacks out of range: {self.stacks!r}")
        if self.dealer is not None and (type(self.dealer) is not int or self.dealer < 0):
            raise InvalidAction(detail=f"dealer out of range: {self.dealer!r}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "starting_stack": self.starting_stack,
            "ante": self.ante,
            "min_bet": self.min_bet,
            "stakes": str(self.stakes),
            "tie": str(self.tie),
            "rebuild_without_own": self.rebuild_without_own,
        }
        if self.stacks is not None:
            data["stacks"] = list(self.stacks)
        if self.dealer is not None:
            data["dealer"] = self.dealer
        return data

    def starting_stacks(self, players: int) -> list[int]:
        """Each seat's chips when the match begins."""
        if self.stacks is None:
            return [self.starting_stack] * players
        if len(self.stacks) != players:
            raise InvalidAction(detail=f"stacks for {len(self.stacks)} seats, {players} playing")
        return list(self.stacks)

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from their JSON form; anything malformed raises ``InvalidAction``."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise InvalidAction(detail=repr(data))
        numbers = {key: data[key] for key in ("starting_stack", "ante", "min_bet") if key in data}
        if any(type(value) is not int for value in numbers.values()):
            raise InvalidAction(detail=repr(data))
        rebuild_without_own = data.get("rebuild_without_own", False)
        if type(rebuild_without_own) is not bool:
            raise InvalidAction(detail=repr(data))
        stacks = data.get("stacks")
        if stacks is not None and not isinstance(stacks, list):
            raise InvalidAction(detail=repr(data))
        try:
            stakes = Stakes(data.get("stakes", Stakes.REBUY))
            tie = TieRule(data.get("tie", TieRule.SEAT_ORDER))
        except ValueError:
            raise InvalidAction(detail=repr(data)) from None
        return cls(
            **numbers,
            stakes=stakes,
            tie=tie,
            rebuild_without_own=rebuild_without_own,
            stacks=None if stacks is None else tuple(stacks),
            dealer=data.get("dealer"),
        )
