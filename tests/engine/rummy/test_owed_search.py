"""The owed-cards search leaves out moves that never help (lay-offs on a meld laid this turn, new
melds without an owed card, a card a player does not owe laid off on a set). These tests compare
it with a plain search over every move, on small random positions: both must agree."""

from __future__ import annotations

import random

from games.engine.cards import ACE, SUITS, Card
from games.engine.rummy.errors import IllegalMeld
from games.engine.rummy.melds import Meld, extend, form_meld
from games.engine.rummy.owed import joker_faces, placeable, swapped
from games.engine.rummy.planner import candidates

Position = tuple[tuple[Card, ...], frozenset[int], tuple[Meld, ...]]


def every_move(position: Position) -> list[Position]:
    hand, owed, melds = position
    after: list[Position] = []
    for card in hand:
        rest = tuple(c for c in hand if c.id != card.id)
        for index, meld in enumerate(melds):
            for joker_as in joker_faces(meld) if card.is_joker else (None,):
                try:
                    longer = extend(meld, card, joker_as=joker_as)
                except IllegalMeld:
                    continue
                laid = (*melds[:index], longer, *melds[index + 1 :])
                after.append((rest, owed - {card.id}, laid))
            joker = meld.joker
            if joker is not None and not card.is_joker and meld.joker_as == card:
                laid = (*melds[:index], swapped(meld, card), *melds[index + 1 :])
                after.append(((*rest, joker), (owed - {card.id}) | {joker.id}, laid))
    for candidate in candidates(hand):
        cards = [hand[i] for i in candidate.positions]
        ids = {c.id for c in cards}
        meld = form_meld(cards, joker_as=candidate.joker_as)
        after.append((tuple(c for c in hand if c.id not in ids), owed - ids, (*melds, meld)))
    return after


def plainly_placeable(position: Position, seen: dict[object, bool]) -> bool:
    hand, owed, melds = position
    if not owed:
        return True
    key = (
        tuple(sorted((str(c), c.id in owed) for c in hand)),
        tuple(sorted(" ".join(map(str, m.cards)) + str(m.joker_as) for m in melds)),
    )
    if key not in seen:
        seen[key] = False
        seen[key] = any(plainly_placeable(p, seen) for p in every_move(position))
    return seen[key]


def random_position(rng: random.Random) -> Position:
    ids = iter(range(1000))
    melds: list[Meld] = []
    near: list[Card] = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.6:
            suit = rng.choice(SUITS)
            low = rng.randint(ACE, 10)
            faces = [Card(r, suit) for r in range(low, low + 3)]
            near += [Card(r, suit) for r in (low - 2, low - 1, low + 3, low + 4) if 1 <= r <= 13]
        else:
            rank = rng.randint(ACE, 13)
            faces = [Card(rank, s) for s in rng.sample(SUITS, 3)]
            near += [Card(rank, s) for s in SUITS]
        physical = [Card(c.rank, c.suit, next(ids)) for c in faces]
        joker_as = None
        if rng.random() < 0.5:
            spot = rng.randrange(3)
            joker_as = faces[spot]
            physical[spot] = Card(0, None, next(ids))
        melds.append(form_meld(physical, joker_as=joker_as))
        near += [joker_as] if joker_as else []
    pool = near + [Card(rng.randint(ACE, 13), rng.choice(SUITS)) for _ in range(6)]
    hand = [Card(c.rank, c.suit, next(ids)) for c in rng.sample(pool, min(len(pool), 5))]
    hand += [Card(0, None, next(ids)) for _ in range(rng.choice([0, 0, 1, 2]))]
    owed = frozenset(c.id for c in rng.sample(hand, rng.choice([1, 1, 2])))
    return tuple(hand), owed, tuple(melds)


def test_the_owed_cards_search_agrees_with_a_search_over_every_move() -> None:
    rng = random.Random(70)
    answers = {True: 0, False: 0}
    for _ in range(400):
        hand, owed, melds = random_position(rng)
        expected = plainly_placeable((hand, owed, melds), {})
        owing = [c for c in hand if c.id in owed]
        assert placeable(hand, owing, melds) == expected, (hand, owing, melds)
        answers[expected] += 1
    assert min(answers.values()) > 50
