"""A nudge that cannot be sent after a commit (the channel layer is down) is logged and left to
the next nudge or the poller: the request that committed still answers as it would, and the socket
that sent a move stays open and shows its viewer the move."""

import logging
from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client, override_settings

from games.models import Action, Table, User
from tests.support.live import FIRST_DRAW, current_version, rummy_table, send_move, table_socket
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)


class LayerDown(ConnectionError):
    """What a Redis layer raises when its server does not answer."""


@pytest.fixture
def break_layer(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """From its call on, the channel layer takes sockets in as before but cannot send to a
    group, nor (the Redis layer) to a group but the sender."""

    async def group_send(group: str, message: dict[str, object], **sender: str) -> None:
        raise LayerDown(f"no channel layer to reach {group}")

    def down() -> None:
        layer = get_channel_layer()
        monkeypatch.setattr(layer, "group_send", group_send)
        if hasattr(layer, "group_send_elsewhere"):
            monkeypatch.setattr(layer, "group_send_elsewhere", group_send)

    return down


def test_creating_a_table_redirects_to_it_when_the_nudge_fails(
    ana: User, break_layer: Callable[[], None], caplog: pytest.LogCaptureFixture
) -> None:
    break_layer()
    client = Client()
    client.force_login(ana)
    with caplog.at_level(logging.WARNING, logger="games.tables.broadcasts"):
        response = client.post(
            "/tables/new/",
            {"game": "rummy70", "seats": "4", "visibility": "public", "clock": "0"},
        )
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert Table.objects.count() == 1
    assert any("nudge" in record.getMessage() for record in caplog.records)


@override_settings(
    CHANNEL_LAYERS={
        "default": {
            "BACKEND": "cardroom.redis_layer.RedisLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:9/0"]},  # nothing listens on port 9
        }
    }
)
def test_creating_a_table_with_redis_unreachable_makes_one_table(
    ana: User, caplog: pytest.LogCaptureFixture
) -> None:
    client = Client()
    client.force_login(ana)
    fields = {"game": "rummy70", "seats": "4", "visibility": "public", "clock": "0"}
    with caplog.at_level(logging.WARNING, logger="games.tables.broadcasts"):
        response = client.post("/tables/new/", fields)
    assert response.status_code == 302
    assert Table.objects.count() == 1
    assert any("nudge" in record.getMessage() for record in caplog.records)


@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)  # as with Redis: no poller heals it
async def test_a_move_is_kept_and_shown_to_its_sender_when_the_nudge_fails(
    ana: User, bruno: User, break_layer: Callable[[], None], caplog: pytest.LogCaptureFixture
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    break_layer()
    moves = await database_sync_to_async(Action.objects.filter(game__table=table).count)()
    with caplog.at_level(logging.WARNING, logger="games.tables.broadcasts"):
        await send_move(mover, table, move="draw")
        frame = await receive_until(mover, 'id="rummy-hand"')
    assert FIRST_DRAW in frame
    version = await current_version(table)
    assert f'data-version="{version}"' in frame
    after = await database_sync_to_async(Action.objects.filter(game__table=table).count)()
    assert after == moves + 1
    await send_move(mover, table, move="draw")
    refusal = await receive_until(mover, 'id="table-message"')
    assert "not possible" in refusal, "the socket is still open and answers"
    assert any("nudge" in record.getMessage() for record in caplog.records)
    await mover.disconnect()
