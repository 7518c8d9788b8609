"""RULES.md §1 and "Decisions, second pass", the cut: a cutter who shows a joker may keep it (he
is then dealt 13 more) or put it back, and is asked; a bot keeps it; a cut card not kept goes
back into the stock at a random place, from the seed."""

from __future__ import annotations

import pytest

from games.engine.errors import InvalidAction, NotYourTurn, WrongPhase
from games.engine.rummy import (
    Draw,
    KeepCut,
    Options,
    State,
    action_from_json,
    action_to_json,
    bot,
    new_match,
    replay,
    view,
)
from games.engine.rummy.invariants import check_state, check_view
from tests.engine.rummy.helpers import deal, play


def joker_cut(options: Options | None = None) -> State:
    """Four players, dealer 2: seat 1 (the dealer's left) cuts and shows a joker; seat 3 (the
    dealer's right) plays first."""
    return deal({1: "* AO 2O 3O"}, players=4, dealer=2, cut="*", options=options)


def test_cut__a_joker_shown_waits_for_the_cutter_to_choose_before_the_deal() -> None:
    state = joker_cut()
    assert state.phase == "cut" and state.turn == 1
    assert all(hand == [] for hand in state.hands) and state.discards == []
    assert check_state(state) == []
    cutter, other = view(state, 1), view(state, 3)
    assert cutter["legal"]["kinds"] == ["keep_cut"] and other["legal"]["kinds"] == []
    assert cutter["cut"] == {"seat": 1, "card": "*", "kept": False}
    for viewer in (None, 0, 1, 2, 3):
        assert check_view(state, viewer, view(state, viewer)) == []


def test_cut__the_cutter_who_keeps_the_joker_is_dealt_13_more() -> None:
    state = play(joker_cut(), 1, KeepCut(keep=True))
    assert state.cut is not None and state.cut.kept
    assert state.hands[1][0].is_joker and len(state.hands[1]) == 14
    assert all(len(hand) == 14 for hand in state.hands)
    assert (state.phase, state.turn) == ("draw", 3)
    assert check_state(state) == []


def test_cut__a_joker_put_back_goes_into_the_stock_and_everyone_gets_14_others() -> None:
    state = play(joker_cut(), 1, KeepCut(keep=False))
    assert state.cut is not None and not state.cut.kept
    joker = state.cut.card
    assert joker.is_joker
    assert any(card.id == joker.id for card in state.stock)
    assert not any(card.id == joker.id for hand in state.hands for card in hand)
    assert all(len(hand) == 14 for hand in state.hands)
    assert (state.phase, state.turn) == ("draw", 3)
    assert check_state(state) == []


def test_cut__only_the_cutter_chooses_and_only_at_the_cut() -> None:
    state = joker_cut()
    with pytest.raises(NotYourTurn):
        play(state, 3, KeepCut(keep=True))
    with pytest.raises(WrongPhase):
        play(state, 1, Draw())
    dealt = play(state, 1, KeepCut(keep=True))
    with pytest.raises(WrongPhase):
        play(dealt, 3, KeepCut(keep=True))
    with pytest.raises(NotYourTurn):
        play(dealt, 1, KeepCut(keep=False))


def test_cut__a_bot_keeps_the_joker() -> None:
    state = joker_cut()
    assert bot.decide(view(state, 1)) == KeepCut(keep=True)


def test_cut__the_choice_is_plain_json_and_garbage_is_refused() -> None:
    for keep in (True, False):
        assert action_to_json(KeepCut(keep)) == {"kind": "keep_cut", "keep": keep}
        assert action_from_json({"kind": "keep_cut", "keep": keep}) == KeepCut(keep)
    for garbage in ({"kind": "keep_cut"}, {"kind": "keep_cut", "keep": "yes"}):
        with pytest.raises(InvalidAction):
            action_from_json(garbage)


def test_cut__a_card_not_kept_goes_back_into_the_stock_at_a_random_place_from_the_seed() -> None:
    places = set()
    for seed in range(12):
        state = new_match(players=4, seed=seed)
        if state.phase == "cut":
            continue
        assert state.cut is not None and not state.cut.kept
        shown = state.cut.card
        place = next(i for i, card in enumerate(state.stock) if card.id == shown.id)
        places.add(len(state.stock) - 1 - place)
        assert new_match(players=4, seed=seed) == state  # the same seed, the same place
    assert len(places) > 3  # not always the bottom, nor any one place


def test_cut__a_match_with_a_cut_choice_replays_from_its_log() -> None:
    seed = next(s for s in range(500) if new_match(players=4, seed=s).phase == "cut")
    state = new_match(players=4, seed=seed)
    for keep in (True, False):
        played = play(state, state.turn, KeepCut(keep))
        assert replay(seed, None, 4, [(state.turn, KeepCut(keep))]) == played


def test_cut__matches_stored_under_the_older_rules_replay_as_they_were_dealt() -> None:
    """A match whose stored options lack ``cut_choice`` was dealt with the joker kept at once
    and any other cut card at the bottom of the deck: its log replays so."""
    older = Options.from_json({"joker_penalty": 25})
    assert older == Options(cut_choice=False) and Options().cut_choice
    kept = joker_cut(older)
    assert kept.phase == "draw" and kept.cut is not None and kept.cut.kept
    assert len(kept.hands[1]) == 14 and kept.hands[1][0].is_joker
    bottom = deal({}, players=4, dealer=2, cut="7C", options=older)
    assert str(bottom.stock[-1]) == "7C"
