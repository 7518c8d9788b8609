"""The wallet in the page header (docs/wallet.md): a signed-in player sees his chips on every page
and, when he runs low, a button for the free top-up, which posts (with its CSRF token) and comes
back to the same page with what happened."""

import re

import pytest
from django.test import Client
from django.utils import translation

from games.models import LedgerEntry, User
from games.tables import wallet

pytestmark = pytest.mark.django_db

TOP_UP = "/accounts/top-up/"


def signed_in(user: User, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def header(client: Client, path: str = "/") -> str:
    page = client.get(path, headers={"accept-language": "en"}).content.decode()
    match = re.search(
        r'<span id="wallet".*?(?=<form[^>]*action="/accounts/logout/")', page, re.DOTALL
    )
    return match.group(0) if match else ""


def test_a_signed_in_player_sees_his_chips_in_the_header_which_only_reads(ana: User) -> None:
    client = signed_in(ana)

    text = header(client)

    assert (
        '<span id="wallet-chips" class="wallet-chips" title="Your play chips">1000 chips</span>'
        in text
    )
    assert 'id="top-up"' not in text
    assert not LedgerEntry.objects.exists()
    client.cookies["django_language"] = "es"
    assert "1000 fichas" in client.get("/").content.decode()


def test_a_visitor_sees_no_wallet(client: Client) -> None:
    assert 'id="wallet"' not in client.get("/").content.decode()


def test_a_player_who_runs_low_tops_up_from_the_header_and_comes_back(
    ana: User, english: None
) -> None:
    wallet.stake(user=ana, amount=960)
    client = signed_in(ana, csrf=True)
    page = client.get("/accounts/profile/").content.decode()
    assert "40 chips" in header(client, "/accounts/profile/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None

    response = client.post(
        TOP_UP,
        {"csrfmiddlewaretoken": token.group(1), "next": "/accounts/profile/"},
        follow=True,
        headers={"accept-language": "en"},
    )

    assert response.redirect_chain == [("/accounts/profile/", 302)]
    text = response.content.decode()
    assert "You got 960 free chips." in text
    assert "1000 chips" in text
    assert wallet.balance(ana) == 1000


def test_a_second_top_up_the_same_day_is_refused_with_when_the_next_comes(
    ana: User, english: None
) -> None:
    client = signed_in(ana)
    wallet.stake(user=ana, amount=1000)
    client.post(TOP_UP, {"next": "/"})
    wallet.stake(user=ana, amount=1000)
    assert 'id="top-up"' not in header(client)

    response = client.post(TOP_UP, {"next": "/"}, follow=True, headers={"accept-language": "en"})

    assert "Your next free top-up is in 24 h 00 min." in response.content.decode()
    assert wallet.balance(ana) == 0


def test_the_top_up_only_posts_with_its_token_and_stays_on_the_site(ana: User) -> None:
    wallet.stake(user=ana, amount=1000)

    assert signed_in(ana, csrf=True).post(TOP_UP, {"next": "/"}).status_code == 403
    assert signed_in(ana).get(TOP_UP).status_code == 405
    response = signed_in(ana).post(TOP_UP, {"next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert wallet.balance(ana) == 1000
    assert Client().post(TOP_UP)["Location"].startswith("/accounts/login/")


def test_the_header_speaks_spanish(ana: User) -> None:
    wallet.stake(user=ana, amount=999)
    with translation.override("es"):
        page = signed_in(ana).get("/").content.decode()

    assert "1 ficha</span>" in page
    assert ">Recargar</button>" in page


def test_the_top_up_asked_by_htmx_answers_with_the_headers_wallet(ana: User, english: None) -> None:
    """The button a house table's socket puts in the header posts through htmx (its CSRF token in
    a header, cardroom.js): the answer replaces the header's wallet, with what happened in it."""
    wallet.stake(user=ana, amount=960)
    client = signed_in(ana)
    htmx = {"HX-Request": "true", "Accept-Language": "en"}

    given = client.post(TOP_UP, {"next": "/tables/1/"}, headers=htmx).content.decode()
    refused = client.post(TOP_UP, {"next": "/tables/1/"}, headers=htmx).content.decode()

    assert given.startswith('<span id="wallet"') and "hx-swap-oob" not in given
    assert ">1000 chips<" in given and "You got 960 free chips." in given
    assert 'id="top-up"' not in given
    assert ">1000 chips<" in refused
    assert "The free top-up is for when you have fewer than" in refused
    assert wallet.balance(ana) == 1000
