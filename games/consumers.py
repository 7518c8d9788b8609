"""Websocket consumers: thin. They check access, parse, call a service, and render per viewer.

A broadcast is only a nudge ("table N is at version V"); on each nudge a consumer takes the table
as it is now from its process's snapshots (``games.table_snapshots``) and sends what changed for
its viewer, so a lost nudge heals on the next one."""

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
from games.fragments import lobby_fragment, table_message
from games.heartbeats import HEARTBEATS
from games.languages import scope_language
from games.play import deal_next_hand
from games.presence import arrive, leave
from games.rate_limits import MessageBudget
from games.selectors import last_table_change, lobby_tables, table_marks
from games.table_access import granted_table_ids
from games.table_commands import parse_table_command, run_table_command
from games.table_snapshots import SNAPSHOTS
from games.viewer_frames import ViewerFrames

MESSAGES_PER_WINDOW = 12
WINDOW_SECONDS = 5.0
NEXT_HAND_MARGIN = 0.2

# A table socket's database work is one short transaction at a time, each on its own: it runs in
# any of the default executor's threads (each with its own database connection; ``ASGI_THREADS``
# sets how many), so that moves at different tables go side by side instead of queueing in the
# single thread Channels gives database work by default. Moves at one table queue on its row lock.
in_any_thread = partial(database_sync_to_async, thread_sensitive=False)


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
        if self.poll_task is not None:
            # The list about to be sent shows this change: the next look must not send it again.
            self.seen_change = await database_sync_to_async(last_table_change)()
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

    On connect it sends every part of the page; on each nudge it takes the table from the
    process's snapshots (read once per version for all its sockets) and sends the parts whose
    digest changed since this socket's last frame, with ``#table-version`` always. While a hand
    is over it wakes up when the next hand is due and asks the table to deal it (the service
    checks the time stored in the database, so early or repeated asks do nothing)."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = scope_language(self.scope)
        self.showing_refusal = False
        self.next_hand_task: asyncio.Task[None] | None = None
        self.presence_id: int | None = None
        self.poll_task: asyncio.Task[None] | None = None
        user = self.scope["user"]
        self.user_id: int | None = user.pk if user.is_authenticated else None
        self.budget = MessageBudget(limit=MESSAGES_PER_WINDOW, window=WINDOW_SECONDS)
        self.group = table_group(self.table_id)
        granted = await in_any_thread(granted_table_ids)(session=self.scope.get("session"))
        self.frames = ViewerFrames(viewer=user, granted_table_ids=granted, language=self.language)
        await self.channel_layer.group_add(self.group, self.channel_name)
        frame = await self._latest_frame()
        if frame is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close()
            return
        await self.accept()
        await self._arrive()
        await self.send(text_data=frame)
        self._watch_next_hand()
        self.poll_task = start_polling(self._follow_other_processes)

    async def disconnect(self, code: int) -> None:
        if self.next_hand_task is not None:
            self.next_hand_task.cancel()
        if self.poll_task is not None:
            self.poll_task.cancel()
        if self.presence_id is not None:
            HEARTBEATS.discard(self.presence_id)
            await in_any_thread(leave)(table_id=self.table_id, user_id=self.user_id)
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A refusal goes to this socket only; once a message went through, the refusal shown
        before it is cleared (a socket showing none is sent nothing more than the move's
        frame)."""
        refusal = await self._act(text_data)
        if refusal is not None:
            self.showing_refusal = True
            await self.send(text_data=refusal)
        elif self.showing_refusal:
            self.showing_refusal = False
            await self.send(text_data=table_message())

    async def table_changed(self, event: dict[str, Any]) -> None:
        version = event.get("version", 0)
        if version > self.frames.version:
            await self._refresh(version=version)

    async def table_chat(self, event: dict[str, Any]) -> None:
        await self._refresh(chat_mark=event.get("message_id", 0))

    async def _refresh(self, *, version: int = 0, chat_mark: int = 0) -> None:
        snapshot = await SNAPSHOTS.at_least(self.table_id, version=version, chat_mark=chat_mark)
        frame = None if snapshot is None else self.frames.frame(snapshot)
        if frame is None:
            await self.close()
            return
        if frame:
            await self.send(text_data=frame)
        self._watch_next_hand()

    async def _latest_frame(self) -> str | None:
        """The frame of the table as the database has it now (``None`` when gone or hidden)."""
        marks = await in_any_thread(table_marks)(table_id=self.table_id)
        if marks is None:
            return None
        version, chat_mark = marks
        snapshot = await SNAPSHOTS.at_least(self.table_id, version=version, chat_mark=chat_mark)
        return None if snapshot is None else self.frames.frame(snapshot)

    def _watch_next_hand(self) -> None:
        if self.next_hand_task is not None and not self.next_hand_task.done():
            self.next_hand_task.cancel()
        self.next_hand_task = None
        if self.frames.next_hand_at is not None:
            due = self.frames.next_hand_at
            self.next_hand_task = asyncio.create_task(self._deal_when_due(due))

    async def _deal_when_due(self, due: datetime) -> None:
        await asyncio.sleep(max(0.0, (due - timezone.now()).total_seconds()) + NEXT_HAND_MARGIN)
        await in_any_thread(deal_next_hand)(table_id=self.table_id)

    async def _arrive(self) -> None:
        """Count this socket in the table's presence (a sat-out player takes his seat back);
        the process's heartbeat keeps saying so while it is open (docs/clocks-and-bots.md)."""
        if self.user_id is None:
            return
        self.presence_id = await in_any_thread(arrive)(table_id=self.table_id, user_id=self.user_id)
        HEARTBEATS.add(self.presence_id)

    async def _follow_other_processes(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            marks = await in_any_thread(table_marks)(table_id=self.table_id)
            if marks is None:
                await self.close()
                return
            version, chat_mark = marks
            if (version, chat_mark) != (self.frames.version, self.frames.chat_mark):
                await self._refresh(version=version, chat_mark=chat_mark)

    @in_any_thread
    def _act(self, text: str | None) -> str | None:
        """Run one message: ``None`` when it went through, else the refusal for this socket."""
        with translation.override(self.language):
            try:
                if not self.budget.spend():
                    raise TableError(_("Too many messages at once: wait a moment."))
                command = parse_table_command(text, table_id=self.table_id)
                run_table_command(command, table_id=self.table_id, user=self.scope["user"])
            except TableError as error:
                return table_message(error.message)
            return None
