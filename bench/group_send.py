"""The CPU of one nudge to a table's group: ``channels_redis``'s layer against the site's
(``cardroom/redis_layer.py``), on a real Redis, no Django.

A group holds one channel, as a table's group holds one per process with sockets at the table;
each layer sends it ``--sends`` messages one after the other, and its CPU (``time.process_time``)
and wall time per message are printed. The layers alternate for ``--rounds``. The channel is
emptied every 500 messages, so that its capacity never refuses one.

Then a burst, as when many moves' nudges are in flight at once: ``--burst`` messages sent together
by a fresh site layer, each on a connection of its own that the layer opens, with redis-py's
default driver info (its package metadata read for each connection, sent to Redis with
``CLIENT SETINFO``) and with ``driver_info: None`` as the site's settings have it.

    .venv/bin/python -m bench.group_send --redis-url redis://127.0.0.1:6379/12 --sends 3000
"""

import argparse
import asyncio
import time
import uuid
from typing import Any

from channels_redis.core import RedisChannelLayer

from cardroom.redis_layer import RedisLayer

EMPTIED_EVERY = 500


async def one_run(layer_class: type[RedisChannelLayer], redis_url: str, sends: int) -> str:
    layer = layer_class(hosts=[redis_url], prefix=f"bench-{uuid.uuid4().hex[:8]}", capacity=2000)
    channel = await layer.new_channel()
    await layer.group_add("table-1", channel)
    nudge = {"type": "table.changed", "table_id": 1, "version": 0}
    await layer.group_send("table-1", nudge)
    cpu, wall = 0.0, 0.0
    for version in range(sends):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        await layer.group_send("table-1", {**nudge, "version": version})
        cpu += time.process_time() - started_cpu
        wall += time.perf_counter() - started_wall
        if version % EMPTIED_EVERY == 0:
            await layer.flush()
            await layer.group_add("table-1", channel)
    await layer.flush()
    return (
        f"{layer_class.__module__}.{layer_class.__name__:20s}"
        f" CPU {cpu / sends * 1e6:6.0f} us, wall {wall / sends * 1e6:6.0f} us a message"
    )


async def one_burst(redis_url: str, sends: int, host: dict[str, Any]) -> str:
    layer = RedisLayer(
        hosts=[{"address": redis_url, "max_connections": 1000, **host}],
        prefix=f"bench-{uuid.uuid4().hex[:8]}",
        capacity=max(100, sends),
    )
    channel = await layer.new_channel()
    await layer.group_add("table-1", channel)
    nudge = {"type": "table.changed", "table_id": 1}
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    await asyncio.gather(
        *(layer.group_send("table-1", {**nudge, "version": version}) for version in range(sends))
    )
    cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started_wall
    await layer.flush()
    info = "driver_info None (the site's)" if host else "redis-py's driver info"
    return f"a burst of {sends}, {info:30s} CPU {cpu * 1e3:5.0f} ms, wall {wall * 1e3:5.0f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/12")
    parser.add_argument("--sends", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--burst", type=int, default=200)
    options = parser.parse_args()
    if not (
        1 <= options.sends <= 100_000 and 1 <= options.rounds <= 10 and 1 <= options.burst <= 900
    ):
        parser.error("--sends must be 1-100000, --rounds 1-10 and --burst 1-900")
    for _ in range(options.rounds):
        for layer_class in (RedisChannelLayer, RedisLayer):
            print(asyncio.run(one_run(layer_class, options.redis_url, options.sends)))
    for _ in range(options.rounds):
        for host in ({}, {"driver_info": None}):
            print(asyncio.run(one_burst(options.redis_url, options.burst, host)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
