"""Owed cards: can every card a player must still play this turn reach the table, together?

An opened player owes the top discard he took and every joker he freed by a swap (RULES.md,
"Decisions, second pass / Owed cards"). A move is refused only when, after it, no sequence of
lay-offs, new melds and joker swaps places every owed card; :func:`placeable` answers that
question exactly, by a search over every order of those moves, and :func:`next_step` gives the
first move of one such sequence.

The search stays small because a solution can always be rewritten into a normal form:

- a meld laid this turn can be formed in one go, at the moment its last card would reach it, so
  nothing is laid off on a new meld and no joker is swapped out of one (that joker came from the
  hand and would only go back to it, owed again);
- a new meld holding no owed card then serves nothing and is left out;
- a card the player does not owe is laid off only at an end of a run, and only when an owed card
  of that suit lies further on that side: nothing else can use the longer run (a set only gets
  fuller, a joker's lay-off or swap does not depend on a run's length).

Positions are memoised on what the rules see (faces, which cards are owed, the melds' faces), so
two copies of a card and two orders that lead to the same table are searched once. The melds a
hand can form are listed once, over the hand and every joker a swap could bring into it. A
position where some owed card has no place left even with every other card's help is given up
at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from games.engine.cards import ACE, SUITS, Card
from games.engine.rummy.errors import IllegalMeld
from games.engine.rummy.melds import HIGH_ACE, Meld, extend, form_meld
from games.engine.rummy.planner import candidates

StepKind = Literal["lay_off", "swap", "meld"]


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a placement: physical cards, the index of a table meld, a joker's face."""

    kind: StepKind
    cards: tuple[Card, ...]
    meld: int | None = None
    joker_as: Card | None = None


_Position = tuple[tuple[Card, ...], frozenset[int], tuple[Meld, ...]]
_Key = tuple[tuple[tuple[str, bool], ...], tuple[tuple[str, str, str], ...]]


def placeable(hand: Sequence[Card], owed: Sequence[Card], melds: Sequence[Meld]) -> bool:
    """Whether some sequence of moves lays every owed card (each held in ``hand``) on the table,
    ``melds`` being the melds on it now."""
    return _Search(hand, melds).solve(_position(hand, owed, melds))


def next_step(hand: Sequence[Card], owed: Sequence[Card], melds: Sequence[Meld]) -> Step | None:
    """The first move of a sequence that lays every owed card; ``None`` when none does (or
    nothing is owed). A step names table melds by index and this hand's physical cards."""
    search = _Search(hand, melds)
    position = _position(hand, owed, melds)
    if not position[1]:
        return None
    for step, after in search.steps(position):
        if search.solve(after):
            return step
    return None


def _position(hand: Sequence[Card], owed: Sequence[Card], melds: Sequence[Meld]) -> _Position:
    return tuple(hand), frozenset(c.id for c in owed), tuple(melds)


def swapped(meld: Meld, card: Card) -> Meld:
    """The meld with its joker replaced by the real card it stands for."""
    cards = tuple(card if c.is_joker else c for c in meld.cards)
    return Meld(meld.kind, cards, None, meld.owner)


