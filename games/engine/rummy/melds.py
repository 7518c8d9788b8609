"""Card values and melds of Rummy 70 (RULES.md §1 "Deck and values", "Melds").

A meld is a *set* (3 or 4 cards of one rank, all of different suits) or a *run* (3 or more
consecutive cards of one suit, the ace low in A-2-3 or high in Q-K-A, never both, no wrap). A
meld holds at most one joker, which stands for exactly one card: its *face* (``joker_as``).

When the place of a joker is ambiguous (an end of a run, the missing suit of a set) the player
declares it, written ``*=7O`` in notation. Undeclared, the engine picks the reading worth the
most: the high end of a run (the low end when the high end is past the ace), the first missing
suit of a set in the order oros, copas, espadas, bastos. A joker declared as the ace of a run
2…K stands high (Q-K-A), the reading worth more; a real ace laid off on such a run goes low.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from games.engine.cards import ACE, JOKER_TEXT, KING, SUITS, Card, Suit, parse_card
from games.engine.messages import N_
from games.engine.rummy.errors import IllegalMeld

MeldKind = Literal["set", "run"]
Refusal = Callable[[str], IllegalMeld]
HIGH_ACE = KING + 1
JOKER_IN_HAND_POINTS = 25


def card_points(card: Card, *, low_ace: bool = False) -> int:
    """A card's value: its pips; J, Q, K 10; A 11, or 1 standing low in a run."""
    if card.rank == ACE:
        return 1 if low_ace else 11
    return min(card.rank, 10)


def hand_points(cards: Iterable[Card], joker_penalty: int = JOKER_IN_HAND_POINTS) -> int:
    """Points left in a hand, counted when a hand ends ABIERTOS; a joker counts 25 by default."""
    return sum(joker_penalty if card.is_joker else card_points(card) for card in cards)


@dataclass(frozen=True, slots=True)
class Meld:
    """Physical cards in table order (runs low to high), the face of its joker, who laid it."""

    kind: MeldKind
    cards: tuple[Card, ...]
    joker_as: Card | None = None
    owner: int | None = None

    @property
    def faces(self) -> list[Card]:
        """The cards as the rules read them: the joker replaced by what it stands for."""
        return [self.joker_as if c.is_joker and self.joker_as else c for c in self.cards]

    @property
    def points(self) -> int:
        faces = self.faces
        if self.kind == "run":
            return sum(card_points(c, low_ace=i == 0) for i, c in enumerate(faces))
        return sum(card_points(c) for c in faces)

    @property
    def joker(self) -> Card | None:
        return next((c for c in self.cards if c.is_joker), None)


def face(card: Card) -> Card:
    """The card without its physical identity: what a joker stands for."""
    return Card(card.rank, card.suit)


def form_meld(
    cards: Sequence[Card], *, joker_as: Card | None = None, owner: int | None = None
) -> Meld:
    """The meld these cards make, or :class:`IllegalMeld` saying why they make none."""
    jokers = [c for c in cards if c.is_joker]
    real = [c for c in cards if not c.is_joker]

    def refuse(reason: str) -> IllegalMeld:
        return IllegalMeld(cards=" ".join(map(str, cards)) or "-", reason=reason)

    if len(cards) < 3:
        raise refuse(N_("a meld needs at least 3 cards"))
    if len(jokers) > 1:
        raise refuse(N_("a meld holds at most one joker"))
    if joker_as is not None and (joker_as.is_joker or not jokers):
        raise refuse(N_("a joker stands for one real card"))
    if len({c.rank for c in real}) == 1:
        return _form_set(real, jokers, joker_as, owner, refuse)
    return _form_run(real, jokers, joker_as, owner, refuse)


