"""Playing Monte: a table of players betting against the bank, coup after coup. ``apply``
refuses an illegal move with an ``EngineError`` and leaves the state as it was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from games.engine.cards import Card, seeded_rng, shuffled
from games.engine.errors import InvalidAction, NotSeated
from games.engine.monte.actions import Action, Done, NextCoup, NoVaMas, PlaceBet
from games.engine.monte.errors import (
    BadTable,
    BankCannotCover,
    BetNotOpen,
    BetOutOfLimits,
    BettingClosed,
    DealerMove,
    NotEnoughChips,
)
from games.engine.monte.options import Options
from games.engine.monte.rules import (
    SPOT_KINDS,
    Kind,
    cartas_pairs,
    draw_to_match,
    lay_grid,
    monte_deck,
    odds,
    outcome,
    settle,
)
from games.engine.monte.state import BETTING, Bet, Phase, Settled, State

MIN_PLAYERS, MAX_PLAYERS = 1, 8
Decks = Mapping[int, Sequence[Card]]


def coup_deck(state: State, coup_no: int) -> list[Card]:
    """The coup's deck: the table's fixed one if it has one (tests), else the seeded shuffle."""
    fixed = dict(state.decks)
    if coup_no in fixed:
        return list(fixed[coup_no])
    return shuffled(monte_deck(), seeded_rng(state.seed, coup_no, "deck"))


def _lay(state: State, coup_no: int) -> State:
    laid = lay_grid(coup_deck(state, coup_no))
    return replace(
        state,
        coup_no=coup_no,
        phase=Phase.PRIMERAS if laid.grid else Phase.VOID,
        grid=laid.grid,
        laid=laid.exposed,
        stock=laid.stock,
        drawn=(),
        matches=(),
        bets=(),
        done=(False,) * state.players,
        settled=(),
    )


def new_match(*, players: int, options: Options, seed: str, decks: Decks | None = None) -> State:
    """A table of ``players`` with the first grid laid."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadTable(allowed=f"{MIN_PLAYERS}-{MAX_PLAYERS}")
    empty = State(
        options=options,
        seed=seed,
        coup_no=0,
        chips=(options.chips,) * players,
        bank=options.bank,
        phase=Phase.OVER,
        grid=None,
        laid=(),
        stock=(),
        drawn=(),
        matches=(),
        bets=(),
        done=(),
        settled=(),
        levied=0,
        decks=tuple((coup, tuple(cards)) for coup, cards in sorted((decks or {}).items())),
    )
    return _lay(empty, 1)


def open_bets(state: State) -> list[tuple[Kind, tuple[int, ...], tuple[int, ...]]]:
    """Every bet on the layout now: (kind, cards, against)."""
    if state.phase not in BETTING:
        return []
    primeras = state.phase is Phase.PRIMERAS
    kinds = SPOT_KINDS if primeras else (Kind.CAMO, Kind.ANTI, Kind.VIUDO)
    spots = [(kind, (pos,), ()) for kind in kinds for pos in state.live]
    cartas = [(Kind.CARTAS, side, other) for side, other in cartas_pairs(state.live)]
    return spots + cartas


def _worst_case(state: State, bets: Iterable[Bet]) -> int:
    """What the bank would pay if every bet won."""
    assert state.grid is not None
    primeras = state.phase is Phase.PRIMERAS
    return sum(bet.amount * odds(bet.kind, state.grid, primeras) for bet in bets)


