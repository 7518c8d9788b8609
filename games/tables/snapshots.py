"""A table as every viewer's frame is made from it, read at one moment: the table and its seats,
the current match and its engine state, the chats, the table's log and its finished hands.

A tournament table's snapshot holds its tournament too (``TournamentSnapshot``): where each of its
players sits now and which of its tables are still in play.

A snapshot holds the whole truth (every hand in the engine state): it never leaves the server.
Each viewer's frame is derived from it (``games.tables.selectors.live_table_from``), so the
sockets of a table in one process read the table once per version, however many they are
(``SnapshotCache``). A move made in a process hands its new snapshot to that process's sockets
(``SnapshotCache.hand_over``): they read nothing for it."""

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, TypeAlias, TypedDict, overload

from channels.db import database_sync_to_async
from django.db.models import OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django_stubs_ext import WithAnnotations

from games.accounts.ratings import with_ratings
from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import Action, ChatMessage, Entry, Game, Hand, Seat, Table, TableNote, Tournament
from games.tables.chat import SHOWN_MESSAGES
from games.tables.house import Wallets, wallets
from games.tables.move_log import SHOWN_MOVES, ToldMove
from games.tables.notes import SHOWN_NOTES

KEPT_TABLES = 2048
READS_TO_AGREE = 3
"""How many times a snapshot is read while the table keeps moving on during the read; the last
read is kept even so (its frame shows some parts early, the next version's frame the rest)."""
NO_WALLETS = Wallets(balances={}, top_ups=frozenset())
SHOWN_HANDS = 20
"""How many finished hands the table page lists (the newest); its history page has them all."""
ID_LIMIT = 2**63  # no row of the database has a larger id


class Marks(TypedDict):
    """The newest chat line's id, log line's id and finished hand's number of a table (0
    without any), read with its row (``TableSnapshot``)."""

    chat_mark: int
    note_mark: int
    hand_mark: int


# Strings: ``WithAnnotations`` takes its second argument only in type checking.
MarkedGame: TypeAlias = "WithAnnotations[Game, Marks]"
MarkedTable: TypeAlias = "WithAnnotations[Table, Marks]"


@dataclass(frozen=True)
class ChatLine:
    id: int
    author: str
    text: str


@dataclass(frozen=True)
class Note:
    kind: str
    name: str
    created_at: datetime


@dataclass(frozen=True)
class FinishedHand:
    number: int
    match: int
    hand_no: int


@dataclass(frozen=True)
class TournamentSnapshot:
    """The tournament of a tournament table, read with it: ``tables``, the ids of its tables
    still in play; ``seated_at``, the table each player still in sits at, by user id; ``out``, the
    players eliminated. A move between tables or a table broken bumps every table concerned, so
    the snapshot of each new version has them."""

    tournament: Tournament
    tables: tuple[int, ...]
    seated_at: dict[int, int]
    out: frozenset[int]

    def entered(self, user_id: int) -> bool:
        return user_id in self.seated_at or user_id in self.out


