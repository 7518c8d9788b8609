"""The lobby, the create-a-table form and the table pages, as a browser gets them."""

import re

import pytest
from django.conf import settings
from django.test import Client

from games.models import Table, User
from games.tables import seating
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db


def browser(user: User | None = None) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_login(user)
    return client


def element(page: str, pattern: str) -> str:
    match = re.search(pattern, page, re.DOTALL)
    assert match, page
    return match.group(0)


def seat(page: str, position: int) -> str:
    return element(page, rf'data-seat="{position}">.*?</li>')


def test_lobby_lists_open_public_tables_with_their_facts(ana: User, bruno: User) -> None:
    rummy = open_table(ana, clock=60)
    golfo = open_table(bruno, game="golfo", options={"rebuy": "freezeout"})
    seating.sit(table_id=golfo.pk, user=ana, position=2)

    page = browser().get("/").content.decode()

    assert 'hx-ext="ws" ws-connect="/ws/lobby/"' in page
    assert 'id="create-table" class="button button-primary" href="/tables/new/"' in page
    rummy_row = element(page, rf'data-table-id="{rummy.pk}">.*?</li>')
    golfo_row = element(page, rf'data-table-id="{golfo.pk}">.*?</li>')
    assert 'class="table-game">Rummy 70<' in rummy_row
    assert 'class="table-host">Ana<' in rummy_row
    assert 'class="table-seats">1/4<' in rummy_row
    assert "60 s per turn" in rummy_row
    assert "Joker left in hand: 25 points" in rummy_row
    assert 'class="table-status status-waiting">Waiting<' in rummy_row
    assert f'class="button watch-link" href="/tables/{rummy.pk}/"' in rummy_row
    assert 'class="table-seats">2/4<' in golfo_row
    assert "Stack 1000, ante 10, minimum bet 10, freezeout" in golfo_row


def test_lobby_hides_private_and_finished_tables_from_strangers(ana: User, bruno: User) -> None:
    private = open_table(ana, visibility="private")
    finished = open_table(ana)
    Table.objects.filter(pk=finished.pk).update(status=Table.Status.FINISHED)

    strangers_lobby = browser(bruno).get("/").content.decode()
    hosts_lobby = browser(ana).get("/").content.decode()

    assert f'data-table-id="{private.pk}"' not in strangers_lobby
    assert f'data-table-id="{finished.pk}"' not in strangers_lobby
    assert "No open tables yet" in strangers_lobby
    assert f'data-table-id="{private.pk}"' in hosts_lobby
    assert f'data-table-id="{finished.pk}"' not in hosts_lobby


def test_creating_a_table_needs_an_account() -> None:
    response = browser().get("/tables/new/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_create_form_opens_a_public_table_and_seats_the_host(ana: User) -> None:
    form = browser(ana).get("/tables/new/").content.decode()
    response = browser(ana).post(
        "/tables/new/",
        {
            "game": "rummy70",
            "seats": "3",
            "visibility": "public",
            "clock": "30",
            "rummy70-joker_penalty": "50",
        },
    )

    for field in ("game", "seats", "visibility", "clock"):
        assert f'name="{field}"' in form
    for field in (
        "rummy70-joker_penalty",
        "golfo-starting_stack",
        "stud-min_bet",
        "paigow-min_bet",
    ):
        assert f'name="{field}"' in form
    assert 'id="create-table-submit"' in form
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert (table.game, table.seat_count, table.clock) == ("rummy70", 3, 30)
    assert table.options == {"joker_penalty": 50}
    assert table.seats.get().user == ana


def test_golfo_tables_always_have_four_seats_and_private_ones_open_by_invite(ana: User) -> None:
    response = browser(ana).post(
        "/tables/new/",
        {
            "game": "golfo",
            "seats": "6",
            "visibility": "private",
            "clock": "0",
            "rummy70-joker_penalty": "999",
            "golfo-starting_stack": "500",
            "golfo-ante": "5",
            "golfo-min_bet": "20",
            "golfo-rebuy": "freezeout",
            "paigow-min_bet": "40",
        },
    )

    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.invite_token}/"
    assert table.seat_count == 4
    assert table.options == {
        "starting_stack": 500,
        "ante": 5,
        "min_bet": 20,
        "rebuy": "freezeout",
        "tie": "seat_order",
    }


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", "poker", "Select a valid choice."),
        ("seats", "9", "Select a valid choice."),
        ("seats", "x" * 5000, "Select a valid choice."),
        ("visibility", "secret", "Select a valid choice."),
        ("clock", "45", "Select a valid choice."),
        ("rummy70-joker_penalty", "-1", "greater than or equal to 0"),
        ("rummy70-joker_penalty", "abc", "Enter a whole number."),
    ],
)
def test_forged_form_values_are_refused_and_create_nothing(
    ana: User, field: str, value: str, message: str
) -> None:
    data = {"game": "rummy70", "seats": "4", "visibility": "public", "clock": "0"}
    data[field] = value

    response = browser(ana).post("/tables/new/", data)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Table.objects.exists()


