"""The house way: how the bank sets its seven cards, and how a bot or a player out of time does.

A simplified form of the classic Nevada house way, written out in docs/paigow.md. Cards are
grouped by value with the joker counted as an ace (so joker and ace make a pair of aces, a lone
joker is an ace single); a straight or a flush is found by trying every split.

1. Five aces: the five aces stay in the 5-card hand; the two other cards go to the 2-card hand.
2. Four of a kind with a pair or three of a kind beside it: that pair (two of the three) goes low.
   Four of a kind from 2 to 6 stays together; 7 or higher is split into two pairs, one in each
   hand, unless an ace single is held (then it stays together and the ace goes low). Four aces
   are always split.
3. Two sets of three: two cards of the higher set go low.
4. A full house: the three of a kind stays high, the highest pair goes low.
5. Three of a kind and nothing else: a straight or flush is played if there is one; otherwise the
   three stay high (three aces: a pair of aces high, the third ace low) with the highest singles
   low.
6. Three pairs: the highest pair goes low.
7. Two pairs: split (the higher pair high, the lower pair low), unless an ace single is held and
   the higher pair is tens or lower: then both pairs stay high, the ace and the highest other
   single go low.
8. One pair: a straight or flush is played if there is one; otherwise the pair stays high and the
   two highest singles go low.
9. No pair: a straight or flush is played if there is one; otherwise the highest card stays high
   and the second and third highest go low.

"A straight or flush is played" means: of the splits whose 5-card hand is a straight, a flush or
a straight flush, the one with the best 2-card hand (then the best 5-card hand).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.paigow.hands import (
    FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    card_value,
    high_value,
    low_value,
    splits,
)

Low = tuple[Card, Card]


def house_way(cards: Sequence[Card]) -> Low:
    """The 2-card hand the house way sets from seven cards (the rest is the 5-card hand)."""
    groups: dict[int, list[Card]] = defaultdict(list)
    for card in sorted(cards, key=card_value, reverse=True):
        groups[card_value(card)].append(card)
    by_size: dict[int, list[int]] = defaultdict(list)
    for value in sorted(groups, reverse=True):
        by_size[len(groups[value])].append(value)
    singles = [groups[value][0] for value in by_size[1]]
    pairs, trips, quads = by_size[2], by_size[3], by_size[4]

    def pair(value: int) -> Low:
        return groups[value][0], groups[value][1]

    def best_singles(count_from: int = 0) -> Low:
        return singles[count_from], singles[count_from + 1]

    if by_size[5]:
        rest = [card for card in cards if card_value(card) != 14]
        return rest[0], rest[1]
    if quads:
        if pairs or trips:
            return pair(max(pairs + trips))
        if quads[0] <= 6 or (quads[0] < 14 and card_value(singles[0]) == 14):
            return best_singles()
        return pair(quads[0])
    if len(trips) == 2:
        return pair(trips[0])
    if trips and pairs:
        return pair(pairs[0])
    if trips:
        straight = _straight_or_flush(cards)
        if straight is not None:
            return straight
        if trips[0] == 14:
            return groups[14][2], singles[0]
        return best_singles()
    if len(pairs) == 3:
        return pair(pairs[0])
    if len(pairs) == 2:
        if card_value(singles[0]) == 14 and pairs[0] <= 10:
            return best_singles()
        return pair(pairs[1])
    straight = _straight_or_flush(cards)
    if straight is not None:
        return straight
    if pairs:
        return best_singles()
    return best_singles(1)


def _straight_or_flush(cards: Sequence[Card]) -> Low | None:
    playable = [
        (low_value(low), high_value(high), low)
        for low, high in splits(cards)
        if high_value(high)[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
    ]
    if not playable:
        return None
    return max(playable, key=lambda found: (found[0], found[1]))[2]
