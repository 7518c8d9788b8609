"""A player's move at a friends' table while its match goes on, made on the snapshot of the table
that his process holds at the version he was shown, and written in one statement.

The statement moves the table to its next version only if it is still at the one the player saw,
and then (in the same statement) sets the match's new state and timetable and appends the move to
its log. PostgreSQL runs it as one transaction: one round trip in all, where the locked way
(``games.tables.play``) takes six. The table row is locked by that update, so of two moves made
on the same version exactly one writes; the other writes nothing. The statement is prepared once
per connection (:class:`PreparingCursor`). The snapshot the move leads to is made before it is
sent, and the process's sockets of the table build their frames of it while the database works
(``SnapshotCache.coming``); it is handed over, and those frames used, only once it has written.

Only a move that would change nothing but the table's version, the match and its log is made so:
a move in the middle of a hand; the move that ends a hand while the match goes on, whose statement
also records the hand (numbered after the newest the snapshot shows, which the version guards) and
adds it to its players' figures; and each "Listo" after it, the last of which deals the next hand
(the match notes where the new hand begins and how it was dealt). Rummy 70's "Listo" is the
engine's move, logged; Golfo's is the table's to count, so its statement writes who is ready and
no log line, and the last awaited has the table deal, the table's own move in the log. Anything
else goes the locked way, which reads the table again and gives the same answer the table would
have given. That is: a move the engine refuses (the locked way then tells a lost race from a
refusal), a "Listo" counted already, a move that ends a match, a tournament's or a house table's,
a rematch, a table whose snapshot this process does not hold at that version, a statement that
wrote nothing (a "Listo" then counts the locked way whatever the table showed, as ever), a move
inside a caller's transaction, and every move on SQLite, where a round trip costs nothing.

A move sent through a socket carries the seal of the socket's last session check
(``games.accounts.sessions``) and the statement writes only while it holds: the session check
costs no query of its own. A sealed move that is not written so is not made the locked way
either; the socket checks its session first.

Why the snapshot is the table as it is (docs/live-tables.md, "A move's match from the
snapshot"): every change of a table's match or seats moves its version in the same transaction,
and the statement writes only while the version is the snapshot's."""

import copy
import functools
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
import psycopg
from django.db import DatabaseError, connection, transaction
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, JSONField, Model
from django.utils import timezone
from psycopg.types.json import Jsonb

from games.accounts.sessions import SessionSeal, seal_condition, seal_params
from games.engine.errors import EngineError
from games.engine.protocol import HAND_OVER, PLAYING, JsonObject
from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import Action, Game, Hand, PlayerFigures, Table, User
from games.tables.broadcasts import announce_table_changed
from games.tables.figures import FIGURES, hand_figures
from games.tables.move_log import ToldMove, told_move
from games.tables.snapshots import (
    SNAPSHOTS,
    FinishedHand,
    TableSnapshot,
    after_deal,
    after_hand_end,
    after_move,
    after_ready,
)
from games.tables.timetable import TIMETABLE_FIELDS, HeldMatch, set_timetable

READY_MOVE = "ready"
MATCH_FIELDS = ("last_seq", "state", "hand_ended_at", "ready", *TIMETABLE_FIELDS)
DEAL_FIELDS = (*MATCH_FIELDS, "hand_first_seq", "hand_deal")
LOG_FIELDS = ("game", "seq", "seat", "action", "user", "told", "created_at")
HAND_FIELDS = (
    "table",
    "number",
    "game",
    "hand_no",
    "first_seq",
    "last_seq",
    "deal",
    "result",
    "ended_at",
)

logger = logging.getLogger(__name__)


def friends_table(table: Table) -> bool:
    """A table of no tournament that the house does not bank: its match changes only with its own
    row's version, so a move there may take the table from the process's snapshot."""
    return table.tournament_id is None and not game_kind(table.game).banked


