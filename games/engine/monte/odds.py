"""The house's numbers: each Monte bet's expected return to the player, per chip staked.

    python -m games.engine.monte.odds --coups 1000000 --seed 1

Exact, for the clean grid (four single cards, nothing burnt): whatever order the stock is in,
each card of a live rank is equally likely to be the first match, and each card of the stock
equally likely to be the first drawn, so a bet's return is a finite sum over the stock's cards,
in fractions (the 10% levy taken exactly, as on stakes in tens). Segundas adds the sum over how
many cards Primeras drew. By simulation, with a 99.9% confidence interval: the same bets on clean
grids (which must contain the exact figure), and on every coup as dealt (burnt, doubled and
triplicated grids included; void coups have no bets). The figures are in docs/monte.md.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from games.engine.cards import Card, parse, stacked
from games.engine.monte.rules import (
    ROWS,
    Grid,
    Kind,
    Match,
    draw_to_match,
    lay_grid,
    monte_deck,
    odds,
    outcome,
    relation,
    settle,
)

STAKE = 10
Z_999 = 3.2905  # the two-sided 99.9% normal quantile


@dataclass(frozen=True, slots=True)
class Spot:
    """A bet by where it lies: in Primeras on grid positions; in Segundas on the row left, 0 its
    left card and 1 its right one."""

    label: str
    kind: Kind
    cards: tuple[int, ...]
    against: tuple[int, ...]
    primeras: bool


SPOTS = (
    Spot("Primeras VIS", Kind.VIS, (0,), (), True),
    Spot("Primeras Camo", Kind.CAMO, (0,), (), True),
    Spot("Primeras Anti", Kind.ANTI, (0,), (), True),
    Spot("Primeras Viudo", Kind.VIUDO, (0,), (), True),
    Spot("Primeras Salto", Kind.SALTO, (0,), (), True),
    Spot("Primeras Cartas, card against card (1st v 2nd)", Kind.CARTAS, (0,), (1,), True),
    Spot("Primeras Cartas, card against card (1st v 3rd)", Kind.CARTAS, (0,), (2,), True),
    Spot("Primeras Cartas, rows (top v bottom)", Kind.CARTAS, (0, 1), (2, 3), True),
    Spot("Primeras Cartas, columns (left v right)", Kind.CARTAS, (0, 2), (1, 3), True),
    Spot("Primeras Cartas, diagonals", Kind.CARTAS, (0, 3), (1, 2), True),
    Spot("Segundas Camo", Kind.CAMO, (0,), (), False),
    Spot("Segundas Anti", Kind.ANTI, (0,), (), False),
    Spot("Segundas Viudo", Kind.VIUDO, (0,), (), False),
    Spot("Segundas Cartas (left v right)", Kind.CARTAS, (0,), (1,), False),
)


def _net(spot: Spot, grid: Grid, live: Sequence[int], match: Match) -> Fraction:
    """The player's gain per chip on ``spot`` when ``match`` ends the phase."""
    cards = tuple(live[i] for i in spot.cards) if not spot.primeras else spot.cards
    against = tuple(live[i] for i in spot.against) if not spot.primeras else spot.against
    result = outcome(spot.kind, cards, against, grid, match)
    paid, _ = settle(STAKE, spot.kind, result, odds(spot.kind, grid, spot.primeras), match.first)
    return Fraction(paid - STAKE, STAKE)


def phase_return(spot: Spot, grid: Grid, live: Sequence[int], stock: Sequence[Card]) -> Fraction:
    """The exact return of ``spot`` in a phase played on ``live`` from ``stock`` (any order)."""
    outs = [(card, pos) for card in stock for pos in live if grid.cards[pos].rank == card.rank]
    total = Fraction(0)
    for card, pos in outs:
        rel = relation(grid.cards[pos], card)
        first = Fraction(1, len(stock))
        later = Fraction(1, len(outs)) - first
        total += first * _net(spot, grid, live, Match(card, pos, rel, True))
        total += later * _net(spot, grid, live, Match(card, pos, rel, False))
    return total


def exact_return(spot: Spot, grid: Grid, stock: Sequence[Card]) -> Fraction:
    """The exact return of ``spot`` on ``grid`` with ``stock`` left after laying it."""
    everything = tuple(range(4))
    if spot.primeras:
        return phase_return(spot, grid, everything, stock)
    outs = [card for card in stock if any(card.rank == c.rank for c in grid.cards)]
    others = len(stock) - len(outs)
    total = Fraction(0)
    for row in ROWS:
        won_here = [card for card in outs if card.rank in {grid.cards[p].rank for p in row}]
        left = next(r for r in ROWS if r != row)
        for drawn_before in range(others + 1):
            # drawn_before non-matching cards, then a match in ``row``.
            p_k = Fraction(comb(others, drawn_before), comb(len(stock), drawn_before))
            p_k *= Fraction(len(won_here), len(stock) - drawn_before)
            if p_k == 0:
                continue
            rest = _rest(stock, drawn_before, outs, won_here)
            total += p_k * phase_return(spot, grid, left, rest)
    return total


