"""The sweep's pass over absent players: it still sits out a player who is away on his turn past
the grace period (his socket closed long ago, his server process died, or he never opened the
table), and it leaves alone, without locking them, the tables where every player is here or
nobody has been away for the grace period yet."""

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Presence, Seat, Table, TableNote, User
from games.tables import presence, seating
from games.timed import housekeeping
from tests.conftest import MakeUser
from tests.support.live import RUMMY_DEAL, rummy_table
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

GRACE = 60
STALE = 45


def sat_out(table: Table, user: User) -> bool:
    return Seat.objects.get(table=table, user=user).sat_out


@pytest.fixture
def locked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The tables the sweep hands to ``sit_out_absent``, which locks them (it still runs)."""
    tables: list[int] = []
    real = housekeeping.sit_out_absent

    def recording(*, table_id: int, now: datetime | None = None) -> bool:
        tables.append(table_id)
        return real(table_id=table_id, now=now)

    monkeypatch.setattr(housekeeping, "sit_out_absent", recording)
    yield tables


def presence_ids_at(tables: list[Table]) -> list[int]:
    return list(Presence.objects.filter(table__in=tables).values_list("pk", flat=True))


def quiet_room(make_user: MakeUser, count: int, *, now: datetime) -> list[Table]:
    """``count`` playing tables where both players have the table open."""
    tables = []
    already = Table.objects.count()
    for number in range(already, already + count):
        first, second = make_user(f"Host {number}"), make_user(f"Guest {number}")
        table = rummy_table(first, second)
        for user in (first, second):
            presence.arrive(table_id=table.pk, user_id=user.pk, now=now)
        tables.append(table)
    return tables


def test_a_sweep_where_everyone_is_here_locks_no_table(
    make_user: MakeUser, locked: list[int]
) -> None:
    start = timezone.now()
    tables = quiet_room(make_user, 3, now=start)
    carmen = make_user("Carmen")
    with_bots = open_table(carmen, seat_count=2)  # a bot is never away
    seating.fill_with_bots(table_id=with_bots.pk, by=carmen)
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        seating.start_table(table_id=with_bots.pk, by=carmen)
    game = Game.objects.get(table=with_bots)
    assert game.bot_move_at is None, "Carmen plays first: no bot move is due at the sweep"
    presence.arrive(table_id=with_bots.pk, user_id=carmen.pk, now=start)
    waiting = open_table(make_user("Dora"))  # nobody plays at a waiting table yet
    assert waiting.status == Table.Status.WAITING
    later = start + timedelta(seconds=GRACE * 3)
    presence.still_here(presence_ids_at([*tables, with_bots]), now=later)

    with CaptureQueriesContext(connection) as queries:
        assert housekeeping.sweep(now=later)["sat_out"] == 0
    assert not [query for query in queries if "FOR UPDATE" in query["sql"].upper()]
    assert locked == [], "SQLite has no FOR UPDATE: no call to the service that locks"
    assert not Seat.objects.filter(sat_out=True).exists()


def test_a_quiet_sweep_costs_the_same_statements_for_one_table_or_many(
    make_user: MakeUser,
) -> None:
    start = timezone.now()
    quiet_room(make_user, 1, now=start)
    with CaptureQueriesContext(connection) as one:
        housekeeping.sweep(now=start)
    quiet_room(make_user, 4, now=start)
    with CaptureQueriesContext(connection) as five:
        housekeeping.sweep(now=start)
    assert len(five) == len(one)


def test_a_player_whose_only_socket_closed_long_ago_is_found_and_sat_out(
    ana: User, bruno: User, make_user: MakeUser, locked: list[int]
) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    quiet = quiet_room(make_user, 2, now=start)
    here = presence.arrive(table_id=table.pk, user_id=bruno.pk, now=start)
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)

    early = start + timedelta(seconds=GRACE - 1)
    presence.still_here([here, *presence_ids_at(quiet)], now=early)
    assert housekeeping.sweep(now=early)["sat_out"] == 0, "the grace period is not over"
    assert locked == [], "nor is the table locked to find that out"

    later = start + timedelta(seconds=GRACE * 3)
    presence.still_here([here, *presence_ids_at(quiet)], now=later)
    assert housekeeping.sweep(now=later)["sat_out"] == 1
    assert sat_out(table, ana) and not sat_out(table, bruno)
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.SAT_OUT, name="Ana").exists()
    assert locked == [table.pk], "the quiet tables were never locked"

    locked.clear()
    assert housekeeping.sweep(now=later)["sat_out"] == 0
    assert locked == [], "a player already sat out is not looked for again"


def test_a_player_who_never_opened_the_table_counts_from_the_match_start(
    ana: User, bruno: User, locked: list[int]
) -> None:
    table = rummy_table(ana, bruno)
    started = Game.objects.get(table=table).created_at
    here = presence.arrive(table_id=table.pk, user_id=bruno.pk, now=started)
    early = started + timedelta(seconds=GRACE - 1)
    presence.still_here([here], now=early)
    assert housekeeping.sweep(now=early)["sat_out"] == 0
    assert locked == [], "Ana has no presence at all, but the match is younger than the grace"

    later = started + timedelta(seconds=GRACE + 1)
    presence.still_here([here], now=later)
    assert housekeeping.sweep(now=later)["sat_out"] == 1
    assert locked == [table.pk], "she has been away since the match began"
    assert sat_out(table, ana)


def test_a_room_opening_its_tables_in_the_first_minute_of_their_matches_locks_none(
    make_user: MakeUser, locked: list[int]
) -> None:
    """Matches begin before their players' pages open (a tournament's round, a restart): while
    the sockets connect nobody has been away for the grace period, so no table is locked, for
    none could sit anyone out."""
    tables = [rummy_table(make_user(f"Host {n}"), make_user(f"Guest {n}")) for n in range(3)]
    started = max(Game.objects.filter(table__in=tables).values_list("created_at", flat=True))
    host = Seat.objects.filter(table=tables[0]).order_by("position").first()
    assert host is not None
    presence.arrive(table_id=tables[0].pk, user_id=host.user_id, now=started)
    soon = started + timedelta(seconds=GRACE / 2)
    with CaptureQueriesContext(connection) as queries:
        assert housekeeping.sweep(now=soon)["sat_out"] == 0
    assert locked == []
    assert not [query for query in queries if "FOR UPDATE" in query["sql"].upper()]


def test_a_player_back_for_a_moment_within_the_grace_is_not_looked_for(
    ana: User, bruno: User, locked: list[int]
) -> None:
    """Gone long ago, back, and gone again a moment ago: his grace begins again when he left."""
    table = rummy_table(ana, bruno)
    start = timezone.now()
    here = presence.arrive(table_id=table.pk, user_id=bruno.pk, now=start)
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    back = start + timedelta(seconds=GRACE * 2)
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=back)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=back)
    soon = back + timedelta(seconds=GRACE - 1)
    presence.still_here([here], now=soon)
    assert housekeeping.sweep(now=soon)["sat_out"] == 0
    assert locked == []
    later = back + timedelta(seconds=GRACE + 1)
    presence.still_here([here], now=later)
    assert housekeeping.sweep(now=later)["sat_out"] == 1
    assert locked == [table.pk] and sat_out(table, ana)


@override_settings(CARDROOM_SIT_OUT_SECONDS=5)
def test_a_fresh_presence_without_an_open_socket_is_away(
    ana: User, bruno: User, locked: list[int]
) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    for user in (ana, bruno):
        presence.arrive(table_id=table.pk, user_id=user.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    later = start + timedelta(seconds=6)
    assert later - start < timedelta(seconds=STALE), "her row is not stale yet"
    assert housekeeping.sweep(now=later)["sat_out"] == 1
    assert locked == [table.pk]
    assert sat_out(table, ana)


def test_a_player_whose_server_process_died_is_found_and_sat_out(
    ana: User, bruno: User, locked: list[int]
) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    rows = [presence.arrive(table_id=table.pk, user_id=user.pk, now=start) for user in (ana, bruno)]
    later = start + timedelta(seconds=GRACE * 3)
    presence.still_here(rows[1:], now=later)  # Ana's process stopped beating, her count stays
    assert housekeeping.sweep(now=later)["sat_out"] == 1
    assert locked == [table.pk]
    assert sat_out(table, ana)