def changes_match_only(table: Table, before: Match, after: Match) -> bool:
    """A move at a friends' table in the middle of a hand, or a "Listo" after it that leaves the
    next one undealt: it changes the table's row, its match and the hand's told moves, and
    nothing else a frame shows (no hand recorded or dealt, no purse, no tournament)."""
    return (
        before.stage == after.stage
        and before.stage in (PLAYING, HAND_OVER)
        and before.hand_no == after.hand_no
        and friends_table(table)
    )


def ends_hand_only(table: Table, before: Match, after: Match) -> bool:
    """The last move of a hand at a friends' table while its match goes on: besides what a move
    in the middle of a hand changes, it records the hand (``after_hand_end``)."""
    return (
        before.stage == PLAYING
        and after.stage == HAND_OVER
        and before.hand_no == after.hand_no
        and friends_table(table)
    )


def deals_next_hand(table: Table, before: Match, after: Match) -> bool:
    """The move that deals the next hand at a friends' table after the last "Listo" (Rummy 70's,
    counted by the engine, or Golfo's table dealing once its players are ready): it changes the
    table's row and the match, now in a new hand (``after_deal``)."""
    return (
        before.stage == HAND_OVER
        and after.stage == PLAYING
        and after.hand_no == before.hand_no + 1
        and friends_table(table)
    )


