"""Use cases that change tables and seats.

Each function refuses an illegal request with :class:`~games.tables.errors.TableError` before
changing anything. Those that change an existing table run in one transaction with its row locked
(``select_for_update``) and bump its ``version``. Every change here shows in the lobby's list (a
table opened, a seat taken or freed, a match started), so each, once committed, nudges the table's
sockets and the lobby's."""

from collections.abc import Mapping

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Count, F, QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.accounts.services import bot_named
from games.kinds.house import house_match
from games.kinds.registry import GAMES
from games.models import Seat, Table, TableNote, User
from games.tables.broadcasts import announce_table_changed
from games.tables.errors import TableError
from games.tables.house import has_chips_on_table
from games.tables.matches import begin_match, current_game
from games.tables.notes import write_note
from games.tables.options import clean_options
from games.tables.versions import bump_version, lock_table

Actor = User | AnonymousUser


def create_table(
    *,
    host: Actor,
    game: str,
    seat_count: int,
    visibility: str,
    clock: int,
    options: Mapping[str, object],
    patience: int = Table.Patience.MINUTES_5,
) -> Table:
    """Open a table with ``host`` sitting at seat 0. ``patience``: the minutes the player on turn
    may take when there is no clock, before a bot plays his seat."""
    host = _signed_in(host)
    if game not in GAMES:
        raise TableError(_("Unknown game."))
    seats = GAMES[game].seating
    if seat_count not in seats.counts:
        raise TableError(seats.refusal)
    if visibility not in Table.Visibility.values:
        raise TableError(_("A table is either public or private."))
    if clock not in Table.Clock.values:
        raise TableError(_("The turn clock is off, 30, 60 or 120 seconds."))
    if patience not in Table.Patience.values:
        raise TableError(_("The patience without a clock is 2, 5, 10 or 20 minutes."))
    cleaned = clean_options(game=game, values=options)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            host=host,
            seat_count=seat_count,
            visibility=visibility,
            clock=clock,
            patience=patience,
            options=cleaned,
            version=1,
        )
        seat = Seat.objects.create(table=table, position=0, user=host)
        if GAMES[game].banked:
            # The house deals from the first player on: nobody starts its table.
            begin_match(table=table, seats=[seat])
            table.status = Table.Status.PLAYING
            return bump_version(table, lobby=True)
        announce_table_changed(table_id=table.pk, version=table.version, lobby=True)
    return table


def sit(*, table_id: int, user: Actor, position: int) -> Table:
    """Seat ``user`` at the free seat ``position`` of a table that has not started, or of a
    house table at any time: he plays from its next coup (at once if nobody was playing)."""
    user = _signed_in(user)
    with transaction.atomic():
        table = lock_table(table_id)
        banked = GAMES[table.game].banked
        if not banked:
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
        if banked and table.status == Table.Status.WAITING:
            begin_match(table=table, seats=list(table.seats.order_by("position")))
            table.status = Table.Status.PLAYING
        return bump_version(table, lobby=True)


def play_now(*, user: Actor, game: str) -> Table:
    """ "Play now": seat ``user`` at the fullest open public table of ``game`` that is waiting
    for players (or, for a game the house banks, dealing) and has a free seat (the oldest first
    among equals), or, when none fits, open a
    public table with the default options and seat him as its host. A player who already sits at
    a waiting table of that game is sent back to it instead of taking a second seat.

    His user row is locked first, so his own double click queues; each table is taken through
    ``sit`` and its row lock, so of two players racing for a last seat the second finds it taken
    and is seated at the next table, or a new one: never an error (docs/lobby.md)."""
    user = _signed_in(user)
    if game not in GAMES:
        raise TableError(_("Unknown game."))
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).exists()
        open_statuses = [Table.Status.WAITING]
        if GAMES[game].banked:  # a house table seats players while it deals
            open_statuses.append(Table.Status.PLAYING)
        waiting = Table.objects.filter(game=game, status__in=open_statuses)
        own = waiting.filter(seats__user=user).order_by("created_at").first()
        if own is not None:
            return own
        for table_id in _open_seats_first(waiting):
            try:
                with transaction.atomic():
                    return _sit_anywhere(table_id=table_id, user=user)
            except TableError:
                continue  # taken or started since we looked: the next one
        return create_table(
            host=user,
            game=game,
            seat_count=GAMES[game].seating.quick,
            visibility=Table.Visibility.PUBLIC,
            clock=Table.Clock.OFF,
            options={},
        )


def _open_seats_first(waiting: QuerySet[Table]) -> list[int]:
    """The public waiting tables with a free seat, fullest first, then oldest first."""
    rows = (
        waiting.filter(visibility=Table.Visibility.PUBLIC)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("seat_count"))
        .order_by("-taken", "created_at", "pk")
        .values_list("pk", flat=True)
    )
    return list(rows)


def _sit_anywhere(*, table_id: int, user: Actor) -> Table:
    """``sit`` at the lowest free seat of the table, as read under its lock."""
    table = lock_table(table_id)
    taken = set(table.seats.values_list("position", flat=True))
    free = [position for position in range(table.seat_count) if position not in taken]
    if not free:
        raise TableError(_("Every seat is taken."))
    return sit(table_id=table_id, user=user, position=free[0])


