"""On PostgreSQL a player's move in the middle of a hand, made on the snapshot his process holds at
the version he was shown, is written in one statement guarded by that version
(``games.tables.snapshot_moves``): of two moves on one version exactly one is written, a table
that has moved on takes nothing from it, and a move the engine refuses goes the locked way. The
move that ends a hand is one statement too, which records the hand and its players' figures as
the locked way does. So is each "Listo" after the hand, Rummy 70's (the engine counts them) and
Golfo's (the table does), the last of which deals the next. A socket's move carries the seal of
its session's last check, which the statement checks in the same statement. SQLite always goes
the locked way (nothing to test there)."""

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.utils import timezone, translation

from games.accounts.sessions import SessionSeal, SessionUnchecked, sealed_session
from games.engine import rummy
from games.kinds.registry import game_kind
from games.models import Action, Game, Hand, PlayerFigures, Table, User
from games.tables import play, snapshot_moves
from games.tables.errors import StaleMove, TableError
from games.tables.figures import FIGURES
from games.tables.snapshots import SNAPSHOTS, read_snapshot
from tests.support.kept_tables import keep_snapshot, kept_table_and_mover, players
from tests.support.matches import (
    bot_fields,
    bot_move,
    match_of,
    play_until_hands,
    player_move,
    rummy_fields,
    start_match,
    user_at,
    version_of,
)
from tests.support.races import race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite always takes the locked way"
    ),
]


