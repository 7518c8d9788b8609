"""A tournament's table over its socket: a moved player's browser is sent to his new seat, a
broken table's watchers to the tables still in play, and between hands every table shows when the
tournament deals its next round."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Tournament, User
from games.tables.tournament_rounds import deal_next_round
from tests.support.live import close_all, table_socket
from tests.support.sockets import open_socket, receive_until
from tests.support.tournament_tables import (
    break_table,
    eliminate,
    move_player,
    play_hand,
    players_at,
    started_tournament,
    tables_of,
)
from tests.web.test_table_views import browser, element

pytestmark = pytest.mark.django_db(transaction=True)

in_thread = database_sync_to_async


@pytest.fixture
def six(make_user) -> list[User]:
    return [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Darío", "Elena", "Fede")]


async def test_a_moved_players_socket_sends_him_to_his_new_table(six: list[User]) -> None:
    tournament = await in_thread(started_tournament)(six)
    first, second = await in_thread(tables_of)(tournament)
    moved = (await in_thread(players_at)(first))[0]
    socket = await table_socket(first, moved)

    await in_thread(move_player)(moved, to=second)

    frame = await receive_until(socket, "data-follow")
    assert f'<a data-follow href="/tables/{second.pk}/">' in frame
    assert f"The tournament moved you to table #{second.pk}: go there." in frame
    await close_all(socket)


async def test_a_broken_tables_players_follow_and_its_watchers_are_offered_the_others(
    six: list[User], make_user
) -> None:
    tournament = await in_thread(started_tournament)(six)
    first, second = await in_thread(tables_of)(tournament)
    staying, *leaving = await in_thread(players_at)(first)
    for user in leaving:
        await in_thread(eliminate)(user)
    watcher = await in_thread(make_user)("Gabi")
    player_socket = await table_socket(first, staying)
    watcher_socket = await table_socket(first, watcher)

    await in_thread(break_table)(first, to=second)

    frame = await receive_until(player_socket, "data-follow")
    assert f'<a data-follow href="/tables/{second.pk}/">' in frame
    frame = await receive_until(watcher_socket, "This table has closed")
    assert f'<a href="/tables/{second.pk}/">Watch table #{second.pk}</a>' in frame
    assert "data-follow" not in frame
    await close_all(player_socket, watcher_socket)


async def test_between_hands_each_table_counts_down_to_the_next_round(six: list[User]) -> None:
    tournament = await in_thread(started_tournament)(six)
    first, second = await in_thread(tables_of)(tournament)
    player = (await in_thread(players_at)(first))[0]
    socket = await table_socket(first, player)

    await in_thread(play_hand)(first)

    frame = await receive_until(socket, "The next round starts once every table")
    assert "Rematch" not in frame and "Next hand in" not in frame

    await in_thread(play_hand)(second)

    frame = await receive_until(socket, "Next round in")
    due = (await in_thread(Tournament.objects.get)(pk=tournament.pk)).next_round_at
    assert due is not None
    assert f'data-deadline="{due.isoformat()}"' in frame
    assert "Rematch" not in frame and "Start the rematch" not in frame

    await in_thread(Tournament.objects.filter(pk=tournament.pk).update)(
        next_round_at=timezone.now() - timedelta(seconds=1)
    )
    assert await in_thread(deal_next_round)(tournament_id=tournament.pk)

    frame = await receive_until(socket, "Round 2")
    panel = element(frame, r'<section id="tournament-panel".*?</section>')
    assert "Next round in" not in panel
    await close_all(socket)


def test_the_page_of_a_table_between_hands_shows_the_next_rounds_time(six: list[User]) -> None:
    tournament = started_tournament(six)
    first, second = tables_of(tournament)
    play_hand(first)
    play_hand(second)

    page = browser(players_at(first)[0]).get(f"/tables/{first.pk}/").content.decode()

    panel = element(page, r'<section id="tournament-panel".*?</section>')
    assert 'data-t-seconds="Next round in %s s"' in panel
    assert "Rematch" not in page and "Start the rematch" not in page


async def test_a_private_tournaments_table_socket_opens_to_its_players_only(
    six: list[User], make_user
) -> None:
    tournament = await in_thread(started_tournament)(six, visibility="private")
    first, second = await in_thread(tables_of)(tournament)
    out = (await in_thread(players_at)(first))[0]
    await in_thread(eliminate)(out)
    stranger = await in_thread(make_user)("Gabi")

    watching = await table_socket(second, out)
    for user in (stranger, None):
        refused, connected = await open_socket(f"/ws/tables/{second.pk}/", user=user)
        assert not connected
        await refused.disconnect()
    await close_all(watching)
