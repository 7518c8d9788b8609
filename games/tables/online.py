"""Who is online now, from the sockets: a signed-in user with an open lobby socket or an open
table socket, seen recently. Each kind of socket keeps a row in the database (``LobbyPresence``
here, ``Presence`` in ``games.tables.presence``), counted in on connect, out on disconnect and kept
fresh by its process's heartbeat (``games.live.heartbeats``), so the answer is the same from every
daphne process and a process that died stops counting within ``CARDROOM_PRESENCE_STALE_SECONDS``.
Not a guess from the last login."""

from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.db.models.functions import Greatest
from django.utils import timezone

from games.models import LobbyPresence, Presence, User
from games.tables.presence import stale_after


def arrive_lobby(*, user_id: int, now: datetime | None = None) -> int:
    """A lobby socket of ``user_id`` opened; the id of his lobby presence row."""
    now = now or timezone.now()
    with transaction.atomic():
        presence, created = LobbyPresence.objects.select_for_update().get_or_create(
            user_id=user_id, defaults={"connections": 1, "last_seen": now}
        )
        if not created:
            fresh = presence.last_seen >= now - stale_after()
            presence.connections = presence.connections + 1 if fresh else 1
            presence.last_seen = now
            presence.save(update_fields=["connections", "last_seen"])
    return presence.pk


def leave_lobby(*, user_id: int, now: datetime | None = None) -> None:
    """A lobby socket of ``user_id`` closed."""
    LobbyPresence.objects.filter(user_id=user_id).update(
        connections=Greatest(F("connections") - 1, 0), last_seen=now or timezone.now()
    )


def lobby_still_here(presence_ids: Iterable[int], *, now: datetime | None = None) -> int:
    """The heartbeat's one statement for all of a process's lobby sockets."""
    return LobbyPresence.objects.filter(pk__in=presence_ids, connections__gt=0).update(
        last_seen=now or timezone.now()
    )


def online_users(*, now: datetime | None = None) -> list[tuple[int, str]]:
    """The signed-in people with an open lobby or table socket now, as (id, name), by name; bots
    never open one. One query."""
    since = (now or timezone.now()) - stale_after()
    in_lobby = LobbyPresence.objects.filter(
        user=OuterRef("pk"), connections__gt=0, last_seen__gte=since
    )
    at_a_table = Presence.objects.filter(
        user=OuterRef("pk"), connections__gt=0, last_seen__gte=since
    )
    people = User.objects.filter(Exists(in_lobby) | Exists(at_a_table), is_bot=False)
    return sorted(((user.pk, str(user)) for user in people), key=lambda row: row[1].casefold())
