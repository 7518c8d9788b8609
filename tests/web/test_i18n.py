"""Spanish by default, English on request, through the language switch in the header."""

import pytest
from django.template import engines
from django.test import Client
from django.utils import translation

from games.kinds.screens import Part
from games.live.part_cache import render_part

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


# The words of a constant `{% translate %}` are kept by its compiled node per language
# (games.templatetags.i18n_constants): one template, rendered in turn for a Spanish and an English
# viewer, must give each his own language every time.
WORDS = (
    '{% load i18n %}{% translate "Dealer" %}|{% translate "coins" context "suit" %}|'
    "{% translate chosen %}|{% translate 'Players' as label %}{{ label }}|"
    '{% translate "Dealer"|upper %}'
)


def test_a_template_shows_each_viewer_its_words_in_his_language() -> None:
    template = engines["django"].from_string(WORDS)

    def words(language: str, chosen: str) -> str:
        with translation.override(language):
            return template.render({"chosen": chosen})

    assert words("es", "Dealer") == "Reparte|oros|Reparte|Jugadores|REPARTE"
    assert words("en", "Players") == "Dealer|coins|Players|Players|DEALER"
    assert words("es", "Players") == "Reparte|oros|Jugadores|Jugadores|REPARTE"


# A `{% blocktranslate %}` of one sentence keeps its sentence per language and fills its values in
# at every render; one with a plural is Django's own.
SENTENCES = (
    "{% load i18n %}{% blocktranslate with n=hand_no %}Hand {{ n }}{% endblocktranslate %}|"
    "{% blocktranslate trimmed with name=dealer %}\n  {{ name }}\n  deals\n{% endblocktranslate %}|"
    '{% blocktranslate context "suit" %}coins{% endblocktranslate %}|'
    "{% blocktranslate count n=cards %}{{ n }} card{% plural %}{{ n }} cards{% endblocktranslate %}"
)


def test_a_sentence_reads_in_each_viewer_language_with_his_own_values() -> None:
    template = engines["django"].from_string(SENTENCES)

    def sentences(language: str, hand_no: int, dealer: str) -> str:
        with translation.override(language):
            return template.render({"hand_no": hand_no, "dealer": dealer, "cards": 1})

    assert sentences("es", 3, "Ana") == "Mano 3|reparte Ana|oros|1 card"
    assert sentences("en", 4, "<b>Bea</b>") == "Hand 4|&lt;b&gt;Bea&lt;/b&gt; deals|coins|1 card"
    assert sentences("es", 5, "Eva & Leo") == "Mano 5|reparte Eva &amp; Leo|oros|1 card"


def test_a_part_and_the_snippets_in_it_read_in_the_language_it_is_rendered_in() -> None:
    """A table's part is rendered once per language (``games.live.part_cache``), with its snippets
    (``{% snippet %}``, kept per language too) and their constant words: the same data gives a
    Spanish viewer Spanish and an English one English, whichever was rendered first."""
    row = {
        "name": "Ana",
        "cards": [],
        "hand_points": 0,
        "penalty": 0,
        "reason": "",
        "closer": True,
        "eliminated_now": False,
        "ready": True,
        "in_match": True,
    }
    result = Part(
        "tables/rummy70/_result.html",
        {"result": {"ending_label": "", "closer": "Ana", "rows": [row]}, "match_over": False},
    )

    def shown(language: str) -> str:
        with translation.override(language):
            return render_part(result)

    english, spanish = shown("en"), shown("es")

    for words in ("End of the hand", "closed", "Ready"):
        assert words in english and words not in spanish
    for words in ("Fin de la mano", "cerró", "Listo"):
        assert words in spanish and words not in english
