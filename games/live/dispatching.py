"""How the site's consumers hand a socket's message to its handler: on the event loop, at once.

Channels' ``AsyncConsumer.dispatch`` first closes the database connections that are broken or too
old (``channels.db.aclose_old_connections``), in the one thread that every thread-sensitive
``sync_to_async`` call of the process shares: the clean-up that a consumer using Django's async
ORM needs, since that ORM runs there. The site's consumers never use it. Every database access of
theirs goes through ``database_sync_to_async``, which closes the old connections of the thread it
runs in, before and after. The clean-up cost each message a trip to that thread and back, and a
move waited there behind whatever else the thread was doing, such as the session and user
lookups of sockets being opened (docs/performance.md, nineteenth pass)."""

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class LoopDispatchConsumer(AsyncWebsocketConsumer):
    """A consumer whose messages go straight to their handlers."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
