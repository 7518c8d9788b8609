"""Read-only queries about tables, shaped for the viewer who asks."""

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Max, Q, QuerySet
from django.db.models.functions import Coalesce

from games.chat import can_read, writable_room
from games.game_kinds import GAME_KINDS
from games.models import Game, Hand, Seat, Table, User
from games.play import next_hand_at
from games.screens import PlayerInfo
from games.table_roles import ViewerRole, viewer_role
from games.table_snapshots import ChatLine, FinishedHand, Note, TableSnapshot, read_snapshot

Viewer = User | AnonymousUser


@dataclass(frozen=True)
class SeatView:
    position: int
    player: User | None
    is_viewer: bool
    can_sit: bool
    can_stand: bool
    can_remove: bool
    sat_out: bool = False


@dataclass(frozen=True)
class TableView:
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


@dataclass(frozen=True)
class LiveTable:
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


def lobby_tables(*, viewer: Viewer) -> QuerySet[Table]:
    """Open tables (waiting or playing): every public one, and the private ones where ``viewer``
    is the host or sits."""
    visible = Q(visibility=Table.Visibility.PUBLIC)
    if viewer.is_authenticated:
        visible |= Q(host=viewer) | Q(seats__user=viewer)
    open_ids = Table.objects.filter(
        visible, status__in=[Table.Status.WAITING, Table.Status.PLAYING]
    ).values("pk")
    return (
        Table.objects.filter(pk__in=open_ids)
        .select_related("host")
        .annotate(seats_taken=Count("seats"))
        .order_by("-created_at")
    )


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
    return Table.objects.aggregate(latest=Max("lobby_changed_at"))["latest"]


def table_by_invite(*, token: str) -> Table | None:
    return Table.objects.filter(invite_token=token).first()


def can_view_table(*, table: Table, viewer: Viewer, granted_table_ids: Collection[int]) -> bool:
    """A public table is open to anyone; a private one to its host, its players, and the sessions
    that came through its invite link."""
    return _may_view(
        table,
        viewer=viewer,
        granted_table_ids=granted_table_ids,
        is_seated=lambda user_id: table.seats.filter(user_id=user_id).exists(),
    )


def _may_view(
    table: Table,
    *,
    viewer: Viewer,
    granted_table_ids: Collection[int],
    is_seated: Callable[[int], bool],
) -> bool:
    if not table.is_private or table.pk in granted_table_ids:
        return True
    if not viewer.is_authenticated:
        return False
    return table.host_id == viewer.pk or is_seated(viewer.pk)


def _table_view(
    snapshot: TableSnapshot, *, viewer: Viewer, granted_table_ids: Collection[int]
) -> TableView | None:
    table = snapshot.table
    taken: dict[int, Seat] = {seat.position: seat for seat in snapshot.seats}
    seated_ids = {seat.user_id for seat in snapshot.seats}
    if not _may_view(
        table,
        viewer=viewer,
        granted_table_ids=granted_table_ids,
        is_seated=seated_ids.__contains__,
    ):
        return None
    viewer_id = viewer.pk if viewer.is_authenticated else None
    is_host = viewer_id is not None and table.host_id == viewer_id
    is_seated = viewer_id in seated_ids
    waiting = table.status == Table.Status.WAITING
    may_sit = viewer_id is not None and waiting and not is_seated
    seats = tuple(
        _seat_view(
            position,
            taken.get(position),
            viewer_id=viewer_id,
            may_sit=may_sit,
            waiting=waiting,
            may_remove=is_host and waiting,
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
    if game is not None and table.status != Table.Status.WAITING:
        game_view = GAME_KINDS[game.game].engine.view(state, role.seat)
        sat_out = {seat.player.pk for seat in view.seats if seat.player and seat.sat_out}
        players = [
            PlayerInfo(
                seat=seat,
                position=player["position"],
                name=player["name"],
                is_viewer=seat == role.seat,
                connected=player["user"] not in sat_out,
            )
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
        next_hand_at=None if game is None else next_hand_at(game),
        chats=chats,
        write_room=writable_room(user=viewer, role=role),
        hands=snapshot.hands,
        notes=snapshot.notes,
    )


def hand_for_viewer(
    *, table_id: int, number: int, viewer: Viewer, granted_table_ids: Collection[int]
) -> Hand | None:
    """A finished hand of a table this viewer may open, or ``None``."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not can_view_table(
        table=table, viewer=viewer, granted_table_ids=granted_table_ids
    ):
        return None
    return table.hands.select_related("game", "table").filter(number=number).first()


def _seat_view(
    position: int,
    seat: Seat | None,
    *,
    viewer_id: int | None,
    may_sit: bool,
    waiting: bool,
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
        can_stand=is_viewer and waiting,
        can_remove=may_remove and not is_viewer,
        sat_out=seat.sat_out,
    )
