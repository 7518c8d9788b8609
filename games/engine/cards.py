"""Spanish playing cards, their notation, decks and seeded shuffles.

Notation (RULES.md): rank then suit. Ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (J sota, Q caballo,
K rey); suits ``O`` oros, ``C`` copas, ``E`` espadas, ``B`` bastos; ``*`` is a comodín (joker).

Decks that hold two copies of a card tell them apart by ``Card.id`` only: the id takes no part in
equality or hashing, so the rules never see it; it exists so that every physical card can be
accounted for exactly once.

A physical card is one object shared by every state that holds it (``physical_card``): cards are
immutable, and a server holding the states of hundreds of tables would otherwise hold a card
object per card per table (26,500 for 250 tables of Rummy 70's 106 cards), each one more object
for its memory and its garbage collector.
"""

from __future__ import annotations

import builtins
import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.errors import InvalidAction


class Suit(StrEnum):
    OROS = "O"
    COPAS = "C"
    ESPADAS = "E"
    BASTOS = "B"


SUITS: tuple[Suit, ...] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
RANK_NAMES: dict[int, str] = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"} | {
    n: str(n) for n in range(2, 11)
}
RANK_BY_NAME: dict[str, int] = {name: rank for rank, name in RANK_NAMES.items()}
JOKER_TEXT = "*"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is 1 (A) to 13 (K), or 0 for a joker, whose ``suit`` is None."""

    rank: int
    suit: Suit | None
    id: int = field(default=0, compare=False)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        # ``_value_``, not ``value``: the same letter, read as a plain attribute. A view or a
        # state's JSON writes every card it holds, and ``value`` is a property of the enum
        # that costs twice what the rest of this method does.
        if self.suit is None:
            return JOKER_TEXT
        return RANK_NAMES[self.rank] + self.suit._value_

    def to_json(self) -> str:
        """``"7O#12"``: notation and id, the whole identity of a physical card."""
        if self.suit is None:
            return f"{JOKER_TEXT}#{self.id}"
        return f"{RANK_NAMES[self.rank]}{self.suit._value_}#{self.id}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        if not isinstance(data, str) or "#" not in data:
            raise InvalidAction(detail=repr(data))
        text, _, id_text = data.rpartition("#")
        if not (id_text.isascii() and id_text.isdigit()):
            raise InvalidAction(detail=repr(data))
        return parse_card(text, card_id=int(id_text))


JOKER = Card(JOKER_RANK, None)
KEPT_CARDS = 1024
"""More than the physical cards of every game's decks; a card named by a forged id only takes a
place among them for a while."""


@functools.lru_cache(maxsize=KEPT_CARDS)
def physical_card(rank: int, suit: Suit | None, card_id: int) -> Card:
    """The one shared ``Card`` of this rank, suit and id."""
    return Card(rank, suit, card_id)


def parse_card(text: str, *, card_id: int = 0) -> Card:
    """One card from its notation, e.g. ``"10C"``, ``"QB"``, ``"*"``."""
    if text == JOKER_TEXT:
        return physical_card(JOKER_RANK, None, card_id)
    rank_text, suit_text = text[:-1], text[-1:]
    if rank_text not in RANK_BY_NAME or suit_text not in Suit._value2member_map_:
        raise InvalidAction(detail=repr(text))
    return physical_card(RANK_BY_NAME[rank_text], Suit(suit_text), card_id)


def parse(text: str) -> list[Card]:
    """Cards from space-separated notation; copies in one text get ids 0, 1, 2… in order."""
    return [parse_card(word, card_id=n) for n, word in enumerate(text.split())]


def format(cards: Iterable[Card]) -> str:  # noqa: A001 - the public name the issues ask for
    """The inverse of :func:`parse`: space-separated notation."""
    return " ".join(str(card) for card in cards)


def build_deck(ranks: Sequence[int], *, copies: int = 1, jokers: int = 0) -> list[Card]:
    """A fresh deck in a fixed order, every physical card with its own id."""
    faces: list[tuple[int, Suit | None]] = [
        (rank, suit) for _ in range(copies) for suit in SUITS for rank in ranks
    ]
    faces += [(JOKER_RANK, None)] * jokers
    return [physical_card(rank, suit, n) for n, (rank, suit) in enumerate(faces)]


def seeded_rng(seed: int | str, *keys: object) -> random.Random:
    """A Random that depends only on the seed and the keys (e.g. hand number, purpose).

    String seeds are hashed by ``random`` deterministically, so the same seed and keys give the
    same shuffle on every machine and Python process.
    """
    return random.Random("/".join(builtins.map(str, (seed, *keys))))


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards``; the RNG is injected so tests and replays control it."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def stacked(deck: Sequence[Card], top: Sequence[Card]) -> list[Card]:
    """``deck`` reordered so that ``top`` comes first, in that order, then the rest as they were.

    The physical cards (and ids) are taken from ``deck``; ``top`` only names them, so a test can
    write an exact deal in notation. Raises ``InvalidAction`` when ``deck`` lacks a named card.
    """
    rest = list(deck)
    head: list[Card] = []
    for wanted in top:
        try:
            index = rest.index(wanted)
        except ValueError:
            raise InvalidAction(detail=f"{wanted} is not in the deck") from None
        head.append(rest.pop(index))
    return head + rest
