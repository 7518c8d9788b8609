"""Nine house tables of bots (three each of Monte, the three-bet stud and Pai Gow Poker, three
bots at each) played by real Celery workers and a beat, against Redis and the test database, until
they have played COUPS coups together; then every match is replayed from its seed and its log,
and at the end of every coup each player's ledger entries for the match up to that coup must sum
to his seat's chips off the table minus the 10⁹ it started with (docs/house-tables.md,
"Chips"). The wallet must agree with itself (``wallet.audit``) and with the chips issued, the
workers must not have died nor logged an error, and no coup may have waited for a window's clock
(a bot's move lost). Run by .ci/run with ``-m services``.

Three workers (one with the beat) run with no pause between coups and bots moving 0.01-0.02 s
after a change. A coup is mostly waiting (each worker runs one task at a time), so more tables
and workers play more coups a second: on the 2-core development machine, otherwise idle, two
workers at six tables played 200 coups in 45 s, three at nine 202 in 36 s, so the 2,000 coups
take about 6 minutes. PLAY_SECONDS leaves room for a machine twice as slow, with .ci/run's soak
beside it. The test leaves Redis clean for the next worker test."""

import os
import time
from collections import defaultdict
from contextlib import ExitStack
from datetime import datetime
from itertools import pairwise
from pathlib import Path

import pytest
import redis
from django.db import connections
from django.db.models import Sum
from django.utils import timezone

from games.accounts.services import bot_named
from games.engine.protocol import HAND_OVER, MATCH_OVER
from games.kinds.house import house_match
from games.kinds.registry import game_kind
from games.models import ChipAccount, Game, Hand, LedgerEntry, Table
from games.tables import wallet
from games.tables.history import replay_match
from games.tables.seating import sit
from tests.support.house import HOUSE_GAMES, open_house_table
from tests.timed.test_celery_worker import FAST_BOTS, celery_worker

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

COUPS = 2_000
PLAY_SECONDS = 1500
TABLES_PER_GAME = 3
BOTS_PER_TABLE = 3
WORKERS = 3  # the first with the beat
CLOCK = 120  # seconds: a window that waits for it cannot hide among coups of a few seconds
SEAT_CHIPS = 10**9  # each engine seat's running count at the start of a match
HOUSE_SETTINGS = {**FAST_BOTS, "CARDROOM_HOUSE_PAUSE_SECONDS": "0"}
OVER = (HAND_OVER, MATCH_OVER)

Ledger = dict[tuple[int, int], dict[int, int]]
"""For each (match, player), the chips his entries at the tables moved in each coup."""


def bot_tables() -> list[Table]:
    tables = []
    for number, game in enumerate(HOUSE_GAMES * TABLES_PER_GAME):
        bots = [bot_named(BOTS_PER_TABLE * number + place) for place in range(1, 4)]
        table = open_house_table(bots[0], game, clock=CLOCK)
        for position, bot in enumerate(bots[1:], start=1):
            sit(table_id=table.pk, user=bot, position=position)
        tables.append(table)
    return tables


def coups_played(tables: list[Table]) -> int:
    return Hand.objects.filter(table__in=tables).count()


def every_chip_accounted() -> list[str]:
    house = ChipAccount.objects.get(kind=ChipAccount.Kind.HOUSE).balance
    players = ChipAccount.objects.filter(kind=ChipAccount.Kind.PLAYER).aggregate(Sum("balance"))
    problems = wallet.audit()
    if players["balance__sum"] + house != wallet.issued():
        problems.append(f"{players['balance__sum']} + {house} != {wallet.issued()} issued")
    return problems


def ledger_of(tables: list[Table]) -> Ledger:
    ledger: Ledger = defaultdict(dict)
    rows = (
        LedgerEntry.objects.filter(table__in=tables, account__kind=ChipAccount.Kind.PLAYER)
        .values("game_id", "account__user_id", "hand")
        .annotate(moved=Sum("amount"))
        .values_list("game_id", "account__user_id", "hand", "moved")
    )
    for game_id, user_id, hand, moved in rows:
        assert game_id is not None and user_id is not None and hand is not None
        ledger[game_id, user_id][hand] = moved
    return ledger


