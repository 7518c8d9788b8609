"""The "how to play" pages: one per game, public, in Spanish (the default) and English, with real
cards drawn by the tables' own card partials, worked examples whose points the engines count, and
links to them from the lobby and from each table."""

import re
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.conf import settings
from django.test import Client

from games.engine.cards import parse
from games.engine.golfo.hands import hand_value
from games.engine.rummy.melds import meld_points
from games.models import User
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

RUMMY = "/reglas/rummy70/"
GOLFO = "/reglas/golfo/"
RUMMY_CARD = re.compile(r'<span class="card face suit-[OCEB]" role="img" aria-label="[^"]+">')
JOKER_CARD = re.compile(r'<span class="card face joker" role="img" aria-label="[^"]+">')
GOLFO_CARD = re.compile(r'<span class="card face suit-[OCEB]" role="img" aria-label="[^"]+">')


def page(path: str, language: str = "es", user: User | None = None) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def example(text: str, name: str) -> str:
    match = re.search(rf'<figure class="rules-example" id="{name}">.*?</figure>', text, re.DOTALL)
    assert match, text
    return match.group(0)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "es",
            [
                "Cómo se juega al Rummy 70",
                "abrirse",
                "70 puntos",
                "comodín",
                "SECO",
                "NO ABIERTOS",
                "ABIERTOS",
                "3 puntos",
                "oros",
                "mazo",
            ],
        ),
        (
            "en",
            [
                "How to play Rummy 70",
                "abrirse",
                "70 points",
                "comodín",
                "SECO",
                "NO ABIERTOS",
                "ABIERTOS",
                "3 points",
                "coins",
            ],
        ),
    ],
)
def test_the_rummy_page_explains_the_game_in_each_language(language: str, words: list[str]) -> None:
    text = page(RUMMY, language)

    assert f'<html lang="{language}">' in text
    for word in words:
        assert word in text, word


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "es",
            [
                "Cómo se juega al Golfo",
                "envite",
                "igualar",
                "aumentar",
                "abandonar",
                "lance",
                "descarte",
                "resto",
                "28 cartas",
                "30",
            ],
        ),
        (
            "en",
            [
                "How to play Golfo",
                "envite",
                "igualar",
                "aumentar",
                "abandonar",
                "lance",
                "descarte",
                "resto",
                "28 cards",
                "30",
            ],
        ),
    ],
)
def test_the_golfo_page_explains_the_game_in_each_language(language: str, words: list[str]) -> None:
    text = page(GOLFO, language)

    assert f'<html lang="{language}">' in text
    for word in words:
        assert word in text, word


def test_the_rules_pages_need_no_login() -> None:
    for path in (RUMMY, GOLFO):
        assert Client().get(path).status_code == 200


def test_the_rummy_page_shows_cards_as_the_table_draws_them() -> None:
    text = page(RUMMY)

    assert len(RUMMY_CARD.findall(text)) >= 11
    assert JOKER_CARD.search(text)
    assert 'href="/static/css/rummy70.css"' in text
    assert 'aria-label="rey de oros"' in text


def test_the_opening_example_adds_up_to_seventy() -> None:
    figure = example(page(RUMMY, "en"), "opening")

    melds = ["KO KC KE", "5O 6O 7O 8O", "2C 3C 4C 5C"]
    points = [meld_points(parse(meld)) for meld in melds]
    assert sum(points) == 70
    for value in points:
        assert f'<span class="rules-points">{value} points</span>' in figure
    assert '<strong class="rules-total">70 points</strong>' in figure
    assert len(RUMMY_CARD.findall(figure)) == 11


def test_the_joker_example_shows_what_the_joker_stands_for() -> None:
    figure = example(page(RUMMY, "en"), "joker-run")

    assert 'aria-label="joker as jack of swords"' in figure
    assert '<span class="rules-points">39 points</span>' in figure


def test_the_golfo_page_compares_a_27_with_a_24() -> None:
    text = page(GOLFO, "en")
    figure = example(text, "hand-values")

    assert hand_value("9C 8C 6C 4C 7O") == 27
    assert hand_value("9E 8E 7E 6B 5O") == 24
    assert "worth 27" in figure
    assert "worth 24" in figure
    assert len(GOLFO_CARD.findall(figure)) >= 10
    assert 'href="/static/css/golfo.css"' in text


def test_the_lobby_links_to_both_rules_pages() -> None:
    text = page("/")

    assert f'href="{RUMMY}"' in text
    assert f'href="{GOLFO}"' in text


@pytest.mark.parametrize(("game", "path"), [("rummy70", RUMMY), ("golfo", GOLFO)])
def test_the_table_links_to_its_own_game_rules(ana: User, game: str, path: str) -> None:
    table = open_table(ana, game=game)

    text = page(f"/tables/{table.pk}/", "en", user=ana)

    assert re.search(rf'<a class="rules-link" href="{path}"[^>]*>Rules</a>', text)


def test_the_rules_pages_carry_no_inline_style_or_script() -> None:
    for path in (RUMMY, GOLFO):
        text = page(path)
        assert " style=" not in text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text)


def test_a_visitor_reads_the_rules_without_touching_the_database(
    django_assert_num_queries: Callable[..., AbstractContextManager[object]],
) -> None:
    for path in (RUMMY, GOLFO):
        with django_assert_num_queries(0):
            assert Client().get(path).status_code == 200
