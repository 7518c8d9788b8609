"""Two moves at the same moment (a double click, two tabs): exactly one is applied, the other is
refused (its socket is shown the table as it is now, with a note). The threads really race on
the database: the table row lock on PostgreSQL, the IMMEDIATE transaction on SQLite."""

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games.engine import rummy
from games.models import Action, User
from games.tables import play
from tests.support.live import close_all, everything_until_quiet, send_move, table_socket
from tests.support.matches import start_match, version_of
from tests.support.races import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_of_two_simultaneous_moves_exactly_one_is_applied(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    game_user = ana if play.current_game(table).state["turn"] == 0 else bruno
    version = version_of(table)

    def draw() -> object:
        return play.play_action(
            table_id=table.pk,
            user=game_user,
            version=version,
            action=rummy.action_to_json(rummy.Draw()),
        )

    outcomes = race(draw, draw)

    assert outcomes == ["The table changed before your move: look again and retry.", "done"]
    assert version_of(table) == version + 1
    assert Action.objects.filter(game__table=table).count() == 1
    if connection.vendor == "sqlite":
        assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


async def test_a_double_click_from_two_tabs_tells_the_second_another_move_came_first(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    first = await database_sync_to_async(play.current_game)(table)
    player = ana if first.state["turn"] == 0 else bruno
    tab_one = await table_socket(table, player)
    tab_two = await table_socket(table, player)
    version = await database_sync_to_async(version_of)(table)

    await send_move(tab_one, table, move="draw", version=version)
    await send_move(tab_two, table, move="draw", version=version)

    # Either tab may be served first: both see the move, and exactly one is told it lost the race.
    answers = [
        await everything_until_quiet(tab, f'value="{version + 1}"') for tab in (tab_one, tab_two)
    ]
    refused = [answer for answer in answers if "Another move came first" in answer]
    assert len(refused) == 1
    assert await database_sync_to_async(version_of)(table) == version + 1
    await close_all(tab_one, tab_two)
