"""Presence and sitting out: the table's sockets keep, in the database, who has the page open
(several tabs, a server process that dies); a player away on his turn past the grace period is
sat out, a bot plays his seat, everyone sees him "ausente", and he takes it back on return."""

from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from games.live.fragments import live_parts
from games.models import Action, Game, Presence, Seat, Table, TableNote, User
from games.tables import presence
from games.tables.selectors import live_table
from games.timed.bots import play_bot
from tests.support.live import rummy_table

pytestmark = pytest.mark.django_db

GRACE = 60
STALE = 45


def here(table: Table, user: User, now: datetime) -> bool:
    row = Presence.objects.filter(table=table, user=user).first()
    return presence.is_here(row, now=now)


def seat_of(table: Table, user: User) -> Seat:
    return Seat.objects.get(table=table, user=user)


def seats_html(table: Table, viewer: User, language: str) -> str:
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    with translation.override(language):
        parts, _screen = live_parts(live)
    return parts["seats"] + parts["rummy-players"]


def test_several_tabs_count_until_the_last_one_closes(ana: User, bruno: User) -> None:
    table = rummy_table(ana, bruno)
    now = timezone.now()
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=now)
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=now)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=now)
    assert here(table, ana, now)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=now)
    assert not here(table, ana, now)


def test_one_statement_keeps_every_open_presence_fresh(
    ana: User, bruno: User, carmen: User
) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    tabs = [presence.arrive(table_id=table.pk, user_id=ana.pk, now=start) for _tab in range(2)]
    assert tabs[0] == tabs[1], "two tabs of one user at one table share a row"
    rows = [tabs[0]] + [
        presence.arrive(table_id=table.pk, user_id=user.pk, now=start) for user in (bruno, carmen)
    ]
    presence.leave(table_id=table.pk, user_id=carmen.pk, now=start)
    later = start + timedelta(seconds=30)
    with CaptureQueriesContext(connection) as queries:
        assert presence.still_here(rows, now=later) == 2, "Carmen has no socket open"
    assert len(queries.captured_queries) == 1
    assert here(table, ana, later + timedelta(seconds=STALE - 1))
    assert here(table, bruno, later + timedelta(seconds=STALE - 1))
    assert Presence.objects.get(table=table, user=carmen).last_seen == start


def test_a_socket_whose_process_died_goes_stale(ana: User, bruno: User) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    row = presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    assert presence.still_here([row], now=start + timedelta(seconds=30)) == 1
    assert here(table, ana, start + timedelta(seconds=30 + STALE - 1))
    assert not here(table, ana, start + timedelta(seconds=30 + STALE + 1))
    game = Game.objects.get(table=table)
    later = start + timedelta(seconds=200)
    assert presence.away_since(table=table, user_id=ana.pk, game=game, now=later) == start + (
        timedelta(seconds=30)
    )
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=later)
    assert Presence.objects.get(table=table, user=ana).connections == 1


def test_a_player_away_on_his_turn_is_sat_out_after_the_grace_period(
    ana: User, bruno: User
) -> None:
    table = rummy_table(ana, bruno)
    start = timezone.now()
    presence.arrive(table_id=table.pk, user_id=bruno.pk, now=start)
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    assert not presence.sit_out_absent(table_id=table.pk, now=start + timedelta(seconds=GRACE - 1))
    assert presence.sit_out_absent(table_id=table.pk, now=start + timedelta(seconds=GRACE + 1))
    assert seat_of(table, ana).sat_out and not seat_of(table, bruno).sat_out
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.SAT_OUT, name="Ana").exists()
    game = Game.objects.get(table=table)
    assert game.bot_move_at is not None
    table.refresh_from_db()
    assert play_bot(table_id=table.pk, version=table.version, now=game.bot_move_at)
    assert Action.objects.get(game=game).user == ana


def test_everyone_sees_the_sat_out_player_ausente(ana: User, bruno: User) -> None:
    table = rummy_table(ana, bruno)
    assert "ausente" not in seats_html(table, bruno, "es")
    assert presence.sit_out_absent(
        table_id=table.pk, now=timezone.now() + timedelta(seconds=GRACE + 1)
    )
    for viewer in (bruno, ana):
        html = seats_html(table, viewer, "es")
        assert html.count("ausente") == 2, "on his seat and in the game's list of players"


def test_a_player_who_is_here_or_not_on_turn_is_not_sat_out(
    ana: User, bruno: User, carmen: User
) -> None:
    table = rummy_table(ana, bruno)
    now = timezone.now()
    row = presence.arrive(table_id=table.pk, user_id=ana.pk, now=now)
    much_later = now + timedelta(seconds=GRACE * 3)
    presence.still_here([row], now=much_later)
    assert not presence.sit_out_absent(table_id=table.pk, now=much_later)
    assert not seat_of(table, bruno).sat_out, "Bruno is away, but it is not his turn"


def test_he_takes_his_seat_back_as_soon_as_he_returns(ana: User, bruno: User) -> None:
    table = rummy_table(ana, bruno)
    assert presence.sit_out_absent(
        table_id=table.pk, now=timezone.now() + timedelta(seconds=GRACE + 1)
    )
    presence.arrive(table_id=table.pk, user_id=ana.pk)
    assert not seat_of(table, ana).sat_out
    assert Game.objects.get(table=table).bot_move_at is None
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.BACK, name="Ana").exists()
    assert "ausente" not in seats_html(table, bruno, "es")


@override_settings(CARDROOM_SIT_OUT_SECONDS=5)
def test_the_grace_period_is_a_setting(ana: User, bruno: User) -> None:
    table = rummy_table(ana, bruno)
    assert presence.sit_out_absent(table_id=table.pk, now=timezone.now() + timedelta(seconds=6))
