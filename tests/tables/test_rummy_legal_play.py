"""RULES.md "Owed cards": the player on turn always has a legal move, and so do his bot and the
turn clock.

A seeded loop plays random *legal* Rummy 70 (not the bot's play): it takes the top discard and
swaps jokers whenever the rules allow, and otherwise picks at random among every move the rules
accept (a cutter who shows a joker keeps it or puts it back at random), leaning towards laying
cards so that tables fill with melds and jokers. Before every move of the player on turn it checks
that he has a legal move, that the bot's choice for him is legal, that the turn clock's default
move is legal, and that the kinds of move the view offers are exactly the kinds of the accepted
moves.
"""

from __future__ import annotations

import random

from games.engine.rummy import (
    Action,
    Close,
    Discard,
    Draw,
    KeepCut,
    LayMeld,
    LayOff,
    Open,
    Ready,
    State,
    SwapJoker,
    TakeDiscard,
    apply,
    bot,
    can,
    default_move,
    new_match,
    view,
)
from games.engine.rummy.moves import lay_offs, new_melds, swaps
from games.engine.rummy.planner import Search
from games.engine.rummy.state import OPENING_POINTS

TURNS = 10_000
KINDS = {
    Draw: "draw",
    TakeDiscard: "take_discard",
    Open: "open",
    LayMeld: "lay_meld",
    LayOff: "lay_off",
    SwapJoker: "swap_joker",
    Discard: "discard",
    Close: "close",
    KeepCut: "keep_cut",
}


def legal_moves(state: State) -> list[Action]:
    """Every move of the player on turn that the rules accept (one opening, the richest). Any
    card may be thrown when one may, so one throw stands for all."""
    seat = state.turn
    if state.phase == "cut":
        return [move for move in (KeepCut(True), KeepCut(False)) if can(state, seat, move)]
    hand = state.hands[seat]
    throws: list[Action] = [Discard(c) for c in hand]
    if state.phase == "draw":
        tried: list[Action] = [Draw(), TakeDiscard()]
    elif state.opened[seat]:
        tried = [*new_melds(state, seat), *lay_offs(state, seat), *swaps(state, seat)]
        tried += [Close(hand[0] if hand else None)]
    else:
        search = Search(hand)
        owed = state.open_with
        if owed is None:
            points, chosen = search.best()
        else:
            held = next(i for i, c in enumerate(hand) if c.id == owed.id)
            points, chosen = search.best_with(held)
        tried = []
        if points >= OPENING_POINTS:
            tried.append(Open(tuple(c.spec(hand) for c in chosen)))
    if state.phase == "play" and throws and can(state, seat, throws[0]):
        tried += throws
    return [move for move in tried if can(state, seat, move)]


def choose(state: State, moves: list[Action], rng: random.Random) -> Action:
    """Eager for the discard, swaps and opening; lays cards more often than not; throws a card
    at random among those outside the hand's best melds (so that hands get to open)."""
    for eager in (TakeDiscard, SwapJoker, Open):
        wanted = [m for m in moves if isinstance(m, eager)]
        if wanted:
            return rng.choice(wanted)
    laying = [m for m in moves if not isinstance(m, Discard | Close | Draw)]
    if laying and rng.random() < 0.7:
        return rng.choice(laying)
    hand = state.hands[state.turn]
    kept = {i for c in Search(hand).best()[1] for i in c.positions}
    spare = {c.id for i, c in enumerate(hand) if i not in kept}
    throws = [m for m in moves if isinstance(m, Discard) and m.card.id in spare]
    return rng.choice(throws or moves)


def test_random_legal_play_never_locks_a_turn_nor_leads_bot_or_clock_astray() -> None:
    rng = random.Random(12)
    turns = 0
    match = 0
    while turns < TURNS:
        match += 1
        state = new_match(players=rng.choice([2, 3, 4]), seed=f"owed-{match}")
        turn: list[tuple[Action, State]] = []  # the moves of the turn being played
        while state.phase != "match_over" and turns < TURNS:
            if state.phase == "hand_over":
                for seat in state.active_seats:
                    if state.phase == "hand_over":
                        state = apply(state, seat, Ready())
                continue
            seat = state.turn
            moves = legal_moves(state)
            assert moves, f"match {match}: seat {seat} has no legal move"
            shown = view(state, seat)
            offered = set(shown["legal"]["kinds"]) - {"open"}
            assert offered == {KINDS[type(m)] for m in moves} - {"open"}, f"match {match}"
            assert can(state, seat, bot.decide(shown)), f"match {match}: the bot's move"
            clock = default_move(state, seat, turn)
            assert can(state, seat, clock), f"match {match}: the clock's move {clock}"
            move = choose(state, moves, rng)
            state = apply(state, seat, move)
            turn.append((move, state))
            if isinstance(move, Discard | Close) or state.phase != "play":
                turns += 1
                turn = []
