"""``view(state, viewer)``: what a seat or a spectator may know, and what he may do now."""

from __future__ import annotations

import json

from games.engine.rummy import (
    Discard,
    Draw,
    LayOff,
    Open,
    State,
    TakeDiscard,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.rummy.invariants import card_ids_in, visible_ids
from tests.engine.rummy.helpers import card, deal, meld, past_first_round, play

OPENER = "10C 10E 10B 10O JO QO KO 2C 4E 6B 8C 3B 5E 9O"
OTHER = "2O 3C 4B 5E 6O 7B 8E 9C JB QE KC AE 3E AO"


def _opened() -> State:
    """Seat 0 has just opened with 10C 10E 10B and 10O JO QO KO."""
    state = past_first_round(deal({0: OPENER, 1: OTHER}))
    state = play(state, 0, Draw())
    return play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))


def test_view__a_player_sees_his_own_hand_and_only_counts_of_the_others() -> None:
    state = deal({0: OPENER, 1: OTHER})
    shown = view(state, 0)
    assert shown["hand"] == [c.to_json() for c in state.hands[0]]
    assert [p["cards"] for p in shown["players"]] == [14, 14]
    assert not {c.id for c in state.hands[1]} & card_ids_in(shown)


def test_view__a_spectator_sees_no_hand() -> None:
    state = deal({0: OPENER, 1: OTHER})
    shown = view(state, None)
    assert shown["hand"] is None and shown["spectator"]
    assert shown["legal"] == {"kinds": [], "constraints": []}
    assert card_ids_in(shown) == {state.discards[-1].id}


def test_view__stock_size_but_never_its_cards_or_order() -> None:
    state = deal({0: OPENER, 1: OTHER})
    shown = view(state, 0)
    assert shown["stock_count"] == 77
    assert not {c.id for c in state.stock} & card_ids_in(shown)
    assert card_ids_in(shown) <= visible_ids(state, 0)


def test_view__table_melds_who_laid_them_and_what_each_joker_stands_for() -> None:
    state = deal({0: "10C 10E 10B JO QO KO 2C 4E 6B 8C 3B 5E 7C 9B"}, up="*")
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "*=10O JO QO KO"))))
    melds = view(state, 1)["melds"]
    assert [(m["index"], m["owner"], m["kind"], m["points"]) for m in melds] == [
        (0, 0, "set", 30),
        (1, 0, "run", 40),
    ]
    assert melds[1]["joker_as"] == "10O"
    assert melds[1]["cards"] == [c.to_json() for c in state.melds[1].cards]


def test_view__whose_turn_dealer_phase_top_discard_and_flags() -> None:
    state = deal({0: OPENER, 1: OTHER}, up="KB")
    shown = view(state, 1)
    assert (shown["turn"], shown["dealer"], shown["phase"]) == (0, 1, "draw")
    assert shown["top_discard"] == state.discards[-1].to_json()
    assert shown["first_round"] is True
    assert [p["opened"] for p in shown["players"]] == [False, False]


def test_view__what_the_player_to_move_may_do() -> None:
    state = deal({0: OPENER, 1: OTHER})
    assert view(state, 0)["legal"]["kinds"] == ["draw"]
    assert view(state, 1)["legal"]["kinds"] == []
    state = play(state, 0, Draw())
    legal = view(state, 0)["legal"]
    assert legal["kinds"] == ["discard"]
    assert [c["code"] for c in legal["constraints"]] == ["first_round"]


def test_view__an_opened_player_is_offered_the_table_moves_his_hand_allows() -> None:
    """A kind of move is offered only when the rules accept at least one move of it: this hand
    lays off but holds no meld of its own and no card a joker on the table stands for."""
    state = _opened()
    assert view(state, 0)["legal"]["kinds"] == ["lay_off", "discard"]


def test_view__says_when_the_taken_discard_must_be_used_this_turn() -> None:
    state = _opened()
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "AO")))
    assert view(state, 0)["legal"]["kinds"] == ["draw", "take_discard"]
    state = play(state, 0, TakeDiscard())
    legal = view(state, 0)["legal"]
    assert "discard" not in legal["kinds"]
    assert legal["constraints"][0]["message"] == (
        "You must play the ace of coins on the table this turn."
    )
    assert legal["constraints"][0]["params"] == {"card": "AO"}
    assert view(state, 0)["must_play"] == [state.hands[0][-1].to_json()]


def test_view__take_discard_is_offered_only_when_the_card_could_be_played() -> None:
    state = _opened()
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "QE")))
    assert view(state, 0)["legal"]["kinds"] == ["draw"]


def test_view__is_plain_json() -> None:
    state = _opened()
    for viewer in (0, 1, None):
        shown = view(state, viewer)
        assert json.loads(json.dumps(shown)) == shown


def test_view__a_meld_shown_before_shows_the_card_laid_off_on_it_afterwards() -> None:
    state = _opened()
    assert [m["points"] for m in view(state, 1)["melds"]] == [30, 40]
    state = play(state, 0, LayOff(1, card(state, 0, "9O")))
    melds = view(state, 1)["melds"]
    assert [m["points"] for m in melds] == [30, 49]
    assert melds[1]["cards"] == [c.to_json() for c in state.melds[1].cards]
    assert melds[1]["cards"][0].startswith("9O#")


def test_view__melds_of_the_same_faces_from_the_two_decks_show_their_own_cards() -> None:
    state = _opened()
    shown = view(state, 1)["melds"][0]["cards"]
    written = state_to_json(state)
    twin = written["melds"][0]
    twin["cards"] = [text.replace("#", "#1") for text in twin["cards"]]
    other_deck = state_from_json(written)
    assert view(other_deck, 1)["melds"][0]["cards"] == twin["cards"] != shown
    assert view(state, 1)["melds"][0]["cards"] == shown


def test_view__changing_one_view_changes_no_other() -> None:
    state = _opened()
    first = view(state, 0)
    first["melds"][0]["cards"].clear()
    first["melds"][0]["points"] = 0
    assert view(state, 1)["melds"][0]["cards"] == [c.to_json() for c in state.melds[0].cards]
    assert view(state, 1)["melds"][0]["points"] == 30