def stand(*, table_id: int, user: Actor) -> Table:
    """Free the seat of ``user`` at a table that has not started, or of a house table while he
    has no stake on the coup being played (his seat in the match is gone at the next coup)."""
    user = _signed_in(user)
    with transaction.atomic():
        table = lock_table(table_id)
        if GAMES[table.game].banked:
            _check_no_stake(table, user)
        else:
            _check_waiting(table)
        deleted, _per_model = table.seats.filter(user=user).delete()
        if not deleted:
            raise TableError(_("You are not sitting at this table."))
        return bump_version(table, lobby=True)


def remove_player(*, table_id: int, by: Actor, position: int) -> Table:
    """The host frees the seat ``position`` of another player before the start, or, during a
    match, removes from it a player who is sat out (``_remove_from_match``)."""
    by = _signed_in(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        _check_not_tournament(table)
        seat = table.seats.filter(position=position).select_related("user").first()
        if seat is None:
            raise TableError(_("Nobody sits in that seat."))
        if seat.user_id == by.pk:
            raise TableError(_("Use “Stand up” to leave your own seat."))
        if table.status != Table.Status.WAITING:
            return _remove_from_match(table, seat)
        seat.delete()
        return bump_version(table, lobby=True)


def _remove_from_match(table: Table, seat: Seat) -> Table:
    """The engines have no way for a player to leave a match: the removed player's seat stays in
    it, sat out, and a bot plays it to the end (his result stays his). He may no longer take it
    back, nor move, say "Listo" or accept the rematch; he watches. The next match starts without
    him (docs/clocks-and-bots.md)."""
    game = current_game(table)
    engine_seat = None if game is None else game.seat_of(seat.user_id)
    if game is None or engine_seat is None or game.status != game.Status.PLAYING:
        raise TableError(_("This match is over."))
    if game.is_removed(engine_seat):
        raise TableError(_("That player has already been removed from this match."))
    if not seat.sat_out:
        raise TableError(
            _("Only a player who is sat out can be removed during a match: wait until he is.")
        )
    game.players[engine_seat] = {**game.players[engine_seat], "removed": True}
    game.save(update_fields=["players"])
    write_note(table=table, kind=TableNote.Kind.REMOVED, name=str(seat.user))
    return bump_version(table, lobby=False)  # the lobby shows seats taken, and his still is


def fill_with_bots(*, table_id: int, by: Actor) -> Table:
    """The host seats a bot in every empty seat of a table that has not started; bots are the
    lowest-numbered ones ("Bot 1", "Bot 2"…) not already at the table, in seat order."""
    by = _signed_in(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        _check_waiting(table)
        taken = set(table.seats.values_list("position", flat=True))
        empty = [position for position in range(table.seat_count) if position not in taken]
        if not empty:
            raise TableError(_("Every seat is taken."))
        seated = set(table.seats.values_list("user_id", flat=True))
        number = 0
        for position in empty:
            bot = None
            while bot is None or bot.pk in seated:
                number += 1
                bot = bot_named(number)
            Seat.objects.create(table=table, position=position, user=bot)
        return bump_version(table, lobby=True)


def start_table(*, table_id: int, by: Actor) -> Table:
    """The host starts the table's first match once enough players sit, or, after a match, the
    rematch with the players who accepted it (the others give up their seats)."""
    by = _signed_in(by)
    with transaction.atomic():
        table = lock_table(table_id)
        _check_host(table, by)
        _check_not_tournament(table)
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
            ngettext(
                "At least %(count)d player must accept the rematch.",
                "At least %(count)d players must accept the rematch.",
                needed,
            )
            % {"count": needed}
        )
    table.seats.exclude(user_id__in=accepted).delete()
    begin_match(table=table, seats=staying)
    table.status = Table.Status.PLAYING
    return bump_version(table, lobby=True)


def _check_enough(table: Table, players: int) -> None:
    needed = table.minimum_players
    if players < needed:
        raise TableError(
            ngettext(
                "At least %(count)d player must sit before the start.",
                "At least %(count)d players must sit before the start.",
                needed,
            )
            % {"count": needed}
        )


def _signed_in(user: Actor) -> User:
    """``user``, refused unless he is signed in (a guest is)."""
    if not user.is_authenticated:
        raise TableError(_("Log in or sit as a guest first."))
    return user


def _check_host(table: Table, user: Actor) -> None:
    if table.host_id != user.pk:
        raise TableError(_("Only the host can do that."))


def _check_not_tournament(table: Table) -> None:
    """A tournament seats its tables' players and deals their matches, not their host."""
    if table.tournament_id is not None:
        raise TableError(_("The tournament seats the players of this table."))


def _check_no_stake(table: Table, user: User) -> None:
    game = current_game(table)
    seat = None if game is None else game.seat_of(user.pk)
    if game is None or seat is None or game.status != game.Status.PLAYING:
        return
    state = house_match(GAMES[table.game].rules.load(game.state))
    if state is not None and has_chips_on_table(state, seat):
        raise TableError(_("Your bets are on the table: you may leave once the coup is settled."))


def _check_waiting(table: Table) -> None:
    if table.status != Table.Status.WAITING:
        raise TableError(_("The game at this table has already started."))
