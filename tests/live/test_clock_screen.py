"""The turn clock on the table page: everyone sees whose turn it is and the deadline to count down
to; when it runs out, everyone sees the default move and the log line saying why."""

from datetime import datetime

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games.models import Game, Table, User
from games.timed.clocks import enforce_deadline
from tests.support.live import RUMMY_DEAL, close_all
from tests.support.matches import start_match
from tests.support.sockets import open_socket, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def clocked_table(ana: User, bruno: User) -> tuple[Table, Game]:
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        table = start_match([ana, bruno], seat_count=2, clock=30)
    return table, Game.objects.get(table=table)


@database_sync_to_async
def run_out(game: Game) -> bool:
    assert game.turn_deadline is not None
    return enforce_deadline(
        table_id=game.table_id, version=game.deadline_version, now=game.turn_deadline
    )


async def first_frame(table: Table, user: User) -> tuple[WebsocketCommunicator, str]:
    communicator, connected = await open_socket(f"/ws/tables/{table.pk}/", user=user)
    assert connected
    return communicator, await receive_until(communicator, 'id="table-version"')


def clock_of(frame: str) -> str:
    start = frame.index('id="turn-clock"')
    return frame[start : frame.index("</p>", start)]


async def test_everyone_sees_the_countdown_and_the_move_played_when_it_ran_out(
    ana: User, bruno: User, carmen: User
) -> None:
    table, game = await clocked_table(ana, bruno)
    assert game.turn_deadline is not None
    deadline = game.turn_deadline.isoformat()
    ana_socket, ana_frame = await first_frame(table, ana)
    bruno_socket, bruno_frame = await first_frame(table, bruno)
    spectator, spectator_frame = await first_frame(table, carmen)
    try:
        assert "Your turn" in clock_of(ana_frame)
        for frame in (bruno_frame, spectator_frame):
            assert "Ana's turn" in clock_of(frame)
        for frame in (ana_frame, bruno_frame, spectator_frame):
            shown = clock_of(frame).split('data-deadline="')[1].split('"')[0]
            assert datetime.fromisoformat(shown) == datetime.fromisoformat(deadline)

        assert await run_out(game)
        seen = [
            await receive_until(socket, "Time ran out for Ana")
            for socket in (ana_socket, bruno_socket, spectator)
        ]
        assert all('id="table-log"' in frame and 'id="rummy-piles"' in frame for frame in seen)
        assert "Your turn" in clock_of(seen[1])
        assert "Bruno's turn" in clock_of(seen[0]) and "Bruno's turn" in clock_of(seen[2])
    finally:
        await close_all(ana_socket, bruno_socket, spectator)
