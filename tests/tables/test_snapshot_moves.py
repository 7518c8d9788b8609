"""On PostgreSQL a player's move in the middle of a hand, made on the snapshot his process holds at
the version he was shown, is written in one statement guarded by that version
(``games.tables.snapshot_moves``): of two moves on one version exactly one is written, a table
that has moved on takes nothing from it, and a move the engine refuses or one that ends a hand
goes the locked way. SQLite always goes the locked way (nothing to test there)."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import rummy
from games.models import Action, Game
from games.tables import play, snapshot_moves
from games.tables.errors import StaleMove, TableError
from games.tables.snapshots import SNAPSHOTS
from tests.support.kept_tables import kept_table_and_mover
from tests.support.matches import bot_move, rummy_fields, version_of
from tests.support.races import race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite always takes the locked way"
    ),
]


def test_a_move_on_the_kept_snapshot_is_one_statement(make_user: Any) -> None:
    table, user, fields = kept_table_and_mover(make_user)
    version = version_of(table)
    with CaptureQueriesContext(connection) as queries:
        moved = play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert [q["sql"].split(" ", 1)[0] for q in queries] == ["WITH"]
    assert moved.version == version_of(table) == version + 1
    game = Game.objects.get(table=table)
    logged = Action.objects.get(game=game, seq=game.last_seq)
    assert logged.seat == game.seat_of(user.pk) and logged.user_id == user.pk
    assert logged.told["words"]["es"] and game.turn_deadline is not None
    kept = SNAPSHOTS.at_version(table.pk, version + 1)
    assert kept is not None and kept.game is not None and kept.game.state == game.state


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
    renamed = snapshot_moves._statement().replace('"state"', '"no_such_column"')
    monkeypatch.setattr(snapshot_moves, "_statement", lambda: renamed)
    play.play(table_id=table.pk, user=user, version=version, fields=fields)
    assert version_of(table) == version + 1
    assert Action.objects.filter(game__table=table).count() == 1
    assert "goes the locked way" in caplog.text and "no_such_column" in caplog.text
