"""GET /healthz tells whether the database and the channel layer answer."""

import pytest
from django.db import OperationalError, connection
from django.test import Client
from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db

UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"


def test_healthz_answers_ok_when_both_answer(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_healthz_says_which_part_failed(client: Client, settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [UNREACHABLE_REDIS]},
        }
    }

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "channel_layer": "error"}


def test_healthz_reports_a_database_that_does_not_answer(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error", "channel_layer": "ok"}


def test_healthz_is_read_only(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
