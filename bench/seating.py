"""The benchmark's players, in the throwaway database: users with logged-in sessions, Rummy 70
or Golfo tables of four with their match started, and the next move of a table as its player's
engine bot decides it from his own seat's view. Runs in the harness process (Django set up on that
database), never inside the timed path."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from types import ModuleType
from typing import Any

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.engine import golfo, rummy
from games.engine.protocol import HAND_OVER, PLAYING
from games.models import Game, Table, User
from games.tables import seating
from games.tables.play import READY_MOVE
from tests.support.matches import golfo_fields, rummy_fields

SEATS = 4
SESSION_DAYS = 1
BACKEND = "django.contrib.auth.backends.ModelBackend"
Fields = dict[str, str | list[str]]


@dataclass(frozen=True)
class Player:
    """How a seat of one game sees its moves: the engine, whether a seat's view offers a move,
    and the screen's form fields for the bot's choice."""

    engine: ModuleType
    offers_a_move: Callable[[dict[str, Any]], bool]
    fields: Callable[[Any], Fields]


PLAYERS: dict[str, Player] = {
    "rummy70": Player(rummy, lambda view: bool(view["legal"]["kinds"]), rummy_fields),
    "golfo": Player(golfo, lambda view: bool(view["legal"]), golfo_fields),
}
GAMES = tuple(PLAYERS)


@dataclass(frozen=True)
class SeatedTable:
    table_id: int
    game: str
    user_ids: tuple[int, ...]
    sessions: tuple[str, ...]


@dataclass(frozen=True)
class Move:
    """What one seat's browser sends next: the form's fields, made on ``version``."""

    user_id: int
    version: int
    fields: Fields


def seat_tables(count: int, games: Sequence[str] = ("rummy70",)) -> list[SeatedTable]:
    """``count`` tables, each with four users seated and the match started; table ``t`` plays
    ``games[t % len(games)]``."""
    users = User.objects.bulk_create(
        User(username=f"load-{number}", display_name=f"Load {number}", password="!load")
        for number in range(count * SEATS)
    )
    sessions = _sessions(users)
    seated = []
    for first in range(0, len(users), SEATS):
        players = users[first : first + SEATS]
        game = games[first // SEATS % len(games)]
        table = seating.create_table(
            host=players[0],
            game=game,
            seat_count=SEATS,
            visibility=Table.Visibility.PUBLIC,
            clock=0,
            options={},
        )
        for position, user in enumerate(players[1:], start=1):
            seating.sit(table_id=table.pk, user=user, position=position)
        seating.start_table(table_id=table.pk, by=players[0])
        seated.append(
            SeatedTable(
                table.pk,
                game,
                tuple(user.pk for user in players),
                tuple(sessions[user.pk] for user in players),
            )
        )
    return seated


def _sessions(users: list[User]) -> dict[int, str]:
    """A logged-in session per user, as ``login`` would store it; its key is the cookie."""
    expiry = timezone.now() + timedelta(days=SESSION_DAYS)
    store = SessionStore()
    keys = {user.pk: store._get_new_session_key() for user in users}
    Session.objects.bulk_create(
        Session(
            session_key=keys[user.pk],
            session_data=store.encode(
                {
                    SESSION_KEY: str(user.pk),
                    BACKEND_SESSION_KEY: BACKEND,
                    HASH_SESSION_KEY: user.get_session_auth_hash(),
                }
            ),
            expire_date=expiry,
        )
        for user in users
    )
    return keys


def next_move(table_id: int) -> Move | None:
    """The move of the first seat that may move at the table, as his bot decides it from his
    seat's view (what his browser shows him); between two hands of a game whose table counts the
    "Listo" (Golfo), that of the first player with chips who has not said it (his screen's
    button). ``None`` while nobody may move or once the match is over. Reads the match."""
    known = _read(table_id)
    return None if known is None else known.next_move()


@dataclass
class KnownMatch:
    """A table's match as the harness knows it: the engine state at ``version``, its players and
    who has said "Listo"."""

    game: str
    version: int
    players: list[dict[str, Any]]
    ready: list[int]
    state: Any
    decided: tuple[int, Any] | None = None
    """The seat and engine action of the last move decided on this state, if one was."""

    def next_move(self) -> Move | None:
        player = PLAYERS[self.game]
        engine = player.engine
        self.decided = None
        for seat, seated in enumerate(self.players):
            view: dict[str, Any] = engine.view(self.state, seat)
            if player.offers_a_move(view) and engine.in_match(self.state, seat):
                action = engine.bot.decide(view)
                self.decided = (seat, action)
                return Move(seated["user"], self.version, player.fields(action))
        if not engine.COUNTS_READY and engine.stage(self.state) == HAND_OVER:
            for seat in engine.waits_for(self.state):
                if seat not in self.ready:
                    return Move(self.players[seat]["user"], self.version, {"move": READY_MOVE})
        return None

    def moved_on(self) -> bool:
        """Take the move last decided as made (the table is one version on): ``False`` when the
        match must be read again instead (no such move, or one that ends the hand)."""
        if self.decided is None:
            return False
        seat, action = self.decided
        engine = PLAYERS[self.game].engine
        self.state = engine.apply(self.state, seat, action)
        self.version += 1
        self.decided = None
        return bool(engine.stage(self.state) == PLAYING)


class KnownMatches:
    """Each table's match as the harness last read it, moved on by its own moves: the harness
    plays every move of a benchmark's tables, so within a hand a table whose sockets show the
    version after the move it decided needs no read. Anything else (a hand's end, the next deal,
    a refused or lost move, sockets that disagree) reads the match again. Each table is asked by
    its own driver, one move at a time."""

    def __init__(self) -> None:
        self._known: dict[int, KnownMatch] = {}
        self.reads = 0

    def next_move(self, table_id: int, shown: int | None) -> Move | None:
        """As :func:`next_move`, for the table whose sockets all show version ``shown`` (``None``
        when they differ)."""
        known = self._known.get(table_id)
        if known is None or shown is None or not self._is_at(known, shown):
            self.reads += 1
            known = _read(table_id)
            if known is None:
                self._known.pop(table_id, None)
                return None
            self._known[table_id] = known
        return known.next_move()

    @staticmethod
    def _is_at(known: KnownMatch, shown: int) -> bool:
        if shown == known.version:
            return True
        return shown == known.version + 1 and known.moved_on()


def _read(table_id: int) -> KnownMatch | None:
    """The table's current match, unless it is over."""
    game = (
        Game.objects.select_related("table").filter(table_id=table_id).order_by("-number").first()
    )
    if game is None or game.status != Game.Status.PLAYING:
        return None
    return KnownMatch(
        game=game.game,
        version=game.table.version,
        players=game.players,
        ready=list(game.ready),
        state=PLAYERS[game.game].engine.state_from_json(game.state),
    )
