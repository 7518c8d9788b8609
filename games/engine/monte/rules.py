"""Monte's rules as pure functions (RULES.md §3 "Monte", art. 140-143 of seed 002/000): the deck,
the suit circle, the 2×2 grid with its burnt, doubled and triplicated cards, the draw to the first
match, and what each bet returns. The decisions where RULES.md is silent are in docs/monte.md.

Grid positions are 0 (first, upper left), 1 (second, upper right), 2 (third, lower left) and
3 (fourth, lower right)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine.cards import JACK, KING, QUEEN, SUITS, Card, Suit, build_deck

RANKS = (1, 2, 3, 4, 5, 6, 7, JACK, QUEEN, KING)
GRID_SIZE = 4
ROWS = ((0, 1), (2, 3))
LEVY_PERCENT = 10
VIS_PAYS = 32
CAV_PAYS_PRIMERAS = 11
CAV_PAYS_SEGUNDAS = 5
SALTO_PAYS = 3
CARTAS_PAYS = 1


def monte_deck() -> list[Card]:
    """The 40-card Spanish deck (A-7, J, Q, K) in a fixed order, ids 0..39."""
    return build_deck(RANKS)


class Relation(StrEnum):
    """A card of the same rank as a grid card, by its suit on the circle O → C → E → B → O."""

    CAMO = "camo"  # the next suit
    ANTI = "anti"  # the previous suit
    VIUDO = "viudo"  # the opposite suit


class Kind(StrEnum):
    VIS = "vis"
    CAMO = "camo"
    ANTI = "anti"
    VIUDO = "viudo"
    SALTO = "salto"
    CARTAS = "cartas"


SUIT_BETS = {Kind.CAMO: Relation.CAMO, Kind.ANTI: Relation.ANTI, Kind.VIUDO: Relation.VIUDO}
SPOT_KINDS = (Kind.VIS, Kind.CAMO, Kind.ANTI, Kind.VIUDO, Kind.SALTO)


def next_suit(suit: Suit, steps: int) -> Suit:
    return SUITS[(SUITS.index(suit) + steps) % len(SUITS)]


def camo(card: Card) -> Card:
    """The card of the same rank and the next suit (what VIS and Camo bet on)."""
    assert card.suit is not None
    return Card(card.rank, next_suit(card.suit, 1))


def anti(card: Card) -> Card:
    assert card.suit is not None
    return Card(card.rank, next_suit(card.suit, -1))


def viudo(card: Card) -> Card:
    assert card.suit is not None
    return Card(card.rank, next_suit(card.suit, 2))


def relation(grid_card: Card, drawn: Card) -> Relation:
    """How ``drawn`` (same rank, another suit) stands to ``grid_card`` on the suit circle."""
    assert grid_card.suit is not None and drawn.suit is not None
    steps = (SUITS.index(drawn.suit) - SUITS.index(grid_card.suit)) % len(SUITS)
    return {1: Relation.CAMO, 3: Relation.ANTI, 2: Relation.VIUDO}[steps]


def cartas_pairs(live: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The Cartas bets open on ``live`` positions, each (the cards backed, the cards against):
    card against card horizontally or vertically, two against two (rows, columns, diagonals)."""
    singles = [(0, 1), (2, 3), (0, 2), (1, 3)]
    doubles = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for a, b in singles:
        if a in live and b in live:
            found += [((a,), (b,)), ((b,), (a,))]
    if len(live) == GRID_SIZE:
        for side, other in doubles:
            found += [(side, other), (other, side)]
    return found


@dataclass(frozen=True, slots=True)
class Grid:
    """The four cards laid, each with the cards of its rank stacked on it (doubled: one,
    triplicated: two), and the cards burnt while laying them."""

    cards: tuple[Card, ...]
    stacks: tuple[tuple[Card, ...], ...]
    burnt: tuple[Card, ...]

    def copies(self, position: int) -> int:
        """1 for a single card, 2 doubled, 3 triplicated."""
        return 1 + len(self.stacks[position])

    @property
    def stacked(self) -> int:
        return sum(len(stack) for stack in self.stacks)