def test_golfo_ante_above_the_stack_is_refused(ana: User) -> None:
    data = {"game": "golfo", "seats": "4", "visibility": "public", "clock": "0"}

    response = browser(ana).post(
        "/tables/new/", {**data, "golfo-starting_stack": "100", "golfo-ante": "500"}
    )

    assert "cannot exceed the starting stack" in response.content.decode()
    assert not Table.objects.exists()


def test_table_page_shows_each_viewer_his_buttons(ana: User, bruno: User, carmen: User) -> None:
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=bruno, position=2)
    url = f"/tables/{table.pk}/"

    hosts = browser(ana).get(url).content.decode()
    players = browser(bruno).get(url).content.decode()
    spectators = browser(carmen).get(url).content.decode()

    assert f'hx-ext="ws" ws-connect="/ws/tables/{table.pk}/"' in hosts
    assert 'data-version="2"' in hosts and 'name="version" value="2"' in hosts
    assert 'class="seat-player">Bruno<' in seat(hosts, 2)
    assert 'class="remove' in seat(hosts, 2)
    assert 'class="stand"' in seat(hosts, 0)
    assert 'id="start-table"' in hosts
    assert (
        f'id="invite-link" type="text" readonly value="http://testserver/t/{table.invite_token}/"'
        in hosts
    )
    assert 'id="copy-invite"' in hosts
    assert 'class="stand"' in seat(players, 2)
    assert "remove" not in players
    assert 'id="start-table"' not in players
    assert 'class="sit"' not in players
    assert 'class="sit"' in seat(spectators, 1)
    assert 'id="guest-form"' not in spectators


def test_anonymous_visitor_is_offered_a_login_or_a_guest_seat(ana: User) -> None:
    table = open_table(ana)

    page = browser().get(f"/tables/{table.pk}/").content.decode()

    assert 'id="guest-form"' in page
    assert f'name="next" value="/tables/{table.pk}/"' in page
    assert 'class="sit"' not in page


def test_private_table_opens_only_through_its_invite_link(ana: User, bruno: User) -> None:
    table = open_table(ana, visibility="private")
    visitor = browser()

    assert browser(bruno).get(f"/tables/{table.pk}/").status_code == 404
    assert visitor.get(f"/tables/{table.pk}/").status_code == 404
    assert browser(ana).get(f"/tables/{table.pk}/").status_code == 200
    invited = visitor.get(f"/t/{table.invite_token}/")
    assert invited.status_code == 200
    assert 'id="guest-form"' in invited.content.decode()
    assert visitor.get(f"/tables/{table.pk}/").status_code == 200


@pytest.mark.parametrize(
    "path", ["/tables/999999/", "/tables/99999999999999999999999/", "/t/not-a-token/"]
)
def test_unknown_tables_are_not_found(path: str) -> None:
    assert browser().get(path).status_code == 404
