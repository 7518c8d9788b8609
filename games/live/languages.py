"""The language of a websocket: what ``LocaleMiddleware`` would pick for the page that opened it
(the language cookie, then the browser's Accept-Language, then the default)."""

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import get_language, get_language_from_request


def scope_language(scope: Mapping[str, Any]) -> str:
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies", {}))
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"")
    request.META["HTTP_ACCEPT_LANGUAGE"] = accept.decode("latin-1")
    return get_language_from_request(request)


def speaking(language: str) -> AbstractContextManager[object]:
    """``language`` active inside: ``translation.override``, unless it is the active one
    already, as it mostly is (every socket of a Spanish room in Spanish): making it active and
    back costs three times what asking which one is does, twice for each socket's frame of each
    move (docs/performance.md, twenty-seventh pass)."""
    if get_language() == language:
        return nullcontext()
    return translation.override(language)
