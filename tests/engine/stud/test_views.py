"""A player sees his own three cards only; nobody sees the stock or an unturned common card;
when the coup is over every hand played is shown."""

from __future__ import annotations

from games.engine.stud import Bet, Deal, Ride, State, Withdraw, view
from tests.engine.stud.helpers import play, table


def dealt() -> State:
    state = table(["AO AC 2E", "3O 8C 9E"], "4B 10O", players=3)
    return play(state, (0, Bet(5)), (1, Bet(5)), (None, Deal()))


def test_a_player_sees_his_cards_and_nobody_elses() -> None:
    state = dealt()
    mine = view(state, 0)
    assert mine["seats"][0]["cards"] == ["AO", "AC", "2E"]
    assert mine["seats"][1]["cards"] is None and mine["seats"][1]["card_count"] == 3
    assert mine["common"] == [None, None]
    assert mine["legal"] == [{"kind": "ride"}, {"kind": "withdraw"}]
    assert view(state, 1)["legal"] == []
    watcher = view(state, None)
    assert all(seat["cards"] is None for seat in watcher["seats"])
    assert watcher["legal"] == []


def test_no_view_names_a_hidden_card() -> None:
    state = dealt()
    hidden = [str(card) for card in (*state.stock, *state.common)]
    for viewer in (None, 0, 1, 2, 9):
        text = repr(view(state, viewer))
        assert not [card for card in hidden if f"'{card}'" in text]


def test_the_first_common_card_shows_only_after_the_first_round() -> None:
    state = play(dealt(), (0, Ride()))
    assert view(state, 1)["common"] == [None, None]
    state = play(state, (1, Withdraw()))
    assert view(state, 1)["common"] == ["4B", None]


def test_at_the_end_every_hand_played_is_shown_with_its_result() -> None:
    state = play(dealt(), (0, Ride()), (1, Ride()), (0, Ride()), (1, Withdraw()))
    seen = view(state, None)
    assert seen["common"] == ["4B", "10O"]
    assert seen["seats"][0]["cards"] == ["AO", "AC", "2E"]
    assert seen["seats"][0]["result"] == {"category": "high_pair", "in_play": 3, "net": 15}
    assert seen["seats"][1]["result"] == {"category": "nothing", "in_play": 2, "net": -10}
    assert seen["seats"][2]["cards"] is None and seen["seats"][2]["result"] is None
    assert seen["bank"] == 2_100_000 - 15 + 10
