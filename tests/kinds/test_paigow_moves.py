"""Pai Gow Poker moves in words, in Spanish (the default) and English: a bet, sitting out, the
dealer's "no va más", and a split that names its cards to its own player only."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games.kinds import paigow

SPLIT = {"kind": "split", "low": ["KO#12", "*#52"]}


@pytest.fixture(autouse=True)
def in_spanish() -> Iterator[None]:
    with translation.override("es"):
        yield


def words(action: dict[str, Any], **known: Any) -> str:
    arguments: dict[str, Any] = {"actor": "Paco", "seat": 1, "viewer": None, "before": {}}
    arguments |= known
    return paigow.KIND.describe(action, after={}, **arguments)


def test_bets_in_words() -> None:
    assert words({"kind": "bet", "amount": 100}) == "Paco apuesta 100"
    assert words({"kind": "sit_out"}) == "Paco no juega esta jugada"
    with translation.override("en"):
        assert words({"kind": "bet", "amount": 100}) == "Paco bets 100"
        assert words({"kind": "sit_out"}) == "Paco sits this coup out"


def test_the_dealers_moves_in_words() -> None:
    assert words({"kind": "close_bets"}, actor="", seat=None) == "No va más"
    assert words({"kind": "next_hand"}, actor="", seat=None) == "Empieza la siguiente jugada"
    with translation.override("en"):
        assert words({"kind": "close_bets"}, actor="", seat=None) == "No va más"


def test_a_split_names_its_cards_to_its_player_only() -> None:
    assert words(SPLIT, viewer=1) == (
        "Paco pone sus manos: el rey de oros y el comodín en la mano de 2 cartas"
    )
    assert words(SPLIT, viewer=2) == "Paco pone sus manos"
    assert words(SPLIT) == "Paco pone sus manos"
    with translation.override("en"):
        assert words(SPLIT, viewer=1) == (
            "Paco sets his hands: the king of coins and the joker in the 2-card hand"
        )
        assert words(SPLIT, viewer=0) == "Paco sets his hands"


def test_the_house_way_is_told_as_a_split_to_the_others() -> None:
    assert words({"kind": "house_way"}, viewer=1) == "Paco pone sus manos como la casa"
    assert words({"kind": "house_way"}, viewer=0) == "Paco pone sus manos"
    with translation.override("en"):
        assert words({"kind": "house_way"}, viewer=1) == "Paco sets his hands the house way"


def test_a_move_marks_nothing_besides_its_seat_and_kind() -> None:
    assert paigow.KIND.mark_move({"kind": "bet", "amount": 40}, before={}, after={}) == {}
