"""Plays a tournament's hands on the tournament test's site, whose suite runs no Celery worker: run
as ``python -m tests.e2e.tournament_play <step> <tournament id> [argument]`` with the site's
environment. The engines' bots make every move, the browser users' too, through the site's own
services; each round ends as the tournament's pause would (its deadline set to now), and the
tournament deals the next one. The server's pages hear of it through their process's poller.

- ``out <id> <name>``: plays rounds until the player of that display name is out, then deals the
  round after (the one that places him and merges the tables) up to its first turn: a cutter who
  shows a joker has decided, so every player holds his hand. Before each round after the first,
  he is given 2 points and everyone else 1 at most, so that he alone may reach 3: the point that
  puts him out is still the engine's, at the end of a hand played to its end.
- ``moves <id> <count>``: plays that many moves of each table's hand (fewer if it ends) and
  prints each table's id and version, one table a line.
- ``finish <id>``: plays rounds until the tournament has its winner.

Fails loudly (a message and exit status 1) when a round limit passes."""

import sys
from datetime import timedelta

import django

django.setup()

from django.db import transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.models import Entry, Table, Tournament, User  # noqa: E402
from games.tables.tournament_rounds import deal_next_round  # noqa: E402
from tests.support.matches import bot_move, match_of  # noqa: E402
from tests.support.tournament_tables import hand_move, play_hand  # noqa: E402

ROUND_LIMIT = 40


def play_round(tournament_id: int) -> None:
    """Every table of the round plays its hand to its end; the tournament counts each as it ends
    (``hand_over``, once the hand's last move has committed in this process)."""
    tables = Table.objects.filter(tournament_id=tournament_id, status=Table.Status.PLAYING)
    for table in tables.order_by("pk"):
        play_hand(table)


def deal(tournament_id: int) -> None:
    """The pause between rounds is over: the tournament deals the next (or ends)."""
    Tournament.objects.filter(pk=tournament_id, next_round_at__isnull=False).update(
        next_round_at=timezone.now() - timedelta(seconds=1)
    )
    if not deal_next_round(tournament_id=tournament_id):
        sys.exit(f"tournament {tournament_id}: the next round was not due")


def decide_cuts(tournament_id: int) -> None:
    """A cutter who showed a joker keeps it, as a bot does, and the hands are dealt."""
    tables = Table.objects.filter(tournament_id=tournament_id, status=Table.Status.PLAYING)
    for table in tables:
        if match_of(table)[2].phase == "cut":
            bot_move(table)


def play_until_out(tournament_id: int, name: str) -> None:
    user = User.objects.get(display_name=name)
    entries = Entry.objects.filter(tournament_id=tournament_id)
    for _ in range(ROUND_LIMIT):
        play_round(tournament_id)
        if entries.get(user=user).out_round is not None:
            deal(tournament_id)
            decide_cuts(tournament_id)
            return
        with transaction.atomic():
            entries.exclude(user=user).filter(count__gt=1).update(count=1)
            entries.filter(user=user).update(count=2)
        deal(tournament_id)
    sys.exit(f"{name} was not out after {ROUND_LIMIT} rounds")


def play_moves(tournament_id: int, count: int) -> None:
    tables = Table.objects.filter(tournament_id=tournament_id, status=Table.Status.PLAYING)
    for table in tables.order_by("pk"):
        for _ in range(count):
            if not hand_move(table):
                break
        table.refresh_from_db()
        print(table.pk, table.version)


def play_to_the_end(tournament_id: int) -> None:
    for _ in range(ROUND_LIMIT):
        play_round(tournament_id)
        deal(tournament_id)
        if Tournament.objects.get(pk=tournament_id).status == Tournament.Status.FINISHED:
            return
    sys.exit(f"tournament {tournament_id} did not end in {ROUND_LIMIT} rounds")


def main(step: str, tournament_id: str, *arguments: str) -> None:
    if step == "out":
        play_until_out(int(tournament_id), *arguments)
    elif step == "moves":
        play_moves(int(tournament_id), int(*arguments))
    elif step == "finish":
        play_to_the_end(int(tournament_id))
    else:
        sys.exit(f"unknown step {step!r}")


main(*sys.argv[1:])
