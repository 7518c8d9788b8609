"""The turn clock's use case: when a turn's deadline has passed, the table plays the default move
for the player on turn, through the same service as his own moves, and says so in its log.

Default moves: Rummy 70, draw from the stock if he has not drawn, then discard the card drawn;
when a taken discard or a freed joker must still be played, or the drawn card is no longer in his
hand, the engine's bot finishes the turn (its simplest legal completion). Golfo, keep every card in
a descarte, pass when passing is legal, fold otherwise."""

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engine import golfo, rummy
from games.engine.cards import Card
from games.game_kinds import GAME_KINDS, GameKind
from games.history import replay_match
from games.models import Game, Table, TableNote, User
from games.play import current_game, play_action
from games.table_log import write_note
from games.table_versions import find_locked_table
from games.turns import turn_seat

MOVES_PER_TURN = 40


def enforce_deadline(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """Play the default move for the player whose turn ran out at ``version``. Does nothing (and
    answers ``False``) when the table has moved on from that version, its deadline is not yet
    due, or there is none: a late, early or repeated call is harmless."""
    now = now or timezone.now()
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None or not _due(table, game, version, now):
            return False
        kind = GAME_KINDS[game.game]
        state = kind.engine.state_from_json(game.state)
        seat = turn_seat(kind, state)
        if seat is None:
            return False
        player = game.players[seat]
        user = User.objects.get(pk=player["user"])
        drawn = _drawn_card(game, seat) if kind.engine is rummy else None
        hand_no = kind.hand_no(state)
        for _move in range(MOVES_PER_TURN):
            action = default_action(kind, state, seat, drawn=drawn)
            table = play_action(table_id=table_id, user=user, version=table.version, action=action)
            game.refresh_from_db(fields=["state", "status"])
            state = kind.engine.state_from_json(game.state)
            if isinstance(action, rummy.Draw):
                drawn = state.hands[seat][-1]
            if turn_seat(kind, state) != seat or kind.hand_no(state) != hand_no:
                break
        write_note(table=table, kind=TableNote.Kind.TIMEOUT, name=player["name"])
        return True


def default_action(kind: GameKind, state: Any, seat: int, *, drawn: Card | None) -> Any:
    """The next default move of ``seat``, on turn in ``state``; ``drawn``: the card he drew
    this turn (Rummy 70), if known."""
    if kind.engine is golfo:
        return _golfo_default(state, seat)
    return _rummy_default(state, seat, drawn)


def _due(table: Table, game: Game, version: int, now: datetime) -> bool:
    return (
        table.status == Table.Status.PLAYING
        and game.status == Game.Status.PLAYING
        and table.version == version
        and game.deadline_version == version
        and game.turn_deadline is not None
        and game.turn_deadline <= now
    )


def _golfo_default(state: Any, seat: int) -> Any:
    kinds = {move["kind"] for move in golfo.view(state, seat)["legal"]}
    if "discard" in kinds:
        return golfo.Discard(())
    if "pass" in kinds:
        return golfo.Pass()
    return golfo.Fold()


def _rummy_default(state: Any, seat: int, drawn: Card | None) -> Any:
    if state.phase == "draw":
        return rummy.Draw()
    view = rummy.view(state, seat)
    owes = bool(state.must_play) or state.open_with is not None
    hand = state.hands[seat]
    if not owes and "close" in view["legal"]["kinds"]:
        return rummy.Close(hand[0] if hand else None)
    if not owes and drawn is not None and any(card.id == drawn.id for card in hand):
        return rummy.Discard(next(card for card in hand if card.id == drawn.id))
    return rummy.bot.decide(view)


def _drawn_card(game: Game, seat: int) -> Card | None:
    """The card ``seat`` drew from the stock in the turn he is playing, if he did: the log is
    replayed up to that draw (a draw puts the card at the end of the hand)."""
    moves = list(game.actions.filter(seq__gte=game.hand_first_seq).order_by("-seq"))
    for move in moves:
        if move.seat != seat:
            return None
        if move.action.get("kind") == "draw":
            return replay_match(game=game, upto=move.seq).hands[seat][-1]  # type: ignore[no-any-return]
        if move.action.get("kind") == "take_discard":
            return None
    return None
