"""How often one browser, one address or one account may do something (docs/security.md).

- ``MessageBudget``: a socket's own message budget, kept in the socket.
- ``spend``: a counted action (a sign-up, a guest, a table, a log-in attempt) against a ``Rate``
  per address or per user, counted in the Django cache so that it holds across every daphne
  process sharing it (Redis with ``REDIS_URL``; otherwise one daphne process and its memory).
- ``SocketSlots``: how many table and lobby sockets one user, or one anonymous address, has open.

Counting is one atomic ``incr`` in the cache: two requests at the same moment never both take the
last place."""

import math
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

SOCKET_COUNT_SECONDS = 3600
TOO_MANY_REQUESTS = 429
REFUSALS = {
    "signup": gettext_lazy("Too many accounts were made from your address. Try again in %(wait)s."),
    "guest": gettext_lazy("Too many guests were made from your address. Try again in %(wait)s."),
    "table-user": gettext_lazy("You have opened too many tables. Try again in %(wait)s."),
    "table-address": gettext_lazy(
        "Too many tables were opened from your address. Try again in %(wait)s."
    ),
    "tournament-user": gettext_lazy("You have opened too many tournaments. Try again in %(wait)s."),
    "tournament-address": gettext_lazy(
        "Too many tournaments were opened from your address. Try again in %(wait)s."
    ),
    "login-address": gettext_lazy(
        "Too many log-in attempts from your address. Try again in %(wait)s."
    ),
}


class MessageBudget:
    """Allows at most ``limit`` messages in any ``window`` seconds."""

    def __init__(
        self, *, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.sent: deque[float] = deque()

    def spend(self) -> bool:
        """Count one message; ``False`` when it goes over the budget (and is not counted)."""
        now = self.clock()
        while self.sent and now - self.sent[0] >= self.window:
            self.sent.popleft()
        if len(self.sent) >= self.limit:
            return False
        self.sent.append(now)
        return True


@dataclass(frozen=True)
class Rate:
    """At most ``limit`` actions in each window of ``seconds``."""

    limit: int
    seconds: int


def rate(name: str) -> Rate:
    limit, seconds = settings.CARDROOM_RATES[name]
    return Rate(limit=limit, seconds=seconds)


def spend(name: str, who: str, *, clock: Callable[[], float] | None = None) -> int | None:
    """Count one action ``name`` by ``who`` (an address or a user); ``None`` when it is allowed,
    else how many seconds until the next window lets it through. A refused action counts too: a
    script that keeps knocking does not get in sooner."""
    if not settings.CARDROOM_THROTTLING:
        return None
    limit = rate(name)
    now = clock() if clock else time.time()
    window = int(now // limit.seconds)
    key = f"rate:{name}:{who}:{window}"
    cache.add(key, 0, timeout=limit.seconds + 1)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.add(key, 1, timeout=limit.seconds + 1)
        count = 1
    if count <= limit.limit:
        return None
    return max(1, math.ceil((window + 1) * limit.seconds - now))


def refusal(name: str, who: str) -> str | None:
    """Count one action ``name`` by ``who``: ``None`` when allowed, else the message that says
    what happened and when to try again."""
    wait = spend(name, who)
    return None if wait is None else str(REFUSALS[name]) % {"wait": wait_in_words(wait)}


def wait_in_words(seconds: int) -> str:
    """``"3 minutes"``, ``"40 seconds"``: how long to wait, for a refusal's message."""
    if seconds >= 60:
        minutes = math.ceil(seconds / 60)
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}


def client_address(meta_or_scope: Mapping[str, object]) -> str:
    """The address a request (``request.META``) or a socket (its scope) came from. Behind a proxy,
    daphne's ``--proxy-headers`` puts the browser's address there (README)."""
    if "REMOTE_ADDR" in meta_or_scope:
        return str(meta_or_scope["REMOTE_ADDR"])
    client = meta_or_scope.get("client")
    return str(client[0]) if isinstance(client, list | tuple) and client else "unknown"


class SocketSlots:
    """The open table and lobby sockets of one user (``user:<id>``) or one anonymous address
    (``address:<ip>``), counted in the cache across processes. A count a crashed process never
    gave back is forgotten after an hour."""

    @staticmethod
    def owner(*, user_id: int | None, address: str) -> str:
        return f"user:{user_id}" if user_id is not None else f"address:{address}"

    @staticmethod
    def take(owner: str) -> bool:
        """Take a place for one more socket; ``False`` (and nothing taken) when ``owner`` has
        all his places open."""
        if not settings.CARDROOM_THROTTLING:
            return True
        cap = settings.CARDROOM_SOCKETS_PER_USER
        if owner.startswith("address:"):
            cap = settings.CARDROOM_SOCKETS_PER_ADDRESS
        key = f"sockets:{owner}"
        cache.add(key, 0, timeout=SOCKET_COUNT_SECONDS)
        try:
            count = cache.incr(key)
        except ValueError:
            cache.add(key, 1, timeout=SOCKET_COUNT_SECONDS)
            count = 1
        if count > cap:
            SocketSlots.give_back(owner)
            return False
        return True

    @staticmethod
    def give_back(owner: str) -> None:
        if not settings.CARDROOM_THROTTLING:
            return
        try:
            cache.decr(f"sockets:{owner}")
        except ValueError:
            return


def too_many_sockets_message(*, signed_in: bool) -> str:
    if signed_in:
        return _("You have too many tables and lobbies open. Close one, then reload this page.")
    return _("Too many pages are open from your address. Close one, then reload this page.")
