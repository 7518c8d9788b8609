"""Every bet of the layout pays what RULES.md §3 says, on exact coups: VIS 32 less its
deductions, Camo/Anti/Viudo 11 (Segundas 5) less one per doubled card, Salto 3, Cartas 1, all
"to 1"; the 10% levy when the first card drawn matches, except on VIS; art. 143's cancellations
return the bet. Stakes of 10 chips: what comes back includes the stake."""

from __future__ import annotations

import pytest

from games.engine.monte import Kind, NoVaMas, apply
from games.engine.monte.errors import BetNotOpen
from games.engine.monte.rules import Outcome
from tests.engine.monte.helpers import CLEAN, bet, play, settle_one, table

VIS, CAMO, ANTI, VIUDO = Kind.VIS, Kind.CAMO, Kind.ANTI, Kind.VIUDO
SALTO, CARTAS = Kind.SALTO, Kind.CARTAS


@pytest.mark.parametrize(
    ("draws", "move", "paid"),
    [
        # VIS: the first card drawn is the chosen card's Camo; no levy.
        ("AC", bet(VIS, (0,)), 330),
        ("5O AC", bet(VIS, (0,)), 0),
        ("AB", bet(VIS, (0,)), 0),
        ("2E", bet(VIS, (1,)), 330),
        # Camo, Anti, Viudo: 11 to 1, less 10% of the winnings on a first-card match.
        ("5O AC", bet(CAMO, (0,)), 120),
        ("AC", bet(CAMO, (0,)), 109),
        ("5O AB", bet(ANTI, (0,)), 120),
        ("5O AE", bet(VIUDO, (0,)), 120),
        ("5O AB", bet(CAMO, (0,)), 0),
        ("5O 2E", bet(CAMO, (0,)), 0),
        ("5O 4C", bet(VIUDO, (3,)), 120),
        # Salto: the chosen card matched first, any suit, 3 to 1.
        ("5O AE", bet(SALTO, (0,)), 40),
        ("AE", bet(SALTO, (0,)), 37),
        ("5O 2O", bet(SALTO, (0,)), 0),
        # Cartas, card against card: 1 to 1; a match elsewhere returns the bet.
        ("5O AB", bet(CARTAS, (0,), against=(1,)), 20),
        ("AB", bet(CARTAS, (0,), against=(1,)), 19),
        ("5O 2O", bet(CARTAS, (0,), against=(1,)), 0),
        ("5O 3C", bet(CARTAS, (0,), against=(1,)), 10),
        ("5O 3C", bet(CARTAS, (0,), against=(2,)), 0),
        ("5O 4E", bet(CARTAS, (1,), against=(3,)), 0),
        # Cartas, two against two: rows, columns, diagonals.
        ("5O 2B", bet(CARTAS, (0, 1), against=(2, 3)), 20),
        ("5O 4C", bet(CARTAS, (0, 1), against=(2, 3)), 0),
        ("5O 3O", bet(CARTAS, (0, 2), against=(1, 3)), 20),
        ("5O 4E", bet(CARTAS, (0, 3), against=(1, 2)), 20),
        ("5O 2O", bet(CARTAS, (0, 3), against=(1, 2)), 0),
    ],
)
def test_primeras_on_a_clean_grid(draws: str, move: object, paid: int) -> None:
    assert settle_one(f"{CLEAN} {draws}", move) == paid  # type: ignore[arg-type]


def test_the_levy_is_a_tenth_of_the_winnings_rounded_down_and_goes_to_the_house() -> None:
    state = play(table(f"{CLEAN} AB"), (0, bet(CARTAS, (0,), 15, (1,))), (1, bet(CAMO, (1,))))
    before = state.bank
    state = play(state, (None, NoVaMas()))
    assert [s.paid for s in state.settled] == [29, 0]
    assert [s.levy for s in state.settled] == [1, 0]
    assert state.levied == 1
    assert state.bank == before + 10 - 14  # the Camo's stake, less the Cartas' net win


@pytest.mark.parametrize(
    ("draws", "move", "paid"),
    [
        ("6O AC", bet(CAMO, (0,)), 60),
        ("AC", bet(CAMO, (0,)), 55),  # the first card after "no va más" of Segundas
        ("6O 2O", bet(ANTI, (1,)), 60),
        ("6O 2B", bet(VIUDO, (1,)), 60),
        ("6O 2B", bet(CARTAS, (1,), against=(0,)), 20),
        ("6O 2B", bet(CARTAS, (0,), against=(1,)), 0),
    ],
)
def test_segundas_on_the_row_left(draws: str, move: object, paid: int) -> None:
    state = play(table(f"{CLEAN} 5O 3O {draws}"), (None, NoVaMas()))  # 3O: the lower row goes
    state = play(state, (0, move), (None, NoVaMas()))  # type: ignore[arg-type]
    assert state.settled[-1].paid == paid


