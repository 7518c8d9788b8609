"""Finished hands: recording one when it ends, its JSON export (everything ``engine.replay`` needs),
and its replay step by step with every hand face up."""

from dataclasses import dataclass
from typing import Any

from games.game_kinds import GAME_KINDS, GameKind
from games.models import Game, Hand


@dataclass(frozen=True)
class ReplayStep:
    """The table after ``number`` moves of a hand (0: as dealt)."""

    number: int
    seat: int | None
    action: dict[str, Any] | None
    hands: list[list[str]]
    public: dict[str, Any]


def record_hand(*, game: Game, kind: GameKind, last_seq: int, state: Any) -> Hand:
    """Keep the hand that ``last_seq`` ended; the caller holds the table row locked."""
    start = replay_match(game=game, upto=game.hand_first_seq - 1)
    previous = Hand.objects.filter(table_id=game.table_id).count()
    return Hand.objects.create(
        table_id=game.table_id,
        number=previous + 1,
        game=game,
        hand_no=kind.hand_no(start),
        first_seq=game.hand_first_seq,
        last_seq=last_seq,
        deal=kind.hands(start),
        result=kind.engine.view(state, None),
    )


def replay_match(*, game: Game, upto: int) -> Any:
    """The engine state of ``game`` after its first ``upto`` logged moves."""
    kind = GAME_KINDS[game.game]
    moves = game.actions.filter(seq__lte=upto).order_by("seq")
    return kind.replay(
        seed=game.seed,
        options=kind.engine.Options.from_json(game.options),
        players=len(game.players),
        actions=[(move.seat, kind.engine.action_from_json(move.action)) for move in moves],
        deal=game.deal,
    )


def hand_export(hand: Hand) -> dict[str, Any]:
    """A finished hand as plain JSON: ``engine.replay(seed, Options.from_json(options),
    len(players), [(seat, action_from_json(action)) ...], **deal)`` rebuilds its last state; the
    hand itself is the moves from ``first_seq`` to ``last_seq`` (the match's earlier moves lead to
    its deal)."""
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


def replay_steps(hand: Hand) -> list[ReplayStep]:
    """The hand from its deal to its end, one step per move, every hand face up."""
    game = hand.game
    kind = GAME_KINDS[game.game]
    state = replay_match(game=game, upto=hand.first_seq - 1)
    steps = [_step(kind, state, 0, None, None)]
    moves = game.actions.filter(seq__gte=hand.first_seq, seq__lte=hand.last_seq).order_by("seq")
    for number, move in enumerate(moves, start=1):
        action = kind.engine.action_from_json(move.action)
        state = kind.engine.apply(state, move.seat, action)
        steps.append(_step(kind, state, number, move.seat, move.action))
    return steps


def _step(
    kind: GameKind, state: Any, number: int, seat: int | None, action: dict[str, Any] | None
) -> ReplayStep:
    return ReplayStep(
        number=number,
        seat=seat,
        action=action,
        hands=kind.hands(state),
        public=kind.engine.view(state, None),
    )
