"""States, actions and options to JSON and back; garbage from a browser is refused as
``InvalidAction``, never another exception."""

from __future__ import annotations

import pytest

from games.engine.errors import InvalidAction
from games.engine.paigow import (
    Bet,
    CloseBets,
    HouseWay,
    NextHand,
    Options,
    SitOut,
    Split,
    action_from_json,
    action_to_json,
    options_from_json,
    state_from_json,
    state_to_json,
)
from tests.engine.paigow.helpers import cards, play, table


@pytest.mark.parametrize(
    "action",
    [Bet(100), SitOut(), Split(cards("QE 10C")), HouseWay(), CloseBets(), NextHand()],
)
def test_actions_round_trip(action: object) -> None:
    assert action_from_json(action_to_json(action)) == action  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"kind": "fold"},
        {"kind": "bet"},
        {"kind": "bet", "amount": "100"},
        {"kind": "bet", "amount": -20},
        {"kind": "bet", "amount": True},
        {"kind": "split", "low": ["QE"]},
        {"kind": "split", "low": ["QE", 7]},
        {"kind": "split", "low": ["QE", "11X"]},
        {"kind": "sit_out", "amount": 5},
    ],
)
def test_malformed_actions_are_refused(data: object) -> None:
    with pytest.raises(InvalidAction):
        action_from_json(data)


def test_states_round_trip_in_every_phase() -> None:
    state = table("AO AC QE 9B 3O 10C 9C", "KB KC 8O 6E 5B 4C 2O")
    for move in ((0, Bet(100)), (0, HouseWay()), (None, NextHand())):
        assert state_to_json(state_from_json(state_to_json(state))) == state_to_json(state)
        state = play(state, move)


def test_options_round_trip_and_refuse_garbage() -> None:
    options = Options(min_bet=40, max_bet=2000)
    assert options_from_json(options.to_json()) == options
    garbage: list[object] = [
        {"min_bet": "20"},
        {"colour": 1},
        {"min_bet": 30},
        {"commission": 100},
        [],
    ]
    for data in garbage:
        with pytest.raises(InvalidAction):
            options_from_json(data)


def test_a_malformed_state_is_refused() -> None:
    with pytest.raises(InvalidAction):
        state_from_json({"game": "paigow", "format": 1})
