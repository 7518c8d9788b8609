"""The state of a Monte table: the players' chips, the bank, the coup being played."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.engine.cards import Card
from games.engine.monte.options import Options
from games.engine.monte.rules import GRID_SIZE, ROWS, Grid, Kind, Match, Outcome


class Phase(StrEnum):
    PRIMERAS = "primeras"  # bets open on the four cards
    SEGUNDAS = "segundas"  # bets open on the row left on the table
    OVER = "over"  # the coup is settled
    VOID = "void"  # art. 143.1.c: four of a rank while laying the grid; no bets


BETTING = (Phase.PRIMERAS, Phase.SEGUNDAS)


@dataclass(frozen=True, slots=True)
class Bet:
    seat: int
    kind: Kind
    cards: tuple[int, ...]
    against: tuple[int, ...]
    amount: int


@dataclass(frozen=True, slots=True)
class Settled:
    """A bet once its phase's match came: ``paid`` went back to the player (stake included),
    ``levy`` to the house."""

    bet: Bet
    primeras: bool
    outcome: Outcome
    pays: int
    paid: int
    levy: int


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    seed: str
    coup_no: int
    chips: tuple[int, ...]
    bank: int
    phase: Phase
    grid: Grid | None
    laid: tuple[Card, ...]  # every card turned while laying the grid, in order
    stock: tuple[Card, ...]
    drawn: tuple[Card, ...]  # the cards drawn after "no va más", both phases
    matches: tuple[Match, ...]
    bets: tuple[Bet, ...]  # the open round's bets, stakes already off the players' chips
    done: tuple[bool, ...]
    settled: tuple[Settled, ...]  # this coup's settled bets
    levied: int  # the house's 10% takings at this table
    decks: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # fixed decks by coup (tests)

    @property
    def players(self) -> int:
        return len(self.chips)

    @property
    def live(self) -> tuple[int, ...]:
        """The grid positions bets can be on now."""
        if self.phase is Phase.PRIMERAS:
            return tuple(range(GRID_SIZE))
        if self.phase is Phase.SEGUNDAS:
            won = self.matches[0].position
            return next(row for row in ROWS if won not in row)
        return ()

    @property
    def staked(self) -> int:
        return sum(bet.amount for bet in self.bets)
