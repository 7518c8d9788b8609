"""Spanish by default, English on request, through the language switch in the header."""

import pytest
from django.test import Client

LOGIN = "/accounts/login/"


def test_spanish_is_the_default(client: Client) -> None:
    page = client.get(LOGIN).content.decode()

    assert '<html lang="es">' in page
    assert "Iniciar sesión" in page


def test_a_browser_asking_for_an_unsupported_language_gets_spanish(client: Client) -> None:
    page = client.get(LOGIN, headers={"accept-language": "fr-FR,fr;q=0.9"}).content.decode()

    assert '<html lang="es">' in page


def test_the_header_offers_both_languages(client: Client) -> None:
    page = client.get(LOGIN).content.decode()

    assert 'id="language-switch"' in page
    assert 'action="/i18n/setlang/"' in page
    assert '<option value="es" lang="es" selected>' in page
    assert '<option value="en" lang="en">' in page
    assert 'id="language-submit"' in page


def test_the_language_switch_turns_the_page_to_english(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "en", "next": LOGIN}, follow=True)

    page = response.content.decode()
    assert response.redirect_chain == [(LOGIN, 302)]
    assert '<html lang="en">' in page
    assert "Log in" in page
    assert "Iniciar sesión" not in page
    assert '<option value="en" lang="en" selected>' in page


def test_the_choice_outlasts_the_browser_language(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "es", "next": LOGIN})

    page = client.get(LOGIN, headers={"accept-language": "en"}).content.decode()

    assert '<html lang="es">' in page


@pytest.mark.parametrize("language", ["xx", "e" * 5000, ""])
def test_a_forged_language_changes_nothing(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": LOGIN})

    page = client.get(LOGIN).content.decode()

    assert '<html lang="es">' in page
