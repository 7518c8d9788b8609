"""RULES.md §1 "Deck and values" and "Melds": cards, values, sets, runs, jokers."""

from __future__ import annotations

import pytest

from games.engine.cards import parse, parse_card
from games.engine.errors import EngineError
from games.engine.rummy import (
    IllegalMeld,
    Meld,
    card_points,
    form_meld,
    hand_points,
    meld_kind,
    meld_points,
    parse_meld,
    rummy_deck,
)
from games.engine.rummy.melds import extend, format_meld


def test_deck__106_cards_two_decks_two_jokers() -> None:
    deck = rummy_deck()
    assert len(deck) == 106
    assert sorted(c.id for c in deck) == list(range(106))
    assert sum(c.is_joker for c in deck) == 2
    faces = [str(c) for c in deck if not c.is_joker]
    assert len(set(faces)) == 52
    assert all(faces.count(f) == 2 for f in set(faces))


def test_order__ace_is_high_above_king_in_q_k_a() -> None:
    assert meld_kind(parse("QO KO AO")) == "run"


def test_order__ace_is_low_in_a_2_3() -> None:
    assert meld_kind(parse("AO 2O 3O")) == "run"


@pytest.mark.parametrize(
    ("text", "points"),
    [("2O", 2), ("7C", 7), ("10E", 10), ("JB", 10), ("QO", 10), ("KC", 10), ("AE", 11)],
)
def test_value__pips_figures_10_ace_11(text: str, points: int) -> None:
    assert card_points(parse_card(text)) == points


def test_value__ace_counts_1_only_standing_low_in_a_run() -> None:
    assert meld_points(parse("AO 2O 3O")) == 6
    assert meld_points(parse("QO KO AO")) == 31
    assert meld_points(parse("AO AC AE")) == 33


def test_value__joker_on_the_table_is_worth_the_card_it_stands_for() -> None:
    cards, joker_as = parse_meld("QO KO *=AO")
    assert meld_points(cards, joker_as=joker_as) == 31
    cards, joker_as = parse_meld("*=JO QO KO")
    assert meld_points(cards, joker_as=joker_as) == 30
    assert meld_points(parse("7O 7C *")) == 21


def test_hand_points__joker_left_in_hand_counts_25_by_default() -> None:
    assert hand_points(parse("* AO 5C KB")) == 25 + 11 + 5 + 10


def test_hand_points__joker_value_is_an_option() -> None:
    assert hand_points(parse("* 2C"), 50) == 52


@pytest.mark.parametrize("text", ["7O 7C 7E", "7O 7C 7E 7B", "AO AE AB"])
def test_set__3_or_4_cards_of_one_rank_all_different_suits(text: str) -> None:
    assert meld_kind(parse(text)) == "set"


@pytest.mark.parametrize("text", ["7O 7O 7C", "7O 7C 7E 7B 7O", "7O 7C"])
def test_set__repeated_suit_or_more_than_4_or_under_3_is_refused(text: str) -> None:
    with pytest.raises(IllegalMeld):
        meld_kind(parse(text))


@pytest.mark.parametrize("text", ["5O 6O 7O", "9C 10C JC QC KC", "AB 2B 3B 4B", "JE QE KE AE"])
def test_run__3_or_more_consecutive_cards_of_one_suit(text: str) -> None:
    assert meld_kind(parse(text)) == "run"


@pytest.mark.parametrize("text", ["5O 6C 7O", "5O 6O 8O", "5O 6O"])
def test_run__mixed_suits_gaps_or_under_3_are_refused(text: str) -> None:
    with pytest.raises(IllegalMeld):
        meld_kind(parse(text))


def test_run__k_a_2_is_not_a_run_no_wrap() -> None:
    with pytest.raises(IllegalMeld):
        meld_kind(parse("KO AO 2O"))


def test_run__ace_low_and_high_in_one_run_is_refused() -> None:
    """Decision: a run holds each rank once, so it never holds an ace at both ends."""
    with pytest.raises(IllegalMeld):
        meld_kind(parse("AO 2O 3O 4O 5O 6O 7O 8O 9O 10O JO QO KO AO"))
    assert meld_kind(parse("AO 2O 3O 4O 5O 6O 7O 8O 9O 10O JO QO KO")) == "run"


def test_run__cards_given_in_any_order_are_laid_low_to_high() -> None:
    assert format_meld(form_meld(parse("7O 5O 6O"))) == "5O 6O 7O"
    assert format_meld(form_meld(parse("AO KO QO"))) == "QO KO AO"


def test_joker__stands_for_a_missing_card_inside_a_run() -> None:
    meld = form_meld(parse("5O * 7O"))
    assert str(meld.joker_as) == "6O"
    assert format_meld(meld) == "5O *=6O 7O"


def test_joker__at_either_end_of_a_run_as_the_player_declares() -> None:
    low = _declared("*=4O 5O 6O")
    high = _declared("5O 6O *=7O")
    assert (format_meld(low), low.points) == ("*=4O 5O 6O", 15)
    assert (format_meld(high), high.points) == ("5O 6O *=7O", 18)


