"""The bot plays from its own view: it discards towards its best suit and bets by its chances."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import format
from games.engine.golfo import (
    Bet,
    Call,
    Discard,
    Fold,
    Options,
    Pass,
    Raise,
    bot,
    can,
    new_match,
    view,
)
from games.engine.golfo.simulation import mover
from tests.engine.golfo.helpers import play, table

# Seat 1: four oros and a stray copa; seat 2: nothing much; seat 3: a handful of everything.
DEAL = "9O 8O  3C 4E  5E 3B  7O 6O 9C  5O 6B 7E  4C 6C 8B"


def test_it_throws_what_does_not_help_its_best_suit() -> None:
    state = table(DEAL)
    state = play(state, *[(seat, Pass()) for seat in (1, 2, 3, 1, 2, 3)])
    move = bot.decide(view(state, 1))
    assert isinstance(move, Discard) and format(move.cards) == "9C"


def test_it_keeps_at_most_four_of_its_suit_and_throws_the_fifth_lowest() -> None:
    deal = "9O 8O  3C 4E  5E 3B  7O 6O 3O  5O 6B 7E  4C 6C 8B"
    state = play(table(deal), *[(seat, Pass()) for seat in (1, 2, 3, 1, 2, 3)])
    move = bot.decide(view(state, 1))
    assert isinstance(move, Discard) and format(move.cards) == "3O"


def test_it_bets_a_strong_hand_and_passes_a_weak_one() -> None:
    state = play(table(DEAL), (1, Pass()), (2, Pass()), (3, Pass()))
    assert isinstance(bot.decide(view(state, 1)), Bet)  # 30 in oros once it throws the 9C
    state = play(state, (1, Pass()))
    assert isinstance(bot.decide(view(state, 2)), Pass)


def test_it_folds_a_weak_hand_to_a_big_bet_and_raises_with_the_best() -> None:
    state = play(table(DEAL), (1, Pass()), (2, Pass()), (3, Pass()), (1, Bet(400)))
    assert isinstance(bot.decide(view(state, 2)), Fold)
    state = play(table(DEAL), (1, Pass()), (2, Bet(20)), (3, Fold()))
    assert isinstance(bot.decide(view(state, 1)), (Raise, Call))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), players=st.sampled_from([3, 4]))
def test_every_bot_move_is_legal(seed: int, steps: int, players: int) -> None:
    state = new_match(players=players, options=Options(starting_stack=200), seed=seed)
    for _ in range(steps):
        seat = mover(state)
        if seat is None:
            break
        move = bot.decide(view(state, seat))
        assert can(state, seat, move)
        state = play(state, (seat, move))
