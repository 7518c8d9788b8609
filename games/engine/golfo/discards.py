"""Dealing and the descartes: throwing cards and being served their replacements from the stock.

The dealer serves in blocks, starting at his right: two cards to each active player, then
(after the first envite) three more to each. In a descarte each player still in, in the order of
play, throws 0 to 5 cards and is served as many from the top of the stock at once. If the stock
runs out while a player is being served, the cards discarded this hand are shuffled into a new
stock, except every card that player has thrown this hand (in either descarte). That always
leaves enough: 28 cards less five in each live hand, any folded hand and at most five of his own
first descarte leave at least eight to serve him. Folded hands stay dead on the table and never
go back into the stock.
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
        state.players[seat].hand.extend(draw(state, count, seat))


def draw(state: State, count: int, seat: int) -> list[Card]:
    """``count`` cards from the top of the stock for ``seat``, rebuilding it from the discards
    when it runs out (the cards he throws join the discards only after he is served)."""
    served: list[Card] = []
    while len(served) < count:
        if not state.stock:
            rebuild_stock(state, seat)
        served.append(state.stock.pop(0))
    return served


def _own(state: State, seat: int) -> set[int]:
    """The ids of the discards a rebuild for ``seat`` leaves out."""
    if not state.options.rebuild_without_own:
        return set()
    return {card.id for card in state.players[seat].thrown_cards}


def rebuild_stock(state: State, seat: int) -> None:
    """The discards of this hand, but those of ``seat``, shuffled into a new stock."""
    own = _own(state, seat)
    rng = seeded_rng(state.seed, state.hand_no, "rebuild", state.rebuilds)
    state.stock = shuffled([card for card in state.discards if card.id not in own], rng)
    state.discards = [card for card in state.discards if card.id in own]
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
    player.hand.extend(draw(state, len(thrown), seat))
    state.discards.extend(thrown)
    player.thrown.append(len(thrown))
    player.thrown_cards.extend(thrown)
