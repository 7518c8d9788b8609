"""Use cases that change tables and seats.

Each function refuses an illegal request with :class:`~games.errors.TableError` before changing
anything. Those that change an existing table run in one transaction with its row locked
(``select_for_update``) and bump its ``version``. Every change here shows in the lobby's list (a
table opened, a seat taken or freed, a match started), so each, once committed, nudges the table's
sockets and the lobby's."""

from collections.abc import Mapping

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from games.bots import new_bot_user
from games.broadcasts import announce_table_changed
from games.errors import TableError
from games.models import Seat, Table, User
from games.play import begin_match, current_game
from games.table_options import clean_options
from games.table_versions import bump_version, lock_table

RUMMY_SEATS = range(2, 7)
GOLFO_SEATS = 4

Actor = User | AnonymousUser


def create_table(
    *,
    host: Actor,
    game: str,
    seat_count: int,
    visibility: str,
    clock: int,
    options: Mapping[str, object],
) -> Table:
    """Open a table with ``host`` sitting at seat 0."""
    _check_can_act(host)
    if game not in Table.GameKind.values:
        raise TableError(_("Unknown game."))
    if game == Table.GameKind.GOLFO and seat_count != GOLFO_SEATS:
        raise TableError(_("Golfo is played at 4 seats."))
    if game == Table.GameKind.RUMMY70 and seat_count not in RUMMY_SEATS:
        raise TableError(_("Rummy 70 is played at 2 to 6 seats."))
    if visibility not in Table.Visibility.values:
        raise TableError(_("A table is either public or private."))
    if clock not in Table.Clock.values:
        raise TableError(_("The turn clock is off, 30, 60 or 120 seconds."))
    cleaned = clean_options(game=game, values=options)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            host=host,
            seat_count=seat_count,
            visibility=visibility,
            clock=clock,
            options=cleaned,
            version=1,
        )
        Seat.objects.create(table=table, position=0, user=host)
        announce_table_changed(table_id=table.pk, version=table.version, lobby=True)
    return table


def sit(*, table_id: int, user: Actor, position: int) -> Table:
    """Seat ``user`` at the free seat ``position`` of a table that has not started."""
    _check_can_act(user)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_waiting(table)
        if not 0 <= position < table.seat_count:
            raise TableError(_("There is no such seat at this table."))
        seats = {seat.position: seat.user_id for seat in table.seats.all()}
        if user.pk in seats.values():
            raise TableError(_("You already sit at this table."))
        if position in seats:
            raise TableError(_("That seat is taken."))
        try:
            with transaction.atomic():
                Seat.objects.create(table=table, position=position, user=user)
        except IntegrityError as error:
            raise TableError(_("That seat is taken.")) from error
        return bump_version(table, lobby=True)


def stand(*, table_id: int, user: Actor) -> Table:
    """Free the seat of ``user`` at a table that has not started."""
    _check_can_act(user)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_waiting(table)
        deleted, _per_model = table.seats.filter(user=user).delete()
        if not deleted:
            raise TableError(_("You are not sitting at this table."))
        return bump_version(table, lobby=True)


def remove_player(*, table_id: int, by: Actor, position: int) -> Table:
    """The host frees the seat ``position`` of another player before the start."""
    _check_can_act(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        _check_waiting(table)
        seat = table.seats.filter(position=position).first()
        if seat is None:
            raise TableError(_("Nobody sits in that seat."))
        if seat.user_id == by.pk:
            raise TableError(_("Use “Stand up” to leave your own seat."))
        seat.delete()
        return bump_version(table, lobby=True)


def fill_with_bots(*, table_id: int, by: Actor) -> Table:
    """The host seats a bot in every empty seat of a table that has not started; bots are named
    "Bot 1", "Bot 2"… in seat order."""
    _check_can_act(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        _check_waiting(table)
        taken = set(table.seats.values_list("position", flat=True))
        empty = [position for position in range(table.seat_count) if position not in taken]
        if not empty:
            raise TableError(_("Every seat is taken."))
        number = table.seats.filter(user__is_bot=True).count()
        for offset, position in enumerate(empty, start=1):
            Seat.objects.create(
                table=table, position=position, user=new_bot_user(number=number + offset)
            )
        return bump_version(table, lobby=True)


def start_table(*, table_id: int, by: Actor) -> Table:
    """The host starts the table's first match once enough players sit, or, after a match, the
    rematch with the players who accepted it (the others give up their seats)."""
    _check_can_act(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        if table.status == Table.Status.FINISHED:
            return _start_rematch(table)
        _check_waiting(table)
        seats = list(table.seats.select_related("user").order_by("position"))
        _check_enough(table, len(seats))
        begin_match(table=table, seats=seats)
        table.status = Table.Status.PLAYING
        return bump_version(table, lobby=True)


def _start_rematch(table: Table) -> Table:
    game = current_game(table)
    accepted = set(game.rematch) if game is not None else set()
    seats = list(table.seats.select_related("user").order_by("position"))
    staying = [seat for seat in seats if seat.user_id in accepted]
    needed = table.minimum_players
    if len(staying) < needed:
        raise TableError(
            _("At least %(count)d players must accept the rematch.") % {"count": needed}
        )
    table.seats.exclude(user_id__in=accepted).delete()
    begin_match(table=table, seats=staying)
    table.status = Table.Status.PLAYING
    return bump_version(table, lobby=True)


def _check_enough(table: Table, players: int) -> None:
    needed = table.minimum_players
    if players < needed:
        raise TableError(
            _("At least %(count)d players must sit before the start.") % {"count": needed}
        )


def _check_can_act(user: Actor) -> None:
    if not user.is_authenticated:
        raise TableError(_("Log in or sit as a guest first."))


def _check_host(table: Table, user: Actor) -> None:
    if table.host_id != user.pk:
        raise TableError(_("Only the host can do that."))


def _check_waiting(table: Table) -> None:
    if table.status != Table.Status.WAITING:
        raise TableError(_("The game at this table has already started."))
