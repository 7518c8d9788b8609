"""What each person may not do is not offered (issue 15, point 8): a spectator and an eliminated
player get no input for the players' chat, nobody reads a version number, and a count is told in
the singular when it is one."""

import re
from collections.abc import Iterator

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from games.kinds.move_words import move_in_words
from games.models import Game, Table, User
from tests.support.matches import start_match

pytestmark = pytest.mark.django_db

FORM = re.compile(r'<form id="chat-(\w+)-form".*?</form>', re.DOTALL)


@pytest.fixture
def in_english() -> Iterator[None]:
    with translation.override("en"):
        yield


def page(table: Table, user: User) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(f"/tables/{table.pk}/").content.decode()


def chat_inputs(html: str) -> dict[str, bool]:
    """Per chat room, whether the page holds a text input to write in it."""
    return {match.group(1): 'name="text"' in match.group(0) for match in FORM.finditer(html)}


def eliminate(game: Game, seat: int) -> None:
    state = dict(game.state)
    state["points"] = [3 if index == seat else p for index, p in enumerate(state["points"])]
    Game.objects.filter(pk=game.pk).update(state=state)


def test_only_the_players_in_the_match_get_the_players_chat_input(
    ana: User, bruno: User, carmen: User
) -> None:
    dario = User.objects.create(username="dario", display_name="Darío")
    table = start_match([ana, bruno, carmen])
    eliminate(Game.objects.get(table=table), seat=2)

    assert chat_inputs(page(table, ana)) == {"players": True, "spectators": False}
    assert chat_inputs(page(table, carmen)) == {"players": False, "spectators": True}
    assert chat_inputs(page(table, dario)) == {"players": False, "spectators": True}


def test_the_table_page_shows_no_version_number(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)

    html = page(table, ana)
    version = re.search(r'<span id="table-version"[^>]*>(.*?)</span>', html, re.DOTALL)

    assert version is not None
    assert re.sub(r"<[^>]*>", "", version.group(1)).strip() == ""
    assert f'value="{Table.objects.get(pk=table.pk).version}"' in version.group(1)
    assert "Version" not in re.sub(r"<[^>]*>", "", html)


def test_one_chip_left_is_one_chip(in_english: None) -> None:
    html = render_to_string(
        "tables/golfo/_amount.html",
        {"move": "bet", "label": "Bet", "stack": 1, "limits": {"only_resto": True, "max": 1}},
    )

    assert "all your 1 chip." in html


def test_a_rebuy_of_one_chip_is_told_in_the_singular(in_english: None) -> None:
    words = move_in_words(
        "golfo",
        {"kind": "rebuy", "amount": 1},
        actor="Ana",
        seat=0,
        viewer=None,
        before={},
        after={},
    )

    assert words == "Ana rebuys 1 chip"


def test_a_joker_penalty_of_one_point_is_told_in_the_singular(in_english: None, ana: User) -> None:
    table = Table(pk=1, game="rummy70", host=ana, options={"joker_penalty": 1})

    assert render_to_string("tables/_options.html", {"table": table}).strip() == (
        "Joker left in hand: 1 point"
    )


def test_the_seats_taken_are_counted_against_the_seats(in_english: None) -> None:
    html = render_to_string(
        "tables/_seats.html",
        {"status": "open", "status_label": "Open", "players": 1, "seat_count": 4, "seats": []},
    )

    assert "1 of 4 seats taken" in html


def test_only_a_player_of_the_table_is_offered_the_turn_alerts(ana: User, bruno: User) -> None:
    dario = User.objects.create(username="dario", display_name="Darío")
    table = start_match([ana, bruno], seat_count=2)

    def clock(user: User) -> str:
        tag = re.search(r'<p id="turn-clock"[^>]*>', page(table, user))
        assert tag is not None
        return tag.group(0)

    assert "data-player" in clock(ana)
    assert "data-player" in clock(bruno)
    assert "data-player" not in clock(dario)
