"""Nobody can stall a table without a clock: the player on turn who keeps the table open and never
moves is sat out once the table's patience has run out (a bot plays his seat, as for an absent
player), and the host may then remove him from the match."""

from datetime import datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.live.fragments import page_parts
from games.live.part_cache import render_part
from games.models import Game, Presence, Seat, Table, TableNote, User
from games.tables import play, presence, seating
from games.tables.errors import TableError
from games.tables.selectors import live_table
from games.timed import housekeeping
from tests.support.live import rummy_table
from tests.support.matches import bot_move, match_of, version_of

pytestmark = pytest.mark.django_db

DEFAULT_PATIENCE = timedelta(minutes=5)


def game_of(table: Table) -> Game:
    return match_of(table)[0]


def here(table: Table, *users: User, now: datetime) -> None:
    """The users have the table open, and their process said so at ``now``."""
    for user in users:
        presence.arrive(table_id=table.pk, user_id=user.pk, now=now)
    presence.still_here(Presence.objects.filter(table=table).values_list("pk", flat=True), now=now)


def sat_out(table: Table, user: User) -> bool:
    return Seat.objects.get(table=table, user=user).sat_out


def bruno_on_turn(ana: User, bruno: User) -> Table:
    """Ana hosts and plays her first turn; Bruno is on turn and both have the table open."""
    table = rummy_table(ana, bruno)
    while match_of(table)[1].turn(match_of(table)[2]) != 1:
        assert bot_move(table)
    return table


def sat_out_bruno(ana: User, bruno: User) -> Table:
    table = bruno_on_turn(ana, bruno)
    deadline = game_of(table).turn_deadline
    assert deadline is not None
    later = deadline + timedelta(seconds=1)
    here(table, ana, bruno, now=later)
    housekeeping.sweep(now=later)
    assert sat_out(table, bruno)
    return table


def seats_html(table: Table, viewer: User) -> str:
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    return render_part(page_parts(live)[0]["seats"])


def remove_buttons(html: str) -> list[str]:
    """The seats (``data-seat``) that show a "Remove" control."""
    seats = html.split('<li class="seat')[1:]
    return [
        seat.split('data-seat="')[1].split('"')[0] for seat in seats if 'value="remove"' in seat
    ]


def test_a_table_without_a_clock_gives_the_player_on_turn_its_patience(
    ana: User, bruno: User
) -> None:
    before = timezone.now()
    table = rummy_table(ana, bruno)
    assert table.clock == 0 and table.patience == 5
    deadline = game_of(table).turn_deadline
    assert deadline is not None
    assert before + DEFAULT_PATIENCE <= deadline <= timezone.now() + DEFAULT_PATIENCE


def test_the_sweep_sits_out_a_player_here_who_ran_out_of_patience_and_not_before(
    ana: User, bruno: User, english: None
) -> None:
    table = rummy_table(ana, bruno)
    deadline = game_of(table).turn_deadline
    assert deadline is not None
    early = deadline - timedelta(seconds=1)
    here(table, ana, bruno, now=early)
    housekeeping.sweep(now=early)
    assert not sat_out(table, ana)

    late = deadline + timedelta(seconds=1)
    here(table, ana, bruno, now=late)
    done = housekeeping.sweep(now=late)
    assert sat_out(table, ana), "Ana kept the table open and did not move for 5 minutes"
    assert done["timeouts"] == 1
    notes = TableNote.objects.filter(table=table, kind=TableNote.Kind.PATIENCE)
    assert [note.name for note in notes] == ["Ana"]
    assert game_of(table).bot_move_at is not None, "a bot plays her seat"
    live = live_table(table_id=table.pk, viewer=bruno, granted_table_ids=())
    assert live is not None
    assert "Ana took too long" in render_part(page_parts(live)[0]["table-log"])

    housekeeping.sweep(now=late + timedelta(seconds=3))
    assert notes.count() == 1, "the sweep acts once"


def test_a_table_with_a_clock_plays_the_default_move_rather_than_sitting_out(
    ana: User, bruno: User
) -> None:
    table = rummy_table(ana, bruno)
    Table.objects.filter(pk=table.pk).update(clock=30)
    Game.objects.filter(table=table).update(turn_deadline=timezone.now())
    later = timezone.now() + timedelta(seconds=1)
    here(table, ana, bruno, now=later)
    housekeeping.sweep(now=later)
    assert not sat_out(table, ana)
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.TIMEOUT).count() == 1


def test_the_host_removes_a_sat_out_player_from_the_match(
    ana: User, bruno: User, english: None
) -> None:
    table = sat_out_bruno(ana, bruno)
    seating.remove_player(table_id=table.pk, by=ana, position=1)

    game = game_of(table)
    assert game.players[1]["removed"] is True
    assert sat_out(table, bruno), "a bot plays his seat to the end of the match"
    assert game.bot_move_at is not None
    assert [note.name for note in TableNote.objects.filter(kind=TableNote.Kind.REMOVED)] == [
        "Bruno"
    ]
    presence.arrive(table_id=table.pk, user_id=bruno.pk)
    assert sat_out(table, bruno), "opening the table no longer gives him his seat back"
    with pytest.raises(TableError, match="removed you"):
        play.play(table_id=table.pk, user=bruno, version=version_of(table), fields={"move": "draw"})
    live = live_table(table_id=table.pk, viewer=bruno, granted_table_ids=())
    assert live is not None and not live.role.is_player, "he watches the match"


def test_only_the_host_removes_and_only_a_sat_out_player(
    ana: User, bruno: User, carmen: User, english: None
) -> None:
    table = bruno_on_turn(ana, bruno)
    with pytest.raises(TableError, match="Only a player who is sat out"):
        seating.remove_player(table_id=table.pk, by=ana, position=1)
    deadline = game_of(table).turn_deadline
    assert deadline is not None
    later = deadline + timedelta(seconds=1)
    here(table, ana, bruno, now=later)
    housekeeping.sweep(now=later)
    with pytest.raises(TableError, match="Only the host"):
        seating.remove_player(table_id=table.pk, by=carmen, position=1)
    with pytest.raises(TableError, match="Only the host"):
        seating.remove_player(table_id=table.pk, by=bruno, position=1)
    assert not game_of(table).players[1].get("removed")


def test_the_host_sees_remove_only_on_the_sat_out_seat(
    ana: User, bruno: User, carmen: User
) -> None:
    table = bruno_on_turn(ana, bruno)
    assert remove_buttons(seats_html(table, ana)) == []
    deadline = game_of(table).turn_deadline
    assert deadline is not None
    later = deadline + timedelta(seconds=1)
    here(table, ana, bruno, now=later)
    housekeeping.sweep(now=later)

    assert remove_buttons(seats_html(table, ana)) == ["1"]
    assert remove_buttons(seats_html(table, bruno)) == []
    assert remove_buttons(seats_html(table, carmen)) == []
    seating.remove_player(table_id=table.pk, by=ana, position=1)
    assert remove_buttons(seats_html(table, ana)) == [], "he is removed already"


def test_the_table_form_offers_the_patience(ana: User) -> None:
    client = Client()
    client.force_login(ana)
    page = client.get("/tables/new/").content.decode()
    assert 'name="patience"' in page
    assert '<option value="5" selected>' in page
    fields = {"game": "rummy70", "seats": "4", "visibility": "public", "clock": "0"}
    assert client.post("/tables/new/", {**fields, "patience": "10"}).status_code == 302
    assert Table.objects.get().patience == 10
    refused = client.post("/tables/new/", {**fields, "patience": "0"})
    assert refused.status_code == 200
    assert Table.objects.count() == 1
