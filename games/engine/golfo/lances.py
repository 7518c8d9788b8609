"""The course of a hand: antes and the deal, the lances in their order, and its end.

envite 1 (two cards each) → three more cards → envite 2 → descarte 1 → envite 3 → descarte 2 →
envite 4 → showdown. A betting round that fewer than two players could bet in (the others all in)
is not played; a hand where everybody but one folds ends at once (fold-out, nothing shown).
"""

from __future__ import annotations

from games.engine.golfo.betting import (
    first_to_act,
    next_to_act,
    reset_round,
    return_uncalled,
    round_closed,
)
from games.engine.golfo.discards import deal_round, deck_for
from games.engine.golfo.hands import FIRST_DEAL, SECOND_DEAL, hand_value
from games.engine.golfo.options import Stakes
from games.engine.golfo.pots import award, pots
from games.engine.golfo.state import (
    BETTING_LANCES,
    DISCARD_LANCES,
    Ending,
    HandResult,
    Lance,
    PotResult,
    State,
)

FOLLOWS: dict[Lance, Lance] = {
    Lance.ENVITE_1: Lance.ENVITE_2,
    Lance.ENVITE_2: Lance.DESCARTE_1,
    Lance.DESCARTE_1: Lance.ENVITE_3,
    Lance.ENVITE_3: Lance.DESCARTE_2,
    Lance.DESCARTE_2: Lance.ENVITE_4,
}


def seats_with_chips(state: State) -> list[int]:
    """Seats that can be dealt in, in the order of play from the dealer's right."""
    return [
        seat
        for seat in state.order()
        if state.players[seat].stack > 0 and not state.players[seat].eliminated
    ]


def next_dealer(state: State) -> int:
    """The deal passes counter-clockwise (to the dealer's right), skipping seats without
    chips."""
    return seats_with_chips(state)[0]


def players_of_hand(state: State) -> list[int]:
    """Who plays this hand: with three or more seats in, the dealer sits out; with two, both
    play (the deal then alternates between them)."""
    seats = seats_with_chips(state)
    if len(seats) >= 3:
        return [seat for seat in seats if seat != state.dealer]
    return seats


def start_hand(state: State) -> None:
    """Take the antes, serve two cards to each player and open the first envite."""
    state.hand_no += 1
    playing = players_of_hand(state)
    for seat, player in enumerate(state.players):
        player.in_hand = seat in playing
        player.folded = False
        player.hand = []
        player.committed = 0
        player.thrown = []
        player.thrown_cards = []
    state.stock = deck_for(state, state.hand_no)
    state.discards = []
    state.rebuilds = 0
    state.result = None
    for seat in playing:
        player = state.players[seat]
        ante = min(state.options.ante, player.stack)
        player.stack -= ante
        player.committed += ante
    deal_round(state, FIRST_DEAL)
    begin(state, Lance.ENVITE_1)


def begin(state: State, lance: Lance) -> None:
    state.lance = lance
    if lance in BETTING_LANCES:
        reset_round(state)
        if lance is Lance.ENVITE_2:
            deal_round(state, SECOND_DEAL)
        state.turn = first_to_act(state)
        if state.turn is None:
            close_lance(state)
    else:
        state.turn = state.live()[0]


def close_lance(state: State) -> None:
    """Open the lance that follows; after the fourth envite, the showdown."""
    if state.lance is Lance.ENVITE_4:
        showdown(state)
    else:
        begin(state, FOLLOWS[state.lance])


def after_move(state: State, seat: int) -> None:
    """Pass the turn on, or close the lance and open the next one."""
    if state.lance in DISCARD_LANCES:
        live = state.live()
        later = live[live.index(seat) + 1 :]
        if later:
            state.turn = later[0]
        else:
            close_lance(state)
    elif len(state.live()) == 1:
        fold_out(state)
    elif round_closed(state):
        return_uncalled(state)
        reset_round(state)
        close_lance(state)
    else:
        state.turn = next_to_act(state, seat)


def fold_out(state: State) -> None:
    """Everybody else folded: the last player in takes every pot and shows nothing."""
    (winner,) = state.live()
    return_uncalled(state)
    results = [
        PotResult(pot.amount, list(pot.eligible), [winner], [pot.amount])
        for pot in pots(state.players)
    ]
    put_in = [player.committed for player in state.players]
    end_hand(state, HandResult(state.hand_no, Ending.FOLD_OUT, results, {}, False, put_in))


def showdown(state: State) -> None:
    """Every player still in shows, from the dealer's right; each pot goes to the best hand
    among those who can win it."""
    live = state.live()
    values = {seat: hand_value(state.players[seat].hand) for seat in live}
    results = [award(pot, values, live, state.options.tie) for pot in pots(state.players)]
    tied = any(_contested(result, values) for result in results)
    shown = {seat: list(state.players[seat].hand) for seat in live}
    put_in = [player.committed for player in state.players]
    end_hand(state, HandResult(state.hand_no, Ending.SHOWDOWN, results, shown, tied, put_in))


def _contested(result: PotResult, values: dict[int, int]) -> bool:
    """Two or more of the seats that could win the pot hold its best value."""
    best = max(values[seat] for seat in result.eligible)
    return sum(values[seat] == best for seat in result.eligible) > 1


def end_hand(state: State, result: HandResult) -> None:
    """Pay the pots; in a freezeout a player left without chips is out, and the last player
    with chips wins the match."""
    for pot in result.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            state.players[seat].stack += share
    for player in state.players:
        player.committed = 0
    reset_round(state)
    state.result = result
    state.turn = None
    state.lance = Lance.HAND_OVER
    if state.options.stakes is Stakes.FREEZEOUT:
        won = _won(result, len(state.players))
        for seat, player in enumerate(state.players):
            if not player.eliminated and player.stack == 0:
                player.eliminated = True
                player.out_hand = result.hand_no
                player.out_chips = result.put_in[seat] - won[seat]
        remaining = [seat for seat, p in enumerate(state.players) if not p.eliminated]
        if len(remaining) == 1:
            state.lance = Lance.MATCH_OVER
            state.winner = remaining[0]


def _won(result: HandResult, seats: int) -> list[int]:
    """What each seat took from the pots of a hand."""
    won = [0] * seats
    for pot in result.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            won[seat] += share
    return won
