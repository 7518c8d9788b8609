"""Finished hands: recording one when it ends, and showing it again to a person as he saw it.

A replay step is the engine's ``view`` for one viewer after that many moves of the hand, never the
stored state: a player sees his own cards and what the table showed, anyone else what a spectator
saw (the engines give a player out of the match the spectator's view). The export is those steps.
Only ``full_hand_export`` (seed and action log, which rebuild every hidden card) tells more; it is
for tests and ``manage.py export_hand``, and no page serves it."""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext

from games.engine.protocol import View
from games.kinds.match import Match
from games.kinds.move_words import move_in_words
from games.kinds.registry import game_kind
from games.models import Game, Hand, User


@dataclass(frozen=True)
class ReplayStep:
    """The hand as one viewer saw it after ``number`` moves (0: as dealt): who moved (``None``:
    the table), the move in words as that viewer reads it, and his view."""

    number: int
    seat: int | None
    move: str
    view: View


def record_hand(*, game: Game, last_seq: int, state: Match) -> Hand:
    """Keep the hand that ``last_seq`` ended; the caller holds the table row locked. ``deal`` is
    every hand as dealt (kept in ``game.hand_deal`` when the hand began) and ``result`` the
    spectator's view of the end: neither reaches a page."""
    previous = Hand.objects.filter(table_id=game.table_id).count()
    return Hand.objects.create(
        table_id=game.table_id,
        number=previous + 1,
        game=game,
        hand_no=state.hand_no,
        first_seq=game.hand_first_seq,
        last_seq=last_seq,
        deal=game.hand_deal,
        result=state.view(None),
    )


def replay_match(*, game: Game, upto: int) -> Match:
    """The match ``game`` after its first ``upto`` logged moves."""
    moves = game.actions.filter(seq__lte=upto).order_by("seq")
    return game_kind(game.game).rules.replay(
        seed=game.seed,
        options=game.options,
        players=len(game.players),
        moves=[(move.seat, move.action) for move in moves],
        deal=game.deal,
    )


def replay_seat(game: Game, viewer: User | AnonymousUser) -> int | None:
    """Whose eyes a replay of ``game`` uses, decided as the live table decides it: the engine seat
    of the signed-in user (a guest too) who plays the match, ``None`` for anyone else. At a step
    where that player is already out of the match the engine gives him the spectator's view."""
    return game.seat_of(viewer.pk) if viewer.is_authenticated else None


def hand_movers(hand: Hand) -> list[int | None]:
    """Who made each move of the hand, in order (``None``: the table)."""
    moves = hand.game.actions.filter(seq__gte=hand.first_seq, seq__lte=hand.last_seq)
    return list(moves.order_by("seq").values_list("seat", flat=True))


def _hand_states(
    hand: Hand, upto: int | None
) -> Iterator[tuple[int | None, dict[str, Any] | None, Match]]:
    """The hand as dealt, then after each of its moves (the first ``upto`` when given): (seat,
    the move's JSON, state)."""
    game = hand.game
    state = replay_match(game=game, upto=hand.first_seq - 1)
    yield None, None, state
    last = hand.last_seq if upto is None else min(hand.last_seq, hand.first_seq + upto - 1)
    moves = game.actions.filter(seq__gte=hand.first_seq, seq__lte=last).order_by("seq")
    for move in moves:
        state = state.apply(move.seat, move.action)
        yield move.seat, move.action, state


def replay_steps(hand: Hand, *, viewer: int | None, upto: int | None = None) -> list[ReplayStep]:
    """The hand from its deal to its end (to its step ``upto`` when given) as the player at
    engine seat ``viewer`` (``None``: a spectator) saw it, one step per move."""
    game = hand.game
    names = [player["name"] for player in game.players]
    steps: list[ReplayStep] = []
    for seat, action, state in _hand_states(hand, upto):
        view = state.view(viewer)
        move = ""
        if action is not None:
            move = move_in_words(
                game.game,
                action,
                actor=gettext("The table") if seat is None else names[seat],
                seat=seat,
                viewer=viewer,
                before=steps[-1].view,
                after=view,
            )
        steps.append(ReplayStep(number=len(steps), seat=seat, move=move, view=view))
    return steps


def hand_export(hand: Hand, *, viewer: int | None) -> dict[str, Any]:
    """A finished hand as plain JSON, as the player at engine seat ``viewer`` (``None``: a
    spectator) saw it: each step's move in words and his view after it."""
    game = hand.game
    return {
        "game": game.game,
        "table": hand.table_id,
        "hand": hand.number,
        "match": game.number,
        "hand_of_match": hand.hand_no,
        "viewer": viewer,
        "players": [
            {"seat": seat, "position": player["position"], "name": player["name"]}
            for seat, player in enumerate(game.players)
        ],
        "steps": [
            {"number": step.number, "seat": step.seat, "move": step.move, "view": step.view}
            for step in replay_steps(hand, viewer=viewer)
        ],
    }


def full_hand_export(hand: Hand) -> dict[str, Any]:
    """Everything the engine's ``replay_match(seed=, options=options_from_json(options),
    players=len(players), actions=[(seat, action_from_json(action)) ...], deal=)`` needs to
    rebuild the hand's last state, every hidden card included: for tests and ``manage.py
    export_hand`` only, never for a page. The hand is the moves from ``first_seq`` to
    ``last_seq``; the match's earlier moves lead to its deal."""
    game = hand.game
    moves = game.actions.filter(seq__lte=hand.last_seq).order_by("seq")
    return {
        "game": game.game,
        "table": hand.table_id,
        "hand": hand.number,
        "match": game.number,
        "hand_of_match": hand.hand_no,
        "seed": game.seed,
        "options": game.options,
        "deal": game.deal,
        "players": [
            {"seat": seat, "position": player["position"], "name": player["name"]}
            for seat, player in enumerate(game.players)
        ],
        "first_seq": hand.first_seq,
        "last_seq": hand.last_seq,
        "actions": [{"seq": move.seq, "seat": move.seat, "action": move.action} for move in moves],
    }
