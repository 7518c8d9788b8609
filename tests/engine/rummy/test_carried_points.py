"""A match started from carried penalty points and a given dealer (a tournament's hand, RULES.md
§4): eliminations, scoring and the match's end work from those points."""

from __future__ import annotations

import pytest

from games.engine.rummy import Close, Draw, Open, Options, counts, new_match, places, view
from games.engine.rummy.errors import BadOptions
from games.engine.rummy.invariants import check_state
from tests.engine.rummy.helpers import meld, play
from tests.engine.rummy.scenarios import MELDS_0, closing_hand, three_players


def test_options__old_json_without_points_or_dealer_loads_as_before() -> None:
    stored = {"joker_penalty": 25, "cut_choice": True}
    options = Options.from_json(stored)
    assert options == Options(joker_penalty=25, cut_choice=True)
    assert options.points is None and options.dealer is None
    assert options.to_json() == stored


def test_options__points_and_dealer_round_trip_through_json() -> None:
    options = Options(points=(0, 2, 1), dealer=2)
    assert options.to_json() == {
        "joker_penalty": 25,
        "cut_choice": True,
        "points": [0, 2, 1],
        "dealer": 2,
    }
    assert Options.from_json(options.to_json()) == options


@pytest.mark.parametrize(
    "data",
    [
        {"points": [0, 3]},
        {"points": [-1, 0]},
        {"points": "0,1"},
        {"points": [0, True]},
        {"dealer": -1},
        {"dealer": "1"},
    ],
)
def test_options__points_of_3_or_garbage_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(BadOptions):
        Options.from_json(data)


def test_new_match__seats_start_with_their_points_and_the_given_dealer() -> None:
    state = new_match(players=3, options=Options(points=(2, 0, 1), dealer=1), seed="t")
    assert state.points == [2, 0, 1]
    assert counts(state) == [2, 0, 1]
    assert state.dealer == 1
    assert [p["points"] for p in view(state, None)["players"]] == [2, 0, 1]
    assert check_state(state) == []


def test_new_match__points_for_another_number_of_seats_are_refused() -> None:
    with pytest.raises(BadOptions):
        new_match(players=3, options=Options(points=(0, 1)), seed="t")


def test_new_match__a_dealer_outside_the_table_is_refused() -> None:
    with pytest.raises(BadOptions):
        new_match(players=3, options=Options(dealer=3), seed="t")


def test_new_match__without_a_dealer_the_lot_decides_as_before() -> None:
    for seed in ("a", "b", "c", "d"):
        assert (
            new_match(players=4, options=Options(), seed=seed).dealer
            == new_match(players=4, options=Options(dealer=None), seed=seed).dealer
        )
        assert new_match(players=4, options=Options(dealer=3), seed=seed).dealer == 3


def test_new_match__a_fixed_deals_dealer_wins_over_the_options() -> None:
    state = three_players(options=Options(points=(0, 0, 0), dealer=0))
    assert state.dealer == 2


def test_carried_points__a_seat_at_2_taking_a_point_is_out_after_the_first_hand() -> None:
    state = closing_hand(open_1=True, open_2=False, options=Options(points=(0, 1, 2)))
    assert counts(state) == [0, 1, 3]
    assert state.result is not None and state.result.eliminated == (2,)
    assert state.out_hand[2] == 1
    assert state.phase == "hand_over"


def test_carried_points__abiertos_adds_to_the_carried_points() -> None:
    state = closing_hand(
        open_1=True, open_2=True, left_2="10O 9B 8E 8C", options=Options(points=(1, 1, 0))
    )
    assert state.result is not None and state.result.ending == "abiertos"
    assert counts(state) == [1, 2, 1]


def test_carried_points__seco_leaving_one_player_ends_the_match_in_its_first_hand() -> None:
    state = three_players(options=Options(points=(2, 2, 2)))
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    melds = tuple(meld(state, 0, m) for m in (*MELDS_0, "2C 3C 4C 5C"))
    state = play(state, 0, Open(melds), Close(drawn))
    assert state.phase == "match_over"
    assert state.winner == 0
    assert counts(state) == [2, 3, 3]
    assert places(state) == [1, 2, 2]
