"""The rules of the three-bet stud (RULES.md §3): the bets, the deal, the two withdrawals, the
two common cards, the void on a common J or higher shown by mistake, and the pay table."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import JACK, Card, seeded_rng, shuffled
from games.engine.errors import InvalidAction, NotSeated, NotYourTurn, WrongPhase
from games.engine.stud.actions import TABLE_MOVES, Action, Bet, Deal, Expose, Ride
from games.engine.stud.errors import (
    AlreadyBet,
    BadTable,
    BankCannotCover,
    BetOutOfRange,
    CardAlreadyShown,
    NoBets,
    NotEnoughChips,
    NotInHand,
    TableMove,
)
from games.engine.stud.hands import (
    COMMON_CARDS,
    OWN_CARDS,
    PAYS,
    TOP_PAY,
    classify,
    high_rank,
    stud_deck,
)
from games.engine.stud.options import BETS, MAX_SEATS, Options
from games.engine.stud.state import DECIDING, Phase, Result, Seat, State

DECK_SIZE = 52


def new_match(
    *,
    players: int,
    options: Options,
    seed: str,
    decks: Mapping[int, Sequence[Card]] | None = None,
) -> State:
    """A table of ``players`` seats, each with ``options.stake`` chips, the betting open.
    ``decks``: fixed decks by hand number (tests), each the 52 cards in dealing order."""
    if not 1 <= players <= MAX_SEATS:
        raise BadTable(maximum=MAX_SEATS)
    fixed = {hand: tuple(deck) for hand, deck in (decks or {}).items()}
    for deck in fixed.values():
        if sorted(card.id for card in deck) != list(range(DECK_SIZE)):
            raise InvalidAction(detail="a fixed deck must hold the 52 cards once each")
    return State(
        options=options,
        seed=seed,
        seats=tuple(Seat(chips=options.stake) for _ in range(players)),
        bank=options.bank,
        decks=fixed,
    )


def replay(
    seed: str,
    options: Options,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    decks: Mapping[int, Sequence[Card]] | None = None,
) -> State:
    state = new_match(players=players, options=options, seed=seed, decks=decks)
    for seat, action in actions:
        state = apply(state, seat, action)
    return state


def bank_cover(state: State) -> int:
    """The largest bet (each of three) the bank can still cover at its top payout."""
    committed = sum(seat.bet for seat in state.seats) * BETS * TOP_PAY
    return max(0, (state.bank - committed) // (BETS * TOP_PAY))


def bet_range(state: State, seat: int) -> tuple[int, int] | None:
    """The smallest and largest bet ``seat`` may place now, or ``None``."""
    player = state.seats[seat]
    if state.phase is not Phase.BETTING or player.in_hand:
        return None
    largest = min(state.options.max_bet, player.chips // BETS, bank_cover(state))
    return (state.options.min_bet, largest) if largest >= state.options.min_bet else None


def legal_moves(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The moves ``seat`` may make now, as plain data."""
    if seat is None or not 0 <= seat < len(state.seats):
        return []
    bets = bet_range(state, seat)
    if bets is not None:
        return [{"kind": "bet", "min": bets[0], "max": bets[1]}]
    if state.phase in DECIDING and state.turn == seat:
        return [{"kind": "ride"}, {"kind": "withdraw"}]
    return []


def apply(state: State, seat: int | None, action: Action) -> State:
    """The state after ``seat`` (``None``: the table) plays ``action``; a refused move raises
    an ``EngineError`` and ``state`` stays as it was (states are immutable)."""
    if isinstance(action, TABLE_MOVES):
        if seat is not None:
            raise TableMove()
        if isinstance(action, Deal):
            return _deal(state)
        if isinstance(action, Expose):
            return _expose(state, action.position)
        return _next_hand(state)
    if seat is None or not 0 <= seat < len(state.seats):
        raise NotSeated()
    if isinstance(action, Bet):
        return _bet(state, seat, action.amount)
    return _decide(state, seat, isinstance(action, Ride))


def verify(state: State, seat: int | None, action: Action) -> None:
    """Raise the refusal ``apply`` would raise, if any."""
    apply(state, seat, action)


def _replace_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:index] + (seat,) + seats[index + 1 :]


def _bet(state: State, seat: int, amount: int) -> State:
    player = state.seats[seat]
    if state.phase is not Phase.BETTING:
        raise WrongPhase()
    if player.in_hand:
        raise AlreadyBet()
    options = state.options
    if not options.min_bet <= amount <= options.max_bet:
        raise BetOutOfRange(minimum=options.min_bet, maximum=options.max_bet)
    if BETS * amount > player.chips:
        raise NotEnoughChips(amount=amount, needed=BETS * amount, chips=player.chips)
    if amount > bank_cover(state):
        raise BankCannotCover(maximum=bank_cover(state))
    placed = dataclasses.replace(player, chips=player.chips - BETS * amount, bet=amount)
    return dataclasses.replace(state, seats=_replace_seat(state.seats, seat, placed))