def test_joker__undeclared_at_a_run_end_takes_the_high_end() -> None:
    """Decision: undeclared, the joker takes the reading worth most: the high end."""
    assert format_meld(form_meld(parse("5O 6O *"))) == "5O 6O *=7O"
    assert format_meld(form_meld(parse("KO AO *"))) == "*=QO KO AO"


def test_joker__declared_as_the_ace_of_a_run_2_to_k_stands_high() -> None:
    """Decision: the ace a joker stands for goes where it is worth more (Q-K-A)."""
    meld = _declared("2O 3O 4O 5O 6O 7O 8O 9O 10O JO QO KO *=AO")
    assert meld.cards[-1].is_joker and meld.points == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40 + 11
    assert _declared("*=AO 2O 3O").cards[0].is_joker


def test_lay_off__a_real_ace_on_a_run_2_to_k_goes_low() -> None:
    """Decision: a real card laid off where both ends fit goes to the low end."""
    run = form_meld(parse("2O 3O 4O 5O 6O 7O 8O 9O 10O JO QO KO"))
    assert str(extend(run, parse_card("AO", card_id=40)).cards[0]) == "AO"


def test_joker__declared_where_it_cannot_stand_is_refused() -> None:
    for text in ("5O 6O *=9O", "5O 6O *=7C", "KO AO *=2O", "7O 7C *=7O"):
        with pytest.raises(IllegalMeld):
            _declared(text)


def test_joker__stands_for_a_missing_suit_in_a_set() -> None:
    meld = _declared("7O 7C *=7B")
    assert (meld.kind, str(meld.joker_as), meld.points) == ("set", "7B", 21)


def test_joker__undeclared_in_a_set_takes_the_first_missing_suit() -> None:
    """Decision: undeclared, a set's joker is the first missing suit in O, C, E, B order."""
    assert str(form_meld(parse("7O 7E *")).joker_as) == "7C"


def test_joker__at_most_one_per_meld() -> None:
    with pytest.raises(IllegalMeld):
        meld_kind(parse("5O * * 8O"))
    with pytest.raises(IllegalMeld):
        extend(form_meld(parse("5O 6O *")), parse_card("*", card_id=9))


def test_illegal_meld__is_an_engine_error_with_a_stable_code_and_reason() -> None:
    with pytest.raises(EngineError) as caught:
        meld_kind(parse("KO AO 2O"))
    assert caught.value.code == "illegal_meld"
    assert caught.value.params["cards"] == "KO AO 2O"
    assert str(caught.value) == (
        "These cards make neither a set nor a run (the king of coins, the ace of coins, "
        "the 2 of coins): a run needs consecutive cards of one suit, ace-2-3 or "
        "knight-king-ace, no wrap"
    )


def test_lay_off__extends_a_run_or_completes_a_set() -> None:
    run = form_meld(parse("5O 6O 7O"))
    assert format_meld(extend(run, parse_card("8O"))) == "5O 6O 7O 8O"
    assert format_meld(extend(run, parse_card("4O"))) == "4O 5O 6O 7O"
    assert extend(form_meld(parse("7O 7C 7E")), parse_card("7B")).kind == "set"
    with pytest.raises(IllegalMeld):
        extend(run, parse_card("10O"))


def test_lay_off__a_set_with_a_joker_takes_only_the_suit_still_missing() -> None:
    """Decision: the suit a set's joker stands for is taken; its real card replaces it by a swap."""
    meld = _declared("7O 7C *=7E")
    assert extend(meld, parse_card("7B")).points == 28
    with pytest.raises(IllegalMeld):
        extend(meld, parse_card("7E"))


def test_lay_off__a_real_card_next_to_a_declared_joker_keeps_the_joker_in_place() -> None:
    run = _declared("5O 6O *=7O")
    assert format_meld(extend(run, parse_card("8O"))) == "5O 6O *=7O 8O"
    with pytest.raises(IllegalMeld):
        extend(run, parse_card("7O"))


def _declared(text: str) -> Meld:
    """A meld from notation with its joker declared, e.g. ``"5O 6O *=7O"``."""
    cards, joker_as = parse_meld(text)
    return form_meld(cards, joker_as=joker_as)


def test_joker__undeclared_laid_off_at_a_run_end_stands_for_the_reading_worth_most() -> None:
    """RULES.md "Decisions, second pass": the ace above a king (11) beats the ten below a jack
    (10); the five above a four beats the ace below a two (1)."""
    joker = parse_card("*", card_id=104)
    high = extend(form_meld(parse("JO QO KO")), joker)
    assert (format_meld(high), high.points) == ("JO QO KO *=AO", 41)
    low_run = extend(form_meld(parse("2O 3O 4O")), joker)
    assert (format_meld(low_run), low_run.points) == ("2O 3O 4O *=5O", 14)
    assert form_meld(parse("QO KO *")).points == 10 + 10 + 11