def play_on_snapshot(
    *,
    table_id: int,
    user: User,
    version: int,
    fields: Mapping[str, object],
    seal: SessionSeal | None = None,
) -> Table | None:
    """``user``'s move from his browser's form ``fields`` on the table at ``version``, made and
    written as this module says; ``None`` when it is to go the locked way, having written
    nothing. With ``seal``, the statement writes only while his socket's session holds as it was
    last checked (``games.accounts.sessions.seal_condition``): the check itself is then one
    condition of the statement, not a query before it."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    kept = SNAPSHOTS.at_version(table_id, version)
    if kept is None or kept.game is None or kept.state is None:
        return None
    table, game, before = kept.table, kept.game, kept.state
    seat = game.seat_of(user.pk)
    if (
        not friends_table(table)
        or table.status != Table.Status.PLAYING
        or game.status != Game.Status.PLAYING
        or seat is None
        or game.is_removed(seat)
        or not before.in_match(seat)
    ):
        return None
    kind = game_kind(table.game)
    try:
        if fields.get("move") == READY_MOVE and not kind.rules.counts_ready:
            step = _table_counts_ready(game, before, seat)
        else:
            action: JsonObject = dict(kind.screen.move_from_fields(dict(fields)))
            step = Step(seat=seat, action=action, after=before.apply(seat, action))
    except EngineError:
        return None
    if step is None:
        return None
    after = step.after
    ends_hand, deals = ends_hand_only(table, before, after), deals_next_hand(table, before, after)
    if not (ends_hand or deals or changes_match_only(table, before, after)):
        return None
    moved, played = _next_rows(table, game, step)
    hand = _ended_hand(kept, moved, played, after) if ends_hand else None
    if deals:
        _begin_hand(played, after)
    log, move = _logged(played, before, step, user=user, at=moved.updated_at)
    asks = set_timetable(
        table=moved,
        held=HeldMatch(
            game=played, state=after, moved=log is not None, mover=step.seat, seats=kept.seats
        ),
    )
    if deals:
        upcoming = after_deal(kept, table=moved, game=played, state=after)
    elif hand is not None and move is not None:
        finished = FinishedHand(hand.number, played.number, hand.hand_no)
        upcoming = after_hand_end(
            kept, table=moved, game=played, state=after, move=move, hand=finished
        )
    elif move is not None:
        upcoming = after_move(kept, table=moved, game=played, state=after, move=move)
    else:
        upcoming = after_ready(kept, table=moved, game=played)
    sent = functools.partial(SNAPSHOTS.coming, upcoming)
    if not _write(moved, played, log, hand, deals=deals, shown=version, seal=seal, sent=sent):
        return None
    transaction.on_commit(lambda: SNAPSHOTS.hand_over_made(upcoming, move=move, dealt=deals))
    announce_table_changed(table_id=table_id, version=moved.version, lobby=False)
    transaction.on_commit(asks.send)
    return moved


@dataclass(frozen=True)
class Step:
    """What a move does to the match: the engine's ``action`` by ``seat`` (``None``: the table's
    own, dealing) and the state it leaves; with no action, a "Listo" the table counts, the
    seats ``ready`` then."""

    seat: int | None
    action: JsonObject | None
    after: Match
    ready: tuple[int, ...] = ()


def _table_counts_ready(game: Game, state: Match, seat: int) -> Step | None:
    """A "Listo" the table counts (Golfo's) as ``games.tables.play`` counts it: between hands,
    from a player not yet ready; the last one awaited has the table deal the next hand. ``None``
    when it is to go the locked way (which refuses it, or counts it whatever the table showed)."""
    if state.stage != HAND_OVER or seat in game.ready:
        return None
    ready = tuple(sorted({*game.ready, seat}))
    if not set(state.waits_for()) <= set(ready):
        return Step(seat=seat, action=None, after=state, ready=ready)
    action = state.next_hand()
    return Step(seat=None, action=action, after=state.apply(None, action))


def _logged(
    played: Game, before: Match, step: Step, *, user: User, at: datetime
) -> tuple[Action | None, ToldMove | None]:
    """The log's new row for the step and the move as the table tells it; neither for a "Listo"
    the table counts without dealing, which the log does not hold."""
    if step.action is None:
        return None, None
    told = told_move(played, before, step.after, seat=step.seat, action=step.action)
    log = Action(
        game=played,
        seq=played.last_seq,
        seat=step.seat,
        action=step.action,
        user=None if step.seat is None else user,
        told=told,
        created_at=at,
    )
    return log, ToldMove(log.seq, step.seat, told)


def _next_rows(table: Table, game: Game, step: Step) -> tuple[Table, Game]:
    """Copies of the snapshot's rows as the move leaves them (the snapshot's own stay as its
    frames show them)."""
    moved = copy.copy(table)
    moved.version += 1
    moved.updated_at = timezone.now()
    played = copy.copy(game)
    played.table = moved
    if step.action is None:
        played.ready = list(step.ready)
    else:
        played.last_seq += 1
        played.state = step.after.to_json()
    return moved, played


def _ended_hand(kept: TableSnapshot, moved: Table, played: Game, after: Match) -> Hand:
    """The hand the move ends, kept as ``games.tables.history.record_hand`` keeps it; the match
    notes when it ended, and nobody is ready for the next yet."""
    played.hand_ended_at = moved.updated_at
    played.ready = []
    return Hand(
        table=moved,
        number=kept.hand_mark + 1,
        game=played,
        hand_no=after.hand_no,
        first_seq=played.hand_first_seq,
        last_seq=played.last_seq,
        deal=played.hand_deal,
        result=after.view(None),
        ended_at=moved.updated_at,
    )


def _begin_hand(played: Game, after: Match) -> None:
    """The match notes the hand the move dealt, as ``games.tables.play`` does: it begins after
    the move, dealt so, and nobody is ready for its end yet."""
    played.hand_first_seq = played.last_seq + 1
    played.hand_deal = after.hands_face_up()
    played.hand_ended_at = None
    played.ready = []


def _write(
    moved: Table,
    played: Game,
    log: Action | None,
    hand: Hand | None,
    *,
    deals: bool,
    shown: int,
    seal: SessionSeal | None,
    sent: Callable[[], None],
) -> bool:
    """The one statement; ``True`` when it wrote (the table was still at ``shown``). Once it is on
    its way to the database, ``sent`` is called (:class:`PreparingCursor`). A statement the
    database refuses writes nothing either (it is its own transaction): it is logged, since
    under the version's guard it means the statement no longer fits the tables, and the move goes
    the locked way."""
    params: list[Any] = [
        _value(moved, "version"),
        _value(moved, "updated_at"),
        moved.pk,
        shown,
        *([] if seal is None else seal_params(seal)),
        *(_value(played, field) for field in (DEAL_FIELDS if deals else MATCH_FIELDS)),
        played.pk,
        played.last_seq - (log is not None),
        *([] if hand is None else _hand_params(played, hand)),
        *([] if log is None else (_value(log, field) for field in LOG_FIELDS)),
    ]
    statement = _statement(
        sealed=seal is not None, logged=log is not None, ends_hand=hand is not None, deals=deals
    )
    try:
        with _prepared_cursor(sent=sent) as cursor:
            cursor.execute(statement, params)
            return bool(cursor.rowcount == 1)
    except DatabaseError:
        logger.warning("A move's one statement failed; it goes the locked way", exc_info=True)
        return False


def _hand_params(played: Game, hand: Hand) -> list[Any]:
    """The hand's row, then what it adds to its players' figures: the game, the players' ids
    and one list per figure, in the same order."""
    added = hand_figures(played, hand.result)
    return [
        *(_value(hand, field) for field in HAND_FIELDS),
        played.game,
        list(added),
        *([counts[name] for counts in added.values()] for name in FIGURES),
    ]


class PreparingCursor(psycopg.Cursor[Any]):
    """A cursor that sends its parameters apart from the statement's text (server-side binding)
    and has the connection prepare each statement it runs the first time, and reuse it after.
    Django's own cursors merge the parameters into the text (``ClientCursor``), which is never
    prepared: PostgreSQL then parses and plans the move's statement at every move, and psycopg
    quotes the match's state (a few kilobytes of JSON) into its text.

    ``sent`` is called once a statement is on its way (sent as far as the socket takes it),
    before its answer is awaited: this thread then builds the table's frames of the move's
    snapshot while the database works (``Neighbours.ahead``). Handed over before the statement
    was sent (to the event loop, which built them then), it let the loop take the interpreter
    and build the frames first in 9% of the moves, and half of the slowest, at 10 tables: the
    database then waited for them (docs/performance.md, eighteenth pass). It hooks psycopg's
    own step that sends a prepared statement (psycopg is pinned in requirements.txt;
    ``tests/tables/test_snapshot_moves.py`` fails if the step no longer comes first)."""

    def __init__(self, connection: psycopg.Connection[Any], *, sent: Callable[[], None]) -> None:
        super().__init__(connection)
        self._sent = sent

    def execute(
        self,
        query: Any,
        params: Any = None,
        *,
        prepare: bool | None = None,
        binary: bool | None = None,
    ) -> "PreparingCursor":
        super().execute(query, params, prepare=True, binary=binary)
        return self

    def _send_query_prepared(self, name: bytes, pgq: Any, *, binary: bool | None = None) -> None:
        super()._send_query_prepared(name, pgq, binary=binary)
        self._pgconn.flush()
        try:
            self._sent()
        except Exception:
            logger.exception("A move's snapshot could not be handed over ahead")


def _prepared_cursor(*, sent: Callable[[], None]) -> CursorWrapper:
    """A :class:`PreparingCursor` on Django's connection, wrapped as Django wraps its own: its
    errors are Django's and the connection's execute wrappers see its statements. Django's query
    log (``connection.queries``, with ``DEBUG``) does not: it reads the text psycopg sent, which a
    prepared statement's cursor does not keep."""
    connection.ensure_connection()
    return CursorWrapper(PreparingCursor(connection.connection, sent=sent), connection)


