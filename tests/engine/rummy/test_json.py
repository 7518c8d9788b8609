"""State and actions to plain JSON and back, exactly; garbage from a browser is refused."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import parse_card
from games.engine.errors import InvalidAction
from games.engine.rummy import (
    Action,
    Close,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    MeldSpec,
    NextHand,
    Open,
    Ready,
    SwapJoker,
    TakeDiscard,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
)
from tests.engine.rummy.scenarios import closing_hand, three_players

SEVEN = parse_card("7O", card_id=6)
JOKER = parse_card("*", card_id=104)
ACTIONS: list[Action] = [
    Draw(),
    TakeDiscard(),
    Open((MeldSpec.of("5O 6O *=7O"), MeldSpec.of("KC KE KB"))),
    LayMeld(MeldSpec.of("7O 7C 7E")),
    LayOff(2, SEVEN),
    LayOff(0, JOKER, parse_card("AO")),
    SwapJoker(1, SEVEN),
    Discard(SEVEN),
    Close(),
    Close(SEVEN),
    Ready(),
    NextHand(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_action_json__round_trip_is_exact(action: Action) -> None:
    data = action_to_json(action)
    assert json.loads(json.dumps(data)) == data
    again = action_from_json(data)
    assert again == action
    assert action_to_json(again) == data
    cards = [c for spec in getattr(action, "melds", ()) for c in spec.cards]
    assert [c.id for c in cards] == [
        c.id for spec in getattr(again, "melds", ()) for c in spec.cards
    ]


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "draw",
        {},
        {"kind": "fly"},
        {"kind": "draw", "extra": 1},
        {"kind": "discard"},
        {"kind": "discard", "card": "7O"},
        {"kind": "discard", "card": "ZZ#1"},
        {"kind": "discard", "card": 7},
        {"kind": "lay_off", "meld": True, "card": "7O#1", "joker_as": None},
        {"kind": "lay_off", "meld": -1, "card": "7O#1", "joker_as": None},
        {"kind": "lay_off", "meld": 0, "card": "7O#1", "joker_as": "*"},
        {"kind": "open", "melds": []},
        {"kind": "open", "melds": [{"cards": "7O#1"}]},
        {"kind": "open", "melds": [{"cards": ["7O#1"], "joker_as": 3}]},
        {"kind": "lay_meld", "meld": None},
        {"kind": "close", "last": ["7O#1"]},
    ],
)
def test_action_json__garbage_is_refused_as_invalid_action(data: object) -> None:
    with pytest.raises(InvalidAction):
        action_from_json(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KINDS = st.sampled_from(
    ["draw", "open", "lay_meld", "lay_off", "swap_joker", "discard", "close", "ready"]
)


@settings(max_examples=300, deadline=None)
@given(
    kind=KINDS,
    fields=st.dictionaries(
        st.sampled_from(["card", "meld", "melds", "last", "joker_as"]), JSON, max_size=3
    ),
)
def test_action_json__any_browser_input_gives_an_action_or_invalid_action(
    kind: str, fields: dict[str, Any]
) -> None:
    try:
        action = action_from_json({"kind": kind, **fields})
    except InvalidAction:
        return
    assert action_from_json(action_to_json(action)) == action


@settings(max_examples=200, deadline=None)
@given(data=JSON)
def test_action_json__arbitrary_json_never_raises_another_error(data: object) -> None:
    with contextlib.suppress(InvalidAction):
        action_from_json(data)


@pytest.mark.parametrize(
    "build",
    [three_players, lambda: closing_hand(open_1=True, open_2=True)],
    ids=["mid-hand", "hand-over"],
)
def test_state_json__round_trip_is_exact(build: Any) -> None:
    state = build()
    data = state_to_json(state)
    assert json.loads(json.dumps(data)) == data
    again = state_from_json(json.loads(json.dumps(data)))
    assert again == state
    assert state_to_json(again) == data
    assert [c.id for c in again.stock] == [c.id for c in state.stock]


def test_state_json__not_a_state_is_refused() -> None:
    for data in (None, {}, {"game": "rummy", "format": 1}, {"game": "golfo"}):
        with pytest.raises(InvalidAction):
            state_from_json(data)
