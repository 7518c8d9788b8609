"""A socket speaks the language of the page that opened it: the language cookie, then the
browser's Accept-Language, then Spanish."""

import pytest

from games.live.languages import scope_language


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
