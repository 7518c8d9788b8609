"""The load benchmark times the site and the bare relay in the same seconds: their tables take
turns, a relay table's move falling between two of the site's, so that a change of the machine's
speed during the run weighs on both alike (docs/performance.md, twenty-fourth pass)."""

import asyncio
from itertools import pairwise
from typing import Any, cast

from bench.clients import Send, TableClient, play_all
from bench.load import Contender, alternated


class FakeTable:
    """A table that notes when it was told to start playing."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.start: float | None = None

    async def play(
        self, mover: Any, first: Send | None, *, start: float, until: float, pace: float
    ) -> None:
        self.start = start


async def no_move(table: TableClient) -> Send | None:
    return None


def contender(name: str, count: int) -> Contender:
    tables = cast(list[TableClient], [FakeTable(f"{name}-{n}") for n in range(count)])
    return Contender(name, tables, no_move, [], dict)


def test_the_site_s_and_the_relay_s_tables_take_turns() -> None:
    site, relay = contender("site", 3), contender("relay", 3)

    order = alternated([site, relay])

    assert [cast(FakeTable, table).name for table, _mover in order] == [
        "site-0",
        "relay-0",
        "site-1",
        "relay-1",
        "site-2",
        "relay-2",
    ]
    assert [mover for _table, mover in order] == [site.mover, relay.mover] * 3


def test_their_moves_are_spread_evenly_over_a_pace_each_between_two_of_the_other_s() -> None:
    site, relay = contender("site", 5), contender("relay", 5)

    asyncio.run(play_all(alternated([site, relay]), pace=1.0, duration=0.01))

    starts = sorted(
        (cast(FakeTable, table).start or 0.0, cast(FakeTable, table).name)
        for table in site.tables + relay.tables
    )
    assert [name.split("-")[0] for _start, name in starts] == ["site", "relay"] * 5
    gaps = [later - earlier for (earlier, _), (later, _) in pairwise(starts)]
    assert all(abs(gap - 0.1) < 1e-9 for gap in gaps)


def test_the_site_alone_plays_its_tables_spread_over_a_pace() -> None:
    site = contender("site", 4)

    asyncio.run(play_all(alternated([site]), pace=2.0, duration=0.01))

    starts = sorted(cast(FakeTable, table).start or 0.0 for table in site.tables)
    gaps = [later - earlier for earlier, later in pairwise(starts)]
    assert all(abs(gap - 0.5) < 1e-9 for gap in gaps)
