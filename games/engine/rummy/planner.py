"""Finding plays in a hand: candidate melds, the richest set of disjoint ones, lay-offs.

Used by the bot, by the rules to judge an opening with a taken joker, and by the owed-cards
search (:mod:`games.engine.rummy.owed`) for the new melds a hand can lay. A
candidate names hand positions, so two copies of a card are two different choices; the search
is exact (memoised over the set of cards still free).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from games.engine.cards import ACE, Card, Suit
from games.engine.rummy.actions import MeldSpec
from games.engine.rummy.errors import IllegalMeld
from games.engine.rummy.melds import HIGH_ACE, Meld, card_points, extend

MAX_RUN = 13


@dataclass(frozen=True, slots=True)
class Candidate:
    """A meld the hand could lay: positions in the hand, its joker's face, its points."""

    positions: tuple[int, ...]
    mask: int
    joker_as: Card | None
    points: int

    def spec(self, hand: Sequence[Card]) -> MeldSpec:
        return MeldSpec(tuple(hand[i] for i in self.positions), self.joker_as)


def _candidate(positions: Sequence[int], joker_as: Card | None, points: int) -> Candidate:
    mask = 0
    for i in positions:
        mask |= 1 << i
    return Candidate(tuple(positions), mask, joker_as, points)


def candidates(hand: Sequence[Card]) -> list[Candidate]:
    """Every set and run (at most one joker each) these cards can form."""
    jokers = [i for i, c in enumerate(hand) if c.is_joker]
    by_rank: dict[int, dict[Suit, list[int]]] = defaultdict(lambda: defaultdict(list))
    by_suit: dict[Suit, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, card in enumerate(hand):
        if card.suit is None:
            continue
        by_rank[card.rank][card.suit].append(i)
        by_suit[card.suit][card.rank].append(i)
        if card.rank == ACE:
            by_suit[card.suit][HIGH_ACE].append(i)
    found: list[Candidate] = []
    for rank, suits in by_rank.items():
        _sets(rank, suits, jokers, found)
    for suit, ranks in by_suit.items():
        _runs(suit, ranks, jokers, found)
    return found


def _sets(
    rank: int, suits: dict[Suit, list[int]], jokers: list[int], found: list[Candidate]
) -> None:
    present = list(suits)
    value = card_points(Card(rank, present[0]))
    for size in (3, 4):
        for chosen in combinations(present, size):
            for picks in product(*(suits[s][:2] for s in chosen)):
                found.append(_candidate(picks, None, value * size))
        for joker in jokers:
            for chosen in combinations(present, size - 1):
                missing = next(s for s in Suit if s not in chosen)
                for picks in product(*(suits[s][:2] for s in chosen)):
                    found.append(_candidate((*picks, joker), Card(rank, missing), value * size))


def _runs(
    suit: Suit, ranks: dict[int, list[int]], jokers: list[int], found: list[Candidate]
) -> None:
    for low in range(ACE, HIGH_ACE - 1):
        missing: list[int] = []
        points = 0
        for high in range(low, min(HIGH_ACE, low + MAX_RUN - 1) + 1):
            rank = ACE if high == HIGH_ACE else high
            points += card_points(Card(rank, suit), low_ace=high == ACE)
            if high not in ranks:
                missing.append(high)
                if len(missing) > 1 or not jokers:
                    break
            if high - low < 2:
                continue
            span = [p for p in range(low, high + 1) if p not in missing]
            choices = [ranks[p][:2] for p in span]
            joker_as = None
            if missing:
                spot = missing[0]
                joker_as = Card(ACE if spot == HIGH_ACE else spot, suit)
            for picks in product(*choices):
                if len(set(picks)) != len(picks):
                    continue
                if not missing:
                    found.append(_candidate(picks, None, points))
                for joker in jokers if missing else ():
                    found.append(_candidate((*picks, joker), joker_as, points))


class Search:
    """The richest choice of disjoint candidates among the free cards of a hand."""

    def __init__(self, hand: Sequence[Card]) -> None:
        self.hand = hand
        self.found = candidates(hand)
        self.by_card: dict[int, list[Candidate]] = defaultdict(list)
        for candidate in self.found:
            for i in candidate.positions:
                self.by_card[i].append(candidate)
        self.memo: dict[int, tuple[int, tuple[Candidate, ...]]] = {}

    def best(self, free: int | None = None) -> tuple[int, tuple[Candidate, ...]]:
        """Points and melds of the richest disjoint choice among ``free`` (default: all)."""
        if free is None:
            free = 0
            for i in self.by_card:
                free |= 1 << i
        return self._best(free)

    def _best(self, free: int) -> tuple[int, tuple[Candidate, ...]]:
        if not free:
            return 0, ()
        known = self.memo.get(free)
        if known is not None:
            return known
        low = (free & -free).bit_length() - 1
        result = self._best(free & ~(1 << low))
        for candidate in self.by_card.get(low, ()):
            if candidate.mask & ~free:
                continue
            points, chosen = self._best(free & ~candidate.mask)
            if points + candidate.points > result[0]:
                result = (points + candidate.points, (candidate, *chosen))
        self.memo[free] = result
        return result

    def best_with(self, position: int) -> tuple[int, tuple[Candidate, ...]]:
        """The richest choice that lays the card at ``position`` (points 0 when none can)."""
        everything = self.best()
        if any(position in c.positions for c in everything[1]):
            return everything
        result: tuple[int, tuple[Candidate, ...]] = (0, ())
        full = 0
        for i in self.by_card:
            full |= 1 << i
        for candidate in self.by_card.get(position, ()):
            points, chosen = self._best(full & ~candidate.mask)
            if points + candidate.points > result[0]:
                result = (points + candidate.points, (candidate, *chosen))
        return result


def lay_off_target(card: Card, melds: Sequence[Meld]) -> int | None:
    """The first meld on the table this card can be laid off on, if any."""
    for index, meld in enumerate(melds):
        try:
            extend(meld, card)
        except IllegalMeld:
            continue
        return index
    return None