@functools.cache
def _statement(*, sealed: bool, logged: bool, ends_hand: bool, deals: bool) -> str:
    """The statement's text, made once for each kind (with or without a session's seal; a move
    the log holds, which may end a hand or deal the next, or a "Listo" the table counts): the
    table's next version if it is still at the one shown (and the seal holds), the match's new
    fields if it is still at the move before (a deal's new hand too), and if both were written the
    hand's row and its players' figures (a hand's end) and the log's new row."""
    name = connection.ops.quote_name
    seal = f" AND {seal_condition()}" if sealed else ""
    match = (
        f"UPDATE {name(Game._meta.db_table)} SET "
        + ", ".join(
            f"{_column(Game, field)} = %s" for field in (DEAL_FIELDS if deals else MATCH_FIELDS)
        )
        + f" WHERE {_key(Game)} = %s AND {_column(Game, 'last_seq')} = %s"
        " AND EXISTS (SELECT 1 FROM moved)"
    )
    moved = (
        f"WITH moved AS (UPDATE {name(Table._meta.db_table)}"
        f" SET {_column(Table, 'version')} = %s, {_column(Table, 'updated_at')} = %s"
        f" WHERE {_key(Table)} = %s AND {_column(Table, 'version')} = %s{seal} RETURNING 1)"
    )
    if not logged:
        return f"{moved} {match}"
    return (
        f"{moved}, played AS ({match} RETURNING 1)"
        + (_hand_records() if ends_hand else "")
        + f" INSERT INTO {name(Action._meta.db_table)} ("
        + ", ".join(_column(Action, field) for field in LOG_FIELDS)
        + ") SELECT "
        + ", ".join(f"CAST(%s AS {_type(Action, field)})" for field in LOG_FIELDS)
        + " FROM played"
    )