class _Search:
    def __init__(self, hand: Sequence[Card], melds: Sequence[Meld]) -> None:
        self.table = len(melds)
        self.memo: dict[_Key, bool] = {}
        self.cards = [*hand, *(m.joker for m in melds if m.joker is not None)]
        self.melds = candidates(self.cards)
        self.faces = {c.id: str(c) for c in self.cards}
        self.cards_by_id = {c.id: c for c in self.cards}
        self.meld_keys: dict[int, tuple[Meld, tuple[str, str, str]]] = {}

    def _reachable(self, card: Card, hand: tuple[Card, ...], melds: tuple[Meld, ...]) -> bool:
        """A quick necessary condition for an owed real card: some place could take it if every
        other card of the hand and every joker in it or on a table meld were free to help (a
        joker fills one gap of a run: its own one, swapped out, or another). A joker laid in a
        new meld this turn stays there (see the normal form above)."""
        free = {c.id for c in hand} | {
            m.joker.id for m in melds[: self.table] if m.joker is not None
        }
        for candidate in self.melds:
            cards = [self.cards[i] for i in candidate.positions]
            if any(c.id == card.id for c in cards) and all(c.id in free for c in cards):
                return True
        places = set(_places(card))
        for meld in melds[: self.table]:
            if meld.joker_as == card or may_fit(meld, card):
                return True
            if meld.kind != "run" or meld.faces[0].suit != card.suit:
                continue
            low, high = _span(meld)
            ranks = {p for c in hand if c.suit == card.suit for p in _places(c)}
            spare = 1 if any(self.cards_by_id[i].is_joker for i in free) else 0
            for p in places - set(range(low, high + 1)):
                gap = range(high + 1, p) if p > high else range(p + 1, low)
                if len([g for g in gap if g not in ranks]) <= spare:
                    return True
        return False

    def _key(self, hand: tuple[Card, ...], owed: frozenset[int], melds: tuple[Meld, ...]) -> _Key:
        cards = tuple(sorted((self.faces[c.id], c.id in owed) for c in hand))
        return cards, tuple(self._meld_key(m) for m in melds[: self.table])

    def _meld_key(self, meld: Meld) -> tuple[str, str, str]:
        known = self.meld_keys.get(id(meld))
        if known is None:
            known = self.meld_keys[id(meld)] = (meld, _meld_key(meld))
        return known[1]

    def solve(self, position: _Position) -> bool:
        hand, owed, melds = position
        if not owed:
            return True
        key = self._key(hand, owed, melds)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.memo[key] = False
        found = all(
            self._reachable(c, hand, melds) for c in hand if c.id in owed and not c.is_joker
        ) and any(self.solve(after) for _, after in self.steps(position))
        self.memo[key] = found
        return found

    def steps(self, position: _Position) -> Iterator[tuple[Step, _Position]]:
        """New melds with an owed card first, then lay-offs of owed cards, swaps, and lay-offs
        of other cards."""
        hand, owed, melds = position
        playable = _distinct(hand, owed)
        owing = [c for c in playable if c.id in owed]
        helping = [c for c in playable if c.id not in owed]
        yield from self._new_melds(hand, owed, melds)
        for card in owing:
            yield from self._lay_offs(card, hand, owed, melds)
        for card in owing + helping:
            yield from self._swaps(card, hand, owed, melds)
        for card in helping:
            yield from self._lay_offs(card, hand, owed, melds, runs_only=True)

    def _lay_offs(
        self,
        card: Card,
        hand: tuple[Card, ...],
        owed: frozenset[int],
        melds: tuple[Meld, ...],
        *,
        runs_only: bool = False,
    ) -> Iterator[tuple[Step, _Position]]:
        rest = _without(hand, card)
        seen: set[tuple[str, str, str]] = set()
        for index in range(self.table):
            meld = melds[index]
            if runs_only and meld.kind != "run":
                continue
            if not may_fit(meld, card):
                continue
            for joker_as in joker_faces(meld) if card.is_joker else (None,):
                try:
                    longer = extend(meld, card, joker_as=joker_as)
                except IllegalMeld:
                    continue
                if runs_only and not _toward_owed(meld, longer, hand, owed):
                    continue
                signature = _meld_key(longer)
                if signature in seen:
                    continue
                seen.add(signature)
                after = (*melds[:index], longer, *melds[index + 1 :])
                step = Step("lay_off", (card,), index, joker_as)
                yield step, (rest, owed - {card.id}, after)

    def _swaps(
        self, card: Card, hand: tuple[Card, ...], owed: frozenset[int], melds: tuple[Meld, ...]
    ) -> Iterator[tuple[Step, _Position]]:
        if card.is_joker:
            return
        for index in range(self.table):
            meld = melds[index]
            joker = meld.joker
            if joker is None or meld.joker_as != card:
                continue
            after = (*melds[:index], swapped(meld, card), *melds[index + 1 :])
            now_owed = (owed - {card.id}) | {joker.id}
            yield Step("swap", (card,), index), ((*_without(hand, card), joker), now_owed, after)

    def _new_melds(
        self, hand: tuple[Card, ...], owed: frozenset[int], melds: tuple[Meld, ...]
    ) -> Iterator[tuple[Step, _Position]]:
        """Every meld of the hand that lays at least one owed card (each reading once)."""
        held = {c.id for c in hand}
        seen: set[tuple[str, ...]] = set()
        for candidate in self.melds:
            cards = tuple(self.cards[i] for i in candidate.positions)
            if not any(c.id in owed for c in cards) or any(c.id not in held for c in cards):
                continue
            signature = (
                *sorted(f"{c}{'!' if c.id in owed else ''}" for c in cards),
                str(candidate.joker_as),
            )
            if signature in seen:
                continue
            seen.add(signature)
            meld = form_meld(cards, joker_as=candidate.joker_as)
            ids = {c.id for c in cards}
            rest = tuple(c for c in hand if c.id not in ids)
            step = Step("meld", cards, None, candidate.joker_as)
            yield step, (rest, owed - ids, (*melds, meld))


