"""RULES.md "Decisions, second pass" (match results, rebuy tables) and §4 applied to a freezeout
table: a later elimination ranks higher; players out in the same hand are placed by the chips
they had when it began; a rebuy table has no places, each player's result is his net chips."""

from __future__ import annotations

from games.engine.golfo import (
    Bet,
    Call,
    Discard,
    NextHand,
    Options,
    Pass,
    Raise,
    Rebuy,
    Stakes,
    State,
    apply,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.golfo.state import BETTING_LANCES
from tests.engine.golfo.helpers import play, quietly_to_the_end, table

FREEZEOUT = Options(starting_stack=1000, ante=10, min_bet=20, stakes=Stakes.FREEZEOUT)
# Dealer 0, served 1, 2, 3: seat 1 holds 27, seat 2 30, seat 3 24.
SEAT_2_BEST = "9O 3C  9C 8C  9E 3O  7O 6O 5O  7C 6C 5C  4E 6E 5E"
# Two left, dealer 2 and seat 0 served first: seat 0 holds 30, seat 2 holds 22.
SERVED_FIRST_BEST = "9O 8O  3C 4C  7O 6O 5O  7C 6C 5E"


def short_stacks(chips: dict[int, int]) -> State:
    """The freezeout's first hand with these seats holding only ``chips`` when it began (the
    ante already in, as the deal took it)."""
    state = table(SEAT_2_BEST, options=FREEZEOUT, later={2: SERVED_FIRST_BEST})
    for seat, held in chips.items():
        state.players[seat].stack = held - FREEZEOUT.ante
    return state


def to_the_end(state: State) -> State:
    """Everybody passes and keeps his cards (without the chip-count checks: the stacks above
    were set by hand)."""
    while state.turn is not None:
        action = Pass() if state.lance in BETTING_LANCES else Discard()
        state = apply(state, state.turn, action)
    return state


def test_players_out_in_the_same_hand_are_placed_by_the_chips_they_had_when_it_began() -> None:
    state = short_stacks({1: 100, 3: 200})
    for seat, action in ((1, Bet(90)), (2, Call()), (3, Raise(100)), (2, Call())):
        state = apply(state, seat, action)
    state = to_the_end(state)

    assert [p.eliminated for p in state.players] == [False, True, False, True]
    assert [(p.out_hand, p.out_chips) for p in state.players[1::2]] == [(1, 100), (1, 200)]
    assert state_from_json(state_to_json(state)).players[3].out_chips == 200
    places = state.places()
    assert places is not None and places[3] < places[1]  # 200 chips place above 100


def test_a_later_elimination_ranks_higher_and_the_winner_is_first() -> None:
    state = short_stacks({1: 100, 3: 200})
    state.players[0].stack = 3000  # the dealer, out of the first hand
    for seat, action in ((1, Bet(90)), (2, Call()), (3, Raise(100)), (2, Call())):
        state = apply(state, seat, action)
    state = apply(to_the_end(state), None, NextHand())  # dealer 2; seats 0 and 2 play
    assert state.players[2].stack == 1290  # after the ante
    state = apply(apply(state, 0, Bet(1290)), 2, Call())
    state = to_the_end(state)

    assert state.winner == 0
    assert state.players[2].out_hand == 2
    assert state.places() == [1, 4, 2, 3]
    assert view(state, None)["places"] == [1, 4, 2, 3]


def test_players_out_in_the_same_hand_with_the_same_chips_share_a_place() -> None:
    state = short_stacks({1: 100, 3: 100})
    for seat, action in ((1, Bet(90)), (2, Call()), (3, Call())):
        state = apply(state, seat, action)
    state = to_the_end(state)
    places = state.places()
    assert places is not None and places[1] == places[3] == 3


def test_a_rebuy_table_has_no_places_and_keeps_each_players_net_chips() -> None:
    state = table(SEAT_2_BEST, options=Options(starting_stack=100, ante=10, min_bet=10))
    state = quietly_to_the_end(play(state, (1, Bet(90)), (2, Call()), (3, Call())))
    assert [p.stack for p in state.players] == [100, 0, 300, 0]
    state = play(state, (1, Rebuy(100)), (3, Rebuy(50)))

    assert state.places() is None
    assert state.net_chips() == [0, -100, 200, -100]
    assert view(state, None)["places"] is None


def test_a_rebuy_table_closed_during_a_hand_counts_that_hand_as_void() -> None:
    state = play(table(SEAT_2_BEST, options=Options(starting_stack=100, ante=10, min_bet=10)))
    state = play(state, (1, Bet(50)), (2, Call()))
    assert state.net_chips() == [0, 0, 0, 0]
