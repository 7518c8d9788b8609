"""Websocket consumers: thin. They check access, parse, call a service, and render per viewer.

A broadcast is only a nudge ("table N is at version V"); on each nudge a consumer takes the table
as it is now from its process's snapshots (``games.tables.snapshots``) and sends what changed for
its viewer, so a lost nudge heals on the next one."""

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from games.accounts.sessions import SessionSeal, SessionUnchecked
from games.live.commands import MoveCommand, TableCommand, parse_table_command, run_table_command
from games.live.fragments import lobby_refusal, table_message
from games.live.frames import ViewerFrames
from games.live.heartbeats import HEARTBEATS, LOBBY_HEARTBEATS
from games.live.languages import scope_language
from games.live.lobby_frames import game_filter, lobby_frame
from games.live.neighbours import NEIGHBOURS
from games.live.polling import POLLER
from games.live.rate_limits import (
    MessageBudget,
    SocketSlots,
    client_address,
    too_many_sockets_message,
)
from games.live.repeated_moves import LastMove
from games.live.session_sockets import SessionBoundConsumer, SessionEnded
from games.live.tournament_frames import standings_frame, standings_refusal
from games.models import Table
from games.tables.access import granted_table_ids, granted_tournament_ids
from games.tables.broadcasts import LOBBY_GROUP, Nudge, nudges_held, send_held
from games.tables.errors import StaleMove, TableError
from games.tables.online import arrive_lobby, leave_lobby
from games.tables.play import deal_next_hand
from games.tables.presence import arrive, leave
from games.tables.selectors import last_table_change, table_marks
from games.tables.snapshots import SNAPSHOTS, TableSnapshot
from games.tables.tournament_rounds import deal_next_round, tournament_group
from games.tables.tournament_standings import tournament_version

MESSAGES_PER_WINDOW = 12
WINDOW_SECONDS = 5.0
NEXT_HAND_MARGIN = 0.2

# A table socket's database work is one short transaction at a time, each on its own: it runs in
# any of the default executor's threads (each with its own database connection; ``ASGI_THREADS``
# sets how many), so that moves at different tables go side by side instead of queueing in the
# single thread Channels gives database work by default. Moves at one table queue on its row lock.
in_any_thread = partial(database_sync_to_async, thread_sensitive=False)
# The nudges a socket's command committed, being sent by the event loop (kept from the garbage
# collector until they are done).
NUDGING: set[asyncio.Task[None]] = set()


@dataclass(frozen=True)
class LostRace:
    """A move refused only because another move came first: the table is at ``version`` now."""

    version: int


def polling() -> bool:
    """In the embedded set-up the process's poller (``games.live.polling``) nudges the sockets
    of what another process changed: moves made by the Celery worker cannot reach them through
    daphne's in-memory channel layer (``CARDROOM_VERSION_POLL_SECONDS``; ``None`` with Redis,
    where every process shares the layer)."""
    return settings.CARDROOM_VERSION_POLL_SECONDS is not None


async def nudge_soon(held: list[Nudge], *, shown: tuple[int, int] | None = None) -> None:
    """Send ``held`` from the event loop without waiting for the channel layer: the sending
    starts before this returns (its first write is out), and goes on beside the caller. The nudge
    of ``shown`` (a table and its version), which every socket of the table in this process shows
    already (``NEIGHBOURS.show``), goes to the other processes only: heard back here, it cost the
    process 8.6% of its CPU at 40 tables for sockets that were at its version (docs/performance.md,
    thirteenth pass)."""
    nudging = asyncio.create_task(send_held(held, shown=shown, sender=NEIGHBOURS.channel()))
    NUDGING.add(nudging)
    nudging.add_done_callback(NUDGING.discard)
    await asyncio.sleep(0)


async def take_socket_slot(consumer: SessionBoundConsumer, refusal: Callable[[str], str]) -> bool:
    """Count this socket among its user's (or anonymous address's) open ones; over the cap it is
    accepted only to show ``refusal(message)`` and closed normally, so the browser does not try
    again by itself (docs/security.md)."""
    user = consumer.user
    owner = SocketSlots.owner(
        user_id=user.pk if user.is_authenticated else None,
        address=client_address(consumer.scope),
    )
    if await sync_to_async(SocketSlots.take, thread_sensitive=False)(owner):
        consumer.socket_owner = owner
        return True
    consumer.socket_owner = None
    await consumer.accept()
    with translation.override(scope_language(consumer.scope)):
        message = too_many_sockets_message(signed_in=user.is_authenticated)
        await consumer.send(text_data=refusal(message))
    await consumer.close(code=1000, reason="too many open sockets")
    return False