@dataclass(frozen=True, slots=True)
class Laid:
    """The outcome of laying a grid: the grid (``None``: the coup is void, art. 143.1.c) and
    what is left of the deck."""

    grid: Grid | None
    stock: tuple[Card, ...]
    exposed: tuple[Card, ...]


def lay_grid(deck: Sequence[Card]) -> Laid:
    """Lay the grid from the top of ``deck`` by art. 143.1: two equal cards of a row are burnt
    and the row is laid again; a third or fourth card of the rank of the first or second is
    stacked on it (doubled, then triplicated) and replaced; all four cards of a rank on the grid
    seen before the grid is complete void the coup."""
    stock = list(deck)
    cards: list[Card] = []
    stacks: list[list[Card]] = [[], [], [], []]
    burnt: list[Card] = []
    exposed: list[Card] = []

    def void() -> Laid:
        return Laid(None, tuple(stock), tuple(exposed))

    while len(cards) < GRID_SIZE:
        if not stock:
            return void()
        card = stock.pop(0)
        exposed.append(card)
        if len(cards) in (1, 3) and card.rank == cards[-1].rank:
            burnt += [cards.pop(), card]
            continue
        top = [pos for pos in (0, 1) if pos < len(cards) and cards[pos].rank == card.rank]
        if len(cards) >= 2 and top:
            stacks[top[0]].append(card)
        else:
            cards.append(card)
        seen = {c.rank for c in cards}
        if any(sum(1 for c in exposed if c.rank == rank) == len(SUITS) for rank in seen):
            return void()
    grid = Grid(tuple(cards), tuple(tuple(s) for s in stacks), tuple(burnt))
    return Laid(grid, tuple(stock), tuple(exposed))


@dataclass(frozen=True, slots=True)
class Match:
    """The card that ended a phase: it matches grid ``position`` as ``relation``; ``first``:
    it was the first card drawn after "no va más" (the 10% levy)."""

    card: Card
    position: int
    relation: Relation
    first: bool


def draw_to_match(grid: Grid, live: Sequence[int], stock: Sequence[Card]) -> tuple[int, Match]:
    """Draw from the top of ``stock`` until a card matches the rank of a live grid card: how
    many cards were drawn, and the match. The caller guarantees a match exists."""
    for index, card in enumerate(stock):
        for position in live:
            if grid.cards[position].rank == card.rank:
                return index + 1, Match(
                    card, position, relation(grid.cards[position], card), index == 0
                )
    raise ValueError("no card of a live rank is left in the stock")


def _cancelled_against(own: int, other: int) -> frozenset[Relation]:
    """A card with ``own`` copies on the grid against one with ``other`` copies (art. 143.2.a,
    c, d, 143.3): doubled against it cancels its Camo, triplicated its Camo and Viudo."""
    if other <= own:
        return frozenset()
    if other == 3:
        return frozenset({Relation.CAMO, Relation.VIUDO})
    return frozenset({Relation.CAMO})


PARTNERS = {
    frozenset({0, 1}): {0: 2, 1: 3, 2: 0, 3: 1},  # rows: the card below or above
    frozenset({0, 2}): {0: 1, 2: 3, 1: 0, 3: 2},  # columns: the card across
    frozenset({0, 3}): {0: 1, 3: 2, 1: 0, 2: 3},  # diagonals: the card across
}


