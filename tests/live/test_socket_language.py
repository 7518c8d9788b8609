"""A socket speaks the language of the page that opened it: the language cookie, then the
browser's Accept-Language, then Spanish; and its frames are in that language."""

import pytest
from django.utils import translation

from games.live.frames import ViewerFrames
from games.live.languages import scope_language
from games.models import User
from games.tables.snapshots import read_snapshot
from tests.support.live import rummy_table


@pytest.mark.parametrize(
    ("scope", "language"),
    [
        ({}, "es"),
        ({"cookies": {"django_language": "en"}}, "en"),
        ({"cookies": {"django_language": "xx"}, "headers": [(b"accept-language", b"en")]}, "en"),
        ({"headers": [(b"accept-language", b"en-GB,en;q=0.9")]}, "en"),
        ({"cookies": {"django_language": "es"}, "headers": [(b"accept-language", b"en")]}, "es"),
        ({"headers": [(b"accept-language", b"fr-FR")]}, "es"),
    ],
)
def test_socket_language(scope: dict[str, object], language: str) -> None:
    assert scope_language(scope) == language


@pytest.mark.django_db
@pytest.mark.parametrize("active", ["es", "en"])
def test_each_socket_of_a_table_gets_its_frames_in_its_own_language_whatever_is_active(
    ana: User, bruno: User, active: str
) -> None:
    """A frame is built in its socket's language: the active one is kept when it is that one,
    and put back after when it is not (the move's thread builds the frames of sockets of every
    language, in whatever language the mover's request left active)."""
    table = rummy_table(ana, bruno)
    snapshot = read_snapshot(table_id=table.pk)
    assert snapshot is not None
    spanish = ViewerFrames(viewer=ana, granted_table_ids=(), language="es")
    english = ViewerFrames(viewer=bruno, granted_table_ids=(), language="en")

    with translation.override(active):
        shown_es, shown_en = spanish.frame(snapshot), english.frame(snapshot)
        assert translation.get_language() == active

    assert shown_es is not None and "Mazo" in shown_es and "Stock" not in shown_es
    assert shown_en is not None and "Stock" in shown_en and "Mazo" not in shown_en
