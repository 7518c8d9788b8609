"""Moves in words and cards named as people name them, in Spanish (the default) and English."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games.card_names import card_list, card_name
from games.kinds.move_words import move_in_words


@pytest.fixture(autouse=True)
def in_spanish() -> Iterator[None]:
    """Spanish, the site's default, whatever an earlier test left active."""
    with translation.override("es"):
        yield


def words(game: str, action: dict[str, Any], **known: Any) -> str:
    arguments: dict[str, Any] = {"actor": "Paco", "seat": 1, "viewer": None, "before": {}}
    arguments |= known
    return move_in_words(game, action, after={}, **arguments)


@pytest.mark.parametrize(
    ("card", "spanish", "english"),
    [
        ("7O#12", "el 7 de oros", "the 7 of coins"),
        ("10B", "el 10 de bastos", "the 10 of clubs"),
        ("AC", "el as de copas", "the ace of cups"),
        ("JC#3", "la sota de copas", "the jack of cups"),
        ("QE", "el caballo de espadas", "the knight of swords"),
        ("KB", "el rey de bastos", "the king of clubs"),
        ("*#104", "el comodín", "the joker"),
    ],
)
def test_a_card_is_named_as_people_name_it(card: str, spanish: str, english: str) -> None:
    assert card_name(card) == spanish
    with translation.override("en"):
        assert card_name(card) == english


def test_cards_in_a_list_read_as_a_sentence() -> None:
    assert card_list(["5O#1", "6O#2", "*#104"]) == "el 5 de oros, el 6 de oros y el comodín"


def test_golfo_betting_in_words() -> None:
    raised = {"kind": "raise", "amount": 60}
    assert words("golfo", raised, before={"current_bet": 40}) == "Paco sube a 100"
    assert words("golfo", {"kind": "fold"}, actor="Elena") == "Elena abandona"
    assert words("golfo", {"kind": "bet", "amount": 20}) == "Paco envida 20"
    assert words("golfo", {"kind": "call"}) == "Paco iguala"
    assert words("golfo", {"kind": "pass"}) == "Paco pasa"
    with translation.override("en"):
        assert words("golfo", raised, before={"current_bet": 40}) == "Paco raises to 100"
        assert words("golfo", {"kind": "fold"}, actor="Elena") == "Elena folds"


def test_a_golfo_descarte_tells_how_many_cards_never_which() -> None:
    thrown = {"kind": "discard", "cards": ["3O#0", "4C#9"]}

    assert words("golfo", thrown, viewer=1) == "Paco se descarta de 2 cartas"
    assert words("golfo", {"kind": "discard", "cards": ["3O#0"]}) == "Paco se descarta de 1 carta"
    assert words("golfo", {"kind": "discard", "cards": []}) == "Paco va servido"
    with translation.override("en"):
        assert words("golfo", thrown) == "Paco discards 2 cards"


MELDS = {
    "melds": [
        {"cards": ["4O#3", "5O#4", "6O#5"], "joker_as": None},
        {"cards": ["KC#1", "KE#2", "*#104"], "joker_as": "KB"},
    ],
    "top_discard": "9O#40",
}


def test_rummy_moves_in_words() -> None:
    lay_off = {"kind": "lay_off", "meld": 0, "card": "7O#8", "joker_as": None}
    swap = {"kind": "swap_joker", "meld": 1, "card": "KB#50"}
    opening = {"kind": "open", "melds": [{"cards": ["5C#1", "5E#2", "5B#3"], "joker_as": None}]}

    assert words("rummy70", {"kind": "draw"}, actor="Bruno") == "Bruno robó del mazo"
    assert words("rummy70", {"kind": "take_discard"}, before=MELDS) == (
        "Paco cogió el 9 de oros del descarte"
    )
    assert words("rummy70", lay_off, actor="Luis", before=MELDS) == (
        "Luis coloca el 7 de oros en el 4 de oros, el 5 de oros y el 6 de oros"
    )
    assert words("rummy70", swap, before=MELDS) == (
        "Paco cambia el comodín por el rey de bastos en el rey de copas, el rey de espadas y el"
        " comodín como el rey de bastos"
    )
    assert words("rummy70", opening, actor="Ana") == (
        "Ana se abre con el 5 de copas, el 5 de espadas y el 5 de bastos"
    )
    assert (
        words("rummy70", {"kind": "discard", "card": "QO#7"}) == "Paco descarta el caballo de oros"
    )
    with translation.override("en"):
        assert words("rummy70", {"kind": "draw"}, actor="Bruno") == "Bruno drew from the stock"
        assert words("rummy70", lay_off, actor="Luis", before=MELDS) == (
            "Luis lays the 7 of coins on the 4 of coins, the 5 of coins and the 6 of coins"
        )


def test_the_cutters_choice_of_a_joker_in_words() -> None:
    kept = words("rummy70", {"kind": "keep_cut", "keep": True}, actor="Elena")
    returned = words("rummy70", {"kind": "keep_cut", "keep": False}, actor="Elena")

    assert kept == "Elena se queda el comodín que cortó"
    assert returned == "Elena devuelve al mazo el comodín que cortó"


def test_the_closing_card_is_named_only_to_the_player_who_laid_it_face_down() -> None:
    close = {"kind": "close", "last": "3E#20"}

    assert words("rummy70", close, seat=1, viewer=1) == "Paco cierra con el 3 de espadas boca abajo"
    assert words("rummy70", close, seat=1, viewer=0) == "Paco cierra con una carta boca abajo"
    assert words("rummy70", close, seat=1, viewer=None) == "Paco cierra con una carta boca abajo"
    assert words("rummy70", {"kind": "close", "last": None}) == "Paco cierra"
