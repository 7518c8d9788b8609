"""Monte's browser forms turned into moves (and every forged form refused), and its moves told
in words, in Spanish (the default) and English."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games.engine import monte
from games.engine.errors import InvalidAction
from games.engine.monte import Done, Kind, NextCoup, NoVaMas, PlaceBet
from games.kinds.monte import KIND, move_words
from games.kinds.monte.screen import move_from_fields

BET = {"move": "bet", "bet": "camo", "cards": "0", "against": "", "amount": "20"}


@pytest.fixture(autouse=True)
def in_spanish() -> Iterator[None]:
    with translation.override("es"):
        yield


# --- move_from_fields ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "action"),
    [
        (BET, PlaceBet(Kind.CAMO, (0,), 20)),
        (BET | {"bet": "vis", "cards": "3", "amount": "1"}, PlaceBet(Kind.VIS, (3,), 1)),
        (BET | {"bet": "cartas", "against": "1"}, PlaceBet(Kind.CARTAS, (0,), 20, (1,))),
        (
            BET | {"bet": "cartas", "cards": "0,3", "against": "1,2"},
            PlaceBet(Kind.CARTAS, (0, 3), 20, (1, 2)),
        ),
        ({"move": "done"}, Done()),
    ],
)
def test_each_form_is_its_move(fields: dict[str, Any], action: monte.Action) -> None:
    assert move_from_fields(fields) == action


def test_the_adapter_sends_the_engines_json() -> None:
    assert KIND.screen.move_from_fields(dict(BET)) == {
        "kind": "bet",
        "bet": "camo",
        "cards": [0],
        "against": [],
        "amount": 20,
    }
    assert KIND.screen.move_from_fields({"move": "done"}) == {"kind": "done"}


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move": "jump"},
        {"move": None},
        {"move": "no_va_mas"},
        {"move": "next_coup"},
        {"move": "ready"},
        {"move": "done", "amount": "10"},
        {"move": "bet"},
        {k: v for k, v in BET.items() if k != "against"},
        {k: v for k, v in BET.items() if k != "amount"},
        BET | {"extra": "1"},
        BET | {"bet": "royal"},
        BET | {"bet": "CAMO"},
        BET | {"bet": ""},
        BET | {"bet": ["camo"]},
        BET | {"cards": "4"},
        BET | {"cards": "-1"},
        BET | {"cards": ""},
        BET | {"cards": "0,0"},
        BET | {"cards": "0,1,2"},
        BET | {"cards": "01"},
        BET | {"cards": ["0"]},
        BET | {"against": "1"},
        BET | {"bet": "cartas"},
        BET | {"bet": "cartas", "against": "0"},
        BET | {"bet": "cartas", "against": "1,2"},
        BET | {"bet": "cartas", "cards": "0,1", "against": "1,2"},
        BET | {"bet": "salto", "cards": "0,1"},
        BET | {"amount": "0"},
        BET | {"amount": "-20"},
        BET | {"amount": "+20"},
        BET | {"amount": "20.5"},
        BET | {"amount": "2e3"},
        BET | {"amount": " 20"},
        BET | {"amount": "9999999999999"},
        BET | {"amount": 20},
    ],
)
def test_a_forged_form_is_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        move_from_fields(fields)


# --- moves in words ------------------------------------------------------------------------------


def settled_views() -> tuple[dict[str, Any], dict[str, Any]]:
    """The spectator's views before and after a "no va más" whose second card drawn, the ace of
    copas, is the Camo of the first card (the ace of oros)."""
    deal = KIND.rules.fixed_deal({"decks": {"1": "AO 2C 3E 4B 5O AC"}}, players=2)
    options = KIND.rules.engine_options({"minimum": 10})
    match = KIND.rules.new_match(players=2, options=options, seed="words", deal=deal)
    after = match.apply(None, {"kind": "no_va_mas"})
    return match.view(None), after.view(None)


def words(action: dict[str, Any], **known: Any) -> str:
    arguments: dict[str, Any] = {"actor": "Paco", "seat": 1, "viewer": None}
    arguments |= {"before": {}, "after": {}} | known
    return move_words.describe(action, **arguments)


def test_a_bet_in_words_names_the_bet_and_where_it_lies() -> None:
    camo = monte.action_to_json(PlaceBet(Kind.CAMO, (0,), 20))
    cartas = monte.action_to_json(PlaceBet(Kind.CARTAS, (0, 1), 30, (2, 3)))
    single = monte.action_to_json(PlaceBet(Kind.CARTAS, (1,), 10, (3,)))
    assert words(camo) == "Paco apuesta 20: Camo a la primera carta"
    assert words(cartas) == "Paco apuesta 30: Cartas: la fila de arriba contra la fila de abajo"
    assert words(single) == "Paco apuesta 10: Cartas: la segunda carta contra la cuarta carta"
    assert words({"kind": "done"}) == "Paco no apuesta más"
    with translation.override("en"):
        assert words(camo) == "Paco bets 20: Camo on the first card"
        assert words(cartas) == "Paco bets 30: Cartas: the top row against the bottom row"
        assert words({"kind": "done"}) == "Paco bets no more"


def test_the_dealers_moves_in_words_tell_the_card_that_came_out() -> None:
    before, after = settled_views()
    no_va_mas = monte.action_to_json(NoVaMas())
    told = words(no_va_mas, actor="", seat=None, before=before, after=after)
    assert told == "No va más: sale el as de copas, Camo de la primera carta"
    assert words(monte.action_to_json(NextCoup()), seat=None) == "Se reparte el golpe siguiente"
    with translation.override("en"):
        told = words(no_va_mas, actor="", seat=None, before=before, after=after)
        assert told == "No va más: the ace of cups comes out, Camo of the first card"
        assert words({"kind": "next_coup"}, seat=None) == "The next coup is dealt"


def test_a_move_marks_where_it_landed() -> None:
    before, after = settled_views()
    bet = monte.action_to_json(PlaceBet(Kind.SALTO, (2,), 20))
    assert move_words.mark(bet, before=before, after=before) == {
        "bet": "salto",
        "cards": [2],
        "against": [],
    }
    assert move_words.mark({"kind": "no_va_mas"}, before=before, after=after) == {"drawn": 2}