def cartas_cancelled(
    grid: Grid, side: tuple[int, ...], against: tuple[int, ...]
) -> dict[int, frozenset[Relation]]:
    """The relations that do not count in a Cartas bet, on either side: such a match returns
    the bet. Card against card: :func:`_cancelled_against`, both ways. Two against two (art.
    143.2.b, c, d): the side with more live cards of its ranks drops that many more, Camos first
    and then Viudos, from the card facing the most stacked one first, passing over a card that is
    already stacked on the grid."""
    if len(side) == 1:
        mine, theirs = grid.copies(side[0]), grid.copies(against[0])
        return {
            side[0]: _cancelled_against(mine, theirs),
            against[0]: _cancelled_against(theirs, mine),
        }
    outs = {pos: len(SUITS) - grid.copies(pos) for pos in range(GRID_SIZE)}
    excess = sum(outs[p] for p in side) - sum(outs[p] for p in against)
    more = side if excess > 0 else against
    dropped: dict[int, set[Relation]] = {pos: set() for pos in (*side, *against)}
    excess = abs(excess)
    key = frozenset(side) if frozenset(side) in PARTNERS else frozenset(against)
    partner = PARTNERS[key]
    order = sorted(more, key=lambda pos: -grid.copies(partner[pos]))
    for relation_ in (Relation.CAMO, Relation.VIUDO, Relation.ANTI):
        for pos in order:
            stacked = {relation(grid.cards[pos], card) for card in grid.stacks[pos]}
            if excess > 0 and relation_ not in stacked:
                dropped[pos].add(relation_)
                excess -= 1
    return {pos: frozenset(found) for pos, found in dropped.items()}


def salto_cancelled(grid: Grid, position: int) -> frozenset[Relation]:
    """Art. 143.3: on a Salto on a doubled card, the other cards' Camos do not count (the bet
    is returned); on a triplicated one, their Camos and Viudos."""
    return _cancelled_against(1, grid.copies(position))


def odds(kind: Kind, grid: Grid, primeras: bool) -> int:
    """What a winning bet pays, "to 1" (art. 140, 143.1.d)."""
    if kind is Kind.VIS:
        return max(1, VIS_PAYS - grid.stacked - len(grid.burnt))
    if kind in SUIT_BETS:
        return max(1, CAV_PAYS_PRIMERAS - grid.stacked) if primeras else CAV_PAYS_SEGUNDAS
    if kind is Kind.SALTO:
        return SALTO_PAYS
    return CARTAS_PAYS


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"
    RETURNED = "returned"


def outcome(
    kind: Kind,
    cards: tuple[int, ...],
    against: tuple[int, ...],
    grid: Grid,
    match: Match,
) -> Outcome:
    """Whether a bet on ``cards`` (against ``against``, for Cartas) wins, loses or is returned
    when ``match`` ends the phase."""
    if kind is Kind.VIS:
        hit = match.first and match.position == cards[0] and match.relation is Relation.CAMO
        return Outcome.WON if hit else Outcome.LOST
    if kind in SUIT_BETS:
        hit = match.position == cards[0] and match.relation is SUIT_BETS[kind]
        return Outcome.WON if hit else Outcome.LOST
    if kind is Kind.SALTO:
        if match.position == cards[0]:
            return Outcome.WON
        if match.relation in salto_cancelled(grid, cards[0]):
            return Outcome.RETURNED
        return Outcome.LOST
    if match.position not in (*cards, *against):
        return Outcome.RETURNED
    if match.relation in cartas_cancelled(grid, cards, against)[match.position]:
        return Outcome.RETURNED
    return Outcome.WON if match.position in cards else Outcome.LOST


def settle(amount: int, kind: Kind, result: Outcome, pays: int, first: bool) -> tuple[int, int]:
    """(what goes back to the player, the levy to the house) for a bet of ``amount``: a win
    returns the stake and ``pays`` to 1, less 10% of the winnings (rounded down) when the first
    card drawn matched, except on VIS (art. 139.2)."""
    if result is Outcome.LOST:
        return 0, 0
    if result is Outcome.RETURNED:
        return amount, 0
    winnings = amount * pays
    levy = winnings * LEVY_PERCENT // 100 if first and kind is not Kind.VIS else 0
    return amount + winnings - levy, levy
