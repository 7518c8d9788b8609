"""The log-in lock-out's two hooks for django-axes (settings, "Log-in lock-out";
docs/security.md): which username an attempt is about, and the page a locked-out attempt gets."""

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.accounts.forms import USERNAME_MAX_LENGTH
from games.accounts.views import safe_next
from games.live.rate_limits import TOO_MANY_REQUESTS, wait_in_words


def username_for_lockout(request: HttpRequest, credentials: dict[str, object] | None) -> str:
    """Usernames are unique ignoring case, so ``Carmen`` and ``carmen`` share one count. The log-in
    form lets any length through to ``authenticate``; no username is longer than 150 characters,
    and the attempt's record holds at most 255."""
    value = (credentials or {}).get("username") or request.POST.get("username") or ""
    return str(value).lower()[:USERNAME_MAX_LENGTH]


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, object] | None = None,
) -> HttpResponse:
    """The log-in page again, saying why it refused and when to try again."""
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    message = _(
        "Too many wrong passwords for this username from your address. Try again in %(wait)s."
    ) % {"wait": wait_in_words(wait)}
    context = {"form": AuthenticationForm(request), "next": safe_next(request), "refusal": message}
    response = render(request, "accounts/login.html", context, status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(wait)
    return response