def _hand_records() -> str:
    """A hand's end: its row, and each player's figures added to his row for the game (made
    when he has none yet), written only if the match was."""
    name = connection.ops.quote_name
    figures = [_column(PlayerFigures, field) for field in FIGURES]
    user, game = _column(PlayerFigures, "user"), _column(PlayerFigures, "game")
    return (
        f", recorded AS (INSERT INTO {name(Hand._meta.db_table)} ("
        + ", ".join(_column(Hand, field) for field in HAND_FIELDS)
        + ") SELECT "
        + ", ".join(f"CAST(%s AS {_type(Hand, field)})" for field in HAND_FIELDS)
        + " FROM played RETURNING 1),"
        f" counted AS (INSERT INTO {name(PlayerFigures._meta.db_table)} AS figures"
        f" ({user}, {game}, {', '.join(figures)})"
        f" SELECT added.player, CAST(%s AS {_type(PlayerFigures, 'game')}), "
        + ", ".join(f"added.{field}" for field in FIGURES)
        + " FROM played, unnest("
        + ", ".join(f"CAST(%s AS {_type(PlayerFigures, field)}[])" for field in ("user", *FIGURES))
        + f") AS added(player, {', '.join(FIGURES)})"
        f" ON CONFLICT ({user}, {game}) DO UPDATE SET "
        + ", ".join(f"{column} = figures.{column} + EXCLUDED.{column}" for column in figures)
        + " RETURNING 1)"
    )


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)
    return field


def _column(model: type[Model], field: str) -> str:
    return connection.ops.quote_name(_field(model, field).column)


def _key(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.pk.column)


def _type(model: type[Model], field: str) -> str:
    column_type = _field(model, field).db_type(connection)
    assert column_type is not None
    return column_type


def _value(row: Model, field: str) -> Any:
    """``row``'s ``field`` as the database takes it; a JSON value written by ``json_text``."""
    model_field = _field(type(row), field)
    value = getattr(row, model_field.attname)
    if isinstance(model_field, JSONField) and model_field.encoder is None and value is not None:
        return Jsonb(value, dumps=json_text)
    return model_field.get_db_prep_save(value, connection)


def json_text(value: Any) -> bytes:
    """A JSON value's text as Django's ``JSONField`` writes it (``json.dumps``: keys that are
    not strings written as strings), by orjson: the match's state, the move in words and, at a
    hand's end, the hand's result are a few kilobytes each, which the standard library encodes in
    about ten times the time. What orjson does not write (an integer past 64 bits) the standard
    library does."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(value).encode()
