"""Who sees what at a table: a seated player always gets his own view (whatever link he opens), an
eliminated player and a spectator get the spectator's, a private table hides itself from strangers;
the page itself renders the game for its viewer. And the test-only fixed deals."""

import pytest
from django.test import Client, override_settings

from games.engine import rummy
from games.models import Game, User
from games.tables import play
from games.tables.errors import TableError
from games.tables.selectors import live_table
from tests.support.live import RUMMY_DEAL
from tests.support.matches import match_of, start_match, version_of

pytestmark = pytest.mark.django_db


def eliminate(game: Game, seat: int) -> None:
    state = dict(game.state)
    state["points"] = [
        3 if index == seat else points for index, points in enumerate(state["points"])
    ]
    Game.objects.filter(pk=game.pk).update(state=state)


def test_a_seated_player_gets_his_own_view_through_any_link(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2, visibility="private")
    game, _kind, state = match_of(table)

    by_invite = live_table(table_id=table.pk, viewer=bruno, granted_table_ids={table.pk})
    by_number = live_table(table_id=table.pk, viewer=bruno, granted_table_ids=())

    for live in (by_invite, by_number):
        assert live is not None and live.game_view is not None
        assert live.game_view["viewer"] == 1
        assert live.game_view["hand"] == [card.to_json() for card in state.hands[1]]


def test_an_eliminated_player_watches_as_a_spectator_and_cannot_move(
    ana: User, bruno: User, carmen: User, english: None
) -> None:
    table = start_match([ana, bruno, carmen])
    game, _kind, _state = match_of(table)
    eliminate(game, seat=2)

    live = live_table(table_id=table.pk, viewer=carmen, granted_table_ids=())
    with pytest.raises(TableError, match="You are out of this match"):
        play.play_action(
            table_id=table.pk,
            user=carmen,
            version=version_of(table),
            action=rummy.action_to_json(rummy.Draw()),
        )

    assert live is not None and live.role.role == "eliminated"
    assert live.game_view is not None
    assert live.game_view["viewer"] is None and live.game_view["hand"] is None


def test_a_private_table_shows_its_game_only_to_those_with_the_link(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno], seat_count=2, visibility="private")

    stranger = live_table(table_id=table.pk, viewer=carmen, granted_table_ids=())
    invited = live_table(table_id=table.pk, viewer=carmen, granted_table_ids={table.pk})

    assert stranger is None
    assert invited is not None and invited.game_view is not None
    assert invited.game_view["spectator"] is True


def test_the_table_page_renders_the_game_for_its_viewer(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    _game, _kind, state = match_of(table)
    player = Client()
    player.force_login(ana)

    mine = player.get(table.get_absolute_url()).content.decode()
    watched = Client().get(table.get_absolute_url()).content.decode()

    own_cards = [card.to_json() for card in state.hands[0]]
    assert 'id="game-area"' in mine and 'id="rummy-hand"' in mine
    assert all(card in mine for card in own_cards)
    assert not any(card in watched for card in own_cards)
    assert 'id="chat-players-form"' in watched and 'id="table-hands"' in watched


@override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL})
def test_a_fixed_rummy_deal_from_the_setting(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)

    game, _kind, state = match_of(table)

    assert game.seed == "fixed-deal" and state.dealer == 1 and state.turn == 0
    assert " ".join(str(card) for card in state.hands[0]) == RUMMY_DEAL["hands"]["0"]
    assert str(state.stock[0]) == "4B"


@override_settings(
    CARDROOM_DEALS={"golfo": {"seed": "g", "dealer": 0, "decks": {"1": "9O 8O 9C 8C 9E 8E"}}}
)
def test_a_fixed_golfo_deal_from_the_setting(ana: User, bruno: User, carmen: User) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")

    game, _kind, state = match_of(table)

    assert game.seed == "g" and state.dealer == 0
    assert [" ".join(str(c) for c in state.players[seat].hand) for seat in (1, 2)] == [
        "9O 8O",
        "9C 8C",
    ]
