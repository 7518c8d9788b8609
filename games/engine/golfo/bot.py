"""A Golfo bot that plays from its own view alone (no state, no hidden card).

It estimates the value its hand will reach by the showdown: for each suit, what it holds plus
the cards of that suit it can expect from the deals and descartes still to come, drawn from the
cards it cannot see. It discards towards the suit with the best estimate, keeping at most four
cards of it; it bets, calls, raises or folds by that estimate against the price of the call.
Deterministic: the same view always gives the same move.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.cards import SUITS, Card, Suit
from games.engine.errors import NotYourTurn
from games.engine.golfo.actions import (
    Action,
    Bet,
    Call,
    Discard,
    Fold,
    NextHand,
    Pass,
    Raise,
    Rebuy,
)
from games.engine.golfo.hands import COUNTED_PER_SUIT, DECK_SIZE, HAND_SIZE, RANKS, SECOND_DEAL

# New cards still to come, lance by lance: (cards dealt outright, descartes left).
COMING: dict[str, tuple[int, int]] = {
    "envite_1": (SECOND_DEAL, 2),
    "envite_2": (0, 2),
    "descarte_1": (0, 2),
    "envite_3": (0, 1),
    "descarte_2": (0, 1),
    "envite_4": (0, 0),
}
EVEN_VALUE = 21.0  # an estimate that wins about half its showdowns against one hand
SPREAD = 2.5  # how fast the chance of winning grows with the estimate
RAISE_CHANCE = 0.8
BET_CHANCE = 0.6


def decide(view: Mapping[str, Any]) -> Action:
    """The bot's move for the seat whose view this is."""
    legal = {move["kind"]: move for move in view["legal"]}
    if not legal:
        raise NotYourTurn()
    if "rebuy" in legal:
        return Rebuy(legal["rebuy"]["max"])
    if "next_hand" in legal:
        return NextHand()
    me = view["seats"][view["viewer"]]
    cards = [Card.from_json(text) for text in me["cards"]]
    if "discard" in legal:
        return Discard(tuple(to_throw(cards, view["lance"])))
    chance = win_chance(estimate(cards, view["lance"]), opponents(view))
    if "pass" in legal:
        return _open(legal["bet"], chance, view["pot_total"])
    return _answer(legal, chance, view["pot_total"], view["current_bet"])


def opponents(view: Mapping[str, Any]) -> int:
    return sum(1 for seat in view["seats"] if seat["in_hand"] and not seat["folded"]) - 1


def win_chance(value: float, rivals: int) -> float:
    """A rough chance that a hand worth ``value`` at the showdown beats ``rivals`` hands."""
    against_one = 1.0 / (1.0 + math.exp(-(value - EVEN_VALUE) / SPREAD))
    return against_one ** max(rivals, 1)


def _open(bet: Mapping[str, int], chance: float, pot: int) -> Action:
    if chance < BET_CHANCE:
        return Pass()
    wanted = round(pot * chance)
    return Bet(min(max(wanted, bet["min"]), bet["max"]))


def _answer(legal: Mapping[str, Mapping[str, int]], chance: float, pot: int, bet: int) -> Action:
    price = legal["call"]["amount"]
    if "raise" in legal and chance >= RAISE_CHANCE and bet < pot:
        step = legal["raise"]
        return Raise(min(max(pot // 2, step["min"]), step["max"]))
    if chance * (pot + price) >= price:
        return Call()
    return Fold()


def estimate(cards: Sequence[Card], lance: str) -> float:
    """The best expected showdown value over the four suits."""
    return max(suit_estimate(cards, suit, lance) for suit in SUITS)


def suit_estimate(cards: Sequence[Card], suit: Suit, lance: str) -> float:
    """What ``suit`` may be worth at the showdown: the cards held, plus the expected worth of
    the cards of that suit still to come, one round of new cards at a time."""
    held = sorted((card.rank for card in cards if card.suit is suit), reverse=True)
    missing = [rank for rank in RANKS if rank not in held]
    unseen = DECK_SIZE - len(cards)
    value = float(sum(held[:COUNTED_PER_SUIT]))
    count = float(min(len(held), COUNTED_PER_SUIT))
    dealt, descartes = COMING.get(lance, (0, 0))
    rounds = ([dealt] if dealt else []) + [-1] * descartes
    for new in rounds:
        slots = HAND_SIZE - count if new < 0 else new
        arrivals = min(slots * len(missing) / unseen, COUNTED_PER_SUIT - count)
        value += arrivals * sum(missing) / len(missing) if missing else 0.0
        count += arrivals
    return value


def to_throw(cards: Sequence[Card], lance: str) -> list[Card]:
    """Everything but the (at most four) best cards of the most promising suit."""
    target = max(SUITS, key=lambda suit: suit_estimate(cards, suit, lance))
    keep = sorted((card for card in cards if card.suit is target), key=lambda c: -c.rank)
    kept = keep[:COUNTED_PER_SUIT]
    return [card for card in cards if card not in kept]
