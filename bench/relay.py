"""The bare stack: a minimal Channels app served by daphne with the site's channel layer.

A socket at ``/ws/relay/<table>/`` joins its table's group; a message ``{"version": "<v>"}``
makes the relay ``group_send`` ``v + 1`` to that group, and every member sends a small frame with
the new ``#table-version``. Same fan-out as a move at a table, no database and no rendering.

Serve it with ``DJANGO_SETTINGS_MODULE=bench.relay_settings daphne bench.relay:application``."""

import json
from typing import Any

import django

django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

FRAME = (
    '<span id="table-version" data-version="{version}" hx-swap-oob="true">'
    '<input type="hidden" name="version" value="{version}"></span>'
)


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"relay-{int(self.scope['url_route']['kwargs']['table_id'])}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=FRAME.format(version=0))

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        version = int(json.loads(text_data or "{}").get("version", "0"))
        await self.channel_layer.group_send(
            self.group, {"type": "relay.frame", "version": version + 1}
        )

    async def relay_frame(self, event: dict[str, Any]) -> None:
        await self.send(text_data=FRAME.format(version=event["version"]))


application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/relay/<int:table_id>/", RelayConsumer.as_asgi())])}
)
