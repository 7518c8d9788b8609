"""What every socket of a signed-in user does to end with his session (``games.accounts.sessions``):
join his group, close when told its session has ended, and check before acting."""

from typing import Any, cast

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.utils.functional import empty

from games.accounts.sessions import (
    SessionSeal,
    sealed_session,
    session_digest,
    signs_in,
    user_group,
)
from games.live.dispatching import LoopDispatchConsumer
from games.models import User

NORMAL_CLOSURE = 1000


class SessionEnded(Exception):
    """The socket's session no longer signs its user in: the socket closes, the command is not
    carried out."""


class SessionBoundConsumer(LoopDispatchConsumer):
    """A consumer whose socket lives only as long as the session it was opened in."""

    session_user_id: int | None = None
    session_key: str | None = None
    session_seal: SessionSeal | None = None  # what the last check found, to seal a move with
    socket_owner: str | None = None  # its slot among its owner's sockets (games.live.consumers)

    @property
    def user(self) -> User | AnonymousUser:
        """The socket's user: channels' ``AuthMiddlewareStack`` (``cardroom.asgi``) puts a lazy
        ``User`` or ``AnonymousUser`` in every socket's scope, which channels' stubs type as a
        bare ``AbstractBaseUser`` or ``None``, and fills it before the consumer runs. The user
        it wraps is given, not the wrapper: every attribute read through the wrapper is two calls
        more, and a socket's frame reads its viewer's a dozen times a move (docs/performance.md,
        twenty-seventh pass)."""
        user = self.scope["user"]
        wrapped = getattr(user, "_wrapped", empty)
        return cast(User | AnonymousUser, user if wrapped is empty else wrapped)

    async def join_user_group(self) -> None:
        """Call once the socket is accepted."""
        user = self.user
        if not user.is_authenticated:
            return
        session = self.scope.get("session")
        self.session_user_id = user.pk
        self.session_key = None if session is None else session.session_key
        await self.channel_layer.group_add(user_group(user.pk), self.channel_name)

    async def leave_user_group(self) -> None:
        if self.session_user_id is not None:
            await self.channel_layer.group_discard(
                user_group(self.session_user_id), self.channel_name
            )

    def check_session(self) -> None:
        """Raise :class:`SessionEnded` unless the socket's session still signs its user in (an
        anonymous socket has nothing to lose), and keep the seal of what the check found.
        Synchronous: it reads the database."""
        if self.session_user_id is None:
            return
        self.session_seal = sealed_session(
            session_key=self.session_key, user_id=self.session_user_id
        )
        if self.session_seal is None:
            raise SessionEnded

    async def session_check(self, event: dict[str, Any]) -> None:
        """The user's sessions changed (``games.accounts.sessions.end_user_sockets``): close if
        this socket's session is the one that ended, or no longer signs him in."""
        if self.session_user_id is None:
            return
        ended = event.get("ended")
        this_one = bool(ended) and ended == session_digest(self.session_key)
        if this_one or not await self._signs_in():
            await self.end_session()

    @database_sync_to_async
    def _signs_in(self) -> bool:
        return self.session_user_id is not None and signs_in(
            session_key=self.session_key, user_id=self.session_user_id
        )

    async def end_session(self) -> None:
        """Close the socket normally: the session ended, nothing went wrong."""
        await self.close(code=NORMAL_CLOSURE)
