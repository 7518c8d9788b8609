"""Websocket consumers: thin. They check access, parse, call a service, and render per viewer.

A broadcast is only a nudge ("table N is at version V"); on each nudge a consumer reloads what its
viewer may see from the database and sends it whole, so a lost nudge heals on the next one."""

import asyncio
from collections.abc import Callable, Coroutine
from datetime import datetime
from functools import partial
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from games.broadcasts import LOBBY_GROUP, table_group
from games.errors import TableError
from games.fragments import VERSION, game_area, live_parts, lobby_fragment, table_message
from games.languages import scope_language
from games.play import deal_next_hand
from games.presence import arrive, heartbeat, leave
from games.rate_limits import MessageBudget
from games.selectors import last_table_change, live_table, lobby_tables, table_version
from games.table_access import granted_table_ids
from games.table_commands import parse_table_command, run_table_command

MESSAGES_PER_WINDOW = 12
WINDOW_SECONDS = 5.0
NEXT_HAND_MARGIN = 0.2

# A frame only reads, so the sockets of a table build their viewers' frames side by side in the
# default executor's threads (each with its own database connection), instead of queueing behind
# each other and every move in the single thread Channels gives database work by default.
read_in_any_thread = partial(database_sync_to_async, thread_sensitive=False)


def start_polling(
    follow: Callable[[float], Coroutine[Any, Any, None]],
) -> asyncio.Task[None] | None:
    """In the embedded set-up, a socket also looks at the database every few moments: moves made
    by the Celery worker's process cannot nudge it through daphne's in-memory channel layer
    (``CARDROOM_VERSION_POLL_SECONDS``; ``None`` with Redis, where every process shares the
    layer)."""
    every = settings.CARDROOM_VERSION_POLL_SECONDS
    return None if every is None else asyncio.create_task(follow(every))


class LobbyConsumer(AsyncWebsocketConsumer):
    """``/ws/lobby/``: the list of open tables, sent whole on connect and on every change."""

    async def connect(self) -> None:
        self.language = scope_language(self.scope)
        self.poll_task: asyncio.Task[None] | None = None
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        self.seen_change = await database_sync_to_async(last_table_change)()
        await self.send(text_data=await self._render())
        self.poll_task = start_polling(self._follow_other_processes)

    async def disconnect(self, code: int) -> None:
        if self.poll_task is not None:
            self.poll_task.cancel()
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby takes no orders; whatever a browser sends here is ignored."""

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=await self._render())

    async def _follow_other_processes(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            latest = await database_sync_to_async(last_table_change)()
            if latest != self.seen_change:
                self.seen_change = latest
                await self.send(text_data=await self._render())

    @database_sync_to_async
    def _render(self) -> str:
        viewer = self.scope["user"]
        with translation.override(self.language):
            return lobby_fragment(list(lobby_tables(viewer=viewer)), viewer=viewer)


class TableConsumer(AsyncWebsocketConsumer):
    """``/ws/tables/<id>/``: the table as this viewer sees it, and his actions.

    On connect it sends every part of the page; on each nudge it re-reads the table and sends the
    parts whose HTML changed since this socket's last frame, with ``#table-version`` always. While
    a hand is over it wakes up when the next hand is due and asks the table to deal it (the
    service checks the time stored in the database, so early or repeated asks do nothing)."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = scope_language(self.scope)
        self.version = -1
        self.sent: dict[str, str] = {}
        self.screen_ids: tuple[str, ...] = ()
        self.next_hand_at: datetime | None = None
        self.next_hand_task: asyncio.Task[None] | None = None
        self.presence_task: asyncio.Task[None] | None = None
        self.poll_task: asyncio.Task[None] | None = None
        user = self.scope["user"]
        self.user_id: int | None = user.pk if user.is_authenticated else None
        self.budget = MessageBudget(limit=MESSAGES_PER_WINDOW, window=WINDOW_SECONDS)
        self.group = table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        frame = await self._frame()
        if frame is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close()
            return
        await self.accept()
        await self.send(text_data=frame)
        self._watch_next_hand()
        self.poll_task = start_polling(self._follow_other_processes)
        await self._arrive()

    async def disconnect(self, code: int) -> None:
        if self.next_hand_task is not None:
            self.next_hand_task.cancel()
        if self.poll_task is not None:
            self.poll_task.cancel()
        if self.presence_task is not None:
            self.presence_task.cancel()
            await database_sync_to_async(leave)(table_id=self.table_id, user_id=self.user_id)
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=await self._act(text_data))

    async def table_changed(self, event: dict[str, Any]) -> None:
        if event.get("version", 0) <= self.version:
            return
        await self._refresh()

    async def table_chat(self, event: dict[str, Any]) -> None:
        await self._refresh()

    async def _refresh(self) -> None:
        frame = await self._frame()
        if frame is None:
            await self.close()
            return
        if frame:
            await self.send(text_data=frame)
        self._watch_next_hand()

    def _watch_next_hand(self) -> None:
        if self.next_hand_task is not None and not self.next_hand_task.done():
            self.next_hand_task.cancel()
        self.next_hand_task = None
        if self.next_hand_at is not None:
            self.next_hand_task = asyncio.create_task(self._deal_when_due(self.next_hand_at))

    async def _deal_when_due(self, due: datetime) -> None:
        await asyncio.sleep(max(0.0, (due - timezone.now()).total_seconds()) + NEXT_HAND_MARGIN)
        await database_sync_to_async(deal_next_hand)(table_id=self.table_id)

    async def _arrive(self) -> None:
        """Count this socket in the table's presence (a sat-out player takes his seat back),
        and keep saying so while it is open (docs/clocks-and-bots.md)."""
        if self.user_id is None:
            return
        await database_sync_to_async(arrive)(table_id=self.table_id, user_id=self.user_id)
        self.presence_task = asyncio.create_task(self._heartbeat(self.user_id))

    async def _follow_other_processes(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            if await database_sync_to_async(table_version)(table_id=self.table_id) != self.version:
                await self._refresh()

    async def _heartbeat(self, user_id: int) -> None:
        while True:
            await asyncio.sleep(settings.CARDROOM_HEARTBEAT_SECONDS)
            await database_sync_to_async(heartbeat)(table_id=self.table_id, user_id=user_id)

    @read_in_any_thread
    def _frame(self) -> str | None:
        """The parts that changed for this viewer (``""`` when none did); ``None`` when the table
        is gone or hidden from him."""
        live = live_table(
            table_id=self.table_id,
            viewer=self.scope["user"],
            granted_table_ids=granted_table_ids(session=self.scope.get("session")),
        )
        if live is None:
            return None
        with translation.override(self.language):
            parts, screen_ids = live_parts(live)
        frame = []
        if screen_ids != self.screen_ids:
            frame.append(game_area(screen_ids))
            self.sent = {key: html for key, html in self.sent.items() if key not in screen_ids}
            self.screen_ids = screen_ids
        changed = [key for key, html in parts.items() if self.sent.get(key) != html]
        if not changed and live.view.table.version == self.version:
            return ""
        frame += [html for key, html in parts.items() if key in changed or key == VERSION]
        self.sent = parts
        self.version = live.view.table.version
        self.next_hand_at = live.next_hand_at
        return "".join(frame)

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
