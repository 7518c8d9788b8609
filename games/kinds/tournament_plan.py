"""A tournament's plan, apart from any row (RULES.md §4, docs/tournaments.md): the draw of the
players to tables, the moves that rebalance the tables between rounds, and the places at the end.

Tournament play goes in rounds: each round every table plays one hand, as its own match started
from each player's carried count (penalty points, chips). Between rounds the tables are
rebalanced (:func:`rebalance`), and a player out in a round is placed with the others out in it
(:func:`places`). A game with tournaments says how in its :class:`TournamentRules`."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from games.engine.places import places_from
from games.engine.protocol import JsonObject
from games.kinds.match import TableOptions
from games.kinds.options import Option


@dataclass(frozen=True)
class TableSizes:
    """How many players a tournament table seats: ``best`` where the numbers allow, never more
    than ``largest``, and no fewer than ``smallest`` unless the players left force it (a last
    table, or players that ``largest``-seat tables cannot share otherwise)."""

    smallest: int
    best: int
    largest: int


OutTies = Literal["share", "chips"]
"""How players out in the same round are placed: they share a place, or more chips when the
round began place higher (equal chips share)."""


@dataclass(frozen=True)
class TournamentRules:
    """A game's tournaments. ``start_count``: the count each player starts with, from the
    tournament's starting chips. ``hand_options``: the engine options (JSON) of one tournament
    hand, from the table options, the seats' counts (in engine-seat order), the dealing seat and
    the round's ante. ``out_ties``: how players out in the same round are placed. ``antes``:
    whether its hands take an ante that rises by levels on a clock (the host then picks the
    starting chips, the first ante and the minutes per level). ``options``: the table options a
    tournament's host chooses (the others a tournament hand sets itself)."""

    sizes: TableSizes
    start_count: Callable[[int], int]
    hand_options: Callable[[TableOptions, Sequence[int], int, int], JsonObject]
    out_ties: OutTies
    antes: bool
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Move:
    """A player who changes tables between rounds, keeping his count."""

    player: int
    from_table: int
    to_table: int


@dataclass(frozen=True)
class Out:
    """When a player went out: the round, and the chips he had when it began (``None`` where
    chips do not place him)."""

    round: int
    chips_before: int | None = None


def table_count(players: int, sizes: TableSizes) -> int:
    """How many tables ``players`` players are drawn to: as many as seat ``best`` each if
    every table then gets ``smallest``, else as few as seat ``largest`` each."""
    best = math.ceil(players / sizes.best)
    if players >= sizes.smallest * best:
        return best
    return math.ceil(players / sizes.largest)


def draw_tables(
    player_ids: Sequence[int], sizes: TableSizes, rng: random.Random
) -> list[list[int]]:
    """The draw at the start: the players in a random order to :func:`table_count` tables whose
    sizes differ by one at most (the larger tables first)."""
    drawn = list(player_ids)
    rng.shuffle(drawn)
    count = table_count(len(drawn), sizes)
    tables: list[list[int]] = []
    start = 0
    for index in range(count):
        size = len(drawn) // count + (index < len(drawn) % count)
        tables.append(drawn[start : start + size])
        start += size
    return tables


def rebalance(
    tables: Mapping[int, Sequence[int]], sizes: TableSizes, rng: random.Random
) -> list[Move]:
    """The moves between two rounds, from each table's players still in (by table id).

    While the players left fit in one table fewer (the draw of that many players would use
    fewer tables: :func:`table_count`, so a draw's tables never break before anyone is out),
    the table with the fewest players (ties: the highest id) breaks: its players, in a random
    order, each go to the table with the fewest (ties: the lowest id). Then, while the largest
    table has two players more than the smallest, a player drawn at random from the largest
    (ties: the highest id) moves to the smallest (ties: the lowest id). A player moves once at
    most; a table left with no player is broken."""
    seated = {table: list(players) for table, players in sorted(tables.items())}
    moved: dict[int, tuple[int, int]] = {}

    def move(player: int, source: int, target: int) -> None:
        seated[source].remove(player)
        seated[target].append(player)
        moved[player] = (moved.get(player, (source, target))[0], target)

    def playing() -> list[int]:
        return [table for table, players in seated.items() if players]

    def fewest(candidates: Sequence[int]) -> int:
        return min(candidates, key=lambda table: (len(seated[table]), table))

    players = sum(len(seated[table]) for table in seated)
    while len(playing()) > 1 and table_count(players, sizes) < len(playing()):
        broken = min(playing(), key=lambda table: (len(seated[table]), -table))
        leaving = list(seated[broken])
        rng.shuffle(leaving)
        for player in leaving:
            others = [table for table in playing() if table != broken]
            move(player, broken, fewest(others))
    while len(playing()) > 1:
        largest = max(playing(), key=lambda table: (len(seated[table]), table))
        smallest = fewest(playing())
        if len(seated[largest]) - len(seated[smallest]) < 2:
            break
        move(rng.choice(sorted(seated[largest])), largest, smallest)
    return [
        Move(player, source, target)
        for player, (source, target) in moved.items()
        if source != target
    ]


def seated_after(
    tables: Mapping[int, Sequence[int]], moves: Sequence[Move]
) -> dict[int, list[int]]:
    """Each table's players once ``moves`` are made (a broken table: an empty list)."""
    seated = {table: list(players) for table, players in tables.items()}
    for move in moves:
        seated[move.from_table].remove(move.player)
        seated[move.to_table].append(move.player)
    return seated


def places(outs: Mapping[int, Out | None], ties: OutTies) -> dict[int, int]:
    """Each player's place (1 is the winner) from when he went out (``None``: still in). A
    later round places higher; players out in the same round share a place, or (``"chips"``)
    are placed by their chips when it began, equal chips sharing. Places that are shared skip as
    many as shared them (1, 2, 3, 3, 5)."""
    players = list(outs)
    keys = []
    for player in players:
        out = outs[player]
        if out is None:
            keys.append((math.inf, 0.0))
        elif ties == "chips":
            if out.chips_before is None:
                raise ValueError(f"player {player} went out without his chips")
            keys.append((float(out.round), float(out.chips_before)))
        else:
            keys.append((float(out.round), 0.0))
    return dict(zip(players, places_from(keys), strict=True))
