"""Dealing and the descartes: throwing cards and being served their replacements from the stock.

The dealer serves in blocks, starting at his right: two cards to each active player, then
(after the first envite) three more to each. In a descarte each player still in, in the order of
play, throws 0 to 5 cards and is served as many from the top of the stock at once. If the stock
runs out while a player is being served, the discards thrown so far (not the cards that player
has just thrown) are shuffled into a new stock. Folded hands stay dead on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card, seeded_rng, shuffled, stacked
from games.engine.errors import CardNotHeld
from games.engine.golfo.errors import SameCardTwice, TooManyDiscards
from games.engine.golfo.hands import HAND_SIZE, golfo_deck
from games.engine.golfo.state import State


def deck_for(state: State, hand_no: int) -> list[Card]:
    """The deck of hand ``hand_no``: shuffled from the match seed, or, when a test fixed its
    top in ``state.decks``, those cards first and the rest in deck order."""
    if hand_no in state.decks:
        return stacked(golfo_deck(), state.decks[hand_no])
    return shuffled(golfo_deck(), seeded_rng(state.seed, hand_no, "deck"))


def deal_round(state: State, count: int) -> None:
    """``count`` cards from the stock to each player still in, from the dealer's right."""
    for seat in state.live():
        state.players[seat].hand.extend(draw(state, count))


def draw(state: State, count: int) -> list[Card]:
    """``count`` cards from the top of the stock, rebuilding it from the discards when it runs
    out (the cards of the player being served join the discards only after he is served)."""
    served: list[Card] = []
    while len(served) < count:
        if not state.stock:
            rebuild_stock(state)
        served.append(state.stock.pop(0))
    return served


def rebuild_stock(state: State) -> None:
    rng = seeded_rng(state.seed, state.hand_no, "rebuild", state.rebuilds)
    state.stock = shuffled(state.discards, rng)
    state.discards = []
    state.rebuilds += 1


def check_discard(state: State, seat: int, cards: Sequence[Card]) -> None:
    if len(cards) > HAND_SIZE:
        raise TooManyDiscards(limit=HAND_SIZE)
    hand = state.players[seat].hand
    for index, card in enumerate(cards):
        if card in cards[:index]:
            raise SameCardTwice(card=str(card))
        if card not in hand:
            raise CardNotHeld(card=str(card))


def do_discard(state: State, seat: int, cards: Sequence[Card]) -> None:
    """Throw ``cards`` and be served as many; they join the discards once he is served."""
    player = state.players[seat]
    thrown = [player.hand.pop(player.hand.index(card)) for card in cards]
    player.hand.extend(draw(state, len(thrown)))
    state.discards.extend(thrown)
    player.thrown.append(len(thrown))
