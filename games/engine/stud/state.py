"""The state of a three-bet stud table: the seats that bet and the bank, which is a party to
every bet but not a seat. Immutable: every move makes a new state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.cards import Card
from games.engine.stud.hands import Category
from games.engine.stud.options import BETS, Options


class Phase(StrEnum):
    BETTING = "betting"  # the betting is open; the table closes it with Deal ("no va más")
    FIRST = "first"  # each player in turn withdraws bet 1 or lets it ride
    SECOND = "second"  # the first common card is up; bet 2 likewise
    HAND_OVER = "hand_over"  # paid (or voided); NextHand opens the betting again


DECIDING = (Phase.FIRST, Phase.SECOND)


@dataclass(frozen=True, slots=True)
class Result:
    """How a seat's coup ended: its five cards' category, the bets still in play at the end and
    the chips won (positive: paid by the bank) or lost (negative: taken by the bank)."""

    category: Category
    in_play: int
    net: int


@dataclass(frozen=True, slots=True)
class Seat:
    """``bet``: each of the three bets, 0 when sitting out this coup; ``riding``: the decisions
    taken so far on bets 1 and 2 (True: let it ride)."""

    chips: int
    bet: int = 0
    cards: tuple[Card, ...] = ()
    riding: tuple[bool, ...] = ()
    result: Result | None = None

    @property
    def in_hand(self) -> bool:
        return self.bet > 0

    @property
    def in_play(self) -> int:
        """How many of the three bets are on the table (0 when sitting out or paid)."""
        if not self.in_hand or self.result is not None:
            return 0
        return BETS - self.riding.count(False)

    @property
    def on_table(self) -> int:
        return self.in_play * self.bet


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    seed: str
    seats: tuple[Seat, ...]
    bank: int
    hand_no: int = 1
    phase: Phase = Phase.BETTING
    turn: int | None = None
    common: tuple[Card, ...] = ()
    shown: int = 0  # common cards turned up in the normal course (0, 1, 2)
    exposed: tuple[int, ...] = ()  # positions of common cards shown by mistake
    stock: tuple[Card, ...] = ()
    voided: bool = False
    decks: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)

    def visible_common(self) -> list[Card | None]:
        """The common cards as a player sees them: face up or ``None``."""
        return [
            card
            if position < self.shown or position in self.exposed or self.phase is Phase.HAND_OVER
            else None
            for position, card in enumerate(self.common)
        ]

    def chips_total(self) -> int:
        """Chips at the table: the seats', those on the table and the bank's."""
        return self.bank + sum(seat.chips + seat.on_table for seat in self.seats)
