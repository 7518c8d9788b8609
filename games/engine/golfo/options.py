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
    starting_stack: int = 1000
    ante: int = 10
    min_bet: int = 20
    stakes: Stakes = Stakes.REBUY
    tie: TieRule = TieRule.SEAT_ORDER

    def __post_init__(self) -> None:
        if not (self.starting_stack > 0 and self.ante >= 0 and self.min_bet > 0):
            raise InvalidAction(detail=f"options out of range: {self}")

    def to_json(self) -> dict[str, Any]:
        return {
            "starting_stack": self.starting_stack,
            "ante": self.ante,
            "min_bet": self.min_bet,
            "stakes": str(self.stakes),
            "tie": str(self.tie),
        }

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from their JSON form; anything malformed raises ``InvalidAction``."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise InvalidAction(detail=repr(data))
        numbers = {key: data[key] for key in ("starting_stack", "ante", "min_bet") if key in data}
        if any(type(value) is not int for value in numbers.values()):
            raise InvalidAction(detail=repr(data))
        try:
            stakes = Stakes(data.get("stakes", Stakes.REBUY))
            tie = TieRule(data.get("tie", TieRule.SEAT_ORDER))
        except ValueError:
            raise InvalidAction(detail=repr(data)) from None
        return cls(**numbers, stakes=stakes, tie=tie)
