"""Security headers and production defaults (docs/security.md, "Headers"): a Content-Security-Policy
that allows no inline script, with no inline script, event-handler attribute or inline header left
in the pages; a Permissions-Policy; and, with DEBUG off, HSTS, the HTTPS redirect (except
/healthz) and Secure cookies, the language cookie included, so that `check --deploy` is silent."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

from games.models import User
from sweeps.records import record_sweep
from tests.support.matches import start_match

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-a-long-and-varied-secret-for-the-deploy-check-0123456789",
    "ALLOWED_HOSTS": "cards.example.org",
}
# A script element with neither a source nor a data type (json_script's data blocks run nothing).
INLINE_SCRIPT = re.compile(
    r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>', re.IGNORECASE
)
EVENT_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {part[0]: part[1:] for part in parts}


def pages(ana: User, bruno: User) -> list[tuple[Client, str]]:
    table = start_match([ana, bruno], seat_count=2)
    visitor, player = Client(), Client()
    player.force_login(ana)
    return [
        (visitor, "/"),
        (visitor, "/accounts/login/"),
        (visitor, "/accounts/signup/"),
        (visitor, f"/tables/{table.pk}/"),
        (visitor, "/reglas/rummy70/"),
        (visitor, "/reglas/golfo/"),
        (player, "/"),
        (player, "/tables/new/"),
        (player, f"/tables/{table.pk}/"),
        (player, "/accounts/profile/"),
    ]


def test_every_page_forbids_inline_scripts_and_holds_none(ana: User, bruno: User) -> None:
    for client, path in pages(ana, bruno):
        response = client.get(path)
        page = response.content.decode()
        policy = directives(response["Content-Security-Policy"])

        assert response.status_code == 200, path
        assert policy["script-src"] == ["'self'"], path
        assert "'unsafe-inline'" not in policy.get("style-src", []), path
        assert policy["object-src"] == ["'none'"], path
        assert policy["frame-ancestors"] == ["'none'"], path
        assert not INLINE_SCRIPT.search(page), path
        assert not EVENT_HANDLER.search(page), path
        assert "hx-headers" not in page, path


def test_htmx_is_told_not_to_add_inline_styles_or_evaluate_code(client: Client) -> None:
    page = client.get("/").content.decode()

    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', page)
    assert config is not None
    assert '"includeIndicatorStyles": false' in config.group(1)
    assert '"allowEval": false' in config.group(1)
    assert '"allowScriptTags": false' in config.group(1)


def test_pages_carry_the_csrf_token_for_htmx_in_a_meta_tag(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()

    assert re.search(r'<meta name="csrf-token" content="[A-Za-z0-9]{32,}">', page)


def test_a_permissions_policy_turns_off_what_a_card_room_does_not_use(client: Client) -> None:
    policy = client.get("/")["Permissions-Policy"]

    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"):
        assert feature in policy


def test_healthz_answers_over_plain_http_when_everything_else_redirects(
    settings: Settings,
) -> None:
    settings.SECURE_SSL_REDIRECT = True
    record_sweep()
    client = Client()

    assert client.get("/").status_code == 301
    assert client.get("/healthz").status_code == 200


def production_settings(**extra: str) -> dict[str, object]:
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "print(json.dumps({k: getattr(s, k) for k in ('SECURE_SSL_REDIRECT', "
        "'SECURE_HSTS_SECONDS', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', "
        "'LANGUAGE_COOKIE_SECURE', 'SECURE_REDIRECT_EXEMPT')}))"
    )
    env = {**os.environ, **PRODUCTION, **extra, "DJANGO_SETTINGS_MODULE": "cardroom.settings"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def test_production_defaults_are_https_only() -> None:
    values = production_settings()

    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] == 31536000
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["LANGUAGE_COOKIE_SECURE"] is True
    assert values["SECURE_REDIRECT_EXEMPT"] == [r"^healthz$"]


def test_behind_a_proxy_that_does_it_the_redirect_and_hsts_can_be_turned_off() -> None:
    values = production_settings(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")

    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0


def test_the_deploy_check_reports_nothing_with_production_settings() -> None:
    env = {**os.environ, **PRODUCTION}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
