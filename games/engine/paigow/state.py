"""The state of a Pai Gow Poker table: plain dataclasses, copied (never changed) by ``apply``.

The bank is the house, not a seat: its chips, its seven cards and its split live here beside the
seats. Chips are conserved: the seats' chips and bets plus the bank's chips never change.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.cards import Card
from games.engine.paigow.options import Options


class Phase(StrEnum):
    BETTING = "betting"  # bets open; every seat bets or sits out, or the dealer closes them
    SETTING = "setting"  # the cards are dealt; every seat with a bet splits his seven
    COUP_OVER = "coup_over"  # the bank has set and shown its hand; bets are settled
    MATCH_OVER = "match_over"  # nobody (or the bank) can cover the minimum bet any more


class Outcome(StrEnum):
    WIN = "win"  # both hands beat the bank's: paid even money less the commission
    PUSH = "push"  # one hand won, one lost or copied: the bet comes back
    LOSS = "loss"  # both hands lost or copied


@dataclass
class Seat:
    chips: int
    bet: int = 0
    decided: bool = False
    cards: list[Card] = field(default_factory=list)
    low: list[Card] = field(default_factory=list)  # empty until he sets his hands
    outcome: Outcome | None = None
    net: int = 0  # what the settled coup changed in his chips
    commission: int = 0

    @property
    def high(self) -> list[Card]:
        return [card for card in self.cards if card not in self.low]


@dataclass
class State:
    options: Options
    seed: str
    seats: list[Seat]
    bank: int
    decks: dict[int, list[Card]] = field(default_factory=dict)  # fixed deals (tests)
    coup_no: int = 1
    phase: Phase = Phase.BETTING
    bank_cards: list[Card] = field(default_factory=list)
    bank_low: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)

    @property
    def bank_high(self) -> list[Card]:
        return [card for card in self.bank_cards if card not in self.bank_low]

    @property
    def staked(self) -> int:
        """The chips on the table: the bets of a coup not yet settled."""
        if self.phase in (Phase.BETTING, Phase.SETTING):
            return sum(seat.bet for seat in self.seats)
        return 0

    @property
    def chips_total(self) -> int:
        """The seats' chips, the bets on the table and the bank's: never changes."""
        return sum(seat.chips for seat in self.seats) + self.staked + self.bank

    def copy(self) -> State:
        return copy.deepcopy(self)
