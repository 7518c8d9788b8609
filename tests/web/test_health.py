"""GET /healthz tells whether the database and the channel layer answer, and whether the Celery
worker is alive: its beat's sweep finished lately."""

from datetime import timedelta

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone
from pytest_django.fixtures import Settings

from games.tasks import sweep
from sweeps.records import record_sweep

pytestmark = pytest.mark.django_db

UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"
ALL_OK = {"status": "ok", "database": "ok", "channel_layer": "ok", "worker": "ok"}


@pytest.fixture
def swept_just_now() -> None:
    record_sweep()


@pytest.mark.usefixtures("swept_just_now")
def test_healthz_answers_ok_when_all_answer(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == ALL_OK


@pytest.mark.usefixtures("swept_just_now")
def test_healthz_says_which_part_failed(client: Client, settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "cardroom.redis_layer.RedisLayer",
            "CONFIG": {"hosts": [UNREACHABLE_REDIS]},
        }
    }

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == ALL_OK | {"status": "error", "channel_layer": "error"}


def test_healthz_reports_a_database_that_does_not_answer(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "database": "error",
        "channel_layer": "ok",
        "worker": "error",
    }


def test_a_worker_whose_last_sweep_is_old_is_reported_down(
    client: Client, settings: Settings
) -> None:
    settings.CARDROOM_WORKER_STALE_SECONDS = 15.0
    record_sweep(now=timezone.now() - timedelta(seconds=16))

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == ALL_OK | {"status": "error", "worker": "error"}


def test_a_worker_that_never_swept_is_reported_down(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["worker"] == "error"


def test_the_beat_sweep_task_marks_the_worker_alive(client: Client) -> None:
    record_sweep(now=timezone.now() - timedelta(hours=1))

    sweep()

    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == ALL_OK


def test_healthz_is_read_only(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
