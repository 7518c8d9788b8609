"""Read-only queries about tables, shaped for the viewer who asks."""

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Max, Q, QuerySet

from games.chat import can_read, recent_messages, writable_room
from games.game_kinds import GAME_KINDS
from games.models import ChatMessage, Game, Hand, Seat, Table, User
from games.play import current_game, next_hand_at
from games.screens import PlayerInfo
from games.table_roles import ViewerRole, viewer_role

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
    chats: dict[str, list[ChatMessage] | None]
    write_room: str | None
    hands: list[Hand]


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


def table_version(*, table_id: int) -> int | None:
    """The version a table is at (``None`` when it is gone): one indexed read."""
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def last_table_change() -> datetime | None:
    """When any table last changed: the lobby's cue that its list may have moved."""
    return Table.objects.aggregate(latest=Max("updated_at"))["latest"]


def table_by_invite(*, token: str) -> Table | None:
    return Table.objects.filter(invite_token=token).first()


def can_view_table(*, table: Table, viewer: Viewer, granted_table_ids: Collection[int]) -> bool:
    """A public table is open to anyone; a private one to its host, its players, and the sessions
    that came through its invite link."""
    if not table.is_private or table.pk in granted_table_ids:
        return True
    if not viewer.is_authenticated:
        return False
    return table.host_id == viewer.pk or table.seats.filter(user=viewer).exists()


def table_for_viewer(
    *, table_id: int, viewer: Viewer, granted_table_ids: Collection[int]
) -> TableView | None:
    """The table as ``viewer`` sees it, or ``None`` when it does not exist or is hidden from him."""
    table = Table.objects.select_related("host").filter(pk=table_id).first()
    if table is None:
        return None
    return _table_view(table, viewer=viewer, granted_table_ids=granted_table_ids)


def _table_view(
    table: Table, *, viewer: Viewer, granted_table_ids: Collection[int]
) -> TableView | None:
    if not can_view_table(table=table, viewer=viewer, granted_table_ids=granted_table_ids):
        return None
    taken: dict[int, Seat] = {
        seat.position: seat for seat in table.seats.select_related("user").order_by("position")
    }
    viewer_id = viewer.pk if viewer.is_authenticated else None
    is_host = viewer_id is not None and table.host_id == viewer_id
    is_seated = any(seat.user_id == viewer_id for seat in taken.values())
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
    if table.status == Table.Status.FINISHED:
        game = current_game(table)
        accepted = len(game.rematch) if game is not None else 0
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
    """The table as ``viewer``'s socket shows it, or ``None`` when it is gone or hidden.

    The table (its version) and its match (the engine state) come from one query, so the version
    a frame shows is the version of the state it was rendered from."""
    table = Table.objects.select_related("host").filter(pk=table_id).first()
    if table is None:
        return None
    game = (
        Game.objects.select_related("table__host")
        .filter(table_id=table.pk)
        .order_by("-number")
        .first()
    )
    if game is not None:
        table = game.table
    view = _table_view(table, viewer=viewer, granted_table_ids=granted_table_ids)
    if view is None:
        return None
    state = None
    if game is not None:
        state = GAME_KINDS[game.game].engine.state_from_json(game.state)
    role = viewer_role(table=table, game=game, state=state, viewer=viewer)
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
    chats: dict[str, list[ChatMessage] | None] = {
        room: recent_messages(table=table, room=room)
        if can_read(room=room, table=table, role=role)
        else None
        for room in ChatMessage.Room.values
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
        hands=list(table.hands.select_related("game").order_by("number")),
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
