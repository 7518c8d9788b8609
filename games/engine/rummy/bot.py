"""A Rummy 70 bot that plays from its own view alone (``decide(view) -> Action``).

Each call makes one move. It takes the discard only when it can play it this turn, opens with the
richest choice of melds as soon as it reaches 70, then lays every meld it holds, lays off what
fits, swaps a joker when the freed joker can be played this turn, and discards the card that fits
worst (never a joker). While it owes cards it follows the owed-cards search
(:mod:`games.engine.rummy.owed`), so every move it makes is one the rules accept.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.errors import WrongPhase
from games.engine.rummy.actions import (
    Action,
    Close,
    Discard,
    Draw,
    KeepCut,
    LayMeld,
    LayOff,
    MeldSpec,
    Open,
    Ready,
    SwapJoker,
    TakeDiscard,
)
from games.engine.rummy.melds import Meld, card_points
from games.engine.rummy.owed import Step, next_step, placeable, swapped
from games.engine.rummy.planner import Search, lay_off_target
from games.engine.rummy.serialize import meld_from_json

JOKER_LAY_OFF_HAND = 2


def decide(view: dict[str, Any]) -> Action:
    """The bot's next move for the seat whose view this is."""
    kinds: list[str] = view["legal"]["kinds"]
    if "ready" in kinds:
        return Ready()
    if "keep_cut" in kinds:
        return KeepCut(keep=True)
    if not kinds or view["viewer"] is None:
        raise WrongPhase()
    hand = [Card.from_json(c) for c in view["hand"]]
    melds = [meld_from_json(m) for m in view["melds"]]
    opened: bool = view["players"][view["viewer"]]["opened"]
    if "draw" in kinds:
        top = None if view["top_discard"] is None else Card.from_json(view["top_discard"])
        take = "take_discard" in kinds and top is not None
        if take and top is not None and _would_use(hand, top, melds, opened, view):
            return TakeDiscard()
        return Draw()
    owed = [Card.from_json(c) for c in view["must_play"]]
    return _play(hand, melds, opened, owed, kinds)


def _would_use(
    hand: list[Card], top: Card, melds: list[Meld], opened: bool, view: dict[str, Any]
) -> bool:
    """Whether the top discard can go on the table this very turn (and, unopened, open)."""
    after = [*hand, top]
    search = Search(after)
    points, _ = search.best_with(len(hand))
    if not opened:
        needed: int = view["opening_points"]
        return points >= needed
    return placeable(after, [top], melds)


def _play(
    hand: list[Card], melds: list[Meld], opened: bool, owed: list[Card], kinds: list[str]
) -> Action:
    search = Search(hand)
    if owed and opened:
        step = next_step(hand, owed, melds)
        if step is None:
            raise WrongPhase()
        return _action(step)
    for card in owed:
        position = next(i for i, c in enumerate(hand) if c.id == card.id)
        points, chosen = search.best_with(position)
        if points:
            return Open(tuple(c.spec(hand) for c in chosen))
    points, chosen = search.best()
    if not opened:
        if "open" in kinds and chosen and points >= 70:
            return Open(tuple(c.spec(hand) for c in chosen))
        return Discard(_worst_card(hand, search, opened))
    if chosen:
        return LayMeld(chosen[0].spec(hand))
    move = _lay_off(hand, melds) or _swap(hand, melds)
    if move is not None:
        return move
    if len(hand) <= 1:
        return Close(hand[0] if hand else None)
    return Discard(_worst_card(hand, search, opened))


def _lay_off(hand: list[Card], melds: list[Meld]) -> Action | None:
    for card in hand:
        if card.is_joker and len(hand) > JOKER_LAY_OFF_HAND:
            continue
        index = lay_off_target(card, melds)
        if index is not None:
            return LayOff(index, card)
    return None


def _swap(hand: list[Card], melds: list[Meld]) -> Action | None:
    """Swap a joker for a card in hand when the freed joker can be played at once."""
    for index, meld in enumerate(melds):
        joker = meld.joker
        if joker is None or meld.joker_as is None:
            continue
        card = next((c for c in hand if c == meld.joker_as), None)
        if card is None:
            continue
        after_hand = [c for c in hand if c.id != card.id] + [joker]
        after_melds = list(melds)
        after_melds[index] = swapped(meld, card)
        if placeable(after_hand, [joker], after_melds):
            return SwapJoker(index, card)
    return None


def _action(step: Step) -> Action:
    if step.kind == "meld":
        return LayMeld(MeldSpec(step.cards, step.joker_as))
    assert step.meld is not None
    if step.kind == "swap":
        return SwapJoker(step.meld, step.cards[0])
    return LayOff(step.meld, step.cards[0], step.joker_as)


def _worst_card(hand: list[Card], search: Search, opened: bool) -> Card:
    """The card that fits worst: outside the planned melds, fewest neighbours, then value."""
    _, chosen = search.best()
    planned = {i for c in chosen for i in c.positions}

    def keep_score(i: int) -> tuple[int, int, float]:
        card = hand[i]
        links = 0
        for other in hand:
            if other is card or other.suit is None or card.suit is None:
                continue
            if other.rank == card.rank and other.suit != card.suit:
                links += 2
            elif other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2:
                links += 3 - abs(other.rank - card.rank)
        value = card_points(card)
        return (1 if i in planned else 0, links, -value if opened else value / 100)

    choices = [i for i, c in enumerate(hand) if not c.is_joker] or list(range(len(hand)))
    return hand[min(choices, key=keep_score)]
