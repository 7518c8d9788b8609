"""Issue 12, point 6: a refusal as the player reads it names cards in words, in Spanish (the
default) and in English, through the service layer's message (``play.engine_message``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.cards import parse
from games.engine.errors import EngineError
from games.engine.rummy.errors import MustPlayCard, NotTheJokersCard
from games.engine.rummy.melds import meld_kind
from games.tables.play import engine_message


@pytest.mark.parametrize(
    ("notation", "spanish", "english"),
    [
        ("10B", "el 10 de bastos", "the 10 of clubs"),
        ("QC", "el caballo de copas", "the knight of cups"),
        ("JO", "la sota de oros", "the jack of coins"),
        ("AE", "el as de espadas", "the ace of swords"),
        ("KB", "el rey de bastos", "the king of clubs"),
        ("*", "el comodín", "the joker"),
    ],
)
def test_the_card_owed_is_named_as_people_do(notation: str, spanish: str, english: str) -> None:
    refusal = MustPlayCard(card=notation)
    with translation.override("es"):
        assert str(engine_message(refusal)) == (
            f"Tienes que bajar {spanish} a la mesa en este turno."
        )
    with translation.override("en"):
        assert str(engine_message(refusal)) == f"You must play {english} on the table this turn."


def test_a_joker_swap_refusal_names_both_cards() -> None:
    refusal = NotTheJokersCard(joker_as="QB", card="QC")
    with translation.override("es"):
        assert str(engine_message(refusal)) == (
            "El comodín vale por el caballo de bastos, no por el caballo de copas."
        )


def test_a_meld_refusal_names_its_cards_and_gives_its_reason_in_spanish() -> None:
    with pytest.raises(EngineError) as refused:
        meld_kind(parse("KO AO 2O"))
    with translation.override("es"):
        assert str(engine_message(refused.value)) == (
            "Estas cartas no forman ni trío ni escalera (el rey de oros, el as de oros, "
            "el 2 de oros): una escalera necesita cartas seguidas de un palo, as-2-3 o "
            "caballo-rey-as, sin dar la vuelta"
        )
