"""Exact deals and moves written in notation, for the Rummy 70 tests."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.cards import Card, parse, parse_card
from games.engine.rummy import (
    Action,
    Discard,
    Draw,
    MeldSpec,
    Options,
    State,
    apply,
    new_match,
    stacked_deal,
)
from games.engine.rummy.melds import Meld, form_meld, parse_meld


def deal(
    hands: Mapping[int, str],
    *,
    players: int = 2,
    dealer: int | None = None,
    up: str | None = None,
    cut: str | None = None,
    stock: str = "",
    options: Options | None = None,
) -> State:
    """A new match whose first hand deals exactly these cards (dealer: the last seat)."""
    dealer = players - 1 if dealer is None else dealer
    deck = stacked_deal(players=players, dealer=dealer, hands=hands, up=up, cut=cut, stock=stock)
    return new_match(players=players, options=options, seed="test", deck=deck, dealer=dealer)


def held(state: State, seat: int, text: str) -> list[Card]:
    """The physical cards of ``seat``'s hand named in ``text`` (copies taken in hand order)."""
    hand = list(state.hands[seat])
    found: list[Card] = []
    for wanted in parse(text):
        card = next(c for c in hand if c == wanted)
        hand.remove(card)
        found.append(card)
    return found


def card(state: State, seat: int, text: str) -> Card:
    (found,) = held(state, seat, text)
    return found


def meld(state: State, seat: int, text: str) -> MeldSpec:
    """A meld of cards from ``seat``'s hand, e.g. ``"5O 6O *=7O"``."""
    words = text.split()
    joker_as = next((parse_card(w[2:]) for w in words if w.startswith("*=")), None)
    plain = " ".join("*" if w.startswith("*=") else w for w in words)
    return MeldSpec(tuple(held(state, seat, plain)), joker_as)


def play(state: State, seat: int | None, *actions: Action) -> State:
    for action in actions:
        state = apply(state, seat, action)
    return state


def draw_and_throw(state: State) -> State:
    """The player to move draws from the stock and throws the card he drew."""
    seat = state.turn
    state = apply(state, seat, Draw())
    return apply(state, seat, Discard(state.hands[seat][-1]))


def past_first_round(state: State) -> State:
    """Everyone draws and throws what he drew until the first round is over."""
    while state.first_round:
        state = draw_and_throw(state)
    return state


def hand_text(state: State, seat: int) -> str:
    return " ".join(sorted(str(c) for c in state.hands[seat]))


def opened_table(hand: str, melds: tuple[str, ...], *, top: str | None = None) -> State:
    """Seat 0 (opened, as is seat 1) on turn after the first round: ``top`` given, he is about to
    take or draw; otherwise he has drawn and plays. Seat 1 holds a few cards of no use."""
    next_id = iter(range(1000))

    def cards(text: str) -> list[Card]:
        return [Card(c.rank, c.suit, next(next_id)) for c in parse(text)]

    laid: list[Meld] = []
    for text in melds:
        faces, joker_as = parse_meld(text)
        physical = [Card(c.rank, c.suit, next(next_id)) for c in faces]
        laid.append(form_meld(physical, joker_as=joker_as, owner=1))
    return State(
        seed="owed",
        players=2,
        options=Options(),
        hand_no=1,
        dealer=1,
        points=[0, 0],
        phase="draw" if top else "play",
        turn=0,
        hands=[cards(hand), cards("2B 4C 6E")],
        opened=[True, True],
        melds=laid,
        stock=cards("KB KC KE KO"),
        discards=cards(top or "3B"),
        turns_begun=5,
        ready=[False, False],
    )