def _rest(
    stock: Sequence[Card], drawn_before: int, outs: Sequence[Card], won_here: Sequence[Card]
) -> list[Card]:
    """A stock of the right make-up after Primeras: the Segundas return depends only on which
    live cards are left and how many cards in all."""
    remaining_outs = [card for card in outs if card not in won_here[:1]]
    fillers = len(stock) - drawn_before - 1 - len(remaining_outs)
    filler = [card for card in stock if card not in outs][:fillers]
    return remaining_outs + filler


def clean_grid() -> tuple[Grid, list[Card]]:
    """The grid 1O 2C 3E 4B with nothing stacked or burnt, and the 36 cards left."""
    deck = monte_deck()
    laid = deck[0], deck[11], deck[22], deck[33]
    grid = Grid(tuple(laid), ((), (), (), ()), ())
    return grid, [card for card in deck if card not in laid]


STACKED_GRIDS = {
    "first doubled": "AO 2C AC 3E 4B",
    "first triplicated": "AO 2C AC AE 3E 4B",
    "first triplicated, second doubled": "AO 2C AC AE 2E 3E 4B",
    "both doubled": "AO 2C AC 2E 3E 4B",
}
"""Grids of art. 143's cases, as laid from the top of the deck."""


def laid_returns(top: str) -> dict[str, Fraction]:
    """The exact Primeras returns on the grid laid from ``top``."""
    laid = lay_grid(stacked(monte_deck(), parse(top)))
    assert laid.grid is not None
    return {
        spot.label: exact_return(spot, laid.grid, laid.stock) for spot in SPOTS if spot.primeras
    }


def clean_returns() -> dict[str, Fraction]:
    grid, stock = clean_grid()
    return {spot.label: exact_return(spot, grid, stock) for spot in SPOTS}


@dataclass
class Running:
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def half_width(self) -> float:
        """Half the 99.9% confidence interval of the mean."""
        variance = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return Z_999 * math.sqrt(variance / self.n)


def simulate(coups: int, seed: int, keep: Callable[[Grid], bool]) -> dict[str, Running]:
    """Deal ``coups`` coups and settle one stake on every spot, on the grids ``keep`` accepts."""
    rng = random.Random(seed)
    deck = monte_deck()
    found = {spot.label: Running() for spot in SPOTS}
    for _ in range(coups):
        rng.shuffle(deck)
        laid = lay_grid(deck)
        if laid.grid is None or not keep(laid.grid):
            continue
        grid = laid.grid
        count, first = draw_to_match(grid, range(4), laid.stock)
        left = next(row for row in ROWS if first.position not in row)
        _, second = draw_to_match(grid, left, laid.stock[count:])
        for spot in SPOTS:
            if spot.primeras:
                found[spot.label].add(float(_net(spot, grid, range(4), first)))
            else:
                found[spot.label].add(float(_net(spot, grid, left, second)))
    return found


def is_clean(grid: Grid) -> bool:
    return not grid.stacked and not grid.burnt


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.monte.odds")
    parser.add_argument("--coups", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    exact = clean_returns()
    clean = simulate(args.coups, args.seed, is_clean)
    every = simulate(args.coups, args.seed + 1, lambda grid: True)
    print(f"Return to the player per chip staked; simulations of {args.coups} coups each, 99.9% CI")
    print("| bet | exact, clean grid | simulated, clean grid | simulated, every coup |")
    print("|---|---|---|---|")
    bad = 0
    for spot in SPOTS:
        value, sim, all_ = exact[spot.label], clean[spot.label], every[spot.label]
        inside = abs(sim.mean - float(value)) <= sim.half_width
        bad += not inside
        print(
            f"| {spot.label} | {value} = {float(value):+.4%} "
            f"| {sim.mean:+.4%} ± {sim.half_width:.4%}{'' if inside else ' OUTSIDE'} "
            f"| {all_.mean:+.4%} ± {all_.half_width:.4%} |"
        )
    print()
    print("Exact Primeras returns on the grids of art. 143 (bets on the first card)")
    print(f"| bet | {' | '.join(STACKED_GRIDS)} |")
    print(f"|---|{'---|' * len(STACKED_GRIDS)}")
    stacked_returns = {name: laid_returns(top) for name, top in STACKED_GRIDS.items()}
    for spot in SPOTS:
        if spot.primeras:
            cells = [f"{float(found[spot.label]):+.4%}" for found in stacked_returns.values()]
            print(f"| {spot.label} | {' | '.join(cells)} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
