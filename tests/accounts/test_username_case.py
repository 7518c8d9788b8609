"""A username belongs to one account whatever its case: the database refuses a second one, even
when sign-ups with case variants of one name arrive at the same moment."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test import Client
from pytest_django.fixtures import Settings

from games.accounts import services
from games.models import User

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Sota-de-Oros-1970"
VARIANTS = ["carmen", "Carmen", "CARMEN", "cArMeN", "carMEN"] * 4


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_parallel_sign_ups_in_case_variants_make_exactly_one_account() -> None:
    start = threading.Barrier(len(VARIANTS))
    refusals: list[str] = []
    lock = threading.Lock()

    def sign_up(index: int, username: str) -> None:
        start.wait()
        try:
            services.sign_up(username=username, password=PASSWORD, display_name=f"Carmen {index}")
        except ValidationError as error:
            with lock:
                refusals.extend(e.code or "" for e in error.error_dict["username"])
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=pair) for pair in enumerate(VARIANTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert User.objects.filter(username__iexact="carmen").count() == 1
    assert refusals == ["taken"] * (len(VARIANTS) - 1)


def test_the_database_refuses_a_username_in_another_case() -> None:
    User.objects.create(username="Paco", display_name="Paco")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="pACO", display_name="Paco bis")


def test_a_sign_up_that_loses_the_race_shows_that_the_username_is_taken(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The form's check ran before the other account was saved: the database's refusal still
    comes back as the form's message."""
    User.objects.create(username="Carmen", display_name="Carmen")
    monkeypatch.setattr(services, "_username_errors", lambda *, user: [])

    response = client.post(
        "/accounts/signup/",
        {
            "username": "carmen",
            "display_name": "Carmen bis",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 200
    assert "That username is taken." in response.content.decode()
    assert User.objects.count() == 1
