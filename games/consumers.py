"""Websocket consumers: thin. They check access, parse, call a service, and render per viewer.

A broadcast is only a nudge ("table N is at version V"); on each nudge a consumer reloads what its
viewer may see from the database and sends it whole, so a lost nudge heals on the next one."""

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.broadcasts import LOBBY_GROUP, table_group
from games.errors import TableError
from games.fragments import lobby_fragment, table_fragments, table_message
from games.languages import scope_language
from games.rate_limits import MessageBudget
from games.selectors import lobby_tables, table_for_viewer
from games.table_access import granted_table_ids
from games.table_commands import parse_table_command, run_table_command

MESSAGES_PER_WINDOW = 12
WINDOW_SECONDS = 5.0


class LobbyConsumer(AsyncWebsocketConsumer):
    """``/ws/lobby/``: the list of open tables, sent whole on connect and on every change."""

    async def connect(self) -> None:
        self.language = scope_language(self.scope)
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.send(text_data=await self._render())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby takes no orders; whatever a browser sends here is ignored."""

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render())

    @database_sync_to_async
    def _render(self) -> str:
        viewer = self.scope["user"]
        with translation.override(self.language):
            return lobby_fragment(list(lobby_tables(viewer=viewer)), viewer=viewer)


class TableConsumer(AsyncWebsocketConsumer):
    """``/ws/tables/<id>/``: the seats of one table as this viewer sees them, and his actions."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = scope_language(self.scope)
        self.version = -1
        self.budget = MessageBudget(limit=MESSAGES_PER_WINDOW, window=WINDOW_SECONDS)
        self.group = table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        fragments = await self._render()
        if fragments is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close()
            return
        await self.accept()
        await self.send(text_data=fragments)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=await self._act(text_data))

    async def table_changed(self, event: dict[str, Any]) -> None:
        if event.get("version", 0) <= self.version:
            return
        fragments = await self._render()
        if fragments is None:
            await self.close()
        elif fragments:
            await self.send(text_data=fragments)

    @database_sync_to_async
    def _render(self) -> str | None:
        """This viewer's fragments; ``""`` when he already has this version; ``None`` when the
        table is gone or hidden from him."""
        view = table_for_viewer(
            table_id=self.table_id,
            viewer=self.scope["user"],
            granted_table_ids=granted_table_ids(session=self.scope.get("session")),
        )
        if view is None:
            return None
        if view.table.version == self.version:
            return ""
        self.version = view.table.version
        with translation.override(self.language):
            return table_fragments(view)

    @database_sync_to_async
    def _act(self, text: str | None) -> str:
        """Run one message; answer this socket with the refusal, or clear its last message."""
        with translation.override(self.language):
            try:
                if not self.budget.spend():
                    raise TableError(_("Too many messages at once: wait a moment."))
                command = parse_table_command(text, table_id=self.table_id)
                run_table_command(command, table_id=self.table_id, user=self.scope["user"])
            except TableError as error:
                return table_message(error.message)
            return table_message()