@contextmanager
def statements() -> Iterator[list[str]]:
    """The first word of each statement run on the connection meanwhile (the move's prepared
    statement too, which Django's query log does not show)."""
    ran: list[str] = []

    def record(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        ran.append(sql.split(" ", 1)[0])
        return execute(sql, *args)

    with connection.execute_wrapper(record):
        yield ran


def test_the_move_s_frames_are_asked_for_once_its_statement_is_with_the_database(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sockets build their frames of the move's snapshot while the database works: it is
    handed to them after the statement was sent and before its answer is read, never before the
    statement goes (the database would then wait for the frames)."""
    table, user, fields = kept_table_and_mover(make_user)
    version = version_of(table)
    handed: list[tuple[int, psycopg.pq.TransactionStatus]] = []
    monkeypatch.setattr(SNAPSHOTS, "_listeners", [])
    SNAPSHOTS.listen(
        lambda snapshot: handed.append(
            (snapshot.version, connection.connection.info.transaction_status)
        )
    )
    play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert handed == [(version + 1, psycopg.pq.TransactionStatus.ACTIVE)]


def test_a_move_on_the_kept_snapshot_is_one_statement(make_user: Any) -> None:
    table, user, fields = kept_table_and_mover(make_user)
    version = version_of(table)
    with statements() as ran:
        moved = play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert ran == ["WITH"]
    assert moved.version == version_of(table) == version + 1
    game = Game.objects.get(table=table)
    logged = Action.objects.get(game=game, seq=game.last_seq)
    assert logged.seat == game.seat_of(user.pk) and logged.user_id == user.pk
    assert logged.told["words"]["es"] and game.turn_deadline is not None
    kept = SNAPSHOTS.at_version(table.pk, version + 1)
    assert kept is not None and kept.game is not None and kept.game.state == game.state


def test_the_move_statement_is_prepared_once_and_carries_the_state_apart(make_user: Any) -> None:
    """PostgreSQL parses and plans the move's statement once per connection, and the match's
    state travels as a parameter, not quoted into the statement's text."""
    table, user, fields = kept_table_and_mover(make_user)
    play.play(table_id=table.pk, user=user, version=version_of(table), fields=fields)
    mover = bot_fields(table)
    assert mover is not None
    play.play(table_id=table.pk, user=mover[0], version=version_of(table), fields=mover[1])
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert len(prepared) == 1 and prepared[0].startswith("WITH moved AS (UPDATE")
    assert '"state" = $' in prepared[0] and "rummy" not in prepared[0]
    assert Action.objects.filter(game__table=table).count() == 2


def test_a_move_on_a_version_the_table_has_left_writes_nothing(make_user: Any) -> None:
    """This process still holds the table at the version the player saw; another process's move
    (here the table's bot for the player, which hands nothing over) has moved it on."""
    table, user, fields = kept_table_and_mover(make_user)
    shown = version_of(table)
    assert bot_move(table)
    game = Game.objects.get(table=table)
    with pytest.raises(StaleMove) as lost:
        play.play(table_id=table.pk, user=user, version=shown, fields=fields)
    assert lost.value.version == shown + 1 == version_of(table)
    assert Game.objects.get(table=table).state == game.state
    assert Action.objects.filter(game=game).count() == 1


def test_a_refused_move_goes_the_locked_way_and_says_why(make_user: Any) -> None:
    table, user, _fields = kept_table_and_mover(make_user)
    with pytest.raises(TableError) as refused:
        play.play(
            table_id=table.pk,
            user=user,
            version=version_of(table),
            fields={"move": "discard", "card": "1O"},
        )
    assert not isinstance(refused.value, StaleMove)
    assert Action.objects.filter(game__table=table).count() == 0


def test_of_two_moves_on_one_version_exactly_one_is_written(make_user: Any) -> None:
    table, user, _fields = kept_table_and_mover(make_user)
    version = version_of(table)
    draw = rummy_fields(rummy.Draw())

    def move() -> object:
        return play.play(table_id=table.pk, user=user, version=version, fields=draw)

    outcomes = race(move, move)
    assert outcomes == ["The table changed before your move: look again and retry.", "done"]
    assert version_of(table) == version + 1
    assert Action.objects.filter(game__table=table).count() == 1


def test_a_statement_the_database_refuses_is_logged_and_the_move_goes_the_locked_way(
    make_user: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Say a migration changed a column the statement names: the player's move is still made."""
    table, user, fields = kept_table_and_mover(make_user)
    version = version_of(table)
    statement = snapshot_moves._statement(sealed=False, logged=True, ends_hand=False, deals=False)
    renamed = statement.replace('"state"', '"no_such_column"')
    monkeypatch.setattr(snapshot_moves, "_statement", lambda **_kwargs: renamed)
    play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert version_of(table) == version + 1
    assert Action.objects.filter(game__table=table).count() == 1
    assert "goes the locked way" in caplog.text and "no_such_column" in caplog.text


def session_of(user: User) -> Session:
    """A browser's session in which ``user`` logged in."""
    client = Client()
    client.force_login(user)
    return Session.objects.get(session_key=client.session.session_key)


def sealed(user: User) -> tuple[Session, SessionSeal]:
    session = session_of(user)
    seal = sealed_session(session_key=session.session_key, user_id=user.pk)
    assert seal is not None
    return session, seal


def test_a_sealed_move_checks_the_session_in_its_one_statement(make_user: Any) -> None:
    """A socket's move carries the seal of its session's last check: no query before the
    statement, which writes under it."""
    table, user, fields = kept_table_and_mover(make_user)
    _session, seal = sealed(user)
    version = version_of(table)
    with statements() as ran:
        moved = play.play(table_id=table.pk, user=user, version=version, fields=fields, seal=seal)
    assert ran == ["WITH"]
    assert moved.version == version_of(table) == version + 1
    assert Action.objects.filter(game__table=table).count() == 1


def log_out(session: Session, user: User) -> None:
    session.delete()


def change_password(session: Session, user: User) -> None:
    user.set_password("a brand new pass phrase 2024")
    user.save()


def deactivate(session: Session, user: User) -> None:
    User.objects.filter(pk=user.pk).update(is_active=False)


def expire(session: Session, user: User) -> None:
    Session.objects.filter(pk=session.pk).update(expire_date=timezone.now() - timedelta(seconds=1))


def write_session(session: Session, user: User) -> None:
    """Another page of the same browser stored something in the session: it still signs him in,
    but the seal no longer says so."""
    store = SessionStore(session_key=session.session_key)
    store["visited"] = "lobby"
    store.save()


@pytest.mark.parametrize(
    "change",
    [log_out, change_password, deactivate, expire, write_session],
    ids=lambda f: f.__name__,
)
def test_a_sealed_move_writes_nothing_once_the_session_changed(
    make_user: Any, change: Callable[[Session, User], None]
) -> None:
    """Whatever changed, the move is not made under the seal: the caller checks the session
    afresh, and refuses or makes the move again as that check says."""
    table, user, fields = kept_table_and_mover(make_user)
    session, seal = sealed(user)
    change(session, user)
    version = version_of(table)
    with pytest.raises(SessionUnchecked):
        play.play(table_id=table.pk, user=user, version=version, fields=fields, seal=seal)
    assert version_of(table) == version
    assert Action.objects.filter(game__table=table).count() == 0


def test_a_sealed_move_that_would_go_the_locked_way_asks_for_a_check(make_user: Any) -> None:
    """A move the one statement does not make (here one the engine refuses) is not made under
    the seal either: the session is checked before the locked way answers."""
    table, user, _fields = kept_table_and_mover(make_user)
    _session, seal = sealed(user)
    with pytest.raises(SessionUnchecked):
        play.play(
            table_id=table.pk,
            user=user,
            version=version_of(table),
            fields={"move": "discard", "card": "1O"},
            seal=seal,
        )
    assert Action.objects.filter(game__table=table).count() == 0


def hand_over_table(make_user: Any) -> tuple[Table, list[User]]:
    """A Rummy 70 table whose first hand the bots have just played out, kept at its version; its
    players in seat order."""
    table, _user, _fields = kept_table_and_mover(make_user)
    play_until_hands(table, 1)
    keep_snapshot(table)
    game, kind, state = match_of(table)
    assert kind.stage(state) == "hand_over"
    return table, [user_at(game, seat) for seat in range(len(game.players))]


def table_about_to_close(make_user: Any, *, hands: int) -> tuple[Table, User, dict[str, str]]:
    """A Rummy 70 table after ``hands`` finished hands, its bots having played the next up to its
    last move, kept at its version; the player whose move ends the hand and its form."""
    table, _user, _fields = kept_table_and_mover(make_user)
    play_until_hands(table, hands)
    for _ in range(3000):
        mover = bot_fields(table)
        if mover is not None and mover[1].get("move") == "close":
            keep_snapshot(table)
            return table, *mover
        assert bot_move(table)
    raise AssertionError("no hand ended")


def figures_of(table: Table) -> dict[int, tuple[int, int]]:
    return {
        row.user_id: (row.openings, row.closes)
        for row in PlayerFigures.objects.filter(game="rummy70", user__seats__table=table)
    }


@pytest.mark.parametrize("hands", [0, 1])
def test_the_move_that_ends_a_hand_is_one_statement_that_records_it(
    make_user: Any, hands: int
) -> None:
    """The hand is kept as the locked way keeps it (numbered after the table's newest, its deal,
    its moves, what everybody saw at its end); its players' figures count its openings and its
    close, on their rows made by an earlier hand or by this one; and the table this process hands
    its sockets is the one a read gives."""
    table, user, fields = table_about_to_close(make_user, hands=hands)
    game_before, _kind, state_before = match_of(table)
    figures_before = figures_of(table)
    version = version_of(table)
    with statements() as ran:
        play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert ran == ["WITH"]
    game, kind, state = match_of(table)
    assert kind.stage(state) == "hand_over" and state.hand_no == state_before.hand_no
    hand = Hand.objects.get(table=table, number=hands + 1)
    assert (hand.game_id, hand.hand_no) == (game.pk, state.hand_no)
    assert (hand.first_seq, hand.last_seq) == (game_before.hand_first_seq, game.last_seq)
    assert hand.deal == game_before.hand_deal and hand.result == kind.view(state, None)
    assert game.hand_ended_at == hand.ended_at and game.ready == []
    closer = game.seat_of(user.pk)
    seen = kind.view(state, None)["players"]
    opened = {game.players[p["seat"]]["user"] for p in seen if p["opened"]}
    assert user.pk in opened
    after = figures_of(table)
    for user_id, (openings, closes) in after.items():
        was = figures_before.get(user_id, (0, 0))
        assert openings == was[0] + (user_id in opened)
        assert closes == was[1] + (user_id == game.players[closer]["user"])
    assert set(after) == {player["user"] for player in game.players}
    kept, fresh = SNAPSHOTS.at_version(table.pk, version + 1), read_snapshot(table_id=table.pk)
    assert kept is not None and fresh is not None and kept.game and fresh.game
    assert (kept.moves, kept.hands, kept.hand_mark, kept.game.state) == (
        fresh.moves,
        fresh.hands,
        fresh.hand_mark,
        fresh.game.state,
    )
    assert kept.game.hand_ended_at == fresh.game.hand_ended_at


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_hands_ended_by_their_players_count_as_a_recount_of_the_stored_hands_does(
    make_user: Any, game: str
) -> None:
    """The players play their own moves with the table kept, so every hand's end is one
    statement; their figures (openings and closes, Golfo's hands won) are what the
    ``recount_figures`` command rebuilds from the stored hands."""
    table = start_match(players(make_user), game=game)
    ended_in_one = []
    while Hand.objects.filter(table=table).count() < 3:
        keep_snapshot(table)
        hands = Hand.objects.filter(table=table).count()
        with statements() as ran:
            assert player_move(table)
        if Hand.objects.filter(table=table).count() > hands:
            ended_in_one.append([word for word in ran if word != "SELECT"] == ["WITH"])
    assert ended_in_one == [True, True, True]
    counted = sorted(PlayerFigures.objects.values_list("user", "game", *FIGURES))
    assert any(any(row[2:]) for row in counted)
    call_command("recount_figures", stdout=io.StringIO())
    assert sorted(PlayerFigures.objects.values_list("user", "game", *FIGURES)) == counted


def test_of_two_closes_on_one_version_exactly_one_records_the_hand(make_user: Any) -> None:
    table, user, fields = table_about_to_close(make_user, hands=0)
    version = version_of(table)

    def close() -> object:
        return play.play(table_id=table.pk, user=user, version=version, fields=fields)

    outcomes = race(close, close)
    assert outcomes == ["The table changed before your move: look again and retry.", "done"]
    assert Hand.objects.filter(table=table).count() == 1
    assert sum(closes for _openings, closes in figures_of(table).values()) == 1


def test_each_listo_after_a_hand_is_one_statement_and_the_last_deals(make_user: Any) -> None:
    table, players = hand_over_table(make_user)
    for seat, user in enumerate(players[:-1]):
        version = version_of(table)
        with statements() as ran:
            play.play(table_id=table.pk, user=user, version=version, fields={"move": "ready"})
        assert ran == ["WITH"]
        assert version_of(table) == version + 1
        _game, kind, state = match_of(table)
        assert kind.stage(state) == "hand_over" and state.hand_no == 1
        assert [state.ready[s] for s in range(4)] == [s <= seat for s in range(4)]
        kept, fresh = SNAPSHOTS.at_version(table.pk, version + 1), read_snapshot(table_id=table.pk)
        assert kept is not None and fresh is not None and kept.game and fresh.game
        assert (kept.moves, kept.hands, kept.game.state) == (
            fresh.moves,
            fresh.hands,
            fresh.game.state,
        )

    version = version_of(table)
    with statements() as ran:
        play.play(table_id=table.pk, user=players[-1], version=version, fields={"move": "ready"})
    assert ran == ["WITH"]  # the last "Listo" deals the next hand in the same one statement
    game, kind, state = match_of(table)
    assert kind.stage(state) == "playing" and state.hand_no == 2
    assert game.hand_first_seq == game.last_seq + 1 and game.hand_ended_at is None
    assert game.hand_deal == kind.hands_face_up(state)
    kept, fresh = SNAPSHOTS.at_version(table.pk, version + 1), read_snapshot(table_id=table.pk)
    assert kept is not None and fresh is not None and kept.game and fresh.game
    assert (kept.moves, kept.hands, kept.game.state, kept.game.hand_deal) == (
        fresh.moves,
        fresh.hands,
        fresh.game.state,
        fresh.game.hand_deal,
    )
    assert kept.moves == () and kept.game.hand_first_seq == fresh.game.hand_first_seq


def test_a_listo_on_a_table_that_moved_on_still_counts(make_user: Any) -> None:
    """Two players click "Listo" on the same version: both count, the second the locked way."""
    table, players = hand_over_table(make_user)
    shown = version_of(table)
    for user in players[:2]:
        play.play(table_id=table.pk, user=user, version=shown, fields={"move": "ready"})
    _game, _kind, state = match_of(table)
    assert version_of(table) == shown + 2
    assert [state.ready[s] for s in range(4)] == [True, True, False, False]


def golfo_hand_over_table(make_user: Any) -> tuple[Table, list[User]]:
    """A Golfo table whose first hand the bots have just played out, kept at its version; the
    players the table waits for, in seat order."""
    table = start_match(players(make_user), game="golfo")
    play_until_hands(table, 1)
    keep_snapshot(table)
    game, _kind, _state = match_of(table)
    match = game_kind(game.game).rules.load(game.state)
    assert match.stage == "hand_over" and game.ready == []
    return table, [user_at(game, seat) for seat in match.waits_for()]


def test_each_golfo_listo_is_one_statement_and_the_last_has_the_table_deal(
    make_user: Any,
) -> None:
    """Golfo's "Listo" is the table's to count, not the engine's: the statement writes who is
    ready, no log line; the last awaited has the table deal, its own move in the log."""
    table, awaited = golfo_hand_over_table(make_user)
    game = match_of(table)[0]
    for count, user in enumerate(awaited[:-1], start=1):
        version = version_of(table)
        with statements() as ran:
            play.play(table_id=table.pk, user=user, version=version, fields={"move": "ready"})
        assert ran == ["WITH"]
        played = Game.objects.get(pk=game.pk)
        assert len(played.ready) == count and played.seat_of(user.pk) in played.ready
        assert played.last_seq == game.last_seq and played.state == game.state
        kept, fresh = SNAPSHOTS.at_version(table.pk, version + 1), read_snapshot(table_id=table.pk)
        assert kept is not None and fresh is not None and kept.game and fresh.game
        assert (kept.moves, kept.game.ready, kept.game.state) == (
            fresh.moves,
            fresh.game.ready,
            fresh.game.state,
        )

    version = version_of(table)
    with statements() as ran:
        play.play(table_id=table.pk, user=awaited[-1], version=version, fields={"move": "ready"})
    assert ran == ["WITH"]
    dealt, kind, state = match_of(table)
    assert kind.stage(state) == "playing" and dealt.ready == []
    assert dealt.hand_first_seq == dealt.last_seq + 1 == game.last_seq + 2
    deal = Action.objects.get(game=dealt, seq=dealt.last_seq)
    assert (deal.seat, deal.user_id) == (None, None)
    kept, fresh = SNAPSHOTS.at_version(table.pk, version + 1), read_snapshot(table_id=table.pk)
    assert kept is not None and fresh is not None and kept.game and fresh.game
    assert (kept.moves, kept.game.state, kept.game.hand_deal) == (
        fresh.moves,
        fresh.game.state,
        fresh.game.hand_deal,
    )


def test_a_golfo_listo_already_counted_is_refused_the_locked_way(make_user: Any) -> None:
    table, awaited = golfo_hand_over_table(make_user)
    play.play(
        table_id=table.pk, user=awaited[0], version=version_of(table), fields={"move": "ready"}
    )
    version = version_of(table)
    with translation.override("en"), pytest.raises(TableError) as refused:
        play.play(table_id=table.pk, user=awaited[0], version=version, fields={"move": "ready"})
    assert str(refused.value) == "You are already ready for the next hand."
    assert version_of(table) == version


def test_two_golfo_listos_on_one_version_both_count(make_user: Any) -> None:
    table, awaited = golfo_hand_over_table(make_user)
    shown = version_of(table)
    for user in awaited[:2]:
        play.play(table_id=table.pk, user=user, version=shown, fields={"move": "ready"})
    game = match_of(table)[0]
    assert version_of(table) == shown + 2
    assert sorted(game.ready) == sorted(game.seat_of(user.pk) for user in awaited[:2])
