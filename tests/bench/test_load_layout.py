"""Where the load benchmark's clients connect when the site runs several daphne processes: a
table's seats spread over them (every move crosses processes), or all on one (``--by-table``, as
a proxy routing by table would)."""

from types import SimpleNamespace
from typing import Any, cast

from bench.clients import Totals
from bench.load import site_clients
from bench.stack import Server


def servers(count: int) -> list[Server]:
    return [Server(name=f"site-{n}", port=9000 + n, process=cast(Any, None)) for n in range(count)]


def ports(by_table: bool) -> list[list[str]]:
    seated = [SimpleNamespace(table_id=7 + t, sessions=["a", "b", "c", "d"]) for t in range(2)]
    clients = site_clients(seated, servers(2), Totals(), by_table=by_table)
    return [[seat.origin.rsplit(":", 1)[1] for seat in client.seats] for client in clients]


def test_by_table_puts_every_seat_of_a_table_on_one_server() -> None:
    assert ports(by_table=True) == [["9000"] * 4, ["9001"] * 4]


def test_otherwise_a_table_s_seats_are_spread_over_the_servers() -> None:
    assert ports(by_table=False) == [
        ["9000", "9001", "9000", "9001"],
        ["9001", "9000", "9001", "9000"],
    ]
