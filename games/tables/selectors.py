"""Read-only queries about tables, shaped for the viewer who asks.

A table as one viewer sees it is made for each of its sockets at every move: its records are
named tuples, which are made in about a third of a frozen dataclass's time (docs/performance.md,
twenty-eighth pass)."""

from collections.abc import Callable, Collection, Mapping
from datetime import datetime
from typing import Any, NamedTuple

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, F, Max, Prefetch, Q, QuerySet
from django.db.models.functions import Coalesce

from games.accounts.ratings import shown_rating, with_table_ratings
from games.engine.protocol import HAND_OVER, MATCH_OVER
from games.kinds.screens import NOTHING, PlayerInfo
from games.models import Entry, Game, Hand, Seat, Table, Tournament, User
from games.tables.chat import can_read, writable_room
from games.tables.matches import next_hand_at
from games.tables.move_log import ToldMove
from games.tables.roles import ViewerRole, viewer_role
from games.tables.snapshots import (
    ChatLine,
    FinishedHand,
    Note,
    TableSnapshot,
    TournamentSnapshot,
    read_snapshot,
)

Viewer = User | AnonymousUser


class SeatView(NamedTuple):
    position: int
    player: User | None
    is_viewer: bool
    can_sit: bool
    can_stand: bool
    can_remove: bool
    sat_out: bool = False
    rating: int | None = None


class TableView(NamedTuple):
    """A table as one viewer sees it: who sits where and which buttons he gets."""

    table: Table
    seats: tuple[SeatView, ...]
    is_host: bool
    is_seated: bool
    players: int
    players_needed: int
    can_start: bool
    rematch_accepted: int = 0
    can_fill_with_bots: bool = False


class TournamentView(NamedTuple):
    """A tournament table's tournament as one viewer sees it: ``watch``, its other tables still in
    play; ``follow``, the table the tournament moved the viewer to (his browser goes there);
    ``between_hands``, whether this table's hand has ended (the next round is the tournament's to
    deal, at ``tournament.next_round_at`` once every table's hand has ended); ``is_out``, whether
    the viewer was eliminated from it."""

    tournament: Tournament
    watch: tuple[int, ...]
    follow: int | None
    between_hands: bool
    is_out: bool


class LiveTable(NamedTuple):
    """Everything one viewer's socket shows of a table, read at one moment. ``game_view`` is the
    engine's ``view`` for the viewer's seat (the spectator's view for anyone not still in the
    match): the only game data that reaches a template."""

    view: TableView
    game: Game | None
    role: ViewerRole
    game_view: dict[str, Any] | None
    players: list[PlayerInfo]
    next_hand_at: datetime | None
    chats: dict[str, tuple[ChatLine, ...] | None]
    write_room: str | None
    hands: tuple[FinishedHand, ...]
    notes: tuple[Note, ...]
    moves: tuple[ToldMove, ...] = ()
    tournament: TournamentView | None = None
    balances: Mapping[int, int] = NOTHING
    """At a house table, each engine seat's chips in its player's wallet."""
    top_ups: frozenset[int] = frozenset()
    """At a house table, the seats whose player may take the free top-up now."""


LobbyMark = tuple[datetime | None, int]

OPEN = (Table.Status.WAITING, Table.Status.PLAYING)


def _with_seats(tables: QuerySet[Table]) -> QuerySet[Table]:
    return (
        tables.select_related("host")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=with_table_ratings(Seat.objects.select_related("user")).order_by(
                    "position"
                ),
            )
        )
        .annotate(seats_taken=Count("seats"))
        .annotate(seats_free=F("seat_count") - F("seats_taken"))
    )


def open_public_tables() -> QuerySet[Table]:
    """The lobby's shared list: every open public table, with who sits where (the same for
    every viewer, so it is rendered once per change and language: docs/lobby.md). A tournament's
    tables are not in it: the tournament's card leads to them."""
    public = Table.objects.filter(
        visibility=Table.Visibility.PUBLIC, status__in=OPEN, tournament__isnull=True
    )
    return _with_seats(public).order_by("-created_at")


def own_tables(*, viewer: Viewer) -> list[Table]:
    """The open tables ``viewer`` hosts or sits at, public or private: "your tables"."""
    if not viewer.is_authenticated:
        return []
    mine = Table.objects.filter(Q(host=viewer) | Q(seats__user=viewer), status__in=OPEN)
    return list(_with_seats(Table.objects.filter(pk__in=mine.values("pk"))).order_by("-created_at"))


def lobby_mark() -> LobbyMark:
    """The lobby's change mark: the latest ``lobby_changed_at`` and how many tables there are
    (a table deleted moves the count even when it was not the latest to change). One query."""
    found = Table.objects.aggregate(latest=Max("lobby_changed_at"), count=Count("pk"))
    return found["latest"], found["count"]