@dataclass(frozen=True)
class TableSnapshot:
    """``chat_mark``, ``note_mark``, ``hand_mark``: the newest chat line's id, log line's id and
    finished hand's number (0 without any). A chat line does not change the table's version, so a
    socket asks for a snapshot at least as new as a version and a chat mark; a snapshot reads the
    chats, the log and the finished hands again only when their mark moved. ``balances``: at a
    table the house banks, each engine seat's chips in its player's wallet, and ``top_ups`` the
    seats whose player may take the free top-up, read with the match (a frame makes no query).
    ``hands``: the newest finished hands, newest first."""

    table: Table
    seats: tuple[Seat, ...]
    game: Game | None
    state: Match | None
    chats: dict[str, tuple[ChatLine, ...]]
    notes: tuple[Note, ...]
    hands: tuple[FinishedHand, ...]
    chat_mark: int
    note_mark: int
    hand_mark: int
    moves: tuple[ToldMove, ...] = ()
    tournament: TournamentSnapshot | None = None
    balances: Mapping[int, int] = field(default_factory=dict)
    top_ups: frozenset[int] = frozenset()
    """At a house table, each engine seat's chips in its player's wallet (read here, in the
    worker's thread, since a frame is rendered where the database may not be read)."""

    @property
    def version(self) -> int:
        return self.table.version

    def is_at_least(self, *, version: int, chat_mark: int) -> bool:
        return self.version >= version and self.chat_mark >= chat_mark

    def leads_to(
        self, *, table: Table, game: Game, move: ToldMove | None, dealt: bool = False
    ) -> bool:
        """Whether this snapshot shows the table just before the move ``move`` left it at
        ``table``'s version (``None``: a change the match's log does not hold, a "Listo" the table
        counts): the version before, the same match and host, the move before, and the same hand
        (``dealt``: the move dealt the next one, which begins after it)."""
        return (
            self.version == table.version - 1
            and self.game is not None
            and self.game.pk == game.pk
            and self.game.last_seq == (game.last_seq if move is None else move.seq - 1)
            and (
                move is not None and game.hand_first_seq == move.seq + 1
                if dealt
                else self.game.hand_first_seq == game.hand_first_seq
            )
            and self.table.host_id == table.host_id
        )


def after_move(
    previous: TableSnapshot, *, table: Table, game: Game, state: Match, move: ToldMove
) -> TableSnapshot:
    """The snapshot a move in the middle of a hand leads to, from the one it was made on
    (``previous.leads_to`` it): such a move changes the table's row, the match and its told moves,
    and nothing else a frame shows (not the seats, the chats, the log nor the finished hands).
    ``table`` and ``game`` are the move's own rows as it saved them; they are not changed after."""
    table.host = previous.table.host
    game.table = table
    return replace(
        previous,
        table=table,
        game=game,
        state=state,
        moves=(move, *previous.moves)[:SHOWN_MOVES],
    )


def after_hand_end(
    previous: TableSnapshot,
    *,
    table: Table,
    game: Game,
    state: Match,
    move: ToldMove,
    hand: FinishedHand,
) -> TableSnapshot:
    """The snapshot the last move of a hand leads to while its match goes on, from the one it was
    made on: what ``after_move`` changes, and the finished hand it recorded, now the newest of
    the table's (the seats, the chats and the log are as they were: a hand's end records no
    note and changes no rating)."""
    moved = after_move(previous, table=table, game=game, state=state, move=move)
    return replace(moved, hands=(hand, *previous.hands)[:SHOWN_HANDS], hand_mark=hand.number)


def after_ready(previous: TableSnapshot, *, table: Table, game: Game) -> TableSnapshot:
    """The snapshot a "Listo" the table counts (Golfo's) leads to, when it does not deal: the
    table's row and the match's row (who is ready, its clocks); the state is as it was."""
    table.host = previous.table.host
    game.table = table
    return replace(previous, table=table, game=game)


def after_deal(previous: TableSnapshot, *, table: Table, game: Game, state: Match) -> TableSnapshot:
    """The snapshot the "Listo" that deals the next hand leads to, from the one it was made on:
    the table's row and the match, in a new hand with no move told yet (the seats, the chats, the
    log and the finished hands are as they were)."""
    table.host = previous.table.host
    game.table = table
    return replace(previous, table=table, game=game, state=state, moves=())


def read_snapshot(*, table_id: int, previous: TableSnapshot | None = None) -> TableSnapshot | None:
    """The table now, or ``None`` when it is gone. The table's row and marks come in the same
    statement as its match (the engine state), so a frame's version is that of the state it
    shows. What has not moved since ``previous`` is taken from it.

    The seats, the log and the rest come in statements of their own: when the table moved on
    while they were read (a player sat out between the first statement and the seats'), the
    snapshot would show those parts as they are at a newer version than the one it says, and a
    frame would be half one version, half the next (a seat sat out, without the log line that says
    why). Then it is read again, up to ``READS_TO_AGREE`` times."""
    if not 0 < table_id < ID_LIMIT:
        return None
    snapshot = None
    for _ in range(READS_TO_AGREE):
        snapshot = _read_once(table_id, previous)
        if snapshot is None or snapshot.version == _version_now(table_id):
            return snapshot
    return snapshot


