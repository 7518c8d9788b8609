"""The envite: a betting round with pass, bet, call, raise and fold, under table stakes (resto).

Amounts (decisions, see docs/golfo.md):
- ``Bet(N)`` opens the round with N chips: at least the table minimum, at most the whole stack;
  a player with less than the minimum may bet all he has.
- ``Raise(N)`` puts in what he owes plus N more: N is at least the last full bet or raise of the
  round (an envite must equal or beat the one before), at most what he has behind.
- A bet or raise short of that minimum is allowed only all in, and it does not reopen the
  betting: a player who has acted since the last full bet or raise may then only call or fold.
- A call for more than a player has puts him all in for what he has.
"""

from __future__ import annotations

from games.engine.errors import NotYourTurn
from games.engine.golfo.errors import (
    AmountOutOfRange,
    BetToAnswer,
    NoBetToAnswer,
    NobodyToRaise,
    OnlyEnoughToCall,
    RaiseClosed,
)
from games.engine.golfo.state import Player, State


def owed(state: State, seat: int) -> int:
    """Chips ``seat`` must add to match the bet (before table stakes cut it to his stack)."""
    return state.current_bet - state.players[seat].round_bet


def bet_range(state: State, seat: int) -> tuple[int, int]:
    stack = state.players[seat].stack
    return min(state.options.min_bet, stack), stack


def raise_range(state: State, seat: int) -> tuple[int, int]:
    """The smallest and largest N for ``Raise(N)``; a short raise is allowed only all in."""
    behind = state.players[seat].stack - owed(state, seat)
    return min(state.min_raise, behind), behind


def may_raise(state: State, seat: int) -> bool:
    """Facing a bet, with chips beyond the call, the betting reopened since he last acted, and
    somebody left who could answer the raise."""
    player = state.players[seat]
    reopened = not player.acted or player.raise_mark < state.full_raises
    return (
        state.current_bet > 0
        and player.stack > owed(state, seat)
        and reopened
        and _others_can_act(state, seat)
    )


def _others_can_act(state: State, seat: int) -> bool:
    return any(p.can_act for other, p in enumerate(state.players) if other != seat)


def check_turn(state: State, seat: int) -> None:
    if state.turn != seat:
        raise NotYourTurn()


def check_pass(state: State, seat: int) -> None:
    if state.current_bet > 0:
        raise BetToAnswer(bet=state.current_bet)


def check_bet(state: State, seat: int, amount: int) -> None:
    check_pass(state, seat)
    _check_amount(amount, *bet_range(state, seat))


def check_call(state: State, seat: int) -> None:
    if state.current_bet == 0:
        raise NoBetToAnswer()


def check_fold(state: State, seat: int) -> None:
    """Folding is an answer to a bet; while nobody has bet a player passes instead."""
    check_call(state, seat)


def check_raise(state: State, seat: int, amount: int) -> None:
    check_call(state, seat)
    player = state.players[seat]
    if player.acted and player.raise_mark >= state.full_raises:
        raise RaiseClosed()
    if not _others_can_act(state, seat):
        raise NobodyToRaise()
    if player.stack <= owed(state, seat):
        raise OnlyEnoughToCall()
    _check_amount(amount, *raise_range(state, seat))


def _check_amount(amount: int, minimum: int, maximum: int) -> None:
    if not minimum <= amount <= maximum:
        raise AmountOutOfRange(minimum=minimum, maximum=maximum)


def do_pass(state: State, seat: int) -> None:
    _mark_acted(state, state.players[seat])


def do_bet(state: State, seat: int, amount: int) -> None:
    _wager(state, seat, amount, full=amount >= state.min_raise)


def do_call(state: State, seat: int) -> None:
    player = state.players[seat]
    _put_in(player, min(owed(state, seat), player.stack))
    _mark_acted(state, player)


def do_raise(state: State, seat: int, amount: int) -> None:
    _wager(state, seat, owed(state, seat) + amount, full=amount >= state.min_raise, step=amount)


def do_fold(state: State, seat: int) -> None:
    player = state.players[seat]
    player.folded = True
    _mark_acted(state, player)


def _wager(state: State, seat: int, chips: int, *, full: bool, step: int | None = None) -> None:
    """A bet or raise of ``chips`` in all; a full one sets the next minimum raise and reopens
    the betting for everybody else."""
    player = state.players[seat]
    _put_in(player, chips)
    state.current_bet = player.round_bet
    if full:
        state.min_raise = chips if step is None else step
        state.full_raises += 1
    _mark_acted(state, player)


def _put_in(player: Player, chips: int) -> None:
    player.stack -= chips
    player.round_bet += chips
    player.committed += chips


def _mark_acted(state: State, player: Player) -> None:
    player.acted = True
    player.raise_mark = state.full_raises


def round_closed(state: State) -> bool:
    """Everyone still in has matched the bet (or is all in) and has had his say."""
    return all(
        player.stack == 0 or (player.acted and player.round_bet == state.current_bet)
        for player in state.players
        if player.live
    )


def next_to_act(state: State, after: int) -> int | None:
    """The next seat after ``after``, in the order of play, that still has to speak."""
    count = len(state.players)
    for step in range(1, count + 1):
        seat = (after + step) % count
        player = state.players[seat]
        if player.can_act and (not player.acted or player.round_bet < state.current_bet):
            return seat
    return None


def first_to_act(state: State) -> int | None:
    """Who opens a betting round: the first player from the dealer's right able to bet; none
    when fewer than two players could bet (the others all in), so the round is not played."""
    actors = [seat for seat in state.order() if state.players[seat].can_act]
    return actors[0] if len(actors) >= 2 else None


def return_uncalled(state: State) -> None:
    """Give back the part of the top contribution nobody else matched (an uncalled bet)."""
    ranked = sorted(range(len(state.players)), key=lambda s: state.players[s].committed)
    top, second = state.players[ranked[-1]], state.players[ranked[-2]]
    excess = top.committed - second.committed
    if excess > 0:
        top.stack += excess
        top.committed -= excess
        top.round_bet -= excess


def reset_round(state: State) -> None:
    state.current_bet = 0
    state.min_raise = state.options.min_bet
    state.full_raises = 0
    for player in state.players:
        player.round_bet = 0
        player.acted = False
        player.raise_mark = 0