async def give_back_socket_slot(consumer: SessionBoundConsumer) -> None:
    owner = getattr(consumer, "socket_owner", None)
    if owner is not None:
        consumer.socket_owner = None
        await sync_to_async(SocketSlots.give_back, thread_sensitive=False)(owner)


class LobbyConsumer(SessionBoundConsumer):
    """``/ws/lobby/``: the lobby (``games.live.lobby_frames``), sent whole on connect and on every
    change; ``?game=`` filters it by game. A signed-in viewer's socket counts him online
    (``games.tables.online``) while it is open: opening and closing it nudge the other lobbies."""

    async def connect(self) -> None:
        self.language = scope_language(self.scope)
        self.game = game_filter(
            parse_qs(self.scope.get("query_string", b"").decode()).get("game", [""])[0]
        )
        self.watching = False
        self.presence_id: int | None = None
        self.sent = ""
        if not await take_socket_slot(self, lobby_refusal):
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.join_user_group()
        user = self.user
        if user.is_authenticated:
            self.presence_id = await in_any_thread(arrive_lobby)(user_id=user.pk)
            LOBBY_HEARTBEATS.add(self.presence_id)
            await self.channel_layer.group_send(LOBBY_GROUP, {"type": "lobby.changed"})
        seen = await database_sync_to_async(last_table_change)() if polling() else None
        await self._send_list()
        if polling():
            POLLER.watch_lobby(seen)
            self.watching = True

    async def disconnect(self, code: int) -> None:
        if self.watching:
            POLLER.unwatch_lobby()
        await give_back_socket_slot(self)
        user = self.user
        if self.presence_id is not None and user.is_authenticated:
            LOBBY_HEARTBEATS.discard(self.presence_id)
            await in_any_thread(leave_lobby)(user_id=user.pk)
            self.presence_id = None
            await self.channel_layer.group_send(LOBBY_GROUP, {"type": "lobby.changed"})
        await self.leave_user_group()
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby takes no orders; whatever a browser sends here is ignored."""

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self._send_list()

    async def _send_list(self) -> None:
        """The lobby as it is now, unless this socket sent exactly that last (a change nudged by
        a service here and then seen again by the process's poller)."""
        text = await self._render()
        if text != self.sent:
            self.sent = text
            await self.send(text_data=text)

    @database_sync_to_async
    def _render(self) -> str:
        return lobby_frame(viewer=self.user, language=self.language, game=self.game)


class TableConsumer(SessionBoundConsumer):
    """``/ws/tables/<id>/``: the table as this viewer sees it, and his actions.

    On connect it sends every part of the page; on each nudge it takes the table from the
    process's snapshots (read once per version for all its sockets) and sends the parts whose
    digest changed since this socket's last frame, with ``#table-version`` always. While a hand
    is over it wakes up when the next hand is due and asks the table to deal it, or at a
    tournament's table the tournament its next round (the service checks the time stored in the
    database, so early or repeated asks do nothing)."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.language = scope_language(self.scope)
        self.showing_refusal = False
        self.refreshing = asyncio.Lock()
        self.neighbour = False
        self.next_hand_task: asyncio.Task[None] | None = None
        self.presence_id: int | None = None
        self.watching = False
        if not await take_socket_slot(self, table_message):
            return
        user = self.user
        self.user_id: int | None = user.pk if user.is_authenticated else None
        self.budget = MessageBudget(limit=MESSAGES_PER_WINDOW, window=WINDOW_SECONDS)
        self.last_move = LastMove()
        granted = await in_any_thread(granted_table_ids)(session=self.scope.get("session"))
        self.frames = ViewerFrames(viewer=user, granted_table_ids=granted, language=self.language)
        async with self.refreshing:
            if not await self._first_frame():
                return
        self._watch_next_hand()
        if not await self._sealed():
            return
        if polling():
            POLLER.watch_table(self.table_id, (self.frames.version, self.frames.chat_mark))
            self.watching = True

    async def _first_frame(self) -> bool:
        """Join the process's sockets of the table, then send the table as it is now: a nudge
        heard meanwhile waits for this frame (the caller holds ``refreshing``), and then shows
        only what is newer. ``False`` when the table is gone or hidden from this viewer."""
        await NEIGHBOURS.join(self.table_id, self)
        self.neighbour = True
        try:
            frame = await self._latest_frame()
            if frame is not None:
                await self.accept()
                await self.join_user_group()
                await self._arrive()
                await self.send(text_data=frame)
                return True
        except BaseException:
            await self._leave_neighbours()
            raise
        await self._leave_neighbours()
        await give_back_socket_slot(self)
        await self.close()
        return False

    async def _sealed(self) -> bool:
        """Check the session once the first frame is out, so that the first move carries a seal
        like every later one (its one statement checks it) instead of waiting for a check of its
        own; ``False``, and the socket closed, when the session no longer signs its user in."""
        if self.session_user_id is None:
            return True
        try:
            await in_any_thread(self.check_session)()
        except SessionEnded:
            await self.end_session()
            return False
        return True

    async def _leave_neighbours(self) -> None:
        if self.neighbour:
            self.neighbour = False
            await NEIGHBOURS.leave(self.table_id, self)

    async def disconnect(self, code: int) -> None:
        await self._leave_neighbours()
        if self.next_hand_task is not None:
            self.next_hand_task.cancel()
        if self.watching:
            POLLER.unwatch_table(self.table_id)
        if self.presence_id is not None and self.user_id is not None:
            HEARTBEATS.discard(self.presence_id)
            await in_any_thread(leave)(table_id=self.table_id, user_id=self.user_id)
        await give_back_socket_slot(self)
        await self.leave_user_group()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A refusal goes to this socket only; once a message went through, the refusal shown
        before it is cleared (a socket showing none is sent nothing more than the move's
        frame). The sender's own frame does not wait for the group's nudge, which a channel
        layer that is down would never deliver. A socket whose session has ended (logout,
        password changed elsewhere, account deleted) does nothing and closes. The repeat of the
        move this socket just played (a double click) is dropped silently
        (``games.live.repeated_moves``). A move that lost a race (made on a version the table
        has left) is no refusal: this socket is sent the table as it is now, with a short note
        in the message box, at once rather than when its nudge comes. The nudges of what the
        command committed go out once this process's sockets of the table have their frames (or
        the frames failed): the channel layer's work would only delay them, and the nudge finds
        them at its version already; it is for the sockets of other processes."""
        try:
            outcome, held = await self._act(text_data)
        except SessionEnded:
            await self.end_session()
            return
        try:
            await self._answer(outcome)
        finally:
            if held:
                shown = (self.table_id, outcome) if isinstance(outcome, int) else None
                await nudge_soon(held, shown=shown)

    async def _answer(self, outcome: int | str | LostRace | None) -> None:
        """Show this socket, and at a move the table's other sockets here, what the message
        came to (``_act``)."""
        if outcome is None:
            return
        if isinstance(outcome, LostRace):
            with translation.override(self.language):
                note = table_message(
                    _("Another move came first: here is the table now."), note=True
                )
            self.showing_refusal = True
            await self._refresh(version=outcome.version, note=note)
            return
        if isinstance(outcome, str):
            self.showing_refusal = True
            await self.send(text_data=outcome)
            return
        await self.show_version(outcome)
        NEIGHBOURS.show(self.table_id, outcome, mover=self)
        if self.showing_refusal:
            self.showing_refusal = False
            await self.send(text_data=table_message())

    async def end_session(self) -> None:
        with translation.override(self.language):
            notice = table_message(_("This page's session has ended: reload the page."))
        await self.send(text_data=notice)
        await super().end_session()

    async def hear(self, nudge: dict[str, Any]) -> None:
        """A nudge to the table's group, handed to this socket by its process
        (``games.live.neighbours``): a new version, a new chat line, or the table gone (the
        embedded set-up's poller)."""
        kind = nudge.get("type")
        if kind == "table.changed":
            await self.show_version(nudge.get("version", 0))
        elif kind == "table.chat":
            await self._refresh(chat_mark=nudge.get("message_id", 0))
        elif kind == "table.gone":
            await self.close()

    def prepare(self, snapshot: TableSnapshot) -> None:
        """Build this viewer's frame of a snapshot a move of this process is writing (in the
        move's thread, while it waits for the database); it is sent only once the move has
        committed and handed that snapshot over."""
        self.frames.prepare(snapshot)

    async def show_version(self, version: int) -> None:
        """Bring this viewer to ``version`` unless he is there already (a move made through
        another socket of this process shows here before its nudge comes back)."""
        if version > self.frames.version:
            await self._refresh(version=version, only_newer=True)

    async def _refresh(
        self, *, version: int = 0, chat_mark: int = 0, note: str = "", only_newer: bool = False
    ) -> None:
        """Send what changed for this viewer since his last frame, and ``note`` with it; one
        refresh at a time (the channel layer's nudges and a neighbour's move both ask), and with
        ``only_newer`` none once another has shown ``version``."""
        async with self.refreshing:
            if only_newer and version <= self.frames.version:
                return
            snapshot = await SNAPSHOTS.at_least(self.table_id, version=version, chat_mark=chat_mark)
            frame = None if snapshot is None else self.frames.frame(snapshot)
            if frame is None:
                await self.close()
                return
            if frame or note:
                await self.send(text_data=frame + note)
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
        """At a tournament's table the next hand is the tournament's next round."""
        await asyncio.sleep(max(0.0, (due - timezone.now()).total_seconds()) + NEXT_HAND_MARGIN)
        tournament_id = self.frames.tournament_id
        if tournament_id is None:
            await in_any_thread(deal_next_hand)(table_id=self.table_id)
        else:
            await in_any_thread(deal_next_round)(tournament_id=tournament_id)

    async def _arrive(self) -> None:
        """Count this socket in the table's presence (a sat-out player takes his seat back);
        the process's heartbeat keeps saying so while it is open (docs/clocks-and-bots.md)."""
        if self.user_id is None:
            return
        self.presence_id = await in_any_thread(arrive)(table_id=self.table_id, user_id=self.user_id)
        HEARTBEATS.add(self.presence_id)

    @in_any_thread
    def _act(self, text: str | None) -> tuple[int | str | LostRace | None, list[Nudge]]:
        """Run one message: the table's version once it went through, a :class:`LostRace` for a
        move made on a version the table has left, else the refusal for this socket, or ``None``
        for a repeat of the move just played; :class:`SessionEnded` when the socket's session no
        longer signs its user in. With it, the nudges of what it committed, for the event loop
        to send."""
        with translation.override(self.language), nudges_held() as held:
            try:
                if not self.budget.spend():
                    raise TableError(_("Too many messages at once: wait a moment."))
                command, seal = self._checked(text)
                if self.last_move.repeated_by(command):
                    return None, held
                table = self._run(command, seal)
            except StaleMove as stale:
                return LostRace(stale.version), held
            except TableError as error:
                return table_message(error.message), held
            self.last_move.played(command)
            return table.version, held

    def _checked(self, text: str | None) -> tuple[TableCommand, SessionSeal | None]:
        """The message read, and the seal to carry it under: a move carries the seal of the last
        session check instead of a check of its own (``games.tables.snapshot_moves``); anything
        else is checked first, and a message the table cannot read is refused only while the
        session holds."""
        try:
            command = parse_table_command(text, table_id=self.table_id)
        except TableError:
            self.check_session()
            raise
        seal = self.session_seal if isinstance(command, MoveCommand) else None
        if seal is None:
            self.check_session()
        return command, seal

    def _run(self, command: TableCommand, seal: SessionSeal | None) -> Table:
        """Carry the command out, under ``seal`` if any; a sealed move that could not be made so
        is made again once the session is checked."""
        try:
            return run_table_command(command, table_id=self.table_id, user=self.user, seal=seal)
        except SessionUnchecked:
            self.check_session()
            return run_table_command(command, table_id=self.table_id, user=self.user)


class TournamentConsumer(SessionBoundConsumer):
    """``/ws/tournaments/<id>/``: the tournament's standings (``games.live.tournament_frames``) as
    this viewer sees them, sent whole on connect and on every nudge of a newer version. In the
    embedded set-up, where the worker's changes cannot reach it through the channel layer, it
    reads the tournament's version on the poller's period and renders again when it moved."""

    async def connect(self) -> None:
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        self.language = scope_language(self.scope)
        self.version = -1
        self.poll_task: asyncio.Task[None] | None = None
        self.group = ""
        if not await take_socket_slot(self, standings_refusal):
            return
        self.granted = await in_any_thread(granted_tournament_ids)(
            session=self.scope.get("session")
        )
        self.group = tournament_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        frame = await self._render()
        if frame is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await give_back_socket_slot(self)
            await self.close()
            return
        await self.accept()
        await self.join_user_group()
        await self.send(text_data=frame)
        if polling():
            self.poll_task = asyncio.create_task(self._poll())

    async def disconnect(self, code: int) -> None:
        if self.poll_task is not None:
            self.poll_task.cancel()
        await give_back_socket_slot(self)
        await self.leave_user_group()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The standings take no orders; whatever a browser sends here is ignored."""

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        if event.get("version", 0) > self.version:
            await self._refresh()

    async def _refresh(self) -> None:
        frame = await self._render()
        if frame is None:
            await self.close()
            return
        await self.send(text_data=frame)

    async def _poll(self) -> None:
        every = settings.CARDROOM_VERSION_POLL_SECONDS or 1.0
        while True:
            await asyncio.sleep(every)
            version = await in_any_thread(tournament_version)(tournament_id=self.tournament_id)
            if version is None or version > self.version:
                await self._refresh()

    @in_any_thread
    def _render(self) -> str | None:
        version = tournament_version(tournament_id=self.tournament_id)
        if version is None:
            return None
        self.version = version
        return standings_frame(
            tournament_id=self.tournament_id,
            viewer=self.user,
            granted_tournament_ids=self.granted,
            language=self.language,
        )