def _form_set(
    real: list[Card],
    jokers: list[Card],
    joker_as: Card | None,
    owner: int | None,
    refuse: Refusal,
) -> Meld:
    rank = real[0].rank
    suits = [c.suit for c in real]
    if len(set(suits)) != len(suits):
        raise refuse(N_("a set needs different suits"))
    if jokers:
        missing = [s for s in SUITS if s not in suits]
        if joker_as is None and missing:
            joker_as = Card(rank, missing[0])
        if joker_as is None or joker_as.rank != rank or joker_as.suit in suits:
            raise refuse(N_("the joker must stand for a missing suit of the set"))
    if len(real) + len(jokers) > 4:
        raise refuse(N_("a set holds at most 4 cards"))
    order = {s: i for i, s in enumerate(SUITS)}

    def suit_index(card: Card) -> int:
        shown = joker_as if card.is_joker else card
        assert shown is not None and shown.suit is not None
        return order[shown.suit]

    cards = tuple(sorted([*real, *jokers], key=suit_index))
    return Meld("set", cards, face(joker_as) if joker_as else None, owner)


def _form_run(
    real: list[Card],
    jokers: list[Card],
    joker_as: Card | None,
    owner: int | None,
    refuse: Refusal,
) -> Meld:
    suits = {c.suit for c in real}
    if len(suits) != 1 or (joker_as is not None and joker_as.suit not in suits):
        raise refuse(N_("a run needs one suit (and a set one rank)"))
    suit = real[0].suit
    assert suit is not None
    declared_ace = joker_as is not None and joker_as.rank == ACE
    for ace_high in (True, False) if declared_ace else (False, True):
        placed = {_position(c, ace_high): c for c in real}
        if len(placed) != len(real):
            continue
        low, high = min(placed), max(placed)
        gaps = [p for p in range(low, high + 1) if p not in placed]
        if not jokers:
            if not gaps:
                return Meld("run", tuple(placed[p] for p in range(low, high + 1)), None, owner)
            continue
        if joker_as is not None:
            spot = _position(joker_as, ace_high)
            if spot in placed or not (gaps == [spot] or (not gaps and spot in (low - 1, high + 1))):
                continue
        elif len(gaps) == 1:
            spot = gaps[0]
        elif gaps:
            continue
        else:
            spot = high + 1 if high < HIGH_ACE else low - 1
        if spot < ACE or spot > HIGH_ACE or {spot, *placed} >= {ACE, HIGH_ACE}:
            continue
        placed[spot] = jokers[0]
        span = range(min(placed), max(placed) + 1)
        stands_for = Card(ACE if spot == HIGH_ACE else spot, Suit(suit))
        return Meld("run", tuple(placed[p] for p in span), stands_for, owner)
    raise refuse(
        N_("a run needs consecutive cards of one suit, ace-2-3 or knight-king-ace, no wrap")
    )


def _position(card: Card, ace_high: bool) -> int:
    return HIGH_ACE if card.rank == ACE and ace_high else card.rank


def meld_kind(cards: Sequence[Card], *, joker_as: Card | None = None) -> MeldKind:
    """``"set"`` or ``"run"``; :class:`IllegalMeld` for anything else."""
    return form_meld(cards, joker_as=joker_as).kind


def meld_points(cards: Sequence[Card], *, joker_as: Card | None = None) -> int:
    """What a meld is worth towards the 70 (a joker is worth the card it stands for)."""
    return form_meld(cards, joker_as=joker_as).points


def extend(meld: Meld, card: Card, *, joker_as: Card | None = None) -> Meld:
    """The meld with one more card laid off on it (a lay-off), or :class:`IllegalMeld`."""
    if card.is_joker and meld.joker is not None:
        raise IllegalMeld(cards=f"{format_meld(meld)} {card}", reason=N_("one joker per meld"))
    declared = meld.joker_as if meld.joker is not None else joker_as
    return form_meld([*meld.cards, card], joker_as=declared, owner=meld.owner)


def parse_meld(text: str) -> tuple[list[Card], Card | None]:
    """Cards and joker declaration from notation such as ``"5O 6O *=7O"``."""
    cards: list[Card] = []
    joker_as: Card | None = None
    for n, word in enumerate(text.split()):
        if word.startswith(JOKER_TEXT + "="):
            joker_as = parse_card(word[2:])
            word = JOKER_TEXT
        cards.append(parse_card(word, card_id=n))
    return cards, joker_as


def format_meld(meld: Meld) -> str:
    """A meld in notation, its joker written with what it stands for (``*=7O``)."""
    return " ".join(
        f"{JOKER_TEXT}={meld.joker_as}" if c.is_joker and meld.joker_as else str(c)
        for c in meld.cards
    )
