"""Exact Monte coups in notation, and short ways to play them."""

from __future__ import annotations

from games.engine.cards import parse, stacked
from games.engine.monte import Action, Kind, NoVaMas, Options, PlaceBet, State, apply, new_match
from games.engine.monte.coup import violations
from games.engine.monte.rules import monte_deck


def deck(top: str) -> list:  # type: ignore[type-arg]
    """The 40 cards with ``top`` first, in that order (the grid, then the cards drawn)."""
    return stacked(monte_deck(), parse(top))


def table(top: str, *, players: int = 2, options: Options | None = None) -> State:
    """A table whose first coup is dealt from ``top``."""
    return new_match(
        players=players, options=options or Options(), seed="test", decks={1: deck(top)}
    )


def play(state: State, *moves: tuple[int | None, Action]) -> State:
    """Apply ``moves`` in order, checking the table's invariants after each."""
    for seat, action in moves:
        state = apply(state, seat, action)
        assert violations(state) == []
    return state


def bet(
    kind: Kind, cards: tuple[int, ...], amount: int = 10, against: tuple[int, ...] = ()
) -> PlaceBet:
    return PlaceBet(kind, cards, amount, against)


def settle_one(top: str, move: PlaceBet, *, segundas_after: PlaceBet | None = None) -> int:
    """Seat 0 places ``move`` on a coup dealt from ``top``, the dealer closes the bets: what
    came back to seat 0 (stake included)."""
    state = play(table(top), (0, move))
    state = play(state, (None, NoVaMas()))
    return state.settled[-1].paid


CLEAN = "AO 2C 3E 4B"
"""A clean grid: 1st AO, 2nd 2C, 3rd 3E, 4th 4B. AO's Camo is AC, its Anti AB, its Viudo AE."""
