"""What each seat and a spectator may see: his own cards and the house way's suggestion from the
deal; the other seats' and the bank's cards only once the coup is settled; never the stock."""

from __future__ import annotations

from games.engine.paigow import Bet, HouseWay, Split, State, view
from tests.engine.paigow.helpers import cards, play, table

BANK = "KB KC 8O 6E 5B 4C 2O"


def dealt() -> State:
    state = table("AO AC QE 9B 3O 10C 9C", "QO QC 9E 7B 3B 6C 3C", BANK, players=2)
    return play(state, (0, Bet(100)), (1, Bet(100)))


def test_a_player_sees_his_own_cards_and_the_house_way() -> None:
    seen = view(dealt(), 0)
    assert [text.split("#")[0] for text in seen["seats"][0]["cards"]] == (
        ["AO", "AC", "QE", "9B", "3O", "10C", "9C"]
    )
    assert [text.split("#")[0] for text in seen["seats"][0]["house_way"]] == [
        "9B",
        "9C",
    ]  # two pairs: split
    assert [move["kind"] for move in seen["legal"]] == ["split", "house_way"]


def test_nobody_sees_another_seats_or_the_banks_cards_before_the_settlement() -> None:
    state = dealt()
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        assert seen["bank"]["high"] is None and seen["bank"]["low"] is None
        assert seen["bank"]["card_count"] == 7
        others = [seat for number, seat in enumerate(seen["seats"]) if number != viewer]
        assert all(seat["cards"] is None and seat["house_way"] is None for seat in others)
        for card in state.bank_cards + state.stock:
            assert card.to_json() not in str(seen)


def test_a_seat_that_has_set_shows_only_that_it_has() -> None:
    state = play(dealt(), (0, Split(cards("QE 10C"))))
    seen = view(state, 1)
    assert seen["seats"][0]["has_set"] is True
    assert seen["seats"][0]["low"] is None and seen["seats"][0]["cards"] is None


def test_everything_dealt_is_shown_once_the_coup_is_settled() -> None:
    state = play(dealt(), (0, HouseWay()), (1, Split(cards("6C 3C"))))
    seen = view(state, None)
    assert [text.split("#")[0] for text in seen["bank"]["low"]] == ["8O", "6E"]
    assert seen["bank"]["category"] == "pair"
    assert [seat["outcome"] for seat in seen["seats"]] == ["win", "loss"]
    assert [seat["net"] for seat in seen["seats"]] == [95, -100]
    assert seen["seats"][0]["commission"] == 5
    for card in state.stock:
        assert card.to_json() not in str(seen)
