"""Helpers for the tournament tests: open one through the service, and put one in the state a
page shows (playing at tables, finished with places and hands) by writing its rows."""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.accounts.services import bot_named
from games.kinds.registry import game_kind
from games.management.commands.simulate_tournament import _bots_move
from games.models import Entry, Game, Hand, Seat, Table, Tournament, User
from games.tables.tournament_entries import add_bots, create_tournament, start_tournament
from games.tables.tournament_rounds import deal_next_round


def open_tournament(host: User, **overrides: Any) -> Tournament:
    arguments: dict[str, Any] = {
        "game": "rummy70",
        "name": "Friday cup",
        "visibility": "public",
        "max_players": 8,
        "clock": 30,
        "options": {},
    }
    rules = game_kind(overrides.get("game", "rummy70")).tournament
    if rules is not None and rules.antes:
        arguments.update(starting_chips=1000, first_ante=20, level_minutes=10)
    arguments.update(overrides)
    return create_tournament(host=host, **arguments)


def started_with_bots(players: int, game: str) -> Tournament:
    """A tournament of bots only (no seat waits for a human), started through the services."""
    host = bot_named(0)
    tournament = open_tournament(host, game=game, max_players=players)
    add_bots(tournament_id=tournament.pk, by=host, count=players - 1)
    return start_tournament(tournament_id=tournament.pk, by=host)


def play_to_the_end(tournament: Tournament, *, rounds: int = 400) -> Tournament:
    """Bots play every seat, round after round, the pauses between rounds taken as passed."""
    for _ in range(rounds):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        while tournament.next_round_at is None and _bots_move(tournament):
            tournament.refresh_from_db()
        Tournament.objects.filter(pk=tournament.pk, next_round_at__isnull=False).update(
            next_round_at=timezone.now() - timedelta(seconds=1)
        )
        deal_next_round(tournament_id=tournament.pk)
    raise AssertionError("the tournament did not end")


def enter(tournament: Tournament, *players: User) -> None:
    for player in players:
        Entry.objects.create(tournament=tournament, user=player)


def seat_at_tables(
    tournament: Tournament, tables: Sequence[Sequence[tuple[User, int]]], *, round: int = 1
) -> list[Table]:
    """The tournament playing ``round`` at ``tables``: each a list of (player, count)."""
    made = []
    for players in tables:
        table = Table.objects.create(
            game=tournament.game,
            host=tournament.host,
            seat_count=4,
            visibility=tournament.visibility,
            clock=tournament.clock,
            tournament=tournament,
            status=Table.Status.PLAYING,
        )
        for position, (player, count) in enumerate(players):
            Seat.objects.create(table=table, position=position, user=player)
            Entry.objects.filter(tournament=tournament, user=player).update(
                table=table, count=count, count_before=count
            )
        made.append(table)
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.PLAYING, round=round, started_at=timezone.now()
    )
    tournament.refresh_from_db()
    return made


def knock_out(tournament: Tournament, player: User, *, round: int, place: int) -> None:
    Entry.objects.filter(tournament=tournament, user=player).update(
        table=None, out_round=round, place=place
    )


def finish(tournament: Tournament, winner: User) -> None:
    Entry.objects.filter(tournament=tournament, user=winner).update(table=None, place=1)
    tournament.tables.update(status=Table.Status.FINISHED)
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.FINISHED, winner=winner, finished_at=timezone.now()
    )
    tournament.refresh_from_db()


def played_hand(table: Table, number: int) -> Hand:
    """A finished hand of ``table`` (its match a row without moves: the page only links it)."""
    game = Game.objects.create(
        table=table,
        number=number,
        game=table.game,
        seed=f"hand-{number}",
        state={},
        status=Game.Status.FINISHED,
        finished_at=timezone.now() - timedelta(minutes=1),
    )
    return Hand.objects.create(
        table=table, number=number, game=game, hand_no=1, first_seq=1, last_seq=1
    )
