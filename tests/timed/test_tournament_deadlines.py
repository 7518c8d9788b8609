"""A tournament's clock (docs/tournaments.md, "Deadlines"): its set start, its ante levels and the
deal of its next round are done by the periodic sweep from the deadlines in its row, and by the
task sent for each deadline; neither acts early, and acting twice changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import tasks
from games.models import Tournament, User
from games.tables.tournament_entries import register
from games.timed import housekeeping
from tests.support.tournaments import open_tournament, started_with_bots
from tests.tables.test_tournaments import play_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_sweep_starts_a_tournament_at_its_set_time(ana: User, bruno: User) -> None:
    start = timezone.now() + timedelta(minutes=10)
    tournament = open_tournament(ana, starts_at=start)
    register(tournament_id=tournament.pk, user=bruno)

    assert housekeeping.sweep(now=start - timedelta(seconds=1))["tournaments"] == 0
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    assert housekeeping.sweep()["tournaments"] == 1

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.PLAYING
    assert tournament.tables.count() == 1
    assert housekeeping.sweep()["tournaments"] == 0


def test_the_sweep_raises_the_ante_when_the_level_is_over() -> None:
    tournament = started_with_bots(4, "golfo")
    assert tournament.next_level_at is not None
    assert tournament.next_level_at - tournament.started_at == timedelta(minutes=10)

    Tournament.objects.filter(pk=tournament.pk).update(next_level_at=timezone.now())
    housekeeping.sweep()

    tournament.refresh_from_db()
    assert (tournament.level, tournament.ante) == (1, 30)


def test_the_task_deals_the_next_round_once_the_pause_is_over() -> None:
    tournament = started_with_bots(7, "rummy70")
    play_round(tournament)
    tournament.refresh_from_db()

    assert tasks.tournament_due(tournament_id=tournament.pk) is False
    Tournament.objects.filter(pk=tournament.pk).update(next_round_at=timezone.now())
    assert tasks.tournament_due(tournament_id=tournament.pk) is True
    assert tasks.tournament_due(tournament_id=tournament.pk) is False

    tournament.refresh_from_db()
    assert tournament.round == 2
