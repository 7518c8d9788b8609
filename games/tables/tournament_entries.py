"""Use cases of a tournament before it starts: create it, register and unregister, add bots, and
start it (the host's button, or its set time through ``games.timed``).

Each runs in one transaction with the tournament row locked, refuses with
:class:`~games.tables.errors.TableError` before changing anything, and ends in
:func:`~games.tables.tournament_rounds.bump_tournament`, which nudges the tournament's page (and
the lobby's list) once the transaction commits."""

from collections.abc import Mapping
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.services import bot_named
from games.kinds.registry import GAMES
from games.models import Entry, Table, Tournament, User
from games.tables.errors import TableError
from games.tables.options import clean_options
from games.tables.tournament_rounds import (
    bump_tournament,
    lock_tournament,
    start_tournament_now,
)

Actor = User | AnonymousUser

MAX_PLAYERS = 100
LEVEL_MINUTES = (5, 10, 15, 20, 30)
STARTING_CHIPS = (500, 1000, 2000, 5000)
ANTE_LEVELS = (10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400, 600, 800, 1000)
"""The antes Golfo levels climb through, from the one the host picks (docs/tournaments.md)."""


def create_tournament(
    *,
    host: Actor,
    game: str,
    name: str,
    visibility: str,
    max_players: int,
    clock: int,
    options: Mapping[str, object],
    starts_at: datetime | None = None,
    starting_chips: int | None = None,
    first_ante: int | None = None,
    level_minutes: int | None = None,
) -> Tournament:
    """Open a tournament for registration, the host registered in it. Golfo's need their starting
    chips, first ante and minutes per level; the antes then climb ``ANTE_LEVELS``."""
    host = _signed_in(host)
    kind = GAMES.get(game)
    if kind is None or kind.tournament is None:
        raise TableError(_("There are no tournaments of that game."))
    name = name.strip()
    if not name or len(name) > 60:
        raise TableError(_("A tournament needs a name of 1 to 60 characters."))
    if visibility not in Table.Visibility.values:
        raise TableError(_("A tournament is either public or private."))
    if not 2 <= max_players <= MAX_PLAYERS:
        raise TableError(_("A tournament has 2 to 100 players."))
    if clock not in (value for value in Table.Clock.values if value):
        raise TableError(_("The turn clock of a tournament is 30, 60 or 120 seconds."))
    if starts_at is not None and starts_at <= timezone.now() + timedelta(minutes=1):
        raise TableError(_("A set start must be at least a minute from now."))
    antes: list[int] = []
    if kind.tournament.antes:
        if starting_chips not in STARTING_CHIPS:
            raise TableError(_("Choose the starting chips from the list."))
        if first_ante not in ANTE_LEVELS or first_ante * 10 > starting_chips:
            raise TableError(_("The first ante is at most a tenth of the starting chips."))
        if level_minutes not in LEVEL_MINUTES:
            raise TableError(_("Choose the minutes per ante level from the list."))
        antes = [ante for ante in ANTE_LEVELS if ante >= first_ante]
    else:
        starting_chips = level_minutes = None
    cleaned = clean_options(game=game, values=options)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            game=game,
            name=name,
            host=host,
            visibility=visibility,
            max_players=max_players,
            clock=clock,
            options=cleaned,
            starts_at=starts_at,
            starting_chips=starting_chips,
            antes=antes,
            level_minutes=level_minutes,
        )
        Entry.objects.create(tournament=tournament, user=host)
        bump_tournament(tournament, lobby=True)
    return tournament


def register(*, tournament_id: int, user: Actor) -> Tournament:
    """``user`` registers for a tournament that has not started and has a place left."""
    user = _signed_in(user)
    with transaction.atomic():
        tournament = _registering(tournament_id)
        if tournament.entries.filter(user=user).exists():
            raise TableError(_("You are already registered."))
        if tournament.entries.count() >= tournament.max_players:
            raise TableError(_("This tournament is full."))
        Entry.objects.create(tournament=tournament, user=user)
        return bump_tournament(tournament, lobby=True)


def unregister(*, tournament_id: int, user: Actor) -> Tournament:
    """``user`` withdraws before the start. The host cannot: he cancels it instead."""
    user = _signed_in(user)
    with transaction.atomic():
        tournament = _registering(tournament_id)
        if tournament.host_id == user.pk:
            raise TableError(_("The host cannot unregister: cancel the tournament instead."))
        deleted, _rows = tournament.entries.filter(user=user).delete()
        if not deleted:
            raise TableError(_("You are not registered."))
        return bump_tournament(tournament, lobby=True)


def add_bots(*, tournament_id: int, by: Actor, count: int) -> Tournament:
    """The host fills up to ``count`` free places with bots."""
    by = _signed_in(by)
    with transaction.atomic():
        tournament = _registering(tournament_id)
        _check_host(tournament, by)
        taken = set(tournament.entries.values_list("user_id", flat=True))
        free = tournament.max_players - len(taken)
        if count < 1 or free < 1:
            raise TableError(_("There is no free place for a bot."))
        number, added = 1, 0
        while added < min(count, free):
            bot = bot_named(number)
            number += 1
            if bot.pk not in taken:
                Entry.objects.create(tournament=tournament, user=bot)
                added += 1
        return bump_tournament(tournament, lobby=True)


def start_tournament(*, tournament_id: int, by: Actor) -> Tournament:
    """The host starts the tournament now: the players are drawn to tables and the first round is
    dealt."""
    by = _signed_in(by)
    with transaction.atomic():
        tournament = _registering(tournament_id)
        _check_host(tournament, by)
        if tournament.entries.count() < 2:
            raise TableError(_("A tournament needs at least 2 players to start."))
        return start_tournament_now(tournament)


def cancel_tournament(*, tournament_id: int, by: Actor) -> Tournament:
    """The host cancels a tournament that has not started."""
    by = _signed_in(by)
    with transaction.atomic():
        tournament = _registering(tournament_id)
        _check_host(tournament, by)
        tournament.status = Tournament.Status.CANCELLED
        tournament.starts_at = None
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "starts_at", "finished_at"])
        return bump_tournament(tournament, lobby=True)


def _registering(tournament_id: int) -> Tournament:
    tournament = lock_tournament(tournament_id)
    if tournament.status != Tournament.Status.REGISTERING:
        raise TableError(_("Registration for this tournament is closed."))
    return tournament


def _check_host(tournament: Tournament, user: User) -> None:
    if tournament.host_id != user.pk:
        raise TableError(_("Only the host can do that."))


def _signed_in(user: Actor) -> User:
    if not isinstance(user, User):
        raise TableError(_("Log in or sit as a guest first."))
    return user
