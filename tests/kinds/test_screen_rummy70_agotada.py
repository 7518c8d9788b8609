"""RULES.md "Decisions, second pass", stock gone: when a card must be drawn, the stock is empty
and the discard pile holds only its top card, the hand ends "agotada" with no points for anyone,
and the hand's end on the table screen says so."""

import pytest

from games.engine.rummy import Discard, LayOff, TakeDiscard
from tests.engine.rummy.helpers import card, play
from tests.engine.rummy.scenarios import MELDS_0, three_players, turn
from tests.kinds.test_screen_rummy70 import part, render


@pytest.mark.usefixtures("english")
def test_a_hand_that_runs_out_of_cards_ends_agotada_and_the_screen_says_nobody_takes_a_point() -> (
    None
):
    state = three_players(stock="2B 3O 4E 6C 5E 9O")
    state = turn(state, 0, MELDS_0)
    state = turn(turn(state, 1), 2)
    state.hands[1] += state.stock + state.discards[:-1]  # every other card is held
    state.stock, state.discards = [], state.discards[-1:]
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, LayOff(1, card(state, 0, "9O")), Discard(card(state, 0, "2C")))

    assert state.result is not None and state.result.ending == "agotada"
    assert state.points == [0, 0, 0]
    for viewer in (0, 1, None):
        result = part(render(state, viewer), "rummy-result")
        assert "No cards left to draw: nobody takes a point" in result
        assert "+1" not in result
