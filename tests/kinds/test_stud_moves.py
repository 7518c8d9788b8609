"""The three-bet stud's moves: browser forms turned into moves (garbage refused), and the moves
told in words in Spanish (the default) and English, naming no card a reader may not see."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from games.engine import stud
from games.engine.errors import InvalidAction
from games.engine.stud import Bet, Deal, Expose, NextHand, Ride, Withdraw
from games.kinds.stud import KIND, deal, options

HANDS = ["10O 10C 4E", "2E 7B 9C"]


@pytest.fixture(autouse=True)
def in_spanish() -> Iterator[None]:
    with translation.override("es"):
        yield


def start(common: str = "8B KO") -> stud.State:
    spec = {"decks": {"1": {"hands": HANDS, "common": common}}}
    return stud.start_match(
        players=6,
        options=options.engine_options({}),
        seed="moves",
        deal=deal.fixed_deal(spec, 6),
    )


def words(
    state: stud.State, seat: int | None, action: stud.Action, viewer: int | None = None
) -> str:
    """``action`` by ``seat`` (Paco) told to ``viewer``, from his views before and after it."""
    after = stud.apply(state, seat, action)
    return KIND.describe(
        stud.action_to_json(action),
        actor="Paco",
        seat=seat,
        viewer=viewer,
        before=stud.view(state, viewer),
        after=stud.view(after, viewer),
    )


def dealt() -> stud.State:
    state = stud.apply(start(), 0, Bet(10))
    state = stud.apply(state, 1, Bet(10))
    return stud.apply(state, None, Deal())


# --- move_from_fields --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "action"),
    [
        ({"move": "bet", "amount": "25"}, {"kind": "bet", "amount": 25}),
        ({"move": "ride"}, {"kind": "ride"}),
        ({"move": "withdraw"}, {"kind": "withdraw"}),
    ],
)
def test_each_form_is_its_move(fields: dict[str, object], action: dict[str, Any]) -> None:
    assert KIND.screen.move_from_fields(fields) == action


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move": "jump"},
        {"move": ""},
        {"move": None},
        {"move": ["bet"]},
        {"move": "RIDE"},
        {"move": "deal"},
        {"move": "expose", "position": "1"},
        {"move": "next_hand"},
        {"move": "ready"},
        {"move": "revancha"},
        {"move": "bet"},
        {"move": "bet", "amount": ""},
        {"move": "bet", "amount": "0"},
        {"move": "bet", "amount": "-5"},
        {"move": "bet", "amount": "+5"},
        {"move": "bet", "amount": "2.5"},
        {"move": "bet", "amount": "1e3"},
        {"move": "bet", "amount": " 5"},
        {"move": "bet", "amount": "٥"},
        {"move": "bet", "amount": "99999999999999"},
        {"move": "bet", "amount": ["5"]},
        {"move": "bet", "amount": 5},
        {"move": "bet", "amount": "5", "cards": "7O#4"},
        {"move": "ride", "amount": "5"},
        {"move": "withdraw", "bet": "1"},
    ],
)
def test_garbage_is_refused_as_an_invalid_move(fields: dict[str, object]) -> None:
    with pytest.raises(InvalidAction):
        KIND.screen.move_from_fields(fields)


@pytest.mark.parametrize("fields", [None, "move=ride", ["ride"], 7])
def test_a_form_that_is_no_mapping_is_refused(fields: Any) -> None:
    with pytest.raises(InvalidAction):
        KIND.screen.move_from_fields(fields)


# --- moves in words ----------------------------------------------------------------------------


def test_a_bet_in_words_says_the_three_bets() -> None:
    assert words(start(), 0, Bet(10)) == "Paco apuesta 3 × 10"
    with translation.override("en"):
        assert words(start(), 0, Bet(10)) == "Paco bets 3 × 10"


def test_each_decision_in_words_names_the_bet_it_is_about() -> None:
    state = dealt()
    assert words(state, 0, Ride()) == "Paco deja en juego la apuesta 1"
    assert words(state, 0, Withdraw()) == "Paco retira la apuesta 1"
    second = stud.apply(stud.apply(state, 0, Ride()), 1, Ride())
    assert words(second, 0, Withdraw()) == "Paco retira la apuesta 2"
    with translation.override("en"):
        assert words(state, 0, Ride()) == "Paco lets bet 1 ride"
        assert words(second, 0, Withdraw()) == "Paco withdraws bet 2"


def test_the_dealer_s_moves_in_words() -> None:
    state = stud.apply(start(), 0, Bet(10))
    assert words(state, None, Deal()) == "No va más: se reparten las cartas"
    with translation.override("en"):
        assert words(state, None, Deal()) == "No va más: the cards are dealt"
    over = stud.apply(dealt(), None, Expose(1))
    assert words(over, None, NextHand()) == "Se abren las apuestas de la siguiente mano"
    with translation.override("en"):
        assert words(over, None, NextHand()) == "The betting opens for the next hand"


def test_a_common_card_shown_by_mistake_is_named_and_its_outcome_said() -> None:
    state = dealt()
    assert words(state, None, Expose(1), viewer=0) == (
        "El rey de oros se mostró por error: la mano queda anulada"
    )
    assert words(state, None, Expose(0)) == ("El 8 de bastos se mostró por error: la mano sigue")
    with translation.override("en"):
        assert words(state, None, Expose(1)) == (
            "The king of coins was shown by mistake: the hand is void"
        )
        assert words(state, None, Expose(0)) == (
            "The 8 of clubs was shown by mistake: the hand goes on"
        )


def test_no_move_in_words_names_a_player_s_cards() -> None:
    state = dealt()
    for seat, action in ((0, Ride()), (0, Withdraw())):
        said = words(state, seat, action, viewer=1)
        with translation.override("en"):
            said += words(state, seat, action, viewer=1)
        assert "oros" not in said and "coins" not in said and "copas" not in said


def test_the_board_marks_which_bet_a_decision_was_about() -> None:
    state = dealt()
    after = stud.apply(state, 0, Ride())
    mark = KIND.mark_move(
        {"kind": "ride"}, before=stud.view(state, None), after=stud.view(after, None)
    )
    assert mark == {"number": 1}
