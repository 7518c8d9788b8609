"""The table options of a Pai Gow Poker table, with the defaults of RULES.md §3 (play money)."""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Any

from games.engine.errors import InvalidAction

MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Options:
    """``commission``: the percentage the house keeps of a winning bet's winnings (5).
    ``bank``: the chips the bank starts with; ``starting_chips``: each seat's."""

    min_bet: int = 20
    max_bet: int = 1000
    commission: int = 5
    starting_chips: int = 1000
    bank: int = 1_000_000

    def __post_init__(self) -> None:
        if not (
            0 < self.min_bet <= self.max_bet
            and 0 <= self.commission < 100
            and self.starting_chips >= 0
            and self.bank >= 0
            and self.min_bet % self.bet_step == 0
        ):
            raise InvalidAction(detail=f"options out of range: {self}")

    @property
    def bet_step(self) -> int:
        """Bets are whole multiples of this, so that the commission is a whole number of chips
        (20 for 5%)."""
        return 100 // gcd(100, self.commission)

    def commission_on(self, bet: int) -> int:
        return bet * self.commission // 100

    def to_json(self) -> dict[str, Any]:
        return {
            "min_bet": self.min_bet,
            "max_bet": self.max_bet,
            "commission": self.commission,
            "starting_chips": self.starting_chips,
            "bank": self.bank,
        }

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from their JSON form; anything malformed raises ``InvalidAction``."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise InvalidAction(detail=repr(data))
        if any(type(value) is not int for value in data.values()):
            raise InvalidAction(detail=repr(data))
        return cls(**data)
