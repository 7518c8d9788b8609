"""The rules of Pai Gow Poker as a pure function: ``apply(state, seat, action)`` returns the new
state or raises an ``EngineError`` and leaves ``state`` as it was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card, seeded_rng, shuffled
from games.engine.errors import CardNotHeld, NotSeated, WrongPhase
from games.engine.paigow.actions import Action, Bet, CloseBets, HouseWay, NextHand, SitOut
from games.engine.paigow.errors import (
    AlreadyDecided,
    AlreadySet,
    BadTable,
    BankCannotCover,
    BetOutOfRange,
    FoulSplit,
    NoBetPlaced,
    NotEnoughChips,
    TableMove,
    TwoCardsLow,
)
from games.engine.paigow.hands import (
    HAND_SIZE,
    LOW_SIZE,
    high_value,
    is_foul,
    low_value,
    paigow_deck,
)
from games.engine.paigow.houseway import house_way
from games.engine.paigow.options import MAX_SEATS, Options
from games.engine.paigow.state import Outcome, Phase, Seat, State


def new_match(
    *, players: int, options: Options, seed: str, decks: Mapping[int, Sequence[Card]] | None = None
) -> State:
    """A table of ``players`` seats with its first coup's bets open. ``decks``: fixed deck
    orders by coup number (tests)."""
    if not 1 <= players <= MAX_SEATS:
        raise BadTable(maximum=MAX_SEATS)
    state = State(
        options=options,
        seed=seed,
        seats=[Seat(chips=options.starting_chips) for _ in range(players)],
        bank=options.bank,
        decks={number: list(cards) for number, cards in (decks or {}).items()},
    )
    _open_bets(state)
    return state


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


def apply(state: State, seat: int | None, action: Action) -> State:
    new = state.copy()
    if isinstance(action, (CloseBets, NextHand)):
        if seat is not None:
            raise TableMove()
        if isinstance(action, CloseBets):
            _close_bets(new)
        else:
            _next_coup(new)
        return new
    if seat is None or not 0 <= seat < len(state.seats):
        raise NotSeated()
    if isinstance(action, Bet):
        _bet(new, seat, action.amount)
    elif isinstance(action, SitOut):
        _sit_out(new, seat)
    elif isinstance(action, HouseWay):
        _check_setting(new, seat)
        _split(new, seat, house_way(new.seats[seat].cards))
    else:
        _split(new, seat, action.low)
    return new


def bet_range(state: State, seat: int) -> tuple[int, int]:
    """The smallest and largest bet ``seat`` may place now (the largest below the smallest when
    he can place none): the table's limits, his chips, what the bank can still cover."""
    options = state.options
    top = min(options.max_bet, state.seats[seat].chips, state.bank - state.staked)
    return options.min_bet, top - top % options.bet_step


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    player = state.seats[seat]
    if state.phase is Phase.BETTING and not player.decided:
        minimum, maximum = bet_range(state, seat)
        betting = (
            [
                {
                    "kind": "bet",
                    "minimum": minimum,
                    "maximum": maximum,
                    "step": state.options.bet_step,
                }
            ]
            if minimum <= maximum
            else []
        )
        return [*betting, {"kind": "sit_out"}]
    if state.phase is Phase.SETTING and player.bet and not player.low:
        return [{"kind": "split"}, {"kind": "house_way"}]
    return []


def _open_bets(state: State) -> None:
    for player in state.seats:
        player.decided = player.chips < state.options.min_bet
    if all(player.decided for player in state.seats) or state.bank < state.options.min_bet:
        state.phase = Phase.MATCH_OVER


def _bet(state: State, seat: int, amount: int) -> None:
    _deciding(state, seat)
    options = state.options
    if not (options.min_bet <= amount <= options.max_bet and amount % options.bet_step == 0):
        raise BetOutOfRange(minimum=options.min_bet, maximum=options.max_bet, step=options.bet_step)
    player = state.seats[seat]
    if amount > player.chips:
        raise NotEnoughChips(chips=player.chips)
    if state.staked + amount > state.bank:
        raise BankCannotCover(amount=state.bank - state.staked)
    player.chips -= amount
    player.bet = amount
    player.decided = True
    if all(other.decided for other in state.seats):
        _deal(state)


def _sit_out(state: State, seat: int) -> None:
    _deciding(state, seat)
    state.seats[seat].decided = True
    if all(other.decided for other in state.seats):
        _deal(state)


def _deciding(state: State, seat: int) -> None:
    if state.phase is not Phase.BETTING:
        raise WrongPhase()
    if state.seats[seat].decided:
        raise AlreadyDecided()


def _close_bets(state: State) -> None:
    if state.phase is not Phase.BETTING:
        raise WrongPhase()
    for player in state.seats:
        player.decided = True
    _deal(state)


def _deal(state: State) -> None:
    """Seven cards to each seat with a bet, in seat order, then seven to the bank."""
    betting = [player for player in state.seats if player.bet]
    if not betting:
        state.phase = Phase.COUP_OVER
        return
    deck = state.decks.get(state.coup_no) or shuffled(
        paigow_deck(), seeded_rng(state.seed, "coup", state.coup_no)
    )
    for player in betting:
        player.cards, deck = list(deck[:HAND_SIZE]), deck[HAND_SIZE:]
    state.bank_cards, state.stock = list(deck[:HAND_SIZE]), list(deck[HAND_SIZE:])
    state.phase = Phase.SETTING


def _check_setting(state: State, seat: int) -> None:
    if state.phase is not Phase.SETTING:
        raise WrongPhase()
    player = state.seats[seat]
    if not player.bet:
        raise NoBetPlaced()
    if player.low:
        raise AlreadySet()


def _split(state: State, seat: int, low: Sequence[Card]) -> None:
    _check_setting(state, seat)
    player = state.seats[seat]
    if len(low) != LOW_SIZE or low[0] == low[1]:
        raise TwoCardsLow()
    for card in low:
        if card not in player.cards:
            raise CardNotHeld(card=str(card))
    chosen = [card for card in player.cards if card in low]
    if is_foul([card for card in player.cards if card not in low], chosen):
        raise FoulSplit()
    player.low = chosen
    if all(other.low for other in state.seats if other.bet):
        _settle(state)


def _settle(state: State) -> None:
    """The bank sets its hand by the house way; each bet is paid, pushed or taken."""
    state.bank_low = [card for card in state.bank_cards if card in house_way(state.bank_cards)]
    bank_high, bank_low = high_value(state.bank_high), low_value(state.bank_low)
    for player in state.seats:
        if not player.bet:
            continue
        won = (high_value(player.high) > bank_high) + (low_value(player.low) > bank_low)
        if won == 2:
            player.outcome = Outcome.WIN
            player.commission = state.options.commission_on(player.bet)
            player.net = player.bet - player.commission
        elif won == 1:
            player.outcome, player.net = Outcome.PUSH, 0
        else:
            player.outcome, player.net = Outcome.LOSS, -player.bet
        player.chips += player.bet + player.net
        state.bank -= player.net
    state.phase = Phase.COUP_OVER


def _next_coup(state: State) -> None:
    if state.phase is not Phase.COUP_OVER:
        raise WrongPhase()
    state.coup_no += 1
    state.seats = [Seat(chips=player.chips) for player in state.seats]
    state.bank_cards, state.bank_low, state.stock = [], [], []
    state.phase = Phase.BETTING
    _open_bets(state)
