"""Use cases of a match being played: start it, play a move, get ready for the next hand, deal it
when its time has come, accept a rematch.

Each runs in one transaction with the table row locked (``select_for_update``; SQLite's IMMEDIATE
transactions serialize writers), refuses with :class:`~games.errors.TableError` before changing
anything, and on success stores the engine's new state, appends the move to the match's log, bumps
the table's ``version`` and, once committed, nudges the table's sockets. The lobby hears only of the
move that ends the match (the table's status, which its list shows, changes): not of the hundreds
of moves before it."""

import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.errors import EngineError
from games.errors import TableError
from games.game_kinds import GAME_KINDS, HAND_OVER, MATCH_OVER, GameKind
from games.history import record_hand
from games.models import Action, Game, Seat, Table, User
from games.schedule import HeldMatch
from games.screens import SCREENS
from games.table_versions import bump_version, find_locked_table, lock_table

NEXT_HAND_SECONDS = 20
REMATCH_MOVE = "revancha"
READY_MOVE = "ready"
VERSIONLESS_MOVES = frozenset({REMATCH_MOVE, READY_MOVE})
# The fields of a match that a move may change (``_store``).
MOVE_FIELDS = (
    "last_seq",
    "state",
    "hand_first_seq",
    "hand_ended_at",
    "ready",
    "status",
    "finished_at",
    "winner",
)

Actor = User | AnonymousUser


def begin_match(*, table: Table, seats: Sequence[Seat]) -> Game:
    """A new match for ``seats`` (in table order) at ``table``, whose row the caller holds locked.
    A ``CARDROOM_DEALS`` entry for this game fixes its first deal (tests only)."""
    kind = GAME_KINDS[table.game]
    options = kind.engine_options(table.options)
    seed = secrets.token_hex(16)
    spec = settings.CARDROOM_DEALS.get(table.game)
    deal = None
    if spec:
        seed = str(spec.get("seed", seed))
        if set(spec) - {"seed"}:
            deal = kind.fixed_deal(spec, players=len(seats))
    state = kind.new_match(players=len(seats), options=options, seed=seed, deal=deal)
    previous = table.games.order_by("-number").values_list("number", flat=True).first()
    game = Game.objects.create(
        table=table,
        number=(previous or 0) + 1,
        game=table.game,
        options=options.to_json(),
        seed=seed,
        deal=deal,
        players=[
            {"position": seat.position, "user": seat.user_id, "name": str(seat.user)}
            for seat in seats
        ],
        state=kind.engine.state_to_json(state),
    )
    game.participants.set([seat.user_id for seat in seats])
    return game


def current_game(table: Table) -> Game | None:
    return table.games.order_by("-number").first()


def next_hand_at(game: Game) -> datetime | None:
    """When the table deals the next hand without waiting for everyone's "Listo"."""
    if game.status != Game.Status.PLAYING or game.hand_ended_at is None:
        return None
    return game.hand_ended_at + timedelta(seconds=NEXT_HAND_SECONDS)


def play(*, table_id: int, user: Actor, version: int, fields: Mapping[str, Any]) -> Table:
    """``user`` makes the move described by a browser form's ``fields`` (the game's screen reads
    them; ``revancha``, and ``ready`` for a game whose engine has no "Listo", are the table's),
    on the table as it was at ``version``."""
    move = fields.get("move")
    # "Listo" and "Revancha" mean the same whatever the table showed: two players clicking them at
    # once must both count, so they are never refused as stale.
    shown = None if move in VERSIONLESS_MOVES else version
    with transaction.atomic():
        table = _lock_for(table_id, user)
        if move == REMATCH_MOVE:
            return _accept_rematch(table, user, shown)
        if move == READY_MOVE and not GAME_KINDS[table.game].has_ready:
            return _ready(table, user, shown)
        try:
            action = SCREENS[table.game].move_from_fields(dict(fields))
        except EngineError as error:
            raise TableError(engine_message(error)) from error
        return _play_action(table, user, shown, action)


def play_action(*, table_id: int, user: Actor, version: int | None, action: Any) -> Table:
    """``user`` plays the engine ``action`` for his seat on the table as it was at ``version``
    (``None``: a move that does not depend on what the table showed)."""
    with transaction.atomic():
        return _play_action(_lock_for(table_id, user), user, version, action)


def ready(*, table_id: int, user: Actor, version: int | None) -> Table:
    """ "Listo" for a game whose engine does not count it (Golfo): the table counts the players
    with chips, and deals once all of them are ready."""
    with transaction.atomic():
        return _ready(_lock_for(table_id, user), user, version)


def accept_rematch(*, table_id: int, user: Actor, version: int | None) -> Table:
    """A player of the match that just ended accepts to play the next one at this table."""
    with transaction.atomic():
        return _accept_rematch(_lock_for(table_id, user), user, version)


def deal_next_hand(*, table_id: int) -> bool:
    """The table deals the next hand once ``NEXT_HAND_SECONDS`` have passed since the last one
    ended. Anyone may ask at any time (early, late or twice, nothing happens); ``True`` when it
    dealt."""
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None:
            return False
        due = next_hand_at(game)
        if due is None or timezone.now() < due:
            return False
        state = GAME_KINDS[game.game].engine.state_from_json(game.state)
        return _table_deals(table, game, state)