def _version_now(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def _read_once(table_id: int, previous: TableSnapshot | None) -> TableSnapshot | None:
    game = (
        _with_marks(Game.objects.select_related("table__host"), table=OuterRef("table_id"))
        .filter(table_id=table_id)
        .order_by("-number")
        .first()
    )
    marked: MarkedTable | MarkedGame | None = game
    if game is None:
        marked = (
            _with_marks(Table.objects.select_related("host"), table=OuterRef("pk"))
            .filter(pk=table_id)
            .first()
        )
    if marked is None:
        return None
    table = marked if isinstance(marked, Table) else marked.table
    chat_mark, note_mark, hand_mark = marked.chat_mark, marked.note_mark, marked.hand_mark
    state = None if game is None else game_kind(game.game).rules.load(game.state)
    same_match = previous is not None and _match_key(previous.game) == _match_key(game)
    held = wallets(game) if game is not None and game_kind(game.game).banked else NO_WALLETS
    return TableSnapshot(
        table=table,
        seats=tuple(
            with_ratings(table.seats.select_related("user"), game=table.game).order_by("position")
        ),
        game=game,
        state=state,
        chats=previous.chats
        if previous is not None and previous.chat_mark == chat_mark
        else {room: _chat_lines(table_id, room) for room in ChatMessage.Room.values},
        notes=previous.notes
        if previous is not None and previous.note_mark == note_mark
        else _notes(table_id),
        hands=previous.hands
        if previous is not None and same_match and previous.hand_mark == hand_mark
        else _hands(table_id),
        chat_mark=chat_mark,
        note_mark=note_mark,
        hand_mark=hand_mark,
        moves=previous.moves
        if previous is not None and same_match and previous.version == table.version
        else _moves(game),
        tournament=None if table.tournament_id is None else _tournament(table.tournament_id),
        balances=held.balances,
        top_ups=held.top_ups,
    )


@overload
def _with_marks(rows: QuerySet[Game], *, table: OuterRef) -> "QuerySet[MarkedGame]": ...
@overload
def _with_marks(rows: QuerySet[Table], *, table: OuterRef) -> "QuerySet[MarkedTable]": ...
def _with_marks(
    rows: QuerySet[Game] | QuerySet[Table], *, table: OuterRef
) -> "QuerySet[MarkedGame] | QuerySet[MarkedTable]":
    return rows.annotate(
        chat_mark=_newest(ChatMessage.objects.filter(table=table), "pk"),
        note_mark=_newest(TableNote.objects.filter(table=table), "pk"),
        hand_mark=_newest(Hand.objects.filter(table=table), "number"),
    )


def _newest(rows: QuerySet[Any], field: str) -> Coalesce:
    return Coalesce(Subquery(rows.order_by(f"-{field}").values(field)[:1]), 0)


def _match_key(game: Game | None) -> tuple[int, str] | None:
    """A finished hand shows whether its match is over: the hands are read again when the
    current match or its status changes."""
    return None if game is None else (game.pk, game.status)


def _tournament(tournament_id: int) -> TournamentSnapshot:
    tournament = Tournament.objects.get(pk=tournament_id)
    tables = Table.objects.filter(tournament_id=tournament_id, status=Table.Status.PLAYING)
    entries = Entry.objects.filter(tournament_id=tournament_id)
    seated_at: dict[int, int] = {}
    out: set[int] = set()
    for user_id, table_id, out_round in entries.values_list("user_id", "table_id", "out_round"):
        if out_round is not None:
            out.add(user_id)
        elif table_id is not None:
            seated_at[user_id] = table_id
    return TournamentSnapshot(
        tournament=tournament,
        tables=tuple(tables.order_by("pk").values_list("pk", flat=True)),
        seated_at=seated_at,
        out=frozenset(out),
    )


def _chat_lines(table_id: int, room: str) -> tuple[ChatLine, ...]:
    latest = (
        ChatMessage.objects.filter(table_id=table_id, room=room)
        .select_related("user")
        .order_by("-created_at", "-pk")[:SHOWN_MESSAGES]
    )
    return tuple(ChatLine(m.pk, str(m.user), m.text) for m in reversed(latest))


def _notes(table_id: int) -> tuple[Note, ...]:
    latest = TableNote.objects.filter(table_id=table_id).order_by("-created_at", "-pk")
    rows = latest.values_list("kind", "name", "created_at")[:SHOWN_NOTES]
    return tuple(Note(*row) for row in reversed(rows))


def _moves(game: Game | None) -> tuple[ToldMove, ...]:
    """Up to the match's state as read (``last_seq``): a move stored since then waits for the
    snapshot of its own version, so a frame never tells a move its board does not show yet."""
    if game is None:
        return ()
    rows = (
        Action.objects.filter(game=game, seq__gte=game.hand_first_seq, seq__lte=game.last_seq)
        .order_by("-seq")
        .values_list("seq", "seat", "told")[:SHOWN_MOVES]
    )
    return tuple(ToldMove(seq, seat, told) for seq, seat, told in rows)


def _hands(table_id: int) -> tuple[FinishedHand, ...]:
    """The table's newest ``SHOWN_HANDS`` finished hands, newest first (a house table plays
    thousands of coups; the rest are on its history page)."""
    rows = (
        Hand.objects.filter(table_id=table_id)
        .order_by("-number")
        .values_list("number", "game__number", "hand_no")[:SHOWN_HANDS]
    )
    return tuple(FinishedHand(number, match, hand_no) for number, match, hand_no in rows)


class SnapshotCache:
    """The latest snapshot of each table this process shows. A socket asks for one at least as
    new as the version (and chat line) it was told about; sockets asking at once share one read,
    done in a worker thread."""

    def __init__(self, limit: int = KEPT_TABLES) -> None:
        self.limit = limit
        self._latest: OrderedDict[int, TableSnapshot] = OrderedDict()
        self._reading: dict[int, asyncio.Task[TableSnapshot | None]] = {}
        # Moves hand their snapshots over from the threads they run in.
        self._keeping = threading.Lock()
        self._listeners: list[Callable[[TableSnapshot], None]] = []

    async def at_least(
        self, table_id: int, *, version: int = 0, chat_mark: int = 0
    ) -> TableSnapshot | None:
        """A read already under way when the news came may return the table as it was: then
        one more read, which started after the news, is taken whatever it says."""
        snapshot = self._latest.get(table_id)
        for _ in range(2):
            if snapshot is not None and snapshot.is_at_least(version=version, chat_mark=chat_mark):
                return snapshot
            snapshot = await asyncio.shield(self._read(table_id))
            if snapshot is None:
                return None
        return snapshot

    def _read(self, table_id: int) -> asyncio.Task[TableSnapshot | None]:
        task = self._reading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._read_and_keep(table_id))
            self._reading[table_id] = task
        return task

    async def _read_and_keep(self, table_id: int) -> TableSnapshot | None:
        try:
            snapshot = await database_sync_to_async(read_snapshot, thread_sensitive=False)(
                table_id=table_id, previous=self._latest.get(table_id)
            )
        finally:
            del self._reading[table_id]
        if snapshot is None:
            with self._keeping:
                self._latest.pop(table_id, None)
            return None
        with self._keeping:
            self._keep(snapshot)
        return snapshot

    def at_version(self, table_id: int, version: int) -> TableSnapshot | None:
        """The snapshot of the table at exactly ``version``, when this process keeps it (from any
        thread)."""
        with self._keeping:
            snapshot = self._latest.get(table_id)
        return snapshot if snapshot is not None and snapshot.version == version else None

    def hand_over(
        self,
        *,
        table: Table,
        game: Game,
        state: Match,
        move: ToldMove,
        hand: FinishedHand | None = None,
        dealt: bool = False,
    ) -> None:
        """A move in the middle of a hand, the last move of a hand (``hand``, the one it
        recorded) while the match goes on, or the "Listo" that deals the next hand (``dealt``)
        has committed in this process (in any thread): its table's sockets here take the new
        snapshot from the one it was made on, when this process holds that one, instead of
        reading it. Called before the move's nudge is sent."""

        def made(previous: TableSnapshot) -> TableSnapshot:
            if dealt:
                return after_deal(previous, table=table, game=game, state=state)
            if hand is None:
                return after_move(previous, table=table, game=game, state=state, move=move)
            return after_hand_end(
                previous, table=table, game=game, state=state, move=move, hand=hand
            )

        self._keep_next(table=table, game=game, move=move, made=made, dealt=dealt)

    def hand_over_ready(self, *, table: Table, game: Game) -> None:
        """``hand_over`` for a "Listo" the table counts and that does not deal (``after_ready``)."""
        self._keep_next(
            table=table,
            game=game,
            move=None,
            made=lambda previous: after_ready(previous, table=table, game=game),
        )

    def hand_over_made(
        self, snapshot: TableSnapshot, *, move: ToldMove | None, dealt: bool = False
    ) -> None:
        """``hand_over`` for a move whose snapshot was made before it was written (the one
        :meth:`coming` announced): that very snapshot is kept, so what was built of it meanwhile
        is used. ``move``: the move as the log holds it (``None``: a "Listo" the table counts)."""
        game = snapshot.game
        assert game is not None, "a move's snapshot shows its match"
        self._keep_next(
            table=snapshot.table, game=game, move=move, made=lambda _: snapshot, dealt=dealt
        )

    def _keep_next(
        self,
        *,
        table: Table,
        game: Game,
        move: ToldMove | None,
        made: Callable[[TableSnapshot], TableSnapshot],
        dealt: bool = False,
    ) -> None:
        """Keep ``made(previous)`` when the snapshot kept now is the one the move was made on."""
        with self._keeping:
            previous = self._latest.get(table.pk)
            if previous is not None and previous.leads_to(
                table=table, game=game, move=move, dealt=dealt
            ):
                self._keep(made(previous))

    def listen(self, listener: Callable[[TableSnapshot], None]) -> None:
        """Have ``listener`` told of each snapshot a move of this process is about to write."""
        self._listeners.append(listener)

    def coming(self, snapshot: TableSnapshot) -> None:
        """A move of this process is being written and will lead to ``snapshot`` if it is (called
        in the move's thread once its statement is sent, before its answer is read): the
        listeners (the sockets' frames, ``games.live.neighbours``) may build what they will show
        of it while the database works. Nothing of it is shown unless the move commits and the
        snapshot is handed over."""
        for listener in self._listeners:
            listener(snapshot)

    def _keep(self, snapshot: TableSnapshot) -> None:
        """Keep ``snapshot`` unless a newer one is kept (the caller holds ``_keeping``)."""
        table_id = snapshot.table.pk
        kept = self._latest.get(table_id)
        if kept is None or (snapshot.version, snapshot.chat_mark) >= (kept.version, kept.chat_mark):
            self._latest[table_id] = snapshot
        self._latest.move_to_end(table_id)
        if len(self._latest) > self.limit:
            self._latest.popitem(last=False)

    def forget(self) -> None:
        with self._keeping:
            self._latest.clear()


SNAPSHOTS = SnapshotCache()
