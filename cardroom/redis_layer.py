"""The Redis channel layer the site runs on: ``channels_redis``'s, with a group's message sent in
one round trip to Redis instead of four.

``channels_redis`` sends to a group with four commands, one after the other: drop the members
whose membership expired, read the members, drop each member's expired messages, and add the
message to each member under its capacity (a script sent whole every time). Every move, seat and
chat line sends one such message, so at a few hundred tables those round trips were a tenth of
daphne's CPU (docs/performance.md). Here each process remembers a group's members as it last
read them, and one script (loaded once, then run by its digest) drops the expired members, checks
that the members left are exactly the remembered ones and, if so, does the rest. When they are
not, it answers with the members it found instead, and the message goes again to those. So a
message reaches the group's members at the moment it is sent, as with ``channels_redis``:
a socket that joined a moment ago is not missed, one that left is not written to.

A process may also send a group's message to every member but its own channel
(``group_send_elsewhere``): the nudge of a move whose sockets in that process show it already.

With several Redis hosts (``hosts`` shards the layer), a member's channel can live on a host other
than the group's, and no one script reaches both: the layer then sends as ``channels_redis``
does."""

import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer  # type: ignore[import-untyped]
from redis.commands.core import AsyncScript

logger = logging.getLogger(__name__)

TRIES = 3
KEPT_GROUPS = 10_000

# KEYS: the group, then each member's channel key. ARGV: the score before which a membership has
# expired; the members expected, one per line; the time now; the score before which a message has
# expired; a channel key's time to live; then the message for each channel key; then each one's
# capacity.
GROUP_SEND = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1])
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
if table.concat(members, '\\n') ~= ARGV[2] then
    return members
end
local count = #KEYS - 1
local full = 0
for i = 1, count do
    local key = KEYS[i + 1]
    redis.call('ZREMRANGEBYSCORE', key, 0, ARGV[4])
    if redis.call('ZCARD', key) < tonumber(ARGV[5 + count + i]) then
        redis.call('ZADD', key, ARGV[3], ARGV[5 + i])
        redis.call('EXPIRE', key, ARGV[5])
    else
        full = full + 1
    end
end
return full
"""


class RedisLayer(RedisChannelLayer):  # type: ignore[misc]
    """``channels_redis.core.RedisChannelLayer`` whose ``group_send`` takes one round trip while
    the group's members stay the same."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.members: dict[str, list[str]] = {}
        self.group_send_script: AsyncScript | None = None

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self._group_send(group, message, sender=None)

    async def group_send_elsewhere(
        self, group: str, message: dict[str, Any], *, sender: str
    ) -> None:
        """``group_send`` to every member of ``group`` but the ``sender`` channel: a process's
        nudge of a move its own sockets show already (``games.live.neighbours``). The members
        are checked as for any message, so a channel that joined a moment ago still gets it.
        With several hosts it goes to every member, the sender's too, as ``group_send``."""
        await self._group_send(group, message, sender=sender)

    async def _group_send(self, group: str, message: dict[str, Any], *, sender: str | None) -> None:
        if self.ring_size != 1:
            await super().group_send(group, message)
            return
        assert self.require_valid_group_name(group), "Group name not valid"
        members = self.members.get(group, [])
        for _ in range(TRIES):
            answer = await self._send_if_members(group, members, message, sender)
            if not isinstance(answer, list):
                self._remember(group, members)
                if answer:
                    logger.info(
                        "%s of %s channels over capacity in group %s", answer, len(members), group
                    )
                return
            members = [member.decode() for member in answer]
        # The members changed under every try: send as channels_redis does.
        self.members.pop(group, None)
        await super().group_send(group, message)

    async def _send_if_members(
        self, group: str, members: list[str], message: dict[str, Any], sender: str | None
    ) -> int | list[bytes]:
        """Send ``message`` to ``members`` but ``sender`` if they are the group's members now:
        the number of them that were full; otherwise the group's members, and nothing sent."""
        connection = self.connection(0)
        script = self.group_send_script
        if script is None:
            script = self.group_send_script = connection.register_script(GROUP_SEND)
        receivers = [member for member in members if member != sender]
        _hosts, messages, capacities = self._map_channel_keys_to_connection(receivers, message)
        keys = list(messages)
        now = time.time()
        arguments = [
            int(now) - self.group_expiry,
            "\n".join(members),
            now,
            int(now) - int(self.expiry),
            self.expiry,
            *(messages[key] for key in keys),
            *(capacities[key] for key in keys),
        ]
        answer: int | list[bytes] = await script(
            keys=[self._group_key(group), *keys], args=arguments, client=connection
        )
        return answer

    def _remember(self, group: str, members: list[str]) -> None:
        if group not in self.members and len(self.members) >= KEPT_GROUPS:
            self.members.pop(next(iter(self.members)))
        self.members[group] = members