def mismatches(game: Game, ledger: Ledger) -> tuple[int, list[str]]:
    """Replays ``game`` from its seed and log: the coups it ended, and where a player's ledger
    up to the end of a coup (and at the end of the log) is not his seat's purse."""
    rules = game_kind(game.game).rules
    state = rules.new_match(
        players=len(game.players), options=game.options, seed=game.seed, deal=game.deal
    )
    users = [player["user"] for player in game.players]
    problems: list[str] = []

    def compare(coup: int | None, when: str) -> None:
        """Each seat's entries up to ``coup`` (``None``: all of them) against its purse now."""
        house = house_match(state)
        assert house is not None
        for seat, (user, purse) in enumerate(zip(users, house.purse(), strict=True)):
            entries = ledger.get((game.pk, user), {})
            moved = sum(amount for hand, amount in entries.items() if coup is None or hand <= coup)
            if moved != purse - SEAT_CHIPS:
                problems.append(
                    f"match {game.pk} (seed {game.seed}) {when}: seat {seat} ledger {moved}, "
                    f"purse {purse - SEAT_CHIPS}"
                )

    coups = 0
    seqs = list(game.actions.order_by("seq").values_list("seq", "seat", "action"))
    if [seq for seq, _seat, _action in seqs] != list(range(1, len(seqs) + 1)):
        problems.append(f"match {game.pk}: its log has gaps or repeats")
    for seq, seat, action in seqs:
        before, state = state, state.apply(seat, action)
        if before.stage not in OVER and state.stage in OVER:
            coups += 1
            compare(before.hand_no, f"after coup {before.hand_no} (move {seq})")
    compare(None, "at the end of its log")
    if state.to_json() != game.state:
        problems.append(f"match {game.pk} (seed {game.seed}): its log does not replay to its state")
    if replay_match(game=game, upto=len(seqs)).to_json() != game.state:
        problems.append(f"match {game.pk} (seed {game.seed}): replay_match disagrees")
    return coups, problems


def longest_coup(table: Table, ready: datetime, stopped: datetime) -> float:
    """The longest time, in seconds, between two coup ends at the table, from the worker's start
    to its stop: a window that waited for its clock shows as one of ``CLOCK`` or more."""
    hands = table.hands.filter(ended_at__gt=ready).order_by("number")
    ends = [ready, *hands.values_list("ended_at", flat=True), stopped]
    return max((later - earlier).total_seconds() for earlier, later in pairwise(ends))


def forget_the_workers_tasks() -> None:
    """Stopped, the workers put back in Redis the tasks they held: hundreds of window deadlines
    up to two minutes ahead, for tables the test database is about to lose. Drop them, or the
    next worker test's worker spends its time on them (the tournament worker test timed out
    so)."""
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


@pytest.mark.timeout(PLAY_SECONDS + 300)
def test_thousands_of_bot_coups_keep_every_ledger_equal_to_the_seats_purses(
    tmp_path: Path,
) -> None:
    tables = bot_tables()
    folder = tmp_path / "celery"
    started = time.monotonic()

    with ExitStack() as stack:
        stack.callback(forget_the_workers_tasks)
        workers = [
            stack.enter_context(celery_worker(folder, HOUSE_SETTINGS, beat=number == 0))
            for number in range(WORKERS)
        ]
        ready = timezone.now()
        deadline = started + PLAY_SECONDS
        while (played := coups_played(tables)) < COUPS:
            assert all(worker.poll() is None for worker in workers), "a worker exited"
            assert time.monotonic() < deadline, f"only {played} coups in {PLAY_SECONDS} s"
            connections.close_all()
            time.sleep(2)
        assert all(worker.poll() is None for worker in workers), "a worker exited"
    stopped = timezone.now()
    elapsed = time.monotonic() - started

    log = "".join(path.read_text(errors="replace") for path in folder.glob("worker-*.log"))
    assert "Traceback" not in log and "ERROR" not in log, log[-5000:]
    ledger = ledger_of(tables)
    coups, problems = 0, list[str]()
    for table in tables:
        for game in Game.objects.filter(table=table).order_by("number"):
            ended, wrong = mismatches(game, ledger)
            assert ended == game.hands.count()
            coups, problems = coups + ended, problems + wrong
    assert problems == []
    assert every_chip_accounted() == []
    assert coups >= COUPS
    slowest = {f"{table.game} {table.pk}": longest_coup(table, ready, stopped) for table in tables}
    assert max(slowest.values()) < CLOCK, slowest
    print(f"{coups} coups in {elapsed:.0f} s; the slowest coup by game: {slowest}")
