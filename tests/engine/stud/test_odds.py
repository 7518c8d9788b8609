"""The house's numbers: the exact count agrees with Let It Ride's published analysis and with a
brute-force count, the best play rides exactly the hands it should, and a simulation through
the engine with the bot falls inside the interval around the exact return of every bet."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from games.engine.cards import parse
from games.engine.stud import PayTable, pays, stud_deck
from games.engine.stud.odds import exact, simulate
from games.engine.stud.strategy import expected_return, key, rides, total_return


def test_the_count_agrees_with_the_published_let_it_ride_figures() -> None:
    # Wizard of Odds, "Let it Ride Appendix 1": bet 1 rides with probability 0.07276018 and
    # returns 0.10912580; the house edge is 3.51% of one unit.
    returns = exact(PayTable.TENS)
    assert returns.rides[0] == Fraction(1608, 22100)
    assert round(float(returns.bets[0]), 8) == 0.10912580
    assert round(float(-returns.total), 4) == 0.0351
    assert round(float(returns.average_action), 2) == 1.22


def test_the_pair_of_jacks_table_gives_the_house_about_fourteen_point_eight() -> None:
    assert round(float(-exact(PayTable.JACKS).total), 3) == 0.148


def test_the_count_agrees_with_brute_force() -> None:
    deck = stud_deck()
    rng = random.Random(7)
    for _ in range(3):
        three = rng.sample(deck, 3)
        rest = [card for card in deck if card not in three]
        brute = 0
        for two in itertools.combinations(rest, 2):
            pay = pays([*three, *two])
            brute += -1 if pay is None else pay
        assert total_return(*key(three), PayTable.TENS) == brute


@pytest.mark.parametrize(
    ("cards", "ride"),
    [
        ("10O 10C 2E", True),  # a paying pair
        ("9O 9C 2E", False),  # a low pair
        ("10O JO QO", True),  # three to a royal flush
        ("3O 4O 5O", True),  # three suited in a row from 3-4-5
        ("2O 3O 4O", False),
        ("2O 5C 9E", False),
        ("2O 5C 9E KB", False),
        ("2O 5O 9O KO", True),  # four to a flush
        ("5O 6C 7E 8B", False),  # four to an open straight, no high card: worth exactly 0
        ("7O 8C 9E 10B", True),  # four to an open straight with a ten
        ("10O JC QE KB", True),  # four to an open straight, all high
        ("9O 10C QE KB", False),  # four to an inside straight with a low card
        ("JO QC KE AB", False),  # four to a one-way straight, four high cards: worth 0 too
        ("10O JC QE AB", False),  # likewise
    ],
)
def test_the_best_play_rides_the_hands_the_strategy_charts_name(cards: str, ride: bool) -> None:
    assert rides(parse(cards)) is ride


def test_a_bet_worth_exactly_nothing_is_withdrawn() -> None:
    assert expected_return(parse("5O 6C 7E 8B")) == 0  # 8 straights at 5 against 40 losses
    assert expected_return(parse("JO QC KE AB")) == 0  # 4 straights at 5, 12 pairs at 1, 32 lose


def test_a_known_five_card_hand_is_worth_its_payout() -> None:
    assert expected_return(parse("KO KC 4E 4B KB")) == 11
    assert expected_return(parse("2O 5C 9E JB KB")) == -1


def test_a_simulation_through_the_engine_falls_inside_the_intervals() -> None:
    for table in PayTable:
        returns = exact(table)
        found = simulate(600, "test", table)
        for index, value in enumerate([*returns.bets, returns.total]):
            assert found.covers(float(value), index), (table, index, found)
