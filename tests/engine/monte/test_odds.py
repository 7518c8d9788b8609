"""The house's numbers (docs/monte.md): the exact returns on the clean grid, checked against
the closed forms worked by hand, and a small simulation that falls inside its interval."""

from __future__ import annotations

from fractions import Fraction

from games.engine.monte.odds import (
    SPOTS,
    STACKED_GRIDS,
    clean_returns,
    is_clean,
    laid_returns,
    simulate,
)
from games.engine.monte.simulation import main as simulate_main


def test_exact_returns_match_the_closed_forms() -> None:
    exact = clean_returns()
    # VIS: 1 card in 36 pays 32, no levy.
    assert exact["Primeras VIS"] == Fraction(33, 36) - 1
    # Camo: 1 in 12 wins 11; a third of wins come on the first card and give up 1.1.
    assert exact["Primeras Camo"] == Fraction(1, 36) * Fraction(99, 10) + Fraction(
        2, 36
    ) * 11 - Fraction(11, 12)
    assert exact["Primeras Anti"] == exact["Primeras Viudo"] == exact["Primeras Camo"]
    # Salto: 1 in 4 wins 3.
    assert exact["Primeras Salto"] == Fraction(1, 12) * Fraction(27, 10) + Fraction(
        1, 6
    ) * 3 - Fraction(3, 4)
    # Cartas: wins and losses as likely; the levy on a twelfth (card) or a sixth (two cards).
    assert exact["Primeras Cartas, card against card (1st v 2nd)"] == Fraction(-1, 120)
    assert exact["Primeras Cartas, rows (top v bottom)"] == Fraction(-1, 60)
    assert exact["Primeras Cartas, diagonals"] == Fraction(-1, 60)
    # Segundas pays fair odds (5 to 1 on 1 in 6, 1 to 1 on even chances): only the levy.
    assert Fraction(-1, 60) < exact["Segundas Camo"] < 0
    assert exact["Segundas Cartas (left v right)"] * 5 == exact["Segundas Camo"] * 3


def test_a_small_simulation_falls_inside_its_interval_around_the_exact_returns() -> None:
    exact = clean_returns()
    found = simulate(4000, seed=7, keep=is_clean)
    for spot in SPOTS:
        running = found[spot.label]
        assert abs(running.mean - float(exact[spot.label])) <= running.half_width, spot.label


def test_the_bot_simulation_runs_clean() -> None:
    assert simulate_main(["--coups", "30", "--players", "3", "--seed", "2"]) == 0


def test_art_143_cancellations_keep_cartas_even_apart_from_the_levy() -> None:
    # First card doubled: it has 2 cards left, the second 3 less its cancelled Camo; 11 live
    # cards in a stock of 35; the only cost is 10% of a win on the first card drawn.
    found = laid_returns(STACKED_GRIDS["first doubled"])
    assert found["Primeras Cartas, card against card (1st v 2nd)"] == -Fraction(1, 10) * Fraction(
        2, 35
    )
    # A Salto on the doubled card: 2 cards win 3 to 1, 6 lose (the other Camos are cancelled).
    assert found["Primeras Salto"] == Fraction(2, 35) * Fraction(27, 10) + (
        Fraction(2, 11) - Fraction(2, 35)
    ) * 3 - Fraction(6, 11)