def engine_message(error: EngineError) -> Promise:
    """The engine's refusal in the reader's language: its template translated, then filled."""
    template, params = error.template, error.params
    return lazy(lambda: gettext(template).format(**params), str)()


def _play_action(table: Table, user: Actor, version: int | None, action: Any) -> Table:
    game, seat = _players_match(table, user, version)
    kind = GAME_KINDS[game.game]
    state = _state_in_play(game, kind, seat)
    try:
        after = kind.engine.apply(state, seat, action)
    except EngineError as error:
        raise TableError(engine_message(error)) from error
    status = table.status
    held = _store(table, game, kind, state, after, seat=seat, action=action, user=user)
    # The lobby shows the table's status: it hears of the move that ends the match only.
    return bump_version(table, lobby=table.status != status, held=held)


def _ready(table: Table, user: Actor, version: int | None) -> Table:
    game, seat = _players_match(table, user, version)
    kind = GAME_KINDS[game.game]
    state = _state_in_play(game, kind, seat)
    if kind.phase(state) != HAND_OVER:
        raise TableError(_("That move is not possible now."))
    if seat in game.ready:
        raise TableError(_("You are already ready for the next hand."))
    game.ready = sorted({*game.ready, seat})
    game.save(update_fields=["ready"])
    if set(kind.waits_for(state)) <= set(game.ready) and _table_deals(table, game, state):
        return table
    # Who is ready is not in the lobby.
    return bump_version(table, lobby=False, held=HeldMatch(game=game, state=state))


def _accept_rematch(table: Table, user: Actor, version: int | None) -> Table:
    game, _seat = _players_match(table, user, version)
    if game.status != Game.Status.FINISHED:
        raise TableError(_("The rematch is offered once the match is over."))
    if user.pk in game.rematch:
        raise TableError(_("You have already accepted the rematch."))
    game.rematch = [*game.rematch, user.pk]
    game.save(update_fields=["rematch"])
    return bump_version(table, lobby=False)  # a finished table is not in the lobby


def _table_deals(table: Table, game: Game, state: Any) -> bool:
    kind = GAME_KINDS[game.game]
    action = kind.engine.NextHand()
    try:
        after = kind.engine.apply(state, None, action)
    except EngineError:
        return False
    status = table.status
    held = _store(table, game, kind, state, after, seat=None, action=action, user=None)
    bump_version(table, lobby=table.status != status, held=held)
    return True


def _lock_for(table_id: int, user: Actor) -> Table:
    """The table's row, locked for a move of ``user``; anyone logged out is refused first."""
    if not user.is_authenticated:
        raise TableError(_("Log in or sit as a guest first."))
    return lock_table(table_id)


def _players_match(table: Table, user: Actor, version: int | None) -> tuple[Game, int]:
    """The locked table's current match and the seat of ``user`` in it; anyone but one of its
    players is refused, and so is a stale form."""
    game = current_game(table)
    if game is None or table.status == Table.Status.WAITING:
        raise TableError(_("No game is being played at this table."))
    seat = game.seat_of(user.pk)
    if seat is None:
        raise TableError(_("Only the players of this match can do that."))
    if version is not None and version != table.version:
        raise TableError(_("The table changed before your move: look again and retry."))
    return game, seat


def _state_in_play(game: Game, kind: GameKind, seat: int) -> Any:
    if game.status != Game.Status.PLAYING:
        raise TableError(_("This match is over."))
    state = kind.engine.state_from_json(game.state)
    if not kind.in_match(state, seat):
        raise TableError(_("You are out of this match: you can only watch it now."))
    return state


def _store(
    table: Table,
    game: Game,
    kind: GameKind,
    before: Any,
    after: Any,
    *,
    seat: int | None,
    action: Any,
    user: User | None,
) -> HeldMatch:
    """Append the move to the log and set the new state on ``game``; a hand or match that ends is
    recorded. Answers the match as changed, for ``bump_version`` to save with its timetable."""
    game.last_seq += 1
    seq = game.last_seq
    Action.objects.create(
        game=game, seq=seq, seat=seat, action=kind.engine.action_to_json(action), user=user
    )
    game.state = kind.engine.state_to_json(after)
    over = (HAND_OVER, MATCH_OVER)
    if kind.phase(before) not in over and kind.phase(after) in over:
        game.hand_ended_at = timezone.now()
        game.ready = []
        record_hand(game=game, kind=kind, last_seq=seq, state=after)
    if kind.hand_no(after) != kind.hand_no(before):
        game.hand_first_seq = seq + 1
        game.hand_ended_at = None
        game.ready = []
    if kind.phase(after) == MATCH_OVER:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        if after.winner is not None:
            game.winner_id = game.players[after.winner]["user"]
        game.hand_ended_at = None
        table.status = Table.Status.FINISHED
    return HeldMatch(game=game, state=after, unsaved=MOVE_FIELDS)
