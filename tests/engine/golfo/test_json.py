"""Actions and states through plain JSON and back, exactly; garbage is refused as such."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import parse
from games.engine.errors import InvalidAction
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Discard,
    Fold,
    NextHand,
    Options,
    Pass,
    Raise,
    Rebuy,
    Stakes,
    TieRule,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
)
from tests.engine.golfo.helpers import play, quietly_to_the_end, table

ACTIONS: list[Action] = [
    Pass(),
    Bet(20),
    Call(),
    Raise(35),
    Fold(),
    Discard(),
    Discard(tuple(parse("3O 9B 7E"))),
    Rebuy(1000),
    NextHand(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_round_trips_through_json_text(action: Action) -> None:
    text = json.dumps(action_to_json(action))
    again = action_from_json(json.loads(text))
    assert again == action
    assert action_to_json(again) == action_to_json(action)


def test_a_discard_names_its_cards_with_or_without_their_id() -> None:
    plain = action_from_json({"kind": "discard", "cards": ["7O", "9B"]})
    with_ids = action_from_json({"kind": "discard", "cards": ["7O#4", "9B#27"]})
    assert plain == with_ids == Discard(tuple(parse("7O 9B")))


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "bet",
        {},
        {"kind": "envido"},
        {"kind": "bet"},
        {"kind": "bet", "amount": "20"},
        {"kind": "bet", "amount": True},
        {"kind": "bet", "amount": 2.5},
        {"kind": "bet", "amount": -5},
        {"kind": "bet", "amount": 0},
        {"kind": "bet", "amount": 10**30},
        {"kind": "pass", "amount": 5},
        {"kind": "discard", "cards": "7O"},
        {"kind": "discard", "cards": ["7O", 3]},
        {"kind": "discard", "cards": ["7X"]},
        {"kind": "discard", "cards": ["7O#x"]},
        {"kind": "discard", "cards": ["7O#²"]},
        {"kind": "discard", "cards": ["3O", "4O", "5O", "6O", "7O", "8O"]},
        {"kind": ["bet"], "amount": 20},
    ],
)
def test_garbage_is_an_invalid_action(data: Any) -> None:
    with pytest.raises(InvalidAction):
        action_from_json(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["kind", "amount", "cards", "x"]) | st.text(), children)
    ),
    max_leaves=12,
)
KIND = st.sampled_from(["pass", "bet", "call", "raise", "fold", "discard", "rebuy", "next_hand"])


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(JSON, st.fixed_dictionaries({"kind": KIND}, optional={"amount": JSON, "cards": JSON}))
)
def test_browser_input_gives_an_action_or_an_invalid_action_never_another_error(data: Any) -> None:
    try:
        action = action_from_json(data)
    except InvalidAction:
        return
    assert action_from_json(action_to_json(action)) == action


def test_a_state_round_trips_exactly_card_ids_included() -> None:
    state = table("9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E")
    for moment in (state, play(state, (1, Bet(50)), (2, Fold())), quietly_to_the_end(state)):
        data = state_to_json(moment)
        again = state_from_json(json.loads(json.dumps(data)))
        assert again == moment
        assert state_to_json(again) == data


def test_options_round_trip_and_refuse_garbage() -> None:
    options = Options(
        starting_stack=500, ante=5, min_bet=10, stakes=Stakes.FREEZEOUT, tie=TieRule.SPLIT
    )
    assert Options.from_json(json.loads(json.dumps(options.to_json()))) == options
    assert Options.from_json({}) == Options(rebuild_without_own=False)  # stored before it
    bad_options: list[object] = [
        {"ante": "5"},
        {"stakes": "forever"},
        {"colour": 1},
        {"min_bet": 0},
        [],
    ]
    for bad in bad_options:
        with pytest.raises(InvalidAction):
            Options.from_json(bad)


def test_a_malformed_state_is_refused_as_invalid() -> None:
    data = state_to_json(table("9O 8O"))
    for broken in ({**data, "lance": "envite_9"}, {**data, "players": [{}]}, {"game": "golfo"}):
        with pytest.raises(InvalidAction):
            state_from_json(broken)
