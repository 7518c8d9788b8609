"""A house table's page as a browser gets it (docs/house-tables.md): the dealer's game on screen
from the first player on, his wallet's chips on his seat, a bet that takes them, and a forged
Monte bet refused in words."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games.models import User
from games.tables import wallet
from games.tables.errors import TableError
from games.tables.play import play
from tests.support.house import HOUSE_GAMES, open_house_table

pytestmark = pytest.mark.django_db


def browser(user: User) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(user)
    return client


def seats_part(page: str, game: str) -> str:
    match = re.search(rf'id="{game}-seats".*?</section>', page, re.DOTALL)
    assert match, page
    return match.group(0)


FORMS = {
    "monte": {"move": "bet", "bet": "vis", "cards": "0", "against": "", "amount": "10"},
    "stud": {"move": "bet", "amount": "10"},
    "paigow": {"move": "bet", "amount": "20"},
}
STAKES = {"monte": 10, "stud": 30, "paigow": 20}


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_the_page_shows_the_house_game_with_the_wallets_chips_and_a_bet_takes_them(
    ana: User, game: str
) -> None:
    table = open_house_table(ana, game)
    client = browser(ana)

    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Ana" in seats_part(page, game)
    assert "1000000000" not in page and "1,000,000,000" not in page

    table.refresh_from_db()
    play(table_id=table.pk, user=ana, version=table.version, fields=FORMS[game])

    assert wallet.balance(ana) == wallet.WELCOME_CHIPS - STAKES[game]
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert str(wallet.WELCOME_CHIPS - STAKES[game]) in seats_part(page, game)


def test_the_lobby_offers_a_free_seat_at_a_house_table_that_is_dealing(
    ana: User, bruno: User
) -> None:
    table = open_house_table(ana, "monte")

    lobby = browser(bruno).get("/").content.decode()

    card = re.search(rf'data-table-id="{table.pk}".*?</li>', lobby, re.DOTALL)
    assert card is not None
    assert "Join" in card.group(0) and "5 seats free" in card.group(0)


@pytest.mark.parametrize(
    ("forged", "message"),
    [
        ({"cards": "0", "against": "3", "bet": "cartas"}, "That bet is not on the layout now."),
        ({"amount": "110"}, "Your stake on this bet must be between 10 and 100."),
        ({"amount": "5"}, "Your stake on this bet must be between 10 and 100."),
        ({"amount": "ten"}, "That move is not understood."),
        ({"cards": "0", "against": "", "bet": "royal"}, "That move is not understood."),
    ],
)
def test_a_forged_monte_bet_is_refused_with_a_message_and_takes_no_chip(
    ana: User, forged: dict[str, str], message: str
) -> None:
    """A spot the cloth has not (a card against the card across the diagonal), a stake beyond
    a spot's limits or a field no spot sends: the player is told why, his wallet is untouched."""
    table = open_house_table(ana, "monte")

    with pytest.raises(TableError) as error:
        play(table_id=table.pk, user=ana, version=table.version, fields=FORMS["monte"] | forged)

    with translation.override("en"):
        assert str(error.value.message) == message
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS


def test_a_house_tables_clock_is_told_as_the_time_to_bet_and_decide(ana: User) -> None:
    """At a house table the clock is each window's length, 30 s at a table without one: the page
    and the lobby say so rather than "per turn" or "No clock"."""
    timed = open_house_table(ana, "stud", clock=60)
    untimed = open_house_table(ana, "paigow", clock=0)
    client = browser(ana)

    lobby = client.get("/").content.decode()

    assert "60 s to act" in client.get(f"/tables/{timed.pk}/").content.decode()
    assert "30 s to act" in client.get(f"/tables/{untimed.pk}/").content.decode()
    assert "60 s to act" in lobby and "30 s to act" in lobby
    assert "per turn" not in lobby and "No clock" not in lobby
