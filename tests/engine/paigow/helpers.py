"""Exact Pai Gow Poker deals in notation, and short ways to play them out."""

from __future__ import annotations

from games.engine.cards import Card, parse, stacked
from games.engine.paigow import Action, Options, State, apply, new_match, paigow_deck
from games.engine.paigow.simulation import violations


def deck(*hands: str) -> list[Card]:
    """A deck whose top cards are ``hands`` in order (seven to each seat with a bet, in seat
    order, then seven to the bank), the rest in the fresh deck's order."""
    return stacked(paigow_deck(), parse(" ".join(hands)))


def table(*hands: str, players: int = 1, options: Options | None = None) -> State:
    """A table whose first coup is dealt from ``hands``."""
    return new_match(
        players=players, options=options or Options(), seed="test", decks={1: deck(*hands)}
    )


def play(state: State, *moves: tuple[int | None, Action]) -> State:
    """Apply ``moves`` in order, checking every rule after each."""
    total = state.chips_total
    for seat, action in moves:
        state = apply(state, seat, action)
        assert violations(state, total) == []
    return state


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse(text))
