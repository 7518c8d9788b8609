"""Helpers for the tournament table tests: a tournament started through the services, and the
rows of what its rounds do between hands (a player moved, a player out, a table broken), each
table concerned moved to its next version as the tournament's services do."""

from typing import Any

from django.db import transaction

from games.engine.protocol import PLAYING
from games.models import Entry, Seat, Table, Tournament, User
from games.tables.matches import begin_match
from games.tables.tournament_entries import create_tournament, register, start_tournament
from games.tables.versions import bump_version, lock_table
from tests.support.matches import bot_move, match_of

GOLFO = {"starting_chips": 500, "first_ante": 10, "level_minutes": 10}


def started_tournament(
    players: list[User], *, game: str = "rummy70", **overrides: Any
) -> Tournament:
    """A tournament hosted by the first player, everyone registered, started: its players drawn
    to its tables and each table's first hand dealt."""
    arguments: dict[str, Any] = {
        "game": game,
        "name": "Copa de otoño",
        "visibility": "public",
        "max_players": len(players),
        "clock": 30,
        "options": {},
        **(GOLFO if game == "golfo" else {}),
    }
    arguments.update(overrides)
    tournament = create_tournament(host=players[0], **arguments)
    for player in players[1:]:
        register(tournament_id=tournament.pk, user=player)
    return start_tournament(tournament_id=tournament.pk, by=players[0])


def tables_of(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament=tournament).order_by("pk"))


def players_at(table: Table) -> list[User]:
    return [seat.user for seat in table.seats.select_related("user").order_by("position")]


def move_player(user: User, *, to: Table) -> None:
    """The tournament moves ``user`` to table ``to`` between hands: his seat goes with him."""
    with transaction.atomic():
        entry = Entry.objects.get(user=user, tournament_id=to.tournament_id)
        source = lock_table(entry.table_id)
        target = lock_table(to.pk)
        Seat.objects.filter(table=source, user=user).delete()
        taken = set(target.seats.values_list("position", flat=True))
        position = min(set(range(target.seat_count)) - taken)
        Seat.objects.create(table=target, position=position, user=user)
        Entry.objects.filter(pk=entry.pk).update(table=target)
        bump_version(source, lobby=False)
        bump_version(target, lobby=False)


def break_table(table: Table, *, to: Table) -> None:
    """The tournament breaks ``table``: its players move to ``to`` and it closes."""
    for user in players_at(table):
        move_player(user, to=to)
    with transaction.atomic():
        closed = lock_table(table.pk)
        closed.status = Table.Status.FINISHED
        bump_version(closed, lobby=False)


def eliminate(user: User) -> Table:
    """``user`` is out of his tournament: placed, his seat freed, and his table's next hand dealt
    to the others (as a round's end does; a table left with one player deals nothing, the
    tournament breaks it). Returns the table he sat at."""
    entry = Entry.objects.get(user=user, out_round__isnull=True, table__isnull=False)
    with transaction.atomic():
        table = lock_table(entry.table_id)
        tournament = Tournament.objects.get(pk=entry.tournament_id)
        Entry.objects.filter(pk=entry.pk).update(
            out_round=tournament.round, place=tournament.entries.count(), table=None
        )
        Seat.objects.filter(table=table, user=user).delete()
        seats = list(table.seats.order_by("position"))
        if len(seats) >= 2:
            begin_match(table=table, seats=seats)
        return bump_version(table, lobby=False)


def hand_move(table: Table) -> bool:
    """One bot move in the table's current hand; ``False`` once it has ended (the tournament
    deals the next)."""
    _game, engine, state = match_of(table)
    return bool(engine.stage(state) == PLAYING and bot_move(table))


def play_hand(table: Table, *, limit: int = 3000) -> None:
    """Bots play the table's current hand to its end."""
    for _ in range(limit):
        if not hand_move(table):
            return
    raise AssertionError("the bots did not end the hand")
