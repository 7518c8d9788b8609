"""Nudges sent to the sockets after a commit. A nudge names a version (or a chat line's id), never
carries state: each socket reloads the table from the database and renders what its viewer may see.

The lobby hears only of changes its list shows (docs/live-tables.md, "What reaches the lobby"):
every lobby socket re-renders the whole list on each nudge, so a move inside a running match,
which the list does not show, must not reach it.

A nudge is sent after the commit, so a channel layer that cannot take it (Redis down) must not
undo what the commit did, nor look as if it had: the failure is logged and the request or the
socket carries on. Whoever missed the nudge catches up on the next one, on reconnect, or from
the embedded set-up's poller (docs/live-tables.md)."""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"

Nudge = tuple[str, dict[str, Any]]
_held: ContextVar[list[Nudge] | None] = ContextVar("held_nudges", default=None)

logger = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def announce_table_changed(*, table_id: int, version: int, lobby: bool) -> None:
    """Once the current transaction commits, tell the table's sockets that it is at ``version``,
    and the lobby's too when ``lobby``: the change shows in the lobby's list (a table opened,
    closed or finished, a seat taken or freed, a match started)."""
    transaction.on_commit(lambda: _send(table_id=table_id, version=version, lobby=lobby))


def _send(*, table_id: int, version: int, lobby: bool) -> None:
    nudge_group(
        table_group(table_id), {"type": "table.changed", "table_id": table_id, "version": version}
    )
    if lobby:
        nudge_group(LOBBY_GROUP, {"type": "lobby.changed"})


def announce_chat(*, table_id: int, message_id: int) -> None:
    """Once the current transaction commits, tell the table's sockets that a chat has the new line
    ``message_id``: its id only, never its text (each socket reads the line from the database, for
    its own viewer, and knows from the id whether the chats it holds are fresh)."""
    transaction.on_commit(lambda: _send_chat(table_id=table_id, message_id=message_id))


def _send_chat(*, table_id: int, message_id: int) -> None:
    message = {"type": "table.chat", "table_id": table_id, "message_id": message_id}
    nudge_group(table_group(table_id), message)


@contextmanager
def nudges_held() -> Iterator[list[Nudge]]:
    """Inside, the nudges of what commits are kept in the list given rather than sent: a socket's
    worker thread hands them to its event loop, which sends them (``send_held``) while it
    renders the mover's own frame, instead of the thread waiting for the channel layer."""
    held: list[Nudge] = []
    token = _held.set(held)
    try:
        yield held
    finally:
        _held.reset(token)


async def send_held(
    held: list[Nudge], *, shown: tuple[int, int] | None = None, sender: str | None = None
) -> None:
    """Send the nudges ``nudges_held`` kept, from the event loop; a failure is logged, as
    ``nudge_group`` does. ``shown``, a table and a version that every socket of the ``sender``
    channel's process shows already: that table's nudge of it goes to the other members of its
    group only, where the channel layer can leave one out (``group_send_elsewhere``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    elsewhere = getattr(layer, "group_send_elsewhere", None)
    for group, message in held:
        try:
            if elsewhere is not None and sender is not None and _shown(group, message, shown):
                await elsewhere(group, message, sender=sender)
            else:
                await layer.group_send(group, message)
        except Exception:
            _not_sent(group, message)


def _shown(group: str, message: dict[str, Any], shown: tuple[int, int] | None) -> bool:
    if shown is None:
        return False
    table_id, version = shown
    return (
        group == table_group(table_id)
        and message.get("type") == "table.changed"
        and message.get("version", version + 1) <= version
    )


def nudge_group(group: str, message: dict[str, Any]) -> bool:
    """Send ``message`` to ``group`` from synchronous code (kept for the event loop inside
    ``nudges_held``); ``False`` (and a warning in the log) when the channel layer did not take
    it. Never raises: what the nudge announces is already committed."""
    held = _held.get()
    if held is not None:
        held.append((group, message))
        return True
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        _not_sent(group, message)
        return False
    return True


def _not_sent(group: str, message: dict[str, Any]) -> None:
    logger.warning(
        "Could not nudge %s with %s; it catches up on the next nudge", group, message["type"]
    )
