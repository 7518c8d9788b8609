"""Housekeeping: a table no human has been at for the idle time is closed by the sweep; it leaves
the lobby and keeps its finished hands. The sweep also deals the next hand when nobody's browser
is there to ask."""

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Hand, Table, TableNote, User
from games.tables import presence, seating
from games.tables.matches import NEXT_HAND_SECONDS
from games.tables.selectors import open_public_tables, own_tables
from games.timed import housekeeping
from tests.support.matches import match_of, play_until_hands, start_match
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

IDLE = 600


def open_ids(viewer: User) -> set[int]:
    """The tables the lobby shows ``viewer``: the open public ones and his own."""
    shown = [*open_public_tables(), *own_tables(viewer=viewer)]
    return {table.pk for table in shown}


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_a_table_nobody_is_at_is_closed_and_keeps_its_history(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    start = timezone.now()
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    assert housekeeping.sweep(now=start + timedelta(seconds=IDLE - 5))["closed"] == 0
    assert table.pk in open_ids(bruno)

    assert housekeeping.sweep(now=start + timedelta(seconds=IDLE + 5))["closed"] == 1
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert Game.objects.get(table=table).status == Game.Status.FINISHED
    assert table.pk not in open_ids(bruno)
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.CLOSED).count() == 1
    hand = Hand.objects.get(table=table)
    client = Client()
    url = reverse("hand_replay", kwargs={"table_id": table.pk, "number": hand.number})
    assert client.get(url).status_code == 200
    assert client.get(table.get_absolute_url()).status_code == 200


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_a_table_with_someone_at_it_stays_open(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    start = timezone.now()
    here = presence.arrive(table_id=table.pk, user_id=bruno.pk, now=start)
    later = start + timedelta(seconds=IDLE * 3)
    presence.still_here([here], now=later)
    assert housekeeping.sweep(now=later)["closed"] == 0
    assert table.pk in open_ids(ana)


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_a_waiting_table_left_empty_is_closed_but_a_new_one_is_not(ana: User) -> None:
    old = open_table(ana)
    Table.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(seconds=IDLE + 1))
    new = open_table(ana)
    assert housekeeping.sweep()["closed"] == 1
    assert open_ids(ana) == {new.pk}


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_bots_alone_do_not_keep_a_table_open(ana: User) -> None:
    table = open_table(ana, seat_count=2)
    seating.fill_with_bots(table_id=table.pk, by=ana)
    seating.start_table(table_id=table.pk, by=ana)
    later = timezone.now() + timedelta(seconds=IDLE + 1)
    assert housekeeping.sweep(now=later)["closed"] == 1


def test_the_sweep_deals_the_next_hand_when_no_browser_asks(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    game, _kind, state = match_of(table)
    assert game.status == Game.Status.PLAYING, "a Rummy 70 match lasts more than one hand"
    assert housekeeping.sweep()["deals"] == 0
    ended = timezone.now() - timedelta(seconds=NEXT_HAND_SECONDS + 1)
    Game.objects.filter(pk=game.pk).update(hand_ended_at=ended)
    assert housekeeping.sweep()["deals"] == 1
    assert match_of(table)[2].hand_no == state.hand_no + 1
