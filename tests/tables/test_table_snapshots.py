"""The sockets of a table in one process share what they read and render: a move is read from
the database once, however many sockets show the table, and what two viewers are shown alike is
rendered once. Each viewer still gets his own view."""

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.kinds.screens import Part
from games.live.part_cache import Renderings, part_digest
from games.models import Table, TableNote, User
from games.tables import presence, snapshots
from tests.support.live import close_all, send_move, table_socket
from tests.support.matches import match_of, play_until_hands, seat_to_move, start_match, user_at
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)


async def test_one_read_of_the_table_serves_every_socket_of_a_move_made_elsewhere(
    ana: User, bruno: User, carmen: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move made in another process (here: one that hands nothing over) is read once."""
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    sockets = [await table_socket(table, user) for user in (ana, bruno, carmen)]
    reads = _counted_reads(monkeypatch)
    for handing in ("hand_over", "hand_over_made"):
        monkeypatch.setattr(snapshots.SNAPSHOTS, handing, lambda *args, **kwargs: None)
    mover = sockets[[ana, bruno].index(await database_sync_to_async(_mover)(table))]

    await send_move(mover, table, move="draw")
    for socket in sockets:
        await receive_until(socket, 'id="rummy-piles"')
    assert reads == [table.pk]
    await close_all(*sockets)


async def test_a_move_made_here_hands_its_table_to_the_sockets_here_without_a_read(
    ana: User, bruno: User, carmen: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    sockets = [await table_socket(table, user) for user in (ana, bruno, carmen)]
    reads = _counted_reads(monkeypatch)
    mover = sockets[[ana, bruno].index(await database_sync_to_async(_mover)(table))]

    await send_move(mover, table, move="draw")
    for socket in sockets:
        await receive_until(socket, 'id="rummy-piles"')
    assert reads == []
    await close_all(*sockets)


def test_a_frame_never_shows_a_seat_sat_out_without_the_log_line_that_says_why(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table moves on while its snapshot is read (a player sat out after the match was read,
    before the seats were): the snapshot is read again, and shows that version whole."""
    table = start_match([ana, bruno], seat_count=2)
    read_seats = snapshots.with_ratings
    sat_out: list[bool] = []

    def seats_read_after_a_sit_out(rows: Any, **kwargs: Any) -> Any:
        if not sat_out:
            later = timezone.now() + timedelta(seconds=61)
            sat_out.append(presence.sit_out_absent(table_id=table.pk, now=later))
        return read_seats(rows, **kwargs)

    monkeypatch.setattr(snapshots, "with_ratings", seats_read_after_a_sit_out)
    snapshot = snapshots.read_snapshot(table_id=table.pk)
    assert sat_out == [True]
    assert snapshot is not None
    assert snapshot.version == Table.objects.get(pk=table.pk).version
    assert [seat.sat_out for seat in snapshot.seats].count(True) == 1
    assert [note.kind for note in snapshot.notes].count(TableNote.Kind.SAT_OUT) == 1


def _counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    read = snapshots.read_snapshot

    def counted_read(*, table_id: int, previous: Any) -> Any:
        reads.append(table_id)
        return read(table_id=table_id, previous=previous)

    monkeypatch.setattr(snapshots, "read_snapshot", counted_read)
    return reads


def _mover(table: Table) -> User:
    game, _kind, _state = match_of(table)
    seat = seat_to_move(table)
    assert seat is not None
    return user_at(game, seat)


def test_a_part_is_rendered_once_for_every_viewer_shown_the_same() -> None:
    renderings = Renderings()
    part = Part("tables/_version.html", {"version": 7})
    same = Part("tables/_version.html", {"version": 7})
    first = renderings.html(part_digest(part, "es"), part, "es")
    assert renderings.html(part_digest(same, "es"), same, "es") is first
    newer = Part("tables/_version.html", {"version": 8})
    assert renderings.html(part_digest(newer, "es"), newer, "es") != first


def test_a_part_takes_plain_data_only() -> None:
    with pytest.raises(TypeError):
        part_digest(Part("tables/_version.html", {"version": {7}}), "es")
    with pytest.raises(TypeError):
        part_digest(Part("tables/_version.html", {"version": object()}), "es")


async def test_a_finished_hand_joins_the_list_every_socket_shows(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    spectator = await table_socket(table, carmen)

    await database_sync_to_async(play_until_hands)(table, 1)
    frame = await receive_until(spectator, 'data-hand="1"')

    assert "hand-replay" in frame
    await close_all(spectator)
