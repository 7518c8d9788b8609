"""The language of a websocket: what ``LocaleMiddleware`` would pick for the page that opened it
(the language cookie, then the browser's Accept-Language, then the default)."""

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request


def scope_language(scope: Mapping[str, Any]) -> str:
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies", {}))
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"")
    request.META["HTTP_ACCEPT_LANGUAGE"] = accept.decode("latin-1")
    return get_language_from_request(request)
