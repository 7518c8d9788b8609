"""States, actions and options round-trip through plain JSON; garbage from a browser is
refused as an invalid action, never another exception; a match replays from seed and log."""

from __future__ import annotations

import json

import pytest

from games.engine.errors import InvalidAction
from games.engine.stud import (
    Bet,
    Deal,
    Expose,
    NextHand,
    Options,
    PayTable,
    Ride,
    Withdraw,
    action_from_json,
    action_to_json,
    replay,
    state_from_json,
    state_to_json,
    surface,
)
from tests.engine.stud.helpers import play, table

ACTIONS = [Bet(5), Withdraw(), Ride(), Deal(), Expose(0), Expose(1), NextHand()]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip(action: object) -> None:
    data = action_to_json(action)  # type: ignore[arg-type]
    assert action_from_json(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {"kind": "fold"},
        {"kind": "bet"},
        {"kind": "bet", "amount": 0},
        {"kind": "bet", "amount": -3},
        {"kind": "bet", "amount": "5"},
        {"kind": "bet", "amount": True},
        {"kind": "bet", "amount": 10**13},
        {"kind": "expose", "position": 2},
        {"kind": "ride", "extra": 1},
    ],
)
def test_garbage_is_an_invalid_action(data: object) -> None:
    with pytest.raises(InvalidAction):
        action_from_json(data)


def test_options_round_trip_and_refuse_garbage() -> None:
    options = Options(pay_table=PayTable.JACKS, min_bet=2, max_bet=9, stake=50, bank=10**6)
    assert Options.from_json(json.loads(json.dumps(options.to_json()))) == options
    for bad in ({"min_bet": 0}, {"max_bet": "9"}, {"pay_table": "queens"}, {"colour": 1}, 3):
        with pytest.raises(InvalidAction):
            Options.from_json(bad)


def test_a_state_round_trips_and_replays_from_its_log() -> None:
    state = table(["AO AC 2E", "3O 8C 9E"], "4B 10O")
    log = [(0, Bet(5)), (1, Bet(3)), (None, Deal()), (0, Ride()), (1, Withdraw())]
    state = play(state, *log)
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    assert replay("test", Options(), 2, log, decks=state.decks) == state
    with pytest.raises(InvalidAction):
        state_from_json({"game": "golfo"})


def test_a_seeded_table_replays_through_the_protocol() -> None:
    log = [(0, Bet(5)), (None, Deal()), (0, Withdraw()), (0, Ride()), (None, NextHand())]
    first = surface.replay_match(seed="s", options=Options(), players=1, actions=log, deal=None)
    again = surface.replay_match(seed="s", options=Options(), players=1, actions=log, deal=None)
    assert first == again
    dealt = [
        surface.replay_match(seed=seed, options=Options(), players=1, actions=log[:2], deal=None)
        for seed in ("s", "t")
    ]
    assert dealt[0].seats[0].cards + dealt[0].common != dealt[1].seats[0].cards + dealt[1].common
