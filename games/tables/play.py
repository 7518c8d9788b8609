"""Use cases of a match being played: start it, play a move, get ready for the next hand, deal it
when its time has come, accept a rematch.

Each runs in one transaction with the table row locked (``select_for_update``; SQLite's IMMEDIATE
transactions serialize writers), refuses with :class:`~games.tables.errors.TableError` before
changing anything, and on success stores the engine's new state, appends the move to the match's
log, bumps the table's ``version`` and, once committed, nudges the table's sockets. The lobby hears
only of the move that ends the match (the table's status, which its list shows, changes): not of the
hundreds of moves before it."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.accounts.sessions import SessionSeal, SessionUnchecked
from games.engine.errors import EngineError
from games.engine.messages import render
from games.engine.protocol import HAND_OVER, MATCH_OVER, PLAYING, JsonObject
from games.kinds.house import HouseMatch, house_match
from games.kinds.match import Match
from games.kinds.registry import game_kind
from games.models import Action, Game, Hand, Seat, Table, User
from games.tables.errors import StaleMove, TableError
from games.tables.figures import count_hand
from games.tables.history import record_hand
from games.tables.house import follow_purses, seated_owing
from games.tables.matches import begin_match, current_game, next_hand_at
from games.tables.move_log import ToldMove, told_move
from games.tables.records import record_results
from games.tables.snapshot_moves import (
    READY_MOVE,
    changes_match_only,
    deals_next_hand,
    ends_hand_only,
    friends_table,
    play_on_snapshot,
)
from games.tables.snapshots import SNAPSHOTS, FinishedHand
from games.tables.timetable import HeldMatch
from games.tables.tournament_rounds import deal_next_round, hand_over
from games.tables.versions import bump_version, find_locked_table, lock_table

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

REMATCH_MOVE = "revancha"
VERSIONLESS_MOVES = frozenset({REMATCH_MOVE, READY_MOVE})
# The fields of a match that a move may change (``_store``).
MOVE_FIELDS = (
    "last_seq",
    "state",
    "hand_first_seq",
    "hand_deal",
    "hand_ended_at",
    "ready",
    "status",
    "finished_at",
    "winner",
)

Actor = User | AnonymousUser


def play(
    *,
    table_id: int,
    user: Actor,
    version: int,
    fields: Mapping[str, object],
    seal: SessionSeal | None = None,
) -> Table:
    """``user`` makes the move described by a browser form's ``fields`` (the game's screen reads
    them; ``revancha``, and ``ready`` for a game whose engine has no "Listo", are the table's),
    on the table as it was at ``version``. With the ``seal`` of his socket's session, the move is
    made only in the one statement, under the seal (``games.tables.snapshot_moves``): any other
    way raises :class:`SessionUnchecked` having written nothing."""
    move = fields.get("move")
    if isinstance(user, User) and move != REMATCH_MOVE:
        moved = play_on_snapshot(
            table_id=table_id, user=user, version=version, fields=fields, seal=seal
        )
        if moved is not None:
            return moved
    if seal is not None:
        raise SessionUnchecked
    with transaction.atomic():
        table = _lock_for(table_id, user)
        kind = game_kind(table.game)
        # "Listo" and "Revancha" mean the same whatever the table showed: two players clicking
        # them at once must both count, so they are never refused as stale. Nor is a bet at a
        # table the house banks, where everybody bets at once: the engine refuses one the
        # window no longer takes.
        stale_or_not = move in VERSIONLESS_MOVES or kind.banked
        shown = None if stale_or_not else version
        if move == REMATCH_MOVE:
            return _accept_rematch(table, user, shown, in_person=True)
        if move == READY_MOVE and not kind.rules.counts_ready:
            return _ready(table, user, shown, in_person=True)
        try:
            action = kind.screen.move_from_fields(dict(fields))
        except EngineError as error:
            raise TableError(engine_message(error)) from error
        return _play_action(table, user, shown, action, in_person=True)


def play_action(
    *, table_id: int, user: Actor, version: int | None, action: Mapping[str, object]
) -> Table:
    """``user`` plays the move ``action`` (the engine's JSON form of it) for his seat on the
    table as it was at ``version`` (``None``: a move that does not depend on what the table
    showed)."""
    with transaction.atomic():
        return _play_action(_lock_for(table_id, user), user, version, action)


def play_for_seat(
    *,
    table: Table,
    match: LockedMatch,
    user: User,
    version: int,
    action: Mapping[str, object] | None,
) -> Table:
    """The table itself (its bot) moves for ``user``'s seat: ``action``, or his "Listo" when
    ``None``. The caller holds ``table`` locked and read its current ``match`` under that lock,
    so neither is read again."""
    if action is None:
        return _ready(table, user, version, match=match)
    return _play_action(table, user, version, action, match=match)


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
        if table is None or game is None or table.tournament_id is not None:
            return False
        due = next_hand_at(game)
        if due is None or timezone.now() < due:
            return False
        return _table_deals(table, game, game_kind(game.game).rules.load(game.state))


def engine_message(error: EngineError) -> StrOrPromise:
    """The engine's refusal in the reader's language: its template translated, then filled with
    the cards named in words."""
    template, params = error.template, error.params
    return lazy(lambda: render(template, params, gettext), str)()


def _play_action(
    table: Table,
    user: Actor,
    version: int | None,
    action: Mapping[str, object],
    *,
    in_person: bool = False,
    match: LockedMatch | None = None,
) -> Table:
    match, seat = _players_match(table, user, version, in_person=in_person, match=match)
    game, state = match.game, _state_in_play(match, seat)
    if table.tournament_id is not None and state.stage != PLAYING:
        # Between a tournament's hands the tournament deals, not the match: "Listo" is counted by
        # the table and only shortens the pause (games.tables.tournament_rounds).
        if action.get("kind") != READY_MOVE:
            raise TableError(_("That move is not possible now."))
        return _ready(table, user, version, in_person=in_person, match=match)
    try:
        after = state.apply(seat, action)
    except EngineError as error:
        raise TableError(engine_message(error)) from error
    status = table.status
    player = user if isinstance(user, User) else None  # a logged-out user was refused
    held = _store(
        table, game, state, after, seat=seat, action=action, user=player, in_person=in_person
    )
    held = replace(_dealer_closes(table, game, held), seats=match.seats)
    # The lobby shows the table's status: it hears of the move that ends the match only.
    return bump_version(table, lobby=table.status != status, held=held)


def _ready(
    table: Table,
    user: Actor,
    version: int | None,
    *,
    in_person: bool = False,
    match: LockedMatch | None = None,
) -> Table:
    match, seat = _players_match(table, user, version, in_person=in_person, match=match)
    game, state = match.game, _state_in_play(match, seat)
    if state.stage != HAND_OVER:
        raise TableError(_("That move is not possible now."))
    if seat in game.ready:
        raise TableError(_("You are already ready for the next hand."))
    game.ready = sorted({*game.ready, seat})
    game.save(update_fields=["ready"])
    if table.tournament_id is not None:
        tournament_id = table.tournament_id
        transaction.on_commit(lambda: deal_next_round(tournament_id=tournament_id))
    elif set(state.waits_for()) <= set(game.ready) and _table_deals(
        table, game, state, in_person=in_person
    ):
        return table
    if in_person and friends_table(table):
        transaction.on_commit(lambda: SNAPSHOTS.hand_over_ready(table=table, game=game))
    # Who is ready is not in the lobby.
    return bump_version(
        table, lobby=False, held=HeldMatch(game=game, state=state, seats=match.seats)
    )


def _accept_rematch(
    table: Table, user: Actor, version: int | None, *, in_person: bool = False
) -> Table:
    if table.tournament_id is not None:
        raise TableError(_("A tournament's table has no rematch."))
    game = _players_match(table, user, version, in_person=in_person)[0].game
    if game.status != Game.Status.FINISHED:
        raise TableError(_("The rematch is offered once the match is over."))
    if user.pk in game.rematch:
        raise TableError(_("You have already accepted the rematch."))
    game.rematch = [*game.rematch, user.pk]
    game.save(update_fields=["rematch"])
    return bump_version(table, lobby=False)  # a finished table is not in the lobby


def _table_deals(table: Table, game: Game, state: Match, *, in_person: bool = False) -> bool:
    """The table deals the next hand; ``in_person``: a player's own "Listo", from his browser,
    was the last it waited for."""
    action = state.next_hand()
    try:
        after = state.apply(None, action)
    except EngineError:
        return False
    status = table.status
    held = _store(
        table, game, state, after, seat=None, action=action, user=None, in_person=in_person
    )
    bump_version(table, lobby=table.status != status, held=held)
    return True


def house_deadline(*, table: Table, game: Game, state: HouseMatch) -> Table:
    """The clock of a house table's window ran out (the table row is locked): the dealer
    closes it ("no va más": who has not bet sits the coup out) or, in a window only the players
    can close, each seated player who still owes a move gets the game's default one. After a
    coup's pause, the next coup."""
    if state.stage == HAND_OVER:
        return _next_coup(table, game, state)
    move = state.dealer_move()
    if move is not None:
        try:
            held = _dealer_plays(table, game, state, move)
        except EngineError:
            # Nothing to deal (nobody bet): the bets open again, for whoever sits now.
            return _new_sitting(table, game, state)
    else:
        held = HeldMatch(game=game, state=state)
        for seat in seated_owing(game, state):
            action = state.default_move(seat, [])
            user = User.objects.get(pk=game.players[seat]["user"])
            before = house_match(held.state)
            assert before is not None
            held = _store(
                table, game, before, before.apply(seat, action), seat=seat, action=action, user=user
            )
    return bump_version(table, lobby=False, held=_dealer_closes(table, game, held))


def _dealer_closes(table: Table, game: Game, held: HeldMatch) -> HeldMatch:
    """At a house table, the dealer's moves while the open window owes nothing to a seated
    player: "no va más" once everybody has said his last bet, and so on."""
    state = house_match(held.state)
    while state is not None and state.stage == PLAYING and not seated_owing(game, state):
        move = state.dealer_move()
        if move is None:
            break
        try:
            held = _dealer_plays(table, game, state, move)
        except EngineError:
            break  # nothing to deal: the window's clock will open the bets again
        state = house_match(held.state)
    return held


def _dealer_plays(table: Table, game: Game, state: HouseMatch, move: JsonObject) -> HeldMatch:
    return _store(table, game, state, state.apply(None, move), seat=None, action=move, user=None)


def _next_coup(table: Table, game: Game, state: HouseMatch) -> Table:
    """The next coup: the dealer's in this match while the same players sit, else a new
    sitting."""
    move = state.dealer_move()
    if move is None or _seats_changed(table, game):
        return _new_sitting(table, game, state)
    return bump_version(table, lobby=False, held=_dealer_plays(table, game, state, move))


def _seats_changed(table: Table, game: Game) -> bool:
    sitting = table.seats.order_by("position").values_list("user_id", flat=True)
    return list(sitting) != [player["user"] for player in game.players]


def _new_sitting(table: Table, game: Game, state: HouseMatch) -> Table:
    """Between coups, or when nothing was bet: while the same players sit, the window opens
    again on a new clock; otherwise this match ends and a new one begins with whoever sits now
    (with nobody, the table waits)."""
    if not _seats_changed(table, game):
        game.turn_deadline = None
        return bump_version(table, lobby=False, held=HeldMatch(game=game, state=state))
    seats = list(table.seats.select_related("user").order_by("position"))
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.turn_deadline = game.bot_move_at = None
    game.save(update_fields=["status", "finished_at", "turn_deadline", "bot_move_at"])
    if seats:
        begin_match(table=table, seats=seats)
    else:
        table.status = Table.Status.WAITING
    return bump_version(table, lobby=True)


def _lock_for(table_id: int, user: Actor) -> Table:
    """The table's row, locked for a move of ``user``; anyone logged out is refused first."""
    if not user.is_authenticated:
        raise TableError(_("Log in or sit as a guest first."))
    return lock_table(table_id)


@dataclass(frozen=True)
class LockedMatch:
    """The current match of a locked table: ``game``, for the service to change; its engine
    ``state``, parsed; the table's ``seats`` when they came with it (``None``: not read)."""

    game: Game
    state: Match
    seats: tuple[Seat, ...] | None = None


def _locked_match(table: Table) -> LockedMatch | None:
    """The locked table's current match. At a friends' table the house does not bank, it is
    taken from this process's snapshot of the table when that snapshot is at the table's very
    version, with the seats: no statement. Every change of a table's match or seats moves its
    version in the same transaction, and versions only grow, so every read that snapshot was made
    of happened while the table was as it is now (docs/live-tables.md, "A move's match from the
    snapshot"). The game row is copied: the snapshot's stays as its frames show it."""
    kept = SNAPSHOTS.at_version(table.pk, table.version) if friends_table(table) else None
    if kept is not None and kept.game is not None and kept.state is not None:
        copied = copy.copy(kept.game)
        copied.table = table
        return LockedMatch(game=copied, state=kept.state, seats=kept.seats)
    game = current_game(table)
    if game is None:
        return None
    return LockedMatch(game=game, state=game_kind(game.game).rules.load(game.state))


def _players_match(
    table: Table,
    user: Actor,
    version: int | None,
    *,
    in_person: bool = False,
    match: LockedMatch | None = None,
) -> tuple[LockedMatch, int]:
    """The locked table's current match and the seat of ``user`` in it; anyone but one of its
    players is refused, and so is a stale form (:class:`StaleMove`). ``in_person``: the player
    himself asks, from his browser, rather than the table's bot or clock playing his seat; one
    the host removed from the match is refused. ``match``: the caller read it under the lock."""
    match = match or _locked_match(table)
    if match is None or table.status == Table.Status.WAITING:
        raise TableError(_("No game is being played at this table."))
    game = match.game
    seat = game.seat_of(user.pk)
    if seat is None and user.pk is not None and table.seats.filter(user_id=user.pk).exists():
        # At a house table a player who sat down during a coup joins at the next.
        raise TableError(_("You play from the next coup."))
    if seat is None:
        raise TableError(_("Only the players of this match can do that."))
    if in_person and game.is_removed(seat):
        raise TableError(_("The host removed you from this match: you can still watch it."))
    if version is not None and version != table.version:
        raise StaleMove(
            _("The table changed before your move: look again and retry."), version=table.version
        )
    return match, seat


def _state_in_play(match: LockedMatch, seat: int) -> Match:
    if match.game.status != Game.Status.PLAYING:
        raise TableError(_("This match is over."))
    state = match.state
    if not state.in_match(seat):
        raise TableError(_("You are out of this match: you can only watch it now."))
    return state


def _tell_tournament(tournament_id: int, table_id: int) -> None:
    """A tournament's hand has ended at this table: the tournament counts it once this move has
    committed (it locks its own row before its tables, so it cannot wait here on this table's)."""
    transaction.on_commit(lambda: hand_over(tournament_id=tournament_id, table_id=table_id))


def _hand_over_at_hand_end(
    table: Table, game: Game, state: Match, move: ToldMove, hand: Hand
) -> None:
    finished = FinishedHand(hand.number, game.number, hand.hand_no)
    transaction.on_commit(
        lambda: SNAPSHOTS.hand_over(table=table, game=game, state=state, move=move, hand=finished)
    )


def _store(
    table: Table,
    game: Game,
    before: Match,
    after: Match,
    *,
    seat: int | None,
    action: Mapping[str, object],
    user: User | None,
    in_person: bool = False,
) -> HeldMatch:
    """Append the move to the log and set the new state on ``game``; a hand or match that ends is
    recorded. Answers the match as changed, for ``bump_version`` to save with its timetable.
    ``in_person``: the player made the move himself.
    At a house table the wallet follows the seats' purses first: a stake the player cannot
    cover refuses the move."""
    house_before, house_after = house_match(before), house_match(after)
    if house_before is not None and house_after is not None:
        follow_purses(game, house_before, house_after, by_player=seat is not None)
    game.last_seq += 1
    seq = game.last_seq
    action_json: JsonObject = dict(action)
    told = told_move(game, before, after, seat=seat, action=action_json)
    Action.objects.create(game=game, seq=seq, seat=seat, action=action_json, user=user, told=told)
    game.state = after.to_json()
    if in_person and changes_match_only(table, before, after):
        move = ToldMove(seq, seat, told)
        transaction.on_commit(
            lambda: SNAPSHOTS.hand_over(table=table, game=game, state=after, move=move)
        )
    over = (HAND_OVER, MATCH_OVER)
    if before.stage not in over and after.stage in over:
        game.hand_ended_at = timezone.now()
        game.ready = []
        hand = record_hand(game=game, last_seq=seq, state=after)
        count_hand(game=game, hand=hand)
        if in_person and ends_hand_only(table, before, after):
            _hand_over_at_hand_end(table, game, after, ToldMove(seq, seat, told), hand)
        if table.tournament_id is not None:
            _tell_tournament(table.tournament_id, table.pk)
            return HeldMatch(game=game, state=after, unsaved=MOVE_FIELDS, moved=True, mover=seat)
    if after.hand_no != before.hand_no:
        game.hand_first_seq = seq + 1
        game.hand_deal = after.hands_face_up()
        game.hand_ended_at = None
        game.ready = []
        if in_person and deals_next_hand(table, before, after):
            dealing = ToldMove(seq, seat, told)
            transaction.on_commit(
                lambda: SNAPSHOTS.hand_over(
                    table=table, game=game, state=after, move=dealing, dealt=True
                )
            )
    if after.stage == MATCH_OVER:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        winner = after.winner
        if winner is not None:
            game.winner_id = game.players[winner]["user"]
        record_results(game=game, state=after)
        game.hand_ended_at = None
        table.status = Table.Status.FINISHED
    return HeldMatch(game=game, state=after, unsaved=MOVE_FIELDS, moved=True, mover=seat)
