"""RULES.md "Decisions, second pass", match results: a later elimination ranks higher, players
out in the same hand share a place, the last player left is first."""

from __future__ import annotations

from games.engine.rummy import State, state_from_json, state_to_json, view
from games.engine.rummy.simulation import Tally, play_match
from tests.engine.rummy.scenarios import closing_hand, seco


def test_match_results__the_hand_each_player_went_out_in_is_kept() -> None:
    state = closing_hand(open_1=True, open_2=False, points=[0, 2, 2])
    assert state.out_hand == [None, None, 1]
    assert state_from_json(state_to_json(state)).out_hand == [None, None, 1]


def test_match_results__players_out_in_the_same_hand_share_a_place() -> None:
    state = seco(points=[1, 2, 2])
    assert state.phase == "match_over"
    assert state.places() == [1, 2, 2]
    assert view(state, None)["places"] == [1, 2, 2]
    assert view(state, 1)["places"] == [1, 2, 2]


def test_match_results__no_places_while_the_match_is_played() -> None:
    assert view(closing_hand(open_1=True, open_2=False, points=[0, 2, 2]), None)["places"] is None


def _follows_the_rule(state: State) -> bool:
    places, out = state.places(), state.out_hand
    assert state.winner is not None and places[state.winner] == 1
    for a in range(state.players):
        for b in range(state.players):
            out_a, out_b = out[a], out[b]
            if a == state.winner or b == state.winner or out_a is None or out_b is None:
                continue
            if out_a > out_b and not places[a] < places[b]:
                return False
            if out_a == out_b and places[a] != places[b]:
                return False
    return True


def test_match_results__a_later_elimination_ranks_higher_over_whole_bot_matches() -> None:
    finished = [play_match(4, f"places-{n}", Tally(), check_views=False) for n in range(8)]
    assert all(_follows_the_rule(state) for state in finished)
    # The matches do hold both cases: eliminations in different hands, and in the same hand.
    outs = [[o for o in state.out_hand if o is not None] for state in finished]
    assert any(len(set(o)) > 1 for o in outs)
    assert any(len(set(o)) < len(o) for o in outs)
    # A player out in hand 4 never shows above one who lasted to hand 5 (seat order is no rule).
    for state in finished:
        standing = sorted(range(state.players), key=lambda seat: state.places()[seat])
        lasted = [state.out_hand[seat] or state.hand_no + 1 for seat in standing]
        assert lasted == sorted(lasted, reverse=True)
