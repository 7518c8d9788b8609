"""Exact Golfo deals in notation, and short ways to play them out."""

from __future__ import annotations

from games.engine.cards import format, parse
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Discard,
    Fold,
    NextHand,
    Options,
    Pass,
    State,
    apply,
    new_match,
)
from games.engine.golfo.invariants import violations
from games.engine.golfo.state import BETTING_LANCES, DISCARD_LANCES


def table(
    deal: str,
    *,
    players: int = 4,
    dealer: int = 0,
    options: Options | None = None,
    later: dict[int, str] | None = None,
) -> State:
    """A match whose first hand is dealt from ``deal``: two cards to each player from the
    dealer's right, then three to each, then the stock. ``later`` fixes later hands alike."""
    decks = {1: parse(deal)} | {hand_no: parse(text) for hand_no, text in (later or {}).items()}
    return new_match(
        players=players, options=options or Options(), seed="test", decks=decks, dealer=dealer
    )


def play(state: State, *moves: tuple[int | None, Action]) -> State:
    """Apply ``moves`` in order, checking every rule after each."""
    for seat, action in moves:
        state = apply(state, seat, action)
        assert violations(state) == []
    return state


def cards_of(state: State, seat: int) -> str:
    return format(state.players[seat].hand)


def quietly_to_the_end(state: State) -> State:
    """Everybody passes every envite and keeps his cards in every descarte."""
    while state.turn is not None:
        if state.lance in BETTING_LANCES:
            state = play(state, (state.turn, Pass()))
        elif state.lance in DISCARD_LANCES:
            state = play(state, (state.turn, Discard()))
    return state


def next_hand(state: State) -> State:
    return play(state, (None, NextHand()))


# Seat 1 folds in the first envite, so the three more cards go to seats 2 and 3 only.
WINNING_FOR_SEAT_2 = "3O 4O  9C 8C  3E 4E  7C 6C 5C  5E 6E 7O"


def after_a_first_hand(won: int, second_deal: str, *, options: Options | None = None) -> State:
    """Hand 2 of a four-seat match (dealer 1; seats 2, 3 and 0 play, in that order), after a
    first hand in which seat 2 won ``won`` chips from seat 3 (besides the antes): stacks start
    the second hand at 1000, 990, 1020 + won and 990 - won, less the new antes."""
    state = table(WINNING_FOR_SEAT_2, dealer=0, options=options, later={2: second_deal})
    state = play(state, (1, Pass()), (2, Bet(won)), (3, Call()), (1, Fold()))
    return next_hand(quietly_to_the_end(state))