@pytest.mark.parametrize(
    "move",
    [
        bet(SALTO, (0,)),
        bet(VIS, (0,)),
        bet(CAMO, (2,)),
        bet(CARTAS, (2,), against=(3,)),
        bet(CARTAS, (0, 1), against=(2, 3)),
    ],
)
def test_segundas_has_no_salto_no_vis_and_only_the_row_left(move: object) -> None:
    state = play(table(f"{CLEAN} 5O 3O 6O AC"), (None, NoVaMas()))
    with pytest.raises(BetNotOpen):
        apply(state, 0, move)  # type: ignore[arg-type]


DOUBLED = "AO 2C AC 3E 4B"  # the first card doubled (AC stacked on AO)
TRIPLED = "AO 2C AC AE 3E 4B"  # the first card triplicated
TRIPLED_AND_DOUBLED = "AO 2C AC AE 2E 3E 4B"  # the first triplicated, the second doubled


@pytest.mark.parametrize(
    ("grid", "draws", "move", "paid"),
    [
        # Camo, Anti, Viudo pay one less per doubled card; VIS one less per card.
        (DOUBLED, "5O AB", bet(ANTI, (0,)), 110),
        (DOUBLED, "2E", bet(VIS, (1,)), 320),
        (TRIPLED_AND_DOUBLED, "5O 4O", bet(CAMO, (3,)), 90),
        # 143.2.a: the doubled card cancels the Camo of the card facing it and below it.
        (DOUBLED, "5O 2E", bet(CARTAS, (1,), against=(0,)), 10),
        (DOUBLED, "5O 2O", bet(CARTAS, (1,), against=(0,)), 20),
        (DOUBLED, "5O 2E", bet(CARTAS, (0,), against=(1,)), 10),
        (DOUBLED, "5O AB", bet(CARTAS, (0,), against=(1,)), 20),
        (DOUBLED, "5O 3B", bet(CARTAS, (2,), against=(0,)), 10),
        (DOUBLED, "5O 3C", bet(CARTAS, (2,), against=(0,)), 20),
        (DOUBLED, "5O 3B", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        (DOUBLED, "5O 4O", bet(CARTAS, (2, 3), against=(0, 1)), 20),
        # 143.2.c: triplicated, the facing card wins only with its Anti; in rows, the lower
        # cards lose their Camos.
        (TRIPLED, "5O 2B", bet(CARTAS, (1,), against=(0,)), 10),
        (TRIPLED, "5O 2E", bet(CARTAS, (1,), against=(0,)), 10),
        (TRIPLED, "5O 2O", bet(CARTAS, (1,), against=(0,)), 20),
        (TRIPLED, "5O 3B", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        (TRIPLED, "5O 4O", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        (TRIPLED, "5O 3O", bet(CARTAS, (2, 3), against=(0, 1)), 20),
        (TRIPLED, "5O 4O", bet(CARTAS, (0, 1), against=(2, 3)), 10),
        # 143.2.d: first triplicated, second doubled: in rows the third wins only with its
        # Anti, the fourth with its Anti and Viudo; the second against the first with its Anti.
        (TRIPLED_AND_DOUBLED, "5O 3O", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        (TRIPLED_AND_DOUBLED, "5O 3C", bet(CARTAS, (2, 3), against=(0, 1)), 20),
        (TRIPLED_AND_DOUBLED, "5O 4O", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        (TRIPLED_AND_DOUBLED, "5O 4C", bet(CARTAS, (2, 3), against=(0, 1)), 20),
        (TRIPLED_AND_DOUBLED, "5O 2B", bet(CARTAS, (1,), against=(0,)), 10),
        # 143.2.b: two doubled cards change nothing on the diagonals.
        ("AO 2C AC 2E 3E 4B", "5O 3B", bet(CARTAS, (0, 3), against=(1, 2)), 0),
        ("AO 2C AC 2E 3E 4B", "5O 3B", bet(CARTAS, (2, 3), against=(0, 1)), 10),
        # 143.3: a Salto on a doubled card: the other cards' Camos return it.
        (DOUBLED, "5O 2E", bet(SALTO, (0,)), 10),
        (DOUBLED, "5O 2O", bet(SALTO, (0,)), 0),
        (DOUBLED, "5O AB", bet(SALTO, (0,)), 40),
        (TRIPLED, "5O 2B", bet(SALTO, (0,)), 10),
        (TRIPLED, "5O 2O", bet(SALTO, (0,)), 0),
        (DOUBLED, "5O 2E", bet(SALTO, (1,)), 40),
    ],
)
def test_doubled_and_triplicated_cards(grid: str, draws: str, move: object, paid: int) -> None:
    assert settle_one(f"{grid} {draws}", move) == paid  # type: ignore[arg-type]


def test_a_returned_bet_is_recorded_as_returned() -> None:
    state = play(table(f"{DOUBLED} 5O 2E"), (0, bet(CARTAS, (1,), against=(0,))))
    state = play(state, (None, NoVaMas()))
    assert state.settled[0].outcome is Outcome.RETURNED