def _place(state: State, seat: int, move: PlaceBet) -> State:
    if state.phase not in BETTING:
        raise BettingClosed()
    if (move.kind, move.cards, move.against) not in open_bets(state):
        raise BetNotOpen()
    primeras = state.phase is Phase.PRIMERAS
    same = sum(
        bet.amount
        for bet in state.bets
        if (bet.seat, bet.kind, bet.cards, bet.against)
        == (seat, move.kind, move.cards, move.against)
    )
    maximum = state.options.maximum(move.kind, primeras)
    if not state.options.minimum <= same + move.amount <= maximum:
        raise BetOutOfLimits(minimum=state.options.minimum, maximum=maximum)
    if move.amount > state.chips[seat]:
        raise NotEnoughChips(chips=state.chips[seat])
    bet = Bet(seat, move.kind, move.cards, move.against, move.amount)
    if _worst_case(state, (*state.bets, bet)) > state.bank:
        raise BankCannotCover()
    chips = list(state.chips)
    chips[seat] -= move.amount
    done = list(state.done)
    done[seat] = False
    return replace(state, chips=tuple(chips), bets=(*state.bets, bet), done=tuple(done))


def _no_va_mas(state: State) -> State:
    """Close the bets, draw to the first match and settle every bet of the round."""
    if state.phase not in BETTING:
        raise BettingClosed()
    assert state.grid is not None
    primeras = state.phase is Phase.PRIMERAS
    count, match = draw_to_match(state.grid, state.live, state.stock)
    chips = list(state.chips)
    bank, levied = state.bank, state.levied
    settled: list[Settled] = []
    for bet in state.bets:
        pays = odds(bet.kind, state.grid, primeras)
        result = outcome(bet.kind, bet.cards, bet.against, state.grid, match)
        paid, levy = settle(bet.amount, bet.kind, result, pays, match.first)
        chips[bet.seat] += paid
        bank += bet.amount - paid
        levied += levy
        settled.append(Settled(bet, primeras, result, pays, paid, levy))
    return replace(
        state,
        phase=Phase.SEGUNDAS if primeras else Phase.OVER,
        chips=tuple(chips),
        bank=bank,
        levied=levied,
        stock=state.stock[count:],
        drawn=state.drawn + state.stock[:count],
        matches=(*state.matches, match),
        bets=(),
        done=(False,) * state.players,
        settled=state.settled + tuple(settled),
    )


def apply(state: State, seat: int | None, action: Action) -> State:
    """The state after ``seat`` (``None``: the dealer) plays ``action``."""
    if isinstance(action, (NoVaMas, NextCoup)):
        if seat is not None:
            raise DealerMove()
        if isinstance(action, NoVaMas):
            return _no_va_mas(state)
        if state.phase in BETTING:
            raise BettingClosed()
        return _lay(state, state.coup_no + 1)
    if seat is None or not 0 <= seat < state.players:
        raise NotSeated()
    if isinstance(action, PlaceBet):
        return _place(state, seat, action)
    if isinstance(action, Done):
        if state.phase not in BETTING:
            raise BettingClosed()
        done = list(state.done)
        done[seat] = True
        return replace(state, done=tuple(done))
    raise InvalidAction(detail=repr(action))


def all_done(state: State) -> bool:
    """Whether every player has said he bets no more (the dealer may close early)."""
    return state.phase in BETTING and all(state.done)


def replay(
    seed: str,
    options: Options,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    decks: Decks | None = None,
) -> State:
    state = new_match(players=players, options=options, seed=seed, decks=decks)
    for seat, action in actions:
        state = apply(state, seat, action)
    return state


def issued(state: State) -> int:
    """The chips at the table: the players' starting chips and the bank's."""
    return state.options.chips * state.players + state.options.bank


def violations(state: State) -> list[str]:
    """Every broken invariant: chips conserved between players, layout and bank; nothing
    negative; the cards all accounted for."""
    found: list[str] = []
    total = sum(state.chips) + state.staked + state.bank
    if total != issued(state):
        found.append(f"chips {total} != issued {issued(state)}")
    if min(state.chips, default=0) < 0 or state.bank < 0:
        found.append(f"negative chips {state.chips} bank {state.bank}")
    if state.grid is not None:
        grid = state.grid
        cards = [*grid.cards, *grid.burnt, *state.stock, *state.drawn]
        cards += [card for stack in grid.stacks for card in stack]
        if sorted(card.id for card in cards) != list(range(40)):
            found.append("cards not all accounted for")
    return found
