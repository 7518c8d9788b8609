"""Read-only queries about tables, shaped for the viewer who asks."""

from collections.abc import Collection
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Q, QuerySet

from games.models import Seat, Table, User

Viewer = User | AnonymousUser


@dataclass(frozen=True)
class SeatView:
    position: int
    player: User | None
    is_viewer: bool
    can_sit: bool
    can_stand: bool
    can_remove: bool


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
    return TableView(
        table=table,
        seats=seats,
        is_host=is_host,
        is_seated=is_seated,
        players=len(taken),
        players_needed=needed,
        can_start=is_host and waiting and len(taken) >= needed,
    )


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
    )
