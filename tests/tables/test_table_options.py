"""Every rule option of RULES.md a table may choose is on the create-a-table form, shows in the
table's summary and changes play."""

import pytest
from django.conf import settings
from django.test import Client, override_settings

from games.engine import golfo
from games.engine.golfo.state import BETTING_LANCES
from games.models import Table, User
from games.tables import play, seating
from tests.conftest import MakeUser
from tests.support.matches import match_of, user_at

pytestmark = pytest.mark.django_db

# Dealer 0, served 1, 2, 3: seats 1 and 3 tie at 30, seat 2 holds 27.
TIED_DEAL = "9O 8O  9C 3E  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E"


def browser(user: User) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(user)
    return client


def golfo_form(**overrides: str) -> dict[str, str]:
    return {
        "game": "golfo",
        "seats": "4",
        "visibility": "public",
        "clock": "0",
        "golfo-starting_stack": "1000",
        "golfo-ante": "5",
        "golfo-min_bet": "10",
        "golfo-rebuy": "rebuy",
    } | {f"golfo-{option}": value for option, value in overrides.items()}


def test_the_form_offers_every_golfo_option_the_tie_rule_included(ana: User) -> None:
    form = browser(ana).get("/tables/new/").content.decode()

    for field in ("starting_stack", "ante", "min_bet", "rebuy", "tie"):
        assert f'name="golfo-{field}"' in form
    assert 'name="rummy70-joker_penalty"' in form and 'name="seats"' in form
    assert 'value="split"' in form and 'value="seat_order"' in form


def test_a_host_creates_a_golfo_table_that_splits_ties_and_its_summary_says_so(ana: User) -> None:
    browser(ana).post("/tables/new/", golfo_form(tie="split"))

    table = Table.objects.get()
    assert table.options["tie"] == "split"
    page = browser(ana).get(f"/tables/{table.pk}/").content.decode()
    assert "ties split the pot" in page
    lobby = browser(ana).get("/").content.decode()
    assert "ties split the pot" in lobby


def test_without_a_choice_ties_go_to_the_dealers_right(ana: User) -> None:
    browser(ana).post("/tables/new/", golfo_form())

    table = Table.objects.get()
    assert table.options["tie"] == "seat_order"
    assert "ties to the dealer's right" in browser(ana).get("/").content.decode()


def test_a_forged_tie_rule_is_refused(ana: User) -> None:
    response = browser(ana).post("/tables/new/", golfo_form(tie="coin"))

    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not Table.objects.exists()


def test_at_a_split_table_tied_hands_share_the_pot(make_user: MakeUser) -> None:
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Diego")]
    browser(players[0]).post("/tables/new/", golfo_form(tie="split"))
    table = Table.objects.get()
    for position, user in enumerate(players[1:], start=1):
        seating.sit(table_id=table.pk, user=user, position=position)
    deal = {"golfo": {"seed": "split", "dealer": 0, "decks": {"1": TIED_DEAL}}}
    with override_settings(CARDROOM_DEALS=deal):
        seating.start_table(table_id=table.pk, by=players[0])

    game, _kind, state = match_of(table)
    while state.turn is not None:
        action = golfo.Pass() if state.lance in BETTING_LANCES else golfo.Discard()
        play.play_action(
            table_id=table.pk,
            user=user_at(game, state.turn),
            version=None,
            action=golfo.action_to_json(action),
        )
        game, _kind, state = match_of(table)

    assert state.result is not None and state.result.pots[0].shares == [8, 7]
    assert [player.stack for player in state.players] == [1000, 1003, 995, 1002]
