"""The table's own timetable, written with every version change: when the turn clock runs out
(``Game.turn_deadline``, set at the table version ``Game.deadline_version`` and kept while the
turn or the window goes on) and when a bot moves (``Game.bot_move_at``, for the table's version).
The database holds the truth; the Celery tasks sent once the change commits are only the punctual
way to act on it (the periodic sweep catches any that is lost). A deadline's task is sent once,
when the deadline is set: the moves of a turn or a window that keep it send none. A table's
patience (the deadline of a table without a clock, minutes long, which nobody sees count down)
sends none at all: the sweep acts on it within its period."""

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from cardroom.celery import app
from games.kinds.house import house_match
from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import Game, Seat, Table
from games.tables.house import window_length
from games.tables.turns import awaited_seats, last_mover, turn_seat

TIMETABLE_FIELDS = ("turn_deadline", "window", "bot_move_at", "deadline_version")
ENFORCE_DEADLINE = "games.enforce_deadline"
PLAY_BOT = "games.play_bot"
TASK_MARGIN_SECONDS = 0.1

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HeldMatch:
    """The table's current match as the service that changed it holds it: ``game``, whose
    ``unsaved`` fields it changed without saving them, and its engine ``state``, already parsed;
    ``moved`` when the service has just logged a move, made by the engine seat ``mover``
    (``None``: the table's own); ``seats``, the table's seats when the service holds them as they
    are (``None``: they are read)."""

    game: Game
    state: Match
    unsaved: Sequence[str] = ()
    moved: bool = False
    mover: int | None = None
    seats: Sequence[Seat] | None = None


def plan_table(*, table: Table, held: HeldMatch | None = None) -> None:
    """Write the timetable of ``table``'s current match for the version it has just reached.
    The caller holds the table row locked, in the transaction that changed it, and hands over the
    match when it holds it (``held``: saved here, its changes with its timetable, in one write);
    otherwise the match is read.

    The clock runs per turn: a player who makes several moves in one turn (Rummy 70: draw, lay,
    discard) keeps the deadline his turn began with; any other change gives whoever is on turn a
    full clock. A table without a clock gives him its patience instead, after which he is sat
    out rather than played for (``games.timed.clocks.enforce_deadline``)."""
    held = held or _current_match(table)
    if held is None:
        return
    asks = set_timetable(table=table, held=held)
    held.game.save(update_fields=[*held.unsaved, *TIMETABLE_FIELDS])
    transaction.on_commit(asks.send)


@dataclass(frozen=True)
class WorkerAsks:
    """What the worker is asked to act on once a table's new version is committed: its turn's
    ``deadline`` when the table keeps time punctually, and its bot's move ``bot_at``."""

    table_id: int
    version: int
    deadline: datetime | None
    bot_at: datetime | None

    def send(self) -> None:
        send_timetable(
            table_id=self.table_id, version=self.version, deadline=self.deadline, bot_at=self.bot_at
        )


def set_timetable(*, table: Table, held: HeldMatch) -> WorkerAsks:
    """Set the ``TIMETABLE_FIELDS`` of ``held``'s match for the version ``table`` has just
    reached (``plan_table``), without saving them; answers what to ask of the worker once that
    version is committed."""
    game, state = held.game, held.state
    before = game.turn_deadline
    now = timezone.now()
    playing = table.status == Table.Status.PLAYING and game.status == Game.Status.PLAYING
    seat = turn_seat(state) if playing else None
    house = house_match(state) if playing else None
    if house is not None:
        if house.window() != game.window or game.turn_deadline is None:
            game.turn_deadline = now + window_length(table, house)
        game.window = house.window()
    elif seat is None:
        game.turn_deadline = None
    elif game.turn_deadline is None or not continues_turn(held, seat):
        game.turn_deadline = now + turn_limit(table)
    awaited = awaited_seats(state, game) if playing else []
    if awaited and not automated_seats(table=table, game=game, seats=held.seats).isdisjoint(
        awaited
    ):
        low, high = settings.CARDROOM_BOT_DELAY
        game.bot_move_at = now + timedelta(seconds=random.uniform(low, high))
    else:
        game.bot_move_at = None
    if game.turn_deadline != before:
        game.deadline_version = table.version
    punctual = bool(table.clock) or house is not None
    deadline = game.turn_deadline if punctual and game.deadline_version == table.version else None
    return WorkerAsks(
        table_id=table.pk, version=table.version, deadline=deadline, bot_at=game.bot_move_at
    )


def continues_turn(held: HeldMatch, seat: int) -> bool:
    """Whether ``seat``, on turn, is in the middle of his turn: he made the latest move and must
    still end his turn (Rummy 70 after drawing). In a game where every move ends the player's
    turn (Golfo), a seat that moves last and first again (one lance closing, the next opening)
    starts anew. The service that logged the latest move says whose it was; otherwise the log
    is read."""
    if not held.state.mid_turn:
        return False
    return (held.mover if held.moved else last_mover(held.game)) == seat


def turn_limit(table: Table) -> timedelta:
    """How long the player on turn has: the table's clock, or without one its patience."""
    return timedelta(seconds=table.clock) if table.clock else timedelta(minutes=table.patience)


def automated_seats(*, table: Table, game: Game, seats: Sequence[Seat] | None = None) -> set[int]:
    """The engine seats a bot plays: those of bot users and of players sat out (at a house
    table, bot users only: nobody bets a sat-out player's chips for him). ``seats``: the table's
    seats with their users, when the caller holds them as they are; otherwise they are read."""
    sat_out_played = not game_kind(table.game).banked
    if seats is None:
        played = Q(user__is_bot=True)
        if sat_out_played:
            played |= Q(sat_out=True)
        rows = Seat.objects.filter(played, table_id=table.pk).order_by()
        users = set(rows.values_list("user_id", flat=True))
    else:
        users = {s.user_id for s in seats if s.user.is_bot or (sat_out_played and s.sat_out)}
    return {seat for seat, player in enumerate(game.players) if player["user"] in users}


def send_timetable(
    *, table_id: int, version: int, deadline: datetime | None, bot_at: datetime | None
) -> None:
    """Ask the worker to act at these times. A broker that does not answer costs only
    punctuality: the sweep acts on the same times from the database."""
    now = timezone.now()
    for task, when in ((ENFORCE_DEADLINE, deadline), (PLAY_BOT, bot_at)):
        if when is None:
            continue
        countdown = max(0.0, (when - now).total_seconds()) + TASK_MARGIN_SECONDS
        try:
            app.send_task(
                task,
                kwargs={"table_id": table_id, "version": version},
                countdown=countdown,
                retry=False,
            )
        except Exception:
            logger.warning("Could not send %s for table %s; the sweep will act", task, table_id)


def _current_match(table: Table) -> HeldMatch | None:
    game = table.games.order_by("-number").first()
    if game is None:
        return None
    return HeldMatch(game=game, state=game_kind(game.game).rules.load(game.state))
