"""RULES.md §2: seats, the dealer who sits out, the antes, the deal in two parts, the rotation."""

from __future__ import annotations

import pytest

from games.engine.cards import format, parse, seeded_rng, shuffled
from games.engine.errors import EngineError
from games.engine.golfo import (
    Discard,
    Ending,
    Lance,
    Options,
    Pass,
    golfo_deck,
    new_match,
    replay,
    state_to_json,
)
from games.engine.golfo.state import BETTING_LANCES
from tests.engine.golfo.helpers import cards_of, next_hand, play, quietly_to_the_end, table

DEAL = "9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E  9B 8B"


def test_four_seats_the_dealer_sits_out_and_the_other_three_play() -> None:
    state = table(DEAL, dealer=0)
    assert [p.in_hand for p in state.players] == [False, True, True, True]
    assert state.players[0].hand == []


@pytest.mark.parametrize("players", [2, 5, "4"])
def test_golfo_is_played_by_four_or_three(players: object) -> None:
    with pytest.raises(EngineError) as refused:
        new_match(players=players, seed=1)  # type: ignore[arg-type]
    assert refused.value.code == "bad_table"


def test_the_first_dealer_is_drawn_by_lot_from_the_match_seed() -> None:
    dealers = {new_match(players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_match(players=4, seed=7).dealer == new_match(players=4, seed=7).dealer


def test_each_player_antes_before_the_deal() -> None:
    state = table(DEAL, options=Options(starting_stack=500, ante=25))
    assert [p.stack for p in state.players] == [500, 475, 475, 475]
    assert [p.committed for p in state.players] == [0, 25, 25, 25]


def test_two_cards_each_from_the_dealers_right_then_the_first_envite() -> None:
    state = table(DEAL, dealer=0)
    assert state.lance is Lance.ENVITE_1
    assert [cards_of(state, seat) for seat in (1, 2, 3)] == ["9O 8O", "9C 8C", "9E 8E"]
    assert state.turn == 1  # the first served, on the dealer's right, speaks first


def test_after_the_first_envite_three_more_cards_each_then_the_second() -> None:
    state = play(table(DEAL), (1, Pass()), (2, Pass()), (3, Pass()))
    assert state.lance is Lance.ENVITE_2
    assert cards_of(state, 1) == "9O 8O 7O 6O 5O"
    assert cards_of(state, 3) == "9E 8E 7E 6E 5E"
    assert len(state.stock) == 28 - 15
    assert [str(card) for card in state.stock[:2]] == ["9B", "8B"]
    assert state.turn == 1


def test_if_everybody_passes_the_game_moves_on_through_every_lance_to_the_showdown() -> None:
    state = table(DEAL)
    seen = [state.lance]
    while state.turn is not None:
        action = Pass() if state.lance in BETTING_LANCES else Discard()
        state = play(state, (state.turn, action))
        if state.lance != seen[-1]:
            seen.append(state.lance)
    assert seen == [
        Lance.ENVITE_1,
        Lance.ENVITE_2,
        Lance.DESCARTE_1,
        Lance.ENVITE_3,
        Lance.DESCARTE_2,
        Lance.ENVITE_4,
        Lance.HAND_OVER,
    ]
    assert state.result is not None and state.result.ending is Ending.SHOWDOWN


def test_the_deal_rotates_counter_clockwise_to_the_dealers_right() -> None:
    state = quietly_to_the_end(table(DEAL, dealer=3))
    assert [p.in_hand for p in state.players] == [True, True, True, False]
    state = next_hand(state)
    assert state.dealer == 0
    assert [p.in_hand for p in state.players] == [False, True, True, True]
    assert state.turn == 1
    state = next_hand(quietly_to_the_end(state))
    assert state.dealer == 1
    assert state.turn == 2


def test_a_table_of_three_the_dealer_still_sits_out_and_two_play() -> None:
    state = table("9O 8O  9C 8C  7O 6O 5O  7C 6C 5C", players=3, dealer=2)
    assert [p.in_hand for p in state.players] == [True, True, False]
    assert [cards_of(state, 0), cards_of(state, 1)] == ["9O 8O", "9C 8C"]
    assert sum(p.committed for p in state.players) == 2 * Options().ante
    state = next_hand(quietly_to_the_end(state))
    assert state.dealer == 0
    assert [p.in_hand for p in state.players] == [False, True, True]


def test_a_whole_deck_in_a_chosen_order_can_be_given_for_the_first_hand() -> None:
    order = shuffled(golfo_deck(), seeded_rng("any", "order"))
    state = new_match(players=4, seed=1, deck=order, dealer=0)
    assert state.players[1].hand == order[0:2]
    assert state.players[3].hand == order[4:6]
    assert state.stock == order[6:]
    assert state_to_json(state) == state_to_json(
        new_match(players=4, seed=1, decks={1: parse(format(order))}, dealer=0)
    )
    log = [(1, Pass()), (2, Pass()), (3, Pass())]
    replayed = replay(1, None, 4, log, deck=order, dealer=0)
    assert replayed.players[1].hand == order[0:2] + order[6:9]


@pytest.mark.parametrize("top", ["AO 9O", "9O 9O", "10C"])
def test_a_fixed_deck_must_name_golfo_cards_once_each(top: str) -> None:
    with pytest.raises(EngineError) as refused:
        new_match(players=4, seed=1, decks={3: parse(top)})
    assert refused.value.code == "invalid_action"
