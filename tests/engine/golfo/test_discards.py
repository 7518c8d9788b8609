"""RULES.md §2, the descartes: 0 to 5 cards in turn, replaced from the stock, which is rebuilt
from the discards (not those the player being served threw this hand) when it runs out."""

from __future__ import annotations

import pytest

from games.engine.cards import Card, parse, seeded_rng, shuffled
from games.engine.errors import EngineError
from games.engine.golfo import Bet, Discard, Lance, Options, Pass, State, apply, view
from tests.engine.golfo.helpers import cards_of, play, table

# Seats 1, 2, 3 are served; the stock starts 9B 8B 7B 6B, then the rest in deck order.
DEAL = "9O 8O  3C 4C  9E 8E  7O 6O 3E  5C 6C 7E  5E 4E 3O  9B 8B 7B 6B"


def at_first_descarte() -> State:
    state = table(DEAL)
    return play(state, *[(seat, Pass()) for seat in (1, 2, 3, 1, 2, 3)])


def test_each_player_in_turn_throws_and_is_served_as_many_from_the_top_of_the_stock() -> None:
    state = at_first_descarte()
    assert state.lance is Lance.DESCARTE_1 and state.turn == 1
    state = play(state, (1, Discard(tuple(parse("3E")))))
    assert cards_of(state, 1) == "9O 8O 7O 6O 9B"
    assert state.turn == 2
    state = play(state, (2, Discard(tuple(parse("3C 4C 7E")))))
    assert cards_of(state, 2) == "5C 6C 8B 7B 6B"
    state = play(state, (3, Discard()))  # a player may keep all five
    assert cards_of(state, 3) == "9E 8E 5E 4E 3O"
    assert state.lance is Lance.ENVITE_3
    assert [str(card) for card in state.discards] == ["3E", "3C", "4C", "7E"]
    assert [p.thrown for p in state.players] == [[], [1], [3], [0]]


def test_a_player_cannot_throw_what_he_does_not_hold_nor_more_than_five_nor_twice_the_same() -> (
    None
):
    state = at_first_descarte()
    cases = {
        "card_not_held": Discard(tuple(parse("9C"))),
        "too_many_discards": Discard(tuple(parse("9O 8O 7O 6O 3E 9C"))),
        "same_card_twice": Discard((Card.from_json("3E#0"), Card.from_json("3E#1"))),
    }
    for code, action in cases.items():
        with pytest.raises(EngineError) as refused:
            apply(state, 1, action)
        assert refused.value.code == code


def test_betting_waits_while_the_players_discard_and_discarding_waits_for_the_descarte() -> None:
    state = at_first_descarte()
    with pytest.raises(EngineError) as refused:
        apply(state, 1, Bet(20))
    assert refused.value.code == "wrong_phase"
    with pytest.raises(EngineError) as refused:
        apply(table(DEAL), 1, Discard())
    assert refused.value.code == "wrong_phase"


def test_how_many_cards_each_threw_is_public_but_not_which() -> None:
    state = play(at_first_descarte(), (1, Discard(tuple(parse("3E 7O")))))
    seen = view(state, 3)
    assert seen["seats"][1]["thrown"] == [2]
    assert seen["seats"][1]["cards"] is None
    assert seen["discard_count"] == 2 and "discards" not in seen


def test_the_stock_runs_out_on_the_second_descarte_and_is_rebuilt_without_his_own_cards() -> None:
    """RULES.md "Decisions, second pass": the rebuilt stock holds the cards discarded this hand
    except every card the player being served has thrown this hand, in either descarte."""
    state = at_first_descarte()
    hands = {seat: tuple(state.players[seat].hand) for seat in (1, 2, 3)}
    state = play(state, (1, Discard(hands[1])), (2, Discard(hands[2])), (3, Discard(hands[3][:2])))
    assert len(state.stock) == 1  # 13 after the deal, 12 drawn
    last_in_stock = state.stock[0]
    others_discards = [card for card in state.discards if card not in hands[1]]
    state = play(state, (1, Pass()), (2, Pass()), (3, Pass()))
    assert state.lance is Lance.DESCARTE_2
    thrown = tuple(state.players[1].hand[:3])
    state = play(state, (1, Discard(thrown)))
    served = state.players[1].hand[2:]
    assert served[0] == last_in_stock
    rebuilt = shuffled(others_discards, seeded_rng("test", 1, "rebuild", 0))
    assert served[1:] == rebuilt[:2]  # from the others' discards, shuffled
    assert not set(thrown + hands[1]) & set(served)  # none of his, from either descarte
    assert len(state.stock) == len(others_discards) - 2
    assert state.discards == [*hands[1], *thrown]


def test_matches_stored_under_the_older_rule_rebuild_as_they_were_played() -> None:
    """Options stored before ``rebuild_without_own`` existed: only the cards he had just thrown
    were left out, so his first descarte's cards could come back to him."""
    older = Options.from_json({})
    assert not older.rebuild_without_own and Options().rebuild_without_own
    state = play(table(DEAL, options=older), *[(seat, Pass()) for seat in (1, 2, 3, 1, 2, 3)])
    hands = {seat: tuple(state.players[seat].hand) for seat in (1, 2, 3)}
    state = play(state, (1, Discard(hands[1])), (2, Discard(hands[2])), (3, Discard(hands[3][:2])))
    first_discards = list(state.discards)
    state = play(state, (1, Pass()), (2, Pass()), (3, Pass()))
    thrown = tuple(state.players[1].hand[:3])
    state = play(state, (1, Discard(thrown)))
    rebuilt = shuffled(first_discards, seeded_rng("test", 1, "rebuild", 0))
    assert state.players[1].hand[3:] == rebuilt[:2]