def table_marks(*, table_id: int) -> tuple[int, int] | None:
    """How new a table is: its version and its newest chat line's id (0 without any), or
    ``None`` when it is gone. One indexed read: a socket's cue to fetch the table again."""
    return (
        Table.objects.filter(pk=table_id)
        .annotate(chat_mark=Coalesce(Max("chat_messages__id"), 0))
        .values_list("version", "chat_mark")
        .first()
    )


def last_table_change() -> datetime | None:
    """When any table last changed in a way the lobby's list shows: the lobby's cue that its list
    may have moved (a move inside a match does not touch it; docs/live-tables.md)."""
    latest: datetime | None = Table.objects.aggregate(latest=Max("lobby_changed_at"))["latest"]
    return latest


def table_by_invite(*, token: str) -> Table | None:
    return Table.objects.filter(invite_token=token).first()


def can_view_table(*, table: Table, viewer: Viewer, granted_table_ids: Collection[int]) -> bool:
    """A public table is open to anyone; a private one to its host, its players, the players of
    its tournament, and the sessions that came through its invite link or its tournament's."""

    def belongs(user_id: int) -> bool:
        if table.seats.filter(user_id=user_id).exists():
            return True
        return (
            table.tournament_id is not None
            and Entry.objects.filter(tournament_id=table.tournament_id, user_id=user_id).exists()
        )

    return _may_view(table, viewer=viewer, granted_table_ids=granted_table_ids, belongs=belongs)


def _may_view(
    table: Table,
    *,
    viewer: Viewer,
    granted_table_ids: Collection[int],
    belongs: Callable[[int], bool],
) -> bool:
    """``belongs``: whether a user sits at the table or plays in its tournament."""
    if not table.is_private or table.pk in granted_table_ids:
        return True
    if not viewer.is_authenticated:
        return False
    return table.host_id == viewer.pk or belongs(viewer.pk)


def _table_view(
    snapshot: TableSnapshot, *, viewer: Viewer, granted_table_ids: Collection[int]
) -> TableView | None:
    table = snapshot.table
    taken: dict[int, Seat] = {seat.position: seat for seat in snapshot.seats}
    seated_ids = {seat.user_id for seat in snapshot.seats}
    tournament = snapshot.tournament

    def belongs(user_id: int) -> bool:
        return user_id in seated_ids or (tournament is not None and tournament.entered(user_id))

    if not _may_view(table, viewer=viewer, granted_table_ids=granted_table_ids, belongs=belongs):
        return None
    viewer_id = viewer.pk if viewer.is_authenticated else None
    # The tournament seats a tournament table's players: its host has no controls there.
    is_host = viewer_id is not None and table.host_id == viewer_id and tournament is None
    is_seated = viewer_id in seated_ids
    waiting = table.status == Table.Status.WAITING
    seats_open = table.seats_players
    may_sit = viewer_id is not None and seats_open and not is_seated
    seats = tuple(
        _seat_view(
            position,
            taken.get(position),
            viewer_id=viewer_id,
            may_sit=may_sit,
            may_stand=seats_open,
            may_remove=is_host
            and (waiting or _sat_out_and_removable(snapshot, taken.get(position))),
        )
        for position in range(table.seat_count)
    )
    needed = table.minimum_players
    accepted = 0
    if table.status == Table.Status.FINISHED and snapshot.game is not None:
        accepted = len(snapshot.game.rematch)
    ready = len(taken) if waiting else accepted
    return TableView(
        table=table,
        seats=seats,
        is_host=is_host,
        is_seated=is_seated,
        players=len(taken),
        players_needed=needed,
        can_start=is_host and table.status != Table.Status.PLAYING and ready >= needed,
        rematch_accepted=accepted,
        can_fill_with_bots=is_host and waiting and len(taken) < table.seat_count,
    )


def live_table(
    *, table_id: int, viewer: Viewer, granted_table_ids: Collection[int]
) -> LiveTable | None:
    """The table as ``viewer`` sees it now, or ``None`` when it is gone or hidden from him."""
    snapshot = read_snapshot(table_id=table_id)
    if snapshot is None:
        return None
    return live_table_from(snapshot, viewer=viewer, granted_table_ids=granted_table_ids)


