"""The turn clock's use case: when a turn's deadline has passed, the table plays the default move
for the player on turn, through the same service as his own moves, and says so in its log. The
default moves are the game's (``GameEngine.default_move``): Rummy 70 draws and discards the card
drawn, Golfo keeps every card, passes or folds.

A table without a clock has a patience instead (``Table.patience``, minutes): when it has run
out, the player on turn is sat out as an absent player is, and a bot plays his seat."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.engine.protocol import JsonObject
from games.kinds.house import house_match
from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import Game, Table, TableNote, User
from games.tables.history import replay_match
from games.tables.matches import current_game
from games.tables.notes import write_note
from games.tables.play import house_deadline, play_action
from games.tables.presence import sit_out_stalling
from games.tables.turns import turn_seat
from games.tables.versions import find_locked_table

MOVES_PER_TURN = 40


def enforce_deadline(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """Play the default move for the player whose turn ran out, on the deadline set at
    ``version`` (at a table without a clock, sit him out; at a house table, the window closes).
    Does nothing (and answers ``False``) when another deadline has replaced that one, it is not
    yet due, or there is none: a late, early or repeated call is harmless. Most such calls find
    nothing to do (a turn mostly ends before its clock): they learn it without the table's lock,
    so they never make a player's move wait."""
    now = now or timezone.now()
    if not _maybe_due(table_id, version, now):
        return False
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None or not _due(table, game, version, now):
            return False
        rules = game_kind(game.game).rules
        state = rules.load(game.state)
        house = house_match(state)
        if house is not None:
            house_deadline(table=table, game=game, state=house)
            return True
        seat = turn_seat(state)
        if seat is None:
            return False
        if not table.clock:
            return sit_out_stalling(table=table, game=game, seat=seat)
        player = game.players[seat]
        user = User.objects.get(pk=player["user"])
        turn_start, played = _turn_so_far(game, seat)
        hand_no = state.hand_no
        for _move in range(MOVES_PER_TURN):
            action = turn_start.default_move(seat, played)
            table = play_action(table_id=table_id, user=user, version=table.version, action=action)
            played.append(action)
            game.refresh_from_db(fields=["state", "status"])
            state = rules.load(game.state)
            if turn_start.own_clock(action):
                break  # his turn to play after this move gets a clock of its own
            if turn_seat(state) != seat or state.hand_no != hand_no:
                break
        write_note(table=table, kind=TableNote.Kind.TIMEOUT, name=player["name"])
        return True


def _maybe_due(table_id: int, version: int, now: datetime) -> bool:
    """``_due`` read without the lock: a deadline it finds may be gone once the lock is taken,
    one it does not find is not there."""
    return Game.objects.filter(
        table_id=table_id,
        table__status=Table.Status.PLAYING,
        status=Game.Status.PLAYING,
        deadline_version=version,
        turn_deadline__lte=now,
    ).exists()


def _due(table: Table, game: Game, version: int, now: datetime) -> bool:
    return (
        table.status == Table.Status.PLAYING
        and game.status == Game.Status.PLAYING
        and game.deadline_version == version
        and game.turn_deadline is not None
        and game.turn_deadline <= now
    )


def _turn_so_far(game: Game, seat: int) -> tuple[Match, list[JsonObject]]:
    """The match as the turn of ``seat`` began, and the moves he has made in it: his latest
    moves of the hand, back to anyone else's."""
    moves = game.actions.filter(seq__gte=game.hand_first_seq).order_by("-seq")
    played: list[JsonObject] = []
    first = game.last_seq + 1
    for move in moves:
        if move.seat != seat:
            break
        played.insert(0, move.action)
        first = move.seq
    return replay_match(game=game, upto=first - 1), played
