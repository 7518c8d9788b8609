"""Exact stud deals in notation, and short ways to play them out."""

from __future__ import annotations

from games.engine.cards import parse, stacked
from games.engine.stud import (
    Action,
    Bet,
    Deal,
    Options,
    Ride,
    State,
    Withdraw,
    apply,
    new_match,
    stud_deck,
)
from games.engine.stud.invariants import leaks, violations
from games.engine.stud.views import view


def dealing_order(hands: list[str], common: str) -> str:
    """The deck's top, in notation, that deals ``hands`` (three cards each, to the seats that
    bet, in seat order) and the two ``common`` cards, in the seed's order: a card to each, the
    first common card, a second card to each, the second common card, a third card to each."""
    own = [hand.split() for hand in hands]
    shared = common.split()
    top: list[str] = []
    for round_no in range(3):
        top += [cards[round_no] for cards in own]
        if round_no < 2:
            top.append(shared[round_no])
    return " ".join(top)


def table(
    hands: list[str], common: str, *, players: int | None = None, options: Options | None = None
) -> State:
    """A table whose first coup will deal ``hands`` and ``common`` (to the seats that bet)."""
    deck = stacked(stud_deck(), parse(dealing_order(hands, common)))
    return new_match(
        players=players or len(hands), options=options or Options(), seed="test", decks={1: deck}
    )


def play(state: State, *moves: tuple[int | None, Action]) -> State:
    """Apply ``moves`` in order, checking every rule and every view after each."""
    issued = state.chips_total()
    for seat, action in moves:
        state = apply(state, seat, action)
        assert violations(state, issued) == []
        for viewer in [None, *range(len(state.seats))]:
            assert leaks(state, view(state, viewer)) == []
    return state


def coup(hand: str, common: str, bet: int, first: bool, second: bool) -> State:
    """One player betting ``bet`` three times on ``hand``, riding bets 1 and 2 or not."""
    state = table([hand], common)
    return play(
        state,
        (0, Bet(bet)),
        (None, Deal()),
        (0, Ride() if first else Withdraw()),
        (0, Ride() if second else Withdraw()),
    )
