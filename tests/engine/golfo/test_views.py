"""What each seat sees: own cards only, counts of the others', the table's chips and turn, what
he may do with its limits; at a showdown the hands shown. Never a hidden card."""

from __future__ import annotations

import json

from games.engine.golfo import Bet, Call, Fold, view
from games.engine.golfo.invariants import leaks
from tests.engine.golfo.helpers import play, quietly_to_the_end, table

DEAL = "9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E"


def test_a_player_sees_his_own_cards_and_only_the_number_of_the_others() -> None:
    state = table(DEAL)
    seen = view(state, 2)
    assert seen["viewer"] == 2
    assert seen["seats"][2]["cards"] == ["9C#13", "8C#12"]
    assert seen["seats"][2]["value"] == 17
    assert [seat["cards"] for seat in seen["seats"]] == [
        None,
        None,
        seen["seats"][2]["cards"],
        None,
    ]
    assert [seat["card_count"] for seat in seen["seats"]] == [0, 2, 2, 2]
    assert leaks(state, 2, seen) == []


def test_the_table_chips_dealer_and_turn_are_public() -> None:
    state = play(table(DEAL), (1, Bet(50)))
    seen = view(state, 3)
    assert seen["dealer"] == 0 and seen["seats"][0]["is_dealer"]
    assert seen["turn"] == 2
    assert seen["current_bet"] == 50
    assert seen["pots"] == [{"amount": 80, "eligible": [1, 2, 3]}]
    assert [seat["stack"] for seat in seen["seats"]] == [1000, 940, 990, 990]
    assert [seat["round_bet"] for seat in seen["seats"]] == [0, 50, 0, 0]


def test_the_player_to_act_sees_what_he_may_do_with_the_minimum_and_maximum() -> None:
    state = table(DEAL)
    assert view(state, 1)["legal"] == [
        {"kind": "pass"},
        {"kind": "bet", "min": 20, "max": 990},
    ]
    state = play(state, (1, Bet(50)))
    assert view(state, 2)["legal"] == [
        {"kind": "call", "amount": 50},
        {"kind": "raise", "min": 50, "max": 940},
        {"kind": "fold"},
    ]
    assert view(state, 3)["legal"] == []  # not his turn
    assert view(state, None)["legal"] == []
    # Everybody sees what the player to act may do: it depends on public chips alone.
    assert view(state, None)["turn_moves"] == view(state, 2)["legal"]


def test_a_spectator_sees_no_card_until_the_showdown() -> None:
    state = table(DEAL)
    seen = view(state, None)
    assert seen["viewer"] is None
    assert all(seat["cards"] is None for seat in seen["seats"])
    assert leaks(state, None, seen) == []


def test_at_the_showdown_everybody_sees_the_hands_shown_but_never_a_folded_one() -> None:
    state = quietly_to_the_end(play(table(DEAL), (1, Bet(50)), (2, Call()), (3, Fold())))
    seen = view(state, None)
    assert [entry["seat"] for entry in seen["result"]["shown"]] == [1, 2]
    assert seen["result"]["shown"][0]["cards"] == ["9O#6", "8O#5", "7O#4", "6O#3", "5O#2"]
    assert seen["result"]["pots"] == [
        {"amount": 130, "eligible": [1, 2], "winners": [1], "shares": [130]}
    ]
    folded_cards = {card.to_json() for card in state.players[3].hand}
    for viewer in (None, 0, 1, 2):
        text = json.dumps(view(state, viewer))
        assert not any(card in text for card in folded_cards)


def test_the_stock_and_the_discards_show_only_as_counts() -> None:
    state = table(DEAL)
    seen = view(state, 1)
    assert seen["stock_count"] == 22 and seen["discard_count"] == 0
    hidden = {card.to_json() for card in state.stock}
    assert not any(card in json.dumps(seen) for card in hidden)
