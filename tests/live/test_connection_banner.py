"""The words the page shows while its websocket is down are the page's own, in the reader's
language (the script only shows or hides them, and the CSP allows no inline script)."""

import pytest
from django.conf import settings
from django.test import Client

from games.models import User
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

HIDDEN_BANNER = '<p id="connection-banner" class="connection-banner" role="alert" hidden>'


@pytest.mark.parametrize(("language", "words"), [("es", "Reconectando…"), ("en", "Reconnecting…")])
def test_the_table_and_the_lobby_hold_the_banner_hidden_in_the_readers_language(
    ana: User, language: str, words: str
) -> None:
    table = open_table(ana)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    for path in (f"/tables/{table.pk}/", "/"):
        page = client.get(path).content.decode()
        assert f"{HIDDEN_BANNER}{words}</p>" in page
        assert "js/connection.js" in page