def live_table_from(
    snapshot: TableSnapshot, *, viewer: Viewer, granted_table_ids: Collection[int]
) -> LiveTable | None:
    """What ``viewer``'s socket shows of a table read at one moment, or ``None`` when the table
    is hidden from him; no query. The game data is the engine's ``view`` for his seat only."""
    table, game, state = snapshot.table, snapshot.game, snapshot.state
    view = _table_view(snapshot, viewer=viewer, granted_table_ids=granted_table_ids)
    if view is None:
        return None
    role = viewer_role(
        table=table,
        game=game,
        state=state,
        viewer=viewer,
        seated_ids={seat.user_id for seat in snapshot.seats},
    )
    game_view = None
    players: list[PlayerInfo] = []
    if game is not None and state is not None and table.status != Table.Status.WAITING:
        game_view = state.view(role.seat)
        sat_out = {seat.player.pk for seat in view.seats if seat.player and seat.sat_out}
        seated = {seat.player.pk: seat for seat in view.seats if seat.player}
        players = [
            _player_info(seat, player, seated.get(player["user"]), role.seat, sat_out)
            for seat, player in enumerate(game.players)
        ]
    chats = {
        room: lines if can_read(room=room, table=table, role=role) else None
        for room, lines in snapshot.chats.items()
    }
    return LiveTable(
        view=view,
        game=game,
        role=role,
        game_view=game_view,
        players=players,
        next_hand_at=_next_hand_at(snapshot),
        chats=chats,
        write_room=writable_room(user=viewer, role=role),
        hands=snapshot.hands,
        notes=snapshot.notes,
        moves=snapshot.moves if game_view is not None else (),
        balances=snapshot.balances,
        top_ups=snapshot.top_ups,
        tournament=None
        if snapshot.tournament is None
        else _tournament_view(snapshot, snapshot.tournament, viewer=viewer),
    )


def _next_hand_at(snapshot: TableSnapshot) -> datetime | None:
    """When the next hand is dealt without waiting for everyone's "Listo": at a tournament
    table, when the tournament deals its next round (``None`` while a table still plays its
    hand)."""
    if snapshot.tournament is not None:
        tournament = snapshot.tournament.tournament
        return tournament.next_round_at if tournament.status == Tournament.Status.PLAYING else None
    return None if snapshot.game is None else next_hand_at(snapshot.game)


def _tournament_view(
    snapshot: TableSnapshot, tournament: TournamentSnapshot, *, viewer: Viewer
) -> TournamentView:
    table_id = snapshot.table.pk
    seated_at = tournament.seated_at.get(viewer.pk) if viewer.is_authenticated else None
    state, game = snapshot.state, snapshot.game
    return TournamentView(
        tournament=tournament.tournament,
        watch=tuple(other for other in tournament.tables if other != table_id),
        follow=None if seated_at == table_id else seated_at,
        between_hands=game is not None
        and (
            game.status == Game.Status.FINISHED
            or (state is not None and state.stage in (HAND_OVER, MATCH_OVER))
        ),
        is_out=viewer.is_authenticated and viewer.pk in tournament.out,
    )


def _player_info(
    seat: int,
    player: dict[str, Any],
    seated: SeatView | None,
    viewer_seat: int | None,
    sat_out: set[int],
) -> PlayerInfo:
    """A match's player as the screens show him; guest, bot and rating come from his seat."""
    user = None if seated is None else seated.player
    return PlayerInfo(
        seat=seat,
        position=player["position"],
        name=player["name"],
        is_viewer=seat == viewer_seat,
        connected=player["user"] not in sat_out,
        is_guest=user is not None and user.is_guest,
        is_bot=user is not None and user.is_bot,
        rating=None if seated is None else seated.rating,
    )


def table_for_viewer(
    *, table_id: int, viewer: Viewer, granted_table_ids: Collection[int]
) -> Table | None:
    """The table if this viewer may open it, else ``None``."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not can_view_table(
        table=table, viewer=viewer, granted_table_ids=granted_table_ids
    ):
        return None
    return table


def hand_for_viewer(
    *, table_id: int, number: int, viewer: Viewer, granted_table_ids: Collection[int]
) -> Hand | None:
    """A finished hand of a table this viewer may open, or ``None``."""
    table = table_for_viewer(table_id=table_id, viewer=viewer, granted_table_ids=granted_table_ids)
    if table is None:
        return None
    return table.hands.select_related("game", "table").filter(number=number).first()


def _sat_out_and_removable(snapshot: TableSnapshot, seat: Seat | None) -> bool:
    """During a match the host may remove a player who is sat out and not yet removed."""
    game = snapshot.game
    if seat is None or not seat.sat_out or game is None or game.status != Game.Status.PLAYING:
        return False
    engine_seat = game.seat_of(seat.user_id)
    return engine_seat is not None and not game.is_removed(engine_seat)


def _seat_view(
    position: int,
    seat: Seat | None,
    *,
    viewer_id: int | None,
    may_sit: bool,
    may_stand: bool,
    may_remove: bool,
) -> SeatView:
    if seat is None:
        return SeatView(
            position, None, is_viewer=False, can_sit=may_sit, can_stand=False, can_remove=False
        )
    is_viewer = seat.user_id == viewer_id
    return SeatView(
        position,
        seat.user,
        is_viewer=is_viewer,
        can_sit=False,
        can_stand=is_viewer and may_stand,
        can_remove=may_remove and not is_viewer,
        sat_out=seat.sat_out,
        rating=shown_rating(getattr(seat, "rating_ordinal", None)),
    )