def may_fit(meld: Meld, card: Card) -> bool:
    """A quick necessary condition for laying ``card`` off on ``meld`` (the rules then judge)."""
    if card.is_joker:
        return meld.joker is None and (meld.kind == "run" or len(meld.cards) < len(SUITS))
    faces = meld.faces
    if meld.kind == "set":
        return (
            len(faces) < len(SUITS)
            and card.rank == faces[0].rank
            and all(f.suit != card.suit for f in faces)
        )
    if card.suit != faces[0].suit:
        return False
    low, high = _span(meld)
    return any(p in (low - 1, high + 1) for p in _places(card))


def _toward_owed(meld: Meld, longer: Meld, hand: tuple[Card, ...], owed: frozenset[int]) -> bool:
    """Whether a card not owed, laid at an end of this run, brings it closer to an owed real card
    of its suit that lies further on that side."""
    low, high = _span(meld)
    new_low, new_high = _span(longer)
    suit = meld.faces[0].suit
    places = [p for c in hand if c.id in owed and c.suit == suit for p in _places(c)]
    if new_high > high:
        return any(p > new_high for p in places)
    return any(p < new_low for p in places)


def _span(meld: Meld) -> tuple[int, int]:
    """The lowest and highest place of a run (an ace high at the top counts 14)."""
    faces = meld.faces
    top = faces[-1].rank
    return faces[0].rank, HIGH_ACE if top == ACE and len(faces) > 1 else top


def _places(card: Card) -> tuple[int, ...]:
    return (ACE, HIGH_ACE) if card.rank == ACE else (card.rank,)


def _distinct(hand: tuple[Card, ...], owed: frozenset[int]) -> list[Card]:
    """One physical card per face and owing, an owed copy first (it is always the better
    one to lay: the same face, one card less owed)."""
    chosen: dict[tuple[str, bool], Card] = {}
    for card in sorted(hand, key=lambda c: c.id not in owed):
        chosen.setdefault((str(card), card.id in owed), card)
    owed_faces = {face for face, owing in chosen if owing}
    return [c for (face, owing), c in chosen.items() if owing or face not in owed_faces]


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in hand if c.id != card.id)


def joker_faces(meld: Meld) -> list[Card]:
    """Every card a joker laid off on this meld could stand for (the rules judge each)."""
    if meld.joker is not None:
        return []
    faces = meld.faces
    if meld.kind == "set":
        present = {c.suit for c in faces}
        return [Card(faces[0].rank, s) for s in SUITS if s not in present]
    suit = faces[0].suit
    ranks = {faces[0].rank - 1, faces[-1].rank + 1, ACE}
    return [Card(r, suit) for r in sorted(ranks) if ACE <= r <= 13]


def _meld_key(meld: Meld) -> tuple[str, str, str]:
    return (meld.kind, " ".join(map(str, meld.cards)), str(meld.joker_as))
