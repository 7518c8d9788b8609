"""Migration 0020 gives each match its current hand as dealt, which a hand's record now takes
from the match: a match being played when the site is upgraded must not lose its hand's deal."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings

from games.models import Game, Hand, User
from games.tables.history import replay_match
from games.tables.play import play
from tests.support.matches import match_of, play_until_hands, start_match, version_of

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0019_game_window")]
AFTER = [("games", "0020_game_hand_deal")]


def migrate(to: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)


@override_settings(CARDROOM_DEALS={"golfo": {"seed": "bots-2"}})
def test_a_match_in_play_during_the_upgrade_keeps_the_deal_of_its_hand(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 1)
    game, kind, state = match_of(table)
    for user in (ana, bruno, carmen):
        if game.seat_of(user.pk) in kind.waits_for(state):
            play(table_id=table.pk, user=user, version=version_of(table), fields={"move": "ready"})
    game = match_of(table)[0]
    assert game.hand_first_seq > 1 and game.status == Game.Status.PLAYING
    dealt = replay_match(game=game, upto=game.hand_first_seq - 1).hands_face_up()

    migrate(BEFORE)
    migrate(AFTER)

    game.refresh_from_db()
    assert game.hand_deal == dealt
    assert Hand.objects.get(table=table).deal != dealt
