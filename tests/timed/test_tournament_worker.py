"""A small tournament of bots on two tables, played to its end by a real Celery worker and its
beat, against Redis and the test database (PostgreSQL under .ci/run): every hand, every pause
between rounds, the merge into one final table and the last elimination are the worker's. Run by
.ci/run with ``-m services``."""

import time
from pathlib import Path

import pytest
from django.db import connections

from games.management.commands.simulate_tournament import check, final_check
from games.models import Table, Tournament, User
from games.tables.tournament_entries import add_bots, create_tournament, start_tournament
from tests.timed.test_celery_worker import FAST_BOTS, celery_worker

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TOURNAMENT_SECONDS = 600


@pytest.mark.timeout(TOURNAMENT_SECONDS + 60)
def test_a_two_table_bot_tournament_is_played_to_its_end_by_the_worker(
    ana: User, tmp_path: Path
) -> None:
    host = User.objects.create(username="bot-host", display_name="Bot host", is_bot=True)
    tournament = create_tournament(
        host=host,
        game="golfo",
        name="Freezeout",
        visibility="public",
        max_players=6,
        clock=30,
        options={},
        starting_chips=500,
        first_ante=40,
        level_minutes=5,
    )
    add_bots(tournament_id=tournament.pk, by=host, count=5)
    start_tournament(tournament_id=tournament.pk, by=host)
    assert Table.objects.filter(tournament=tournament).count() == 2

    with celery_worker(tmp_path / "celery", FAST_BOTS):
        deadline = time.monotonic() + TOURNAMENT_SECONDS
        while True:
            tournament.refresh_from_db()
            assert check(tournament) == []
            if tournament.status == Tournament.Status.FINISHED:
                break
            assert time.monotonic() < deadline, f"still in round {tournament.round}"
            connections.close_all()
            time.sleep(1)

    assert final_check(tournament) == []
    assert tournament.round > 1
    assert not Table.objects.filter(tournament=tournament, status=Table.Status.PLAYING).exists()
