"""The table options of the three-bet stud, with the defaults of RULES.md (play money)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.errors import InvalidAction
from games.engine.stud.hands import TOP_PAY, PayTable

MAX_SEATS = 7
BETS = 3


@dataclass(frozen=True, slots=True)
class Options:
    """``min_bet``/``max_bet``: the limits of each of the three equal bets; ``stake``: the chips
    each seat brings; ``bank``: the house's chips at the table, which must cover the most every
    bet on the table could win (the default covers seven players at the maximum bet)."""

    pay_table: PayTable = PayTable.TENS
    min_bet: int = 1
    max_bet: int = 100
    stake: int = 1000
    bank: int = MAX_SEATS * BETS * 100 * TOP_PAY

    def __post_init__(self) -> None:
        if not (0 < self.min_bet <= self.max_bet and self.stake >= 0 and self.bank >= 0):
            raise InvalidAction(detail=f"options out of range: {self}")

    def to_json(self) -> dict[str, Any]:
        return {
            "pay_table": str(self.pay_table),
            "min_bet": self.min_bet,
            "max_bet": self.max_bet,
            "stake": self.stake,
            "bank": self.bank,
        }

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from their JSON form; anything malformed raises ``InvalidAction``."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise InvalidAction(detail=repr(data))
        numbers = {key: data[key] for key in ("min_bet", "max_bet", "stake", "bank") if key in data}
        if any(type(value) is not int for value in numbers.values()):
            raise InvalidAction(detail=repr(data))
        try:
            table = PayTable(data.get("pay_table", PayTable.TENS))
        except ValueError:
            raise InvalidAction(detail=repr(data)) from None
        return cls(pay_table=table, **numbers)
