"""Who has a table's page open, kept in the database by the table's sockets: each socket counts
itself in on connect and out on disconnect, and while it lives its process refreshes
``last_seen`` (every ``CARDROOM_HEARTBEAT_SECONDS``, one statement for all the process's sockets:
``games.live.heartbeats``). A user is here while he has an open socket seen recently; a server
process that died leaves a count nobody refreshes, which goes stale.

A player who is not here on his turn for ``CARDROOM_SIT_OUT_SECONDS`` is sat out: a bot plays
his seat and the seat shows "away" to everyone. He takes it back as soon as a socket of his
connects to the table, unless the host removed him from the match. A player who is here but lets
a table without a clock wait longer than its patience is sat out the same way
(``sit_out_stalling``)."""

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from games.kinds.registry import game_kind
from games.models import Game, Presence, Seat, Table, TableNote, User
from games.tables.matches import current_game
from games.tables.notes import write_note
from games.tables.turns import awaited_seats
from games.tables.versions import bump_version, find_locked_table


def arrive(*, table_id: int, user_id: int, now: datetime | None = None) -> int:
    """A socket of ``user_id`` opened on the table; if his seat was sat out, he takes it back.
    Returns the id of the presence row, which the socket's process keeps refreshing while the
    socket is open (``still_here``)."""
    now = now or timezone.now()
    with transaction.atomic():
        presence, created = Presence.objects.select_for_update().get_or_create(
            table_id=table_id, user_id=user_id, defaults={"connections": 1, "last_seen": now}
        )
        if not created:
            fresh = presence.last_seen >= now - stale_after()
            presence.connections = presence.connections + 1 if fresh else 1
            presence.last_seen = now
            presence.save(update_fields=["connections", "last_seen"])
    take_seat_back(table_id=table_id, user_id=user_id)
    return presence.pk


def leave(*, table_id: int, user_id: int, now: datetime | None = None) -> None:
    """A socket of ``user_id`` closed on the table."""
    Presence.objects.filter(table_id=table_id, user_id=user_id).update(
        connections=Greatest(F("connections") - 1, 0), last_seen=now or timezone.now()
    )


def still_here(presence_ids: Iterable[int], *, now: datetime | None = None) -> int:
    """The sockets counted in these presences are still open: the one statement a process runs
    every ``CARDROOM_HEARTBEAT_SECONDS`` for all its table sockets (``games.live.heartbeats``). A
    presence every socket has left is not refreshed. Returns how many rows it refreshed."""
    return Presence.objects.filter(pk__in=presence_ids, connections__gt=0).update(
        last_seen=now or timezone.now()
    )


def stale_after() -> timedelta:
    return timedelta(seconds=settings.CARDROOM_PRESENCE_STALE_SECONDS)


def sit_out_grace() -> timedelta:
    """How long a player the match waits for may be away before he is sat out."""
    return timedelta(seconds=settings.CARDROOM_SIT_OUT_SECONDS)


def is_here(presence: Presence | None, *, now: datetime) -> bool:
    return (
        presence is not None
        and presence.connections > 0
        and presence.last_seen >= now - stale_after()
    )


def away_since(*, table: Table, user_id: int, game: Game, now: datetime) -> datetime | None:
    """Since when ``user_id`` has had no live socket on the table (``None``: he is here). A
    player who never opened the table counts as away since the match began."""
    presence = Presence.objects.filter(table=table, user_id=user_id).first()
    if is_here(presence, now=now):
        return None
    if presence is None:
        return game.created_at
    return max(presence.last_seen, game.created_at)


def tables_with_someone_away(*, now: datetime) -> list[int]:
    """The playing tables where a seated human who is not sat out has been away for the grace
    period at ``now``: not here (no presence row, no open socket, or a stale one) and not seen
    since the grace period began, in a match that began before it (``away_since``). Those are the
    only tables ``sit_out_absent`` could sit someone out at, found in one query so that the sweep
    locks no table where everybody is here or nobody has been gone long enough: while a room full
    of players opens its tables, or comes back after a restart, it locks none. A superset:
    whether the match waits for him is left to ``sit_out_absent``, under the table's lock."""
    grace_began = now - sit_out_grace()
    seen_lately = Presence.objects.filter(table=OuterRef("table"), user=OuterRef("user")).filter(
        Q(connections__gt=0, last_seen__gte=now - stale_after()) | Q(last_seen__gt=grace_began)
    )  # is_here, or seen within the grace period: as a subquery
    away = Seat.objects.filter(table=OuterRef("pk"), sat_out=False, user__is_bot=False).filter(
        ~Exists(seen_lately)
    )
    playing = Game.objects.filter(
        table=OuterRef("pk"), status=Game.Status.PLAYING, created_at__lte=grace_began
    )
    return list(
        Table.objects.filter(Exists(playing), Exists(away), status=Table.Status.PLAYING)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def sit_out_absent(*, table_id: int, now: datetime | None = None) -> bool:
    """Sit out the human player the match waits for if he has been away for the grace period.
    ``True`` when someone was sat out."""
    now = now or timezone.now()
    grace = sit_out_grace()
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None or table.status != Table.Status.PLAYING:
            return False
        state = game_kind(game.game).rules.load(game.state)
        users = [game.players[seat]["user"] for seat in awaited_seats(state, game)]
        seats = Seat.objects.filter(
            table=table, user_id__in=users, sat_out=False, user__is_bot=False
        ).select_related("user")
        gone = [
            seat
            for seat in seats
            if (since := away_since(table=table, user_id=seat.user_id, game=game, now=now))
            is not None
            and since <= now - grace
        ]
        for seat in gone:
            _sit_out(table=table, seat=seat, note=TableNote.Kind.SAT_OUT)
        if gone:
            bump_version(table, lobby=False)  # the lobby does not show who sits out
        return bool(gone)


def sit_out_stalling(*, table: Table, game: Game, seat: int) -> bool:
    """The table (locked by the caller, who found its patience run out at its current version)
    sits out the human player of the engine ``seat``, on turn, as if he were away: a bot plays his
    seat until he opens the table again. ``True`` when he was sat out."""
    row = (
        Seat.objects.filter(
            table=table, user_id=game.players[seat]["user"], sat_out=False, user__is_bot=False
        )
        .select_related("user")
        .first()
    )
    if row is None:
        return False
    _sit_out(table=table, seat=row, note=TableNote.Kind.PATIENCE)
    bump_version(table, lobby=False)
    return True


def _removed(game: Game | None, user_id: int) -> bool:
    seat = None if game is None else game.seat_of(user_id)
    return game is not None and seat is not None and game.is_removed(seat)


def _sit_out(*, table: Table, seat: Seat, note: str) -> None:
    seat.sat_out = True
    seat.save(update_fields=["sat_out"])
    write_note(table=table, kind=note, name=str(seat.user))


def take_seat_back(*, table_id: int, user_id: int) -> bool:
    """``user_id`` is back: his seat, if sat out, is his to play again, unless the host removed
    him from the match."""
    if not Seat.objects.filter(table_id=table_id, user_id=user_id, sat_out=True).exists():
        return False
    with transaction.atomic():
        table = find_locked_table(table_id)
        if table is None:
            return False
        seat = table.seats.filter(user_id=user_id, sat_out=True).first()
        if seat is None or _removed(current_game(table), user_id):
            return False
        seat.sat_out = False
        seat.save(update_fields=["sat_out"])
        write_note(table=table, kind=TableNote.Kind.BACK, name=str(User.objects.get(pk=user_id)))
        bump_version(table, lobby=False)  # nor who comes back
        return True
