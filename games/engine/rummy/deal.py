"""The 106-card deck, the cut and the deal of a hand (RULES.md §1 "Players, deal and turn order").

The deck order decides everything: the top card is the one the cutter shows (a joker he may
keep; a card not kept goes back into the stock at a seeded random place), then the cards are
dealt one at a time, starting with the player on the dealer's right and going
counter-clockwise, dealer last, until everyone holds 14; the next card is turned up to start the
discard pile; the rest is the stock, drawn from the front.

:func:`stacked_deal` builds a deck that deals exact hands, for tests and for the web layer's
test-only fixed deals (``new_match(..., deck=stacked_deal(...))``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine.cards import ACE, KING, Card, build_deck, parse, seeded_rng, shuffled
from games.engine.errors import InvalidAction
from games.engine.rummy.state import HAND_SIZE, Cut, Options, State

DECK_SIZE = 106


def rummy_deck() -> list[Card]:
    """A fresh deck: A–10, J, Q, K in four suits, twice, and 2 jokers; ids 0–105."""
    return build_deck(range(ACE, KING + 1), copies=2, jokers=2)


def seeded_deck(seed: int | str, hand_no: int) -> list[Card]:
    """The shuffled deck of hand ``hand_no``: a function of the match seed alone."""
    return shuffled(rummy_deck(), seeded_rng(seed, hand_no, "deal", 0))


def deal_order(state: State) -> list[int]:
    """The players still in, from the dealer's right round to the dealer."""
    order = [state.next_seat(state.dealer)]
    while order[-1] != state.dealer:
        order.append(state.next_seat(order[-1]))
    return order


def cutter(state: State) -> int:
    """The player on the dealer's left cuts."""
    return state.previous_seat(state.dealer)


def deal(state: State, deck: Sequence[Card]) -> None:
    """Cut, then deal; ``state`` is a fresh copy to fill. A cutter who shows a joker is first
    asked whether he keeps it (phase ``cut``, his turn): until he says, the undealt deck lies in
    ``stock`` with the joker on top, and nobody holds a card."""
    if sorted(c.id for c in deck) != list(range(DECK_SIZE)):
        raise InvalidAction(detail="a rummy deal needs the 106 cards of the deck, each once")
    cards = list(deck)
    shown = cards[0]
    cut_by = cutter(state)
    state.cut = Cut(cut_by, shown, False)
    state.hands = [[] for _ in range(state.players)]
    state.discards = []
    state.melds = []
    state.face_down = []
    state.opened = [False] * state.players
    state.must_play = []
    state.open_with = None
    state.rebuilds = 0
    state.ready = [False] * state.players
    state.result = None
    state.turns_begun = 0
    if shown.is_joker and state.options.cut_choice:
        state.stock = cards
        state.phase = "cut"
        state.turn = cut_by
        return
    deal_after_cut(state, cards, keep=shown.is_joker)


def deal_after_cut(state: State, cards: list[Card], *, keep: bool) -> None:
    """Deal 14 each from the deck whose top card was shown at the cut (the cutter who keeps his
    joker gets 13 more), turn up a card and leave the stock. A cut card not kept goes back into
    the stock at a random place from the seed (under the older rules of ``Options.cut_choice``,
    to the bottom of the deck)."""
    assert state.cut is not None
    cut_by = state.cut.seat
    shown = cards.pop(0)
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    if keep:
        hands[cut_by].append(shown)
    elif not state.options.cut_choice:
        cards.append(shown)
    order = deal_order(state)
    position = 0
    for _ in range(HAND_SIZE):
        for seat in order:
            if len(hands[seat]) < HAND_SIZE:
                hands[seat].append(cards[position])
                position += 1
    stock = cards[position + 1 :]
    if not keep and state.options.cut_choice:
        place = seeded_rng(state.seed, state.hand_no, "cut", 0).randrange(len(stock) + 1)
        stock.insert(place, shown)
    state.cut = Cut(cut_by, shown, keep)
    state.hands = hands
    state.discards = [cards[position]]
    state.stock = stock
    state.phase = "draw"
    state.turn = order[0]
    state.turns_begun = 1


def stacked_deal(
    *,
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    up: str | None = None,
    cut: str | None = None,
    stock: str = "",
    eliminated: Sequence[int] = (),
) -> list[Card]:
    """A deck that deals exactly these cards, written in notation.

    ``hands`` maps seats to (up to) 14 cards; ``up`` is the first up-card; ``cut`` the card the
    player on the dealer's left shows (``"*"``: he keeps that joker, which must be one of the
    14 cards listed for him); ``stock`` the first cards of the stock in drawing order. Whatever
    is left unnamed is filled in a fixed pseudo-random order, without jokers (unnamed jokers go
    to the bottom of the stock), so an unnamed card never makes a test pass by chance of a joker.
    """
    pool = rummy_deck()

    def take(text: str) -> list[Card]:
        taken: list[Card] = []
        for wanted in parse(text):
            index = next((i for i, c in enumerate(pool) if c == wanted), None)
            if index is None:
                raise InvalidAction(detail=f"no {wanted} left for a stacked deal")
            taken.append(pool.pop(index))
        return taken

    probe = State(
        seed=0,
        players=players,
        options=Options(),
        hand_no=1,
        dealer=dealer,
        points=[3 if s in eliminated else 0 for s in range(players)],
        phase="draw",
        turn=0,
        hands=[],
        opened=[],
    )
    cut_by = cutter(probe)
    named = {seat: take(text) for seat, text in hands.items()}
    kept = cut == "*"
    if kept:
        joker = next((c for c in named.get(cut_by, []) if c.is_joker), None)
        if joker is None:
            raise InvalidAction(detail="the cutter keeps the joker: list it in his hand")
        named[cut_by].remove(joker)
        shown = joker
    up_cards = take(up) if up else []
    shown_cards = take(cut) if cut and not kept else []
    stock_cards = take(stock)
    fillers = shuffled([c for c in pool if not c.is_joker], seeded_rng("stacked-deal"))
    jokers = [c for c in pool if c.is_joker]
    if not kept:
        shown = shown_cards[0] if shown_cards else fillers.pop()
    order = deal_order(probe)
    for seat in order:
        wanted = HAND_SIZE - (1 if kept and seat == cut_by else 0)
        hand = named.setdefault(seat, [])
        if len(hand) > wanted:
            raise InvalidAction(detail=f"seat {seat} is dealt only {wanted} cards")
        while len(hand) < wanted:
            hand.append(fillers.pop())
    dealt: list[Card] = []
    for round_no in range(HAND_SIZE):
        for seat in order:
            if round_no < len(named[seat]):
                dealt.append(named[seat][round_no])
    if not up_cards:
        up_cards = [fillers.pop()]
    rest = stock_cards + fillers + jokers
    return [shown, *dealt, *up_cards, *rest]
