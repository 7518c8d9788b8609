"""The house's numbers for Pai Gow Poker, by simulation (a full enumeration of two 7-card hands
from 53 cards, about 10^16 deals, is out of reach; docs/paigow.md gives the figures and sources).

    python -m games.engine.paigow.odds --coups 300000 --seed 2
    python -m games.engine.paigow.odds --categories 200000 --seed 2

``--coups``: a player setting by the house way against the bank setting by the house way, 5%
commission on wins: the frequencies of win, push and loss and the player's return per chip bet
with its 95% confidence interval. ``--categories``: how often seven cards make each hand (best
five), against the exact counts published for the 53-card deck (PUBLISHED_CATEGORIES), with
each interval; five aces is also counted exactly (FIVE_ACES_EXACT).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from games.engine.cards import JOKER, SUITS, Card
from games.engine.paigow.hands import (
    CATEGORY_NAMES,
    FIVE_ACES,
    HAND_SIZE,
    STRAIGHT_FLUSH,
    TOP_STRAIGHT,
    best_five,
    high_value,
    low_value,
    paigow_deck,
)
from games.engine.paigow.houseway import house_way

Z95 = 1.959964
HANDS_7 = comb(53, HAND_SIZE)
FIVE_ACES_EXACT = Fraction(comb(48, 2), HANDS_7)
"""Four aces, the joker and any two of the other 48 cards."""

PUBLISHED_CATEGORIES: dict[str, int] = {
    "five_aces": 1_128,
    "royal_flush": 26_132,
    "straight_flush": 184_832,
    "four_of_a_kind": 307_472,
    "full_house": 4_188_528,
    "flush": 6_172_088,
    "three_of_a_kind": 7_672_500,
    "straight": 11_034_204,
}
"""Combinations of seven cards from 53 (154,143,080 in all) by their best five, joker an ace or
completing a straight or flush: the Wizard of Odds, "Pai Gow Mania", seven-card side bet table
(https://wizardofodds.com/games/pai-gow-poker/appendix/5/)."""


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    samples: int

    def __str__(self) -> str:
        return f"{self.mean:+.5f} (95% CI {self.low:+.5f} .. {self.high:+.5f}, n={self.samples})"


def estimate(total: float, squares: float, samples: int) -> Estimate:
    mean = total / samples
    variance = max(squares / samples - mean * mean, 0.0) * samples / max(samples - 1, 1)
    half = Z95 * math.sqrt(variance / samples)
    return Estimate(mean, mean - half, mean + half, samples)


def coup_return(player: list[Card], bank: list[Card], commission: Fraction) -> Fraction:
    """What one chip bet brings the player, both sides setting by the house way."""
    player_low, bank_low = house_way(player), house_way(bank)
    player_high = [card for card in player if card not in player_low]
    bank_high = [card for card in bank if card not in bank_low]
    won = (high_value(player_high) > high_value(bank_high)) + (
        low_value(player_low) > low_value(bank_low)
    )
    return 1 - commission if won == 2 else Fraction(0) if won == 1 else Fraction(-1)


def house_way_return(coups: int, seed: str, commission: int = 5) -> tuple[Estimate, Counter[str]]:
    """The player's return per chip over ``coups`` simulated coups, and the outcomes' counts."""
    rng = random.Random(f"paigow-odds/{seed}")
    deck = paigow_deck()
    rate = Fraction(commission, 100)
    total = squares = 0.0
    outcomes: Counter[str] = Counter()
    for _ in range(coups):
        cards = rng.sample(deck, 2 * HAND_SIZE)
        value = coup_return(cards[:HAND_SIZE], cards[HAND_SIZE:], rate)
        outcomes["win" if value > 0 else "push" if value == 0 else "loss"] += 1
        total += float(value)
        squares += float(value * value)
    return estimate(total, squares, coups), outcomes


def category(cards: list[Card]) -> str:
    value = best_five(cards)
    if value[0] == STRAIGHT_FLUSH and value[1] == TOP_STRAIGHT:
        return "royal_flush"
    return CATEGORY_NAMES[value[0]] if value[0] != FIVE_ACES else "five_aces"


def category_frequencies(hands: int, seed: str) -> dict[str, Estimate]:
    rng = random.Random(f"paigow-categories/{seed}")
    deck = paigow_deck()
    counts = Counter(category(rng.sample(deck, HAND_SIZE)) for _ in range(hands))
    return {name: estimate(counts[name], counts[name], hands) for name in PUBLISHED_CATEGORIES}


STRAIGHT_AND_TRIPS = "(straights that also make three of a kind)"


def exact_categories() -> Counter[str]:
    """Every 7-card hand from 53 counted by its best five, exactly, without dealing them one by
    one: by the ranks held (with or without the joker) and, for each, the set of ranks that may
    lie in one suit as a flush. At most one suit can hold a flush's worth among seven cards, so
    these cases do not overlap; the hands of each case all have the same best five, evaluated
    once on one representative hand. ``STRAIGHT_AND_TRIPS`` counts, among the straights, those
    that also hold three of a kind (the joker counted as an ace)."""
    counts: Counter[str] = Counter()
    for joker in (False, True):
        for held in _rank_counts(HAND_SIZE - joker):
            found = held_categories(held, joker)
            counts += found
            if max(held.values()) >= 3 or (joker and held.get(1, 0) >= 2):
                counts[STRAIGHT_AND_TRIPS] += found["straight"]
    return counts


def held_categories(held: dict[int, int], joker: bool) -> Counter[str]:
    """The hands holding these ranks (rank: how many; with the joker or not), by best five."""
    counts: Counter[str] = Counter()
    total = math.prod(comb(4, many) for many in held.values())
    flushed = 0
    for size in range(4 if joker else 5, sum(held.values()) + 1):
        for suited in combinations(sorted(held), size):
            ways = 4 * math.prod(comb(3, many - (rank in suited)) for rank, many in held.items())
            if ways:
                flushed += ways
                counts[category(_representative(held, suited, joker))] += ways
    counts[category(_representative(held, (), joker))] += total - flushed
    return counts


def _rank_counts(size: int, low: int = 1) -> list[dict[int, int]]:
    """Every way to hold ``size`` natural cards by rank (1 to 13, at most four of each)."""
    if size == 0:
        return [{}]
    found = []
    for rank in range(low, 14):
        for many in range(1, min(4, size) + 1):
            found += [{rank: many} | rest for rest in _rank_counts(size - many, rank + 1)]
    return found


def _representative(held: dict[int, int], suited: tuple[int, ...], joker: bool) -> list[Card]:
    """Cards with these ranks: one of each rank in ``suited`` in the first suit and every other
    card in the other three (a flush of exactly those ranks), or, with nothing suited, spread
    over the four suits so that no suit holds a flush."""
    cards = [JOKER] if joker else []
    turn = 0
    for rank, many in sorted(held.items()):
        if suited:
            suits = ([SUITS[0]] if rank in suited else []) + list(SUITS[1 : 1 + many])
            suits = suits[:many]
        else:
            suits = [SUITS[(turn + n) % 4] for n in range(many)]
            turn += many
        cards += [Card(rank, suit) for suit in suits]
    return cards


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.paigow.odds")
    parser.add_argument("--exact", action="store_true", help="count every 7-card hand exactly")
    parser.add_argument("--coups", type=int, default=0)
    parser.add_argument("--categories", type=int, default=0)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--commission", type=int, default=5)
    args = parser.parse_args(argv)
    if args.coups:
        found, outcomes = house_way_return(args.coups, args.seed, args.commission)
        for name in ("win", "push", "loss"):
            print(f"{name}: {outcomes[name] / args.coups:.5f}")
        print(f"player's return per chip: {found}")
        print(f"house edge: {-found.mean:.4%} (95% CI {-found.high:.4%} .. {-found.low:.4%})")
    if args.exact:
        print(f"seven-card hands by best five, exact (of {HANDS_7}):")
        for name, count in sorted(exact_categories().items(), key=lambda item: -item[1]):
            published = PUBLISHED_CATEGORIES.get(name)
            print(f"  {name}: {count} (published: {published if published else '-'})")
    if args.categories:
        print(f"five aces, exact: {FIVE_ACES_EXACT} = {float(FIVE_ACES_EXACT):.8f}")
        for name, found in category_frequencies(args.categories, args.seed).items():
            exact = PUBLISHED_CATEGORIES[name] / HANDS_7
            inside = "inside" if found.low <= exact <= found.high else "OUTSIDE"
            print(f"{name}: published {exact:.6f}, simulated {found} {inside}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
