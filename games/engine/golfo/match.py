"""A Golfo match: its start, the check and the effect of every move, and its replay.

``apply`` verifies the move, then plays it on a copy: the state it is given never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card, seeded_rng, stacked
from games.engine.errors import EngineError, GameOver, InvalidAction, NotSeated, WrongPhase
from games.engine.golfo import betting
from games.engine.golfo.actions import (
    Action,
    Bet,
    Call,
    Discard,
    NextHand,
    Pass,
    Raise,
    Rebuy,
)
from games.engine.golfo.discards import check_discard, do_discard
from games.engine.golfo.errors import (
    AmountOutOfRange,
    BadTable,
    NotEnoughPlayers,
    RebuyRefused,
    TableMove,
)
from games.engine.golfo.hands import HAND_SIZE, golfo_deck
from games.engine.golfo.lances import after_move, next_dealer, seats_with_chips, start_hand
from games.engine.golfo.options import Options, Stakes
from games.engine.golfo.state import (
    BETTING_LANCES,
    DISCARD_LANCES,
    HAND_LANCES,
    Lance,
    Player,
    State,
)

TABLE_SIZES = (3, 4)
FREEZEOUT_TABLE_SIZES = (2, 3, 4)
"""A freezeout match may also start with 2 players: both play every hand (RULES.md §2)."""


def new_match(
    *,
    players: int = 4,
    options: Options | None = None,
    seed: int | str,
    deck: Sequence[Card] | None = None,
    decks: Mapping[int, Sequence[Card]] | None = None,
    dealer: int | None = None,
) -> State:
    """A match with its first hand dealt, waiting for the first envite.

    ``players`` is 4 (or 3; or 2 in a freezeout). Each seat starts with ``options.stacks``. The
    first dealer is ``options.dealer``, else drawn by lot from ``seed``; ``dealer`` fixes it
    instead (over the options'). ``decks`` fixes the deck of any hand by its number, ``deck``
    that of the first hand: the cards given come first, dealt two to each player from the
    dealer's right, then three to each player still in, then the stock; the rest of the 28
    follow in deck order. Tests (the web layer's too) build exact deals so.
    """
    options = options or Options()
    if options.stakes is Stakes.FREEZEOUT:
        if type(players) is not int or players not in FREEZEOUT_TABLE_SIZES:
            raise BadTable(allowed="2, 3 or 4")
    elif type(players) is not int or players not in TABLE_SIZES:
        raise BadTable(allowed="3 or 4")
    stacks = options.starting_stacks(players)
    fixed = dict(decks or {})
    if deck is not None:
        if 1 in fixed:
            raise InvalidAction(detail="the first hand's deck is given twice")
        fixed[1] = deck
    if dealer is None:
        dealer = options.dealer
    if dealer is None:
        dealer = seeded_rng(seed, "dealer").randrange(players)
    if not 0 <= dealer < players:
        raise InvalidAction(detail=f"no seat {dealer} to deal")
    state = State(
        options=options,
        seed=seed,
        players=[Player(stack=stack) for stack in stacks],
        decks={
            hand_no: stacked(golfo_deck(), cards)[: len(cards)] for hand_no, cards in fixed.items()
        },
        dealer=dealer,
    )
    start_hand(state)
    return state


def verify(state: State, seat: int | None, action: Action) -> None:
    """Raise the ``EngineError`` that refuses ``action`` by ``seat`` now, if any."""
    if state.lance is Lance.MATCH_OVER:
        raise GameOver()
    if isinstance(action, NextHand):
        _verify_next_hand(state, seat)
        return
    if seat is None or not 0 <= seat < len(state.players) or state.players[seat].eliminated:
        raise NotSeated()
    if isinstance(action, Rebuy):
        _verify_rebuy(state, seat, action.amount)
        return
    if state.lance not in HAND_LANCES:
        raise WrongPhase()
    if not state.players[seat].live:
        raise NotSeated()
    if isinstance(action, Discard) != (state.lance in DISCARD_LANCES):
        raise WrongPhase()
    betting.check_turn(state, seat)
    if isinstance(action, Discard):
        check_discard(state, seat, action.cards)
    elif isinstance(action, Pass):
        betting.check_pass(state, seat)
    elif isinstance(action, Bet):
        betting.check_bet(state, seat, action.amount)
    elif isinstance(action, Call):
        betting.check_call(state, seat)
    elif isinstance(action, Raise):
        betting.check_raise(state, seat, action.amount)
    else:
        betting.check_fold(state, seat)


def _verify_next_hand(state: State, seat: int | None) -> None:
    if seat is not None:
        raise TableMove()
    if state.lance is not Lance.HAND_OVER:
        raise WrongPhase()
    if len(seats_with_chips(state)) < 2:
        raise NotEnoughPlayers()


def _verify_rebuy(state: State, seat: int, amount: int) -> None:
    """A new stake, only when he may take one, and no larger than the starting stack."""
    if not _may_rebuy(state, seat):
        raise RebuyRefused()
    if not 0 < amount <= state.options.starting_stack:
        raise AmountOutOfRange(minimum=1, maximum=state.options.starting_stack)


def _may_rebuy(state: State, seat: int) -> bool:
    """At a rebuy table, a seated player with no chips left who is not in a hand being played
    (the caller has checked that the match goes on and that he is still in it)."""
    player = state.players[seat]
    playing = player.in_hand and state.lance in HAND_LANCES
    return state.options.stakes is Stakes.REBUY and player.stack <= 0 and not playing


def can(state: State, seat: int | None, action: Action) -> bool:
    try:
        verify(state, seat, action)
    except EngineError:
        return False
    return True


def apply(state: State, seat: int | None, action: Action) -> State:
    """The state after ``seat`` plays ``action``; refuses an illegal move with an
    ``EngineError``. ``state`` itself is never changed."""
    verify(state, seat, action)
    new = state.copy()
    if isinstance(action, NextHand):
        new.dealer = next_dealer(new)
        start_hand(new)
        return new
    assert seat is not None  # verify refuses every other move without a seat
    if isinstance(action, Rebuy):
        new.players[seat].stack += action.amount
        new.players[seat].rebought += action.amount
        return new
    if isinstance(action, Discard):
        do_discard(new, seat, action.cards)
    elif isinstance(action, Pass):
        betting.do_pass(new, seat)
    elif isinstance(action, Bet):
        betting.do_bet(new, seat, action.amount)
    elif isinstance(action, Call):
        betting.do_call(new, seat)
    elif isinstance(action, Raise):
        betting.do_raise(new, seat, action.amount)
    else:
        betting.do_fold(new, seat)
    after_move(new, seat)
    return new


def replay(
    seed: int | str,
    options: Options | None,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    *,
    deck: Sequence[Card] | None = None,
    decks: Mapping[int, Sequence[Card]] | None = None,
    dealer: int | None = None,
) -> State:
    """The state a match reaches from its seed (and fixed decks) through its log of
    ``(seat, action)`` pairs: the same state, card for card, as when it was played."""
    state = new_match(
        players=players, options=options, seed=seed, deck=deck, decks=decks, dealer=dealer
    )
    for seat, action in actions:
        state = apply(state, seat, action)
    return state


def legal_moves(state: State, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` may do now, as plain data: each move's kind, and for moves with an amount
    the legal minimum and maximum (for a call, the chips it puts in)."""
    if seat is None:
        return [{"kind": "next_hand"}] if can(state, None, NextHand()) else []
    if not 0 <= seat < len(state.players) or state.players[seat].eliminated:
        return []
    player = state.players[seat]
    # Asked without raising a refusal: every view asks it of its viewer and of the seat on turn.
    if state.lance is not Lance.MATCH_OVER and _may_rebuy(state, seat):
        return [{"kind": "rebuy", "min": 1, "max": state.options.starting_stack}]
    if state.turn != seat:
        return []
    if state.lance in DISCARD_LANCES:
        return [{"kind": "discard", "min": 0, "max": HAND_SIZE}]
    if state.lance not in BETTING_LANCES:
        return []
    if state.current_bet == 0:
        low, high = betting.bet_range(state, seat)
        return [{"kind": "pass"}, {"kind": "bet", "min": low, "max": high}]
    moves: list[dict[str, Any]] = [
        {"kind": "call", "amount": min(betting.owed(state, seat), player.stack)}
    ]
    if betting.may_raise(state, seat):
        low, high = betting.raise_range(state, seat)
        moves.append({"kind": "raise", "min": low, "max": high})
    moves.append({"kind": "fold"})
    return moves