def _deck(state: State) -> tuple[Card, ...]:
    if state.hand_no in state.decks:
        return state.decks[state.hand_no]
    return tuple(shuffled(stud_deck(), seeded_rng(state.seed, "stud", state.hand_no)))


def _deal(state: State) -> State:
    """No va más ("no more bets"): one card to each player in seat order, the first common
    card, a second card to each, the second common card, a third card to each (the seed's
    order)."""
    if state.phase is not Phase.BETTING:
        raise WrongPhase()
    players = [index for index, seat in enumerate(state.seats) if seat.in_hand]
    if not players:
        raise NoBets()
    stock = list(_deck(state))
    hands: dict[int, list[Card]] = {index: [] for index in players}
    common: list[Card] = []
    for round_no in range(OWN_CARDS):
        for index in players:
            hands[index].append(stock.pop(0))
        if round_no < COMMON_CARDS:
            common.append(stock.pop(0))
    seats = tuple(
        dataclasses.replace(seat, cards=tuple(hands[index])) if index in hands else seat
        for index, seat in enumerate(state.seats)
    )
    return dataclasses.replace(
        state,
        seats=seats,
        phase=Phase.FIRST,
        turn=players[0],
        common=tuple(common),
        stock=tuple(stock),
    )


def _decide(state: State, seat: int, ride: bool) -> State:
    if state.phase not in DECIDING:
        raise WrongPhase()
    player = state.seats[seat]
    if not player.in_hand:
        raise NotInHand()
    if state.turn != seat:
        raise NotYourTurn()
    chips = player.chips if ride else player.chips + player.bet
    decided = dataclasses.replace(player, chips=chips, riding=(*player.riding, ride))
    state = dataclasses.replace(state, seats=_replace_seat(state.seats, seat, decided))
    after = [index for index in range(seat + 1, len(state.seats)) if state.seats[index].in_hand]
    if after:
        return dataclasses.replace(state, turn=after[0])
    if state.phase is Phase.FIRST:
        first = next(index for index, each in enumerate(state.seats) if each.in_hand)
        return dataclasses.replace(state, phase=Phase.SECOND, shown=1, turn=first)
    return _settle(dataclasses.replace(state, shown=COMMON_CARDS))


def _settle(state: State) -> State:
    """Every bet still in play is paid by the pay table or taken by the bank."""
    bank = state.bank
    seats: list[Seat] = []
    for seat in state.seats:
        if not seat.in_hand:
            seats.append(seat)
            continue
        category = classify([*seat.cards, *state.common], state.options.pay_table)
        staked = seat.on_table
        pay = PAYS.get(category)
        net = -staked if pay is None else staked * pay
        bank -= net
        chips = seat.chips + staked + net
        result = Result(category=category, in_play=seat.in_play, net=net)
        seats.append(dataclasses.replace(seat, chips=chips, result=result))
    return dataclasses.replace(
        state, seats=tuple(seats), bank=bank, phase=Phase.HAND_OVER, turn=None
    )


def _expose(state: State, position: int) -> State:
    """A common card shown by mistake: a J or higher voids the coup (every bet on the table
    goes back to its player, who is then out of the coup), a lower card stays face up and the
    coup goes on."""
    if state.phase not in DECIDING:
        raise WrongPhase()
    if not 0 <= position < COMMON_CARDS:
        raise InvalidAction(detail=f"position {position!r}")
    if position < state.shown or position in state.exposed:
        raise CardAlreadyShown()
    if high_rank(state.common[position].rank) < JACK:
        return dataclasses.replace(state, exposed=(*state.exposed, position))
    seats = tuple(
        dataclasses.replace(seat, chips=seat.chips + seat.on_table, bet=0) for seat in state.seats
    )
    return dataclasses.replace(
        state,
        seats=seats,
        exposed=(*state.exposed, position),
        phase=Phase.HAND_OVER,
        turn=None,
        voided=True,
    )


def _next_hand(state: State) -> State:
    if state.phase is not Phase.HAND_OVER:
        raise WrongPhase()
    return dataclasses.replace(
        state,
        seats=tuple(Seat(chips=seat.chips) for seat in state.seats),
        hand_no=state.hand_no + 1,
        phase=Phase.BETTING,
        turn=None,
        common=(),
        shown=0,
        exposed=(),
        stock=(),
        voided=False,
    )
