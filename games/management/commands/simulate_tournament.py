"""``python manage.py simulate_tournament --game rummy70 --players 24 --seed 7``: a tournament of
bots played to its end through the site's own services, on a throwaway database, checked after
every step (docs/tournaments.md, "Proof"). Prints the places and exits non-zero on any failed
check."""

from collections import Counter
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.test.utils import setup_databases, setup_test_environment, teardown_databases
from django.utils import timezone

from cardroom.celery import app as celery_app
from games.accounts.services import bot_named
from games.kinds.registry import GAMES, game_kind
from games.models import Game, Seat, Table, Tournament
from games.tables.tournament_entries import add_bots, create_tournament, start_tournament
from games.tables.tournament_rounds import deal_next_round, lock_tournament, raise_ante
from games.timed.bots import play_bot

STEP_LIMIT = 200_000
ROUNDS_PER_LEVEL = 4


class Command(BaseCommand):
    help = "Play a tournament of bots to its end on a throwaway database, checking every step."

    def add_arguments(self, parser: CommandParser) -> None:
        games = [name for name, kind in GAMES.items() if kind.tournament is not None]
        parser.add_argument("--game", choices=games, required=True)
        parser.add_argument("--players", type=int, default=24)
        parser.add_argument("--seed", default="7")

    def handle(self, *args: Any, **options: Any) -> None:
        setup_test_environment()
        celery_app.conf.update(broker_url="memory://localhost/")
        databases = setup_databases(verbosity=0, interactive=False)
        try:
            failures = simulate(
                game=options["game"],
                players=options["players"],
                seed=str(options["seed"]),
                write=self.stdout.write,
            )
        finally:
            teardown_databases(databases, verbosity=0)
        if failures:
            raise CommandError("\n".join(failures))
        self.stdout.write("All checks passed.")


def simulate(*, game: str, players: int, seed: str, write: Any) -> list[str]:
    """Play the tournament; the failed checks (none when all held)."""
    host = bot_named(1)
    tournament = create_tournament(
        host=host,
        game=game,
        name=f"Simulation {seed}",
        visibility="public",
        max_players=players,
        clock=30,
        options={},
        **_chips(game),
    )
    Tournament.objects.filter(pk=tournament.pk).update(seed=f"simulation:{seed}")
    add_bots(tournament_id=tournament.pk, by=host, count=players - 1)
    start_tournament(tournament_id=tournament.pk, by=host)
    failures: list[str] = []
    steps = 0
    while steps < STEP_LIMIT:
        steps += 1
        tournament.refresh_from_db()
        failures += [f"step {steps}: {failure}" for failure in check(tournament)]
        if failures or tournament.status != Tournament.Status.PLAYING:
            break
        if not _bots_move(tournament):
            _end_pause(tournament)
    else:
        failures.append(f"the tournament did not end in {STEP_LIMIT} steps")
    tournament.refresh_from_db()
    failures += final_check(tournament)
    entries = tournament.entries.select_related("user").order_by("place", "user__display_name")
    write(
        f"{tournament.get_game_display()}: {players} players, {tournament.round} rounds, "
        f"{steps} steps."
    )
    for entry in entries:
        write(f"{entry.place or '-':>4}  {entry.user}  (out in round {entry.out_round or '-'})")
    return failures


def check(tournament: Tournament) -> list[str]:
    """The checks after every step: every player at exactly one table or out with a place, no
    table over its size, Golfo's chips all there. They read the tournament under its lock, as one
    state: a worker's round cannot commit between two of their reads."""
    with transaction.atomic():
        return _check_locked(lock_tournament(tournament.pk))


def _check_locked(tournament: Tournament) -> list[str]:
    failures = []
    rules = game_kind(tournament.game).tournament
    assert rules is not None
    playing = Table.objects.filter(tournament=tournament, status=Table.Status.PLAYING)
    seated = Counter(Seat.objects.filter(table__in=playing).values_list("user_id", flat=True))
    finished = tournament.status == Tournament.Status.FINISHED
    for entry in tournament.entries.all():
        out = entry.out_round is not None or finished
        if not out and (seated[entry.user_id] != 1 or entry.table_id is None):
            failures.append(
                f"player {entry.user_id} is in but seated {seated[entry.user_id]} times"
            )
        if out and entry.place is not None and seated[entry.user_id]:
            failures.append(f"player {entry.user_id} is out with a place but still seated")
    sizes = Counter(Seat.objects.filter(table__in=playing).values_list("table_id", flat=True))
    for table_id, size in sizes.items():
        if size > rules.sizes.largest:
            failures.append(f"table {table_id} has {size} players")
    if tournament.starting_chips:
        total = sum(tournament.entries.values_list("count", flat=True))
        issued = tournament.starting_chips * tournament.entries.count()
        if total != issued:
            failures.append(f"{total} chips where {issued} were issued")
    return failures


def final_check(tournament: Tournament) -> list[str]:
    """At the end: one winner, and every player exactly one place, 1 to N as a ranking with
    shared places (1, 2, 3, 3, 5...)."""
    failures = []
    if tournament.status != Tournament.Status.FINISHED:
        failures.append(f"the tournament is {tournament.status}, not finished")
    entries = list(tournament.entries.all())
    places = sorted(entry.place or 0 for entry in entries)
    if places.count(1) != 1 or tournament.winner_id is None:
        failures.append(f"{places.count(1)} players placed first")
    for rank, place in enumerate(places, start=1):
        shared = rank > 1 and place == places[rank - 2]
        if not shared and place != rank:
            failures.append(f"place {place} given at rank {rank}")
    return failures


def _bots_move(tournament: Tournament) -> bool:
    """One bot move at every table of the tournament where one is awaited; ``False`` when no
    table had one (every hand of the round is over and the players are ready)."""
    moved = False
    past = timezone.now() - timedelta(seconds=1)
    tables = Table.objects.filter(tournament=tournament, status=Table.Status.PLAYING)
    for table_id, version in tables.values_list("pk", "version"):
        latest = Game.objects.filter(table_id=table_id).order_by("-number")[:1]
        awaited = Game.objects.filter(
            pk__in=latest, status=Game.Status.PLAYING, bot_move_at__isnull=False
        )
        if awaited.update(bot_move_at=past):
            moved |= play_bot(table_id=table_id, version=version)
    return moved


def _end_pause(tournament: Tournament) -> None:
    """Let the pause between rounds pass, and every few rounds the ante level's time."""
    past = timezone.now() - timedelta(seconds=1)
    with transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk, next_round_at__isnull=False).update(
            next_round_at=past
        )
        if tournament.round % ROUNDS_PER_LEVEL == 0:
            Tournament.objects.filter(pk=tournament.pk, next_level_at__isnull=False).update(
                next_level_at=past
            )
    raise_ante(tournament_id=tournament.pk)
    deal_next_round(tournament_id=tournament.pk)


def _chips(game: str) -> dict[str, Any]:
    """Golfo's starting chips and ante levels (10 minutes each, which the simulation makes pass
    every ``ROUNDS_PER_LEVEL`` rounds)."""
    rules = game_kind(game).tournament
    assert rules is not None
    if not rules.antes:
        return {}
    return {"starting_chips": 1000, "first_ante": 10, "level_minutes": 10}
