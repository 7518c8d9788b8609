"""The table options of a Monte table: the stakes (art. 141's limits) and the chips."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.errors import InvalidAction
from games.engine.monte.rules import Kind

MAXIMA_PRIMERAS = {
    Kind.CARTAS: 300,
    Kind.VIS: 10,
    Kind.CAMO: 30,
    Kind.ANTI: 30,
    Kind.VIUDO: 30,
    Kind.SALTO: 100,
}
"""Art. 141: each bet's maximum, in minimum stakes."""
MAXIMA_SEGUNDAS = MAXIMA_PRIMERAS | {Kind.CAMO: 60, Kind.ANTI: 60, Kind.VIUDO: 60}


@dataclass(frozen=True, slots=True)
class Options:
    """``minimum``: the smallest stake; each bet's maximum is art. 141's multiple of it.
    ``chips``: each player's chips at the start; ``bank``: the bank's."""

    minimum: int = 10
    chips: int = 1000
    bank: int = 1_000_000

    def __post_init__(self) -> None:
        if not (self.minimum > 0 and self.chips >= 0 and self.bank > 0):
            raise InvalidAction(detail=f"options out of range: {self}")

    def maximum(self, kind: Kind, primeras: bool) -> int:
        return self.minimum * (MAXIMA_PRIMERAS if primeras else MAXIMA_SEGUNDAS)[kind]

    def to_json(self) -> dict[str, Any]:
        return {"minimum": self.minimum, "chips": self.chips, "bank": self.bank}

    @classmethod
    def from_json(cls, data: object) -> Options:
        """Options from their JSON form; anything malformed raises ``InvalidAction``."""
        if not isinstance(data, dict) or set(data) - set(cls.__dataclass_fields__):
            raise InvalidAction(detail=repr(data))
        if any(type(value) is not int for value in data.values()):
            raise InvalidAction(detail=repr(data))
        return cls(**data)
