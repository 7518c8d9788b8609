"""A display name belongs to one player whatever its case and accents: "Ana", "ana" and "Ána"
cannot sit at one table as three people nobody tells apart. The database refuses a second one,
even when sign-ups and guests with variants of one name arrive at the same moment, and every form
that sets a name says so in the player's language."""

import importlib
import threading

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test import Client
from pytest_django.fixtures import Settings

from games.accounts import services
from games.models import User

pytestmark = pytest.mark.django_db(transaction=True)

fill_display_name_keys = importlib.import_module(
    "games.migrations.0011_user_display_name_key"
).fill_display_name_keys

PASSWORD = "Sota-de-Oros-1970"
VARIANTS = ["Ana", "ana", "Ána", "ÁNA", " ana  ", "Anà"] * 3
TAKEN = {
    "es": "Ese nombre ya lo usa otro jugador.",
    "en": "That name is already taken by another player.",
}


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_parallel_sign_ups_and_guests_with_name_variants_make_exactly_one_player() -> None:
    start = threading.Barrier(len(VARIANTS))
    refusals: list[str] = []
    lock = threading.Lock()

    def arrive(index: int, name: str) -> None:
        start.wait()
        try:
            if index % 2:
                services.create_guest(nickname=name)
            else:
                services.sign_up(username=f"player{index}", password=PASSWORD, display_name=name)
        except ValidationError as error:
            field = "nickname" if index % 2 else "display_name"
            with lock:
                refusals.extend(e.code or "" for e in error.error_dict[field])
        finally:
            connection.close()

    threads = [
        threading.Thread(target=arrive, args=(index, name)) for index, name in enumerate(VARIANTS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert User.objects.filter(display_name_key="ana").count() == 1
    assert refusals == ["name_taken"] * (len(VARIANTS) - 1)


def test_the_database_refuses_a_name_in_another_case_or_accent() -> None:
    User.objects.create(username="ana", display_name="Ana")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="ana2", display_name="ÁNA")


def test_a_rename_to_ones_own_name_in_another_spelling_is_allowed() -> None:
    user = User.objects.create(username="ana", display_name="Ana")

    services.rename(user=user, display_name="Ána")

    user.refresh_from_db()
    assert (user.display_name, user.display_name_key) == ("Ána", "ana")


@pytest.mark.parametrize("language", ["es", "en"])
def test_sign_up_says_the_name_is_taken(client: Client, language: str) -> None:
    User.objects.create(username="ana", display_name="Ana")

    response = client.post(
        "/accounts/signup/",
        {"username": "anita", "display_name": "ána", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=language,
    )

    assert TAKEN[language] in response.content.decode()
    assert not User.objects.filter(username="anita").exists()


@pytest.mark.parametrize("language", ["es", "en"])
def test_a_guest_is_told_the_nickname_is_taken(client: Client, language: str) -> None:
    User.objects.create(username="ana", display_name="Ana")

    response = client.post("/accounts/guest/", {"nickname": "ÀNA"}, HTTP_ACCEPT_LANGUAGE=language)

    assert TAKEN[language] in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("language", ["es", "en"])
def test_rename_says_the_name_is_taken(client: Client, language: str) -> None:
    User.objects.create(username="ana", display_name="Ana")
    bruno = User.objects.create(username="bruno", display_name="Bruno")
    client.force_login(bruno)

    response = client.post(
        "/accounts/profile/name/", {"display_name": "Ána"}, HTTP_ACCEPT_LANGUAGE=language
    )

    assert TAKEN[language] in response.content.decode()
    bruno.refresh_from_db()
    assert bruno.display_name == "Bruno"


def test_a_claimed_guest_keeps_his_name_and_nobody_else_can_take_it(client: Client) -> None:
    client.post("/accounts/guest/", {"nickname": "Paco"})
    client.post(
        "/accounts/claim/", {"username": "paco", "password1": PASSWORD, "password2": PASSWORD}
    )

    with pytest.raises(ValidationError) as refused:
        services.sign_up(username="paquito", password=PASSWORD, display_name="PACO")

    assert User.objects.get(username="paco").display_name == "Paco"
    assert refused.value.error_dict["display_name"][0].code == "name_taken"


def test_names_like_a_bots_are_kept_for_bots() -> None:
    with pytest.raises(ValidationError) as refused:
        services.create_guest(nickname="bot 2")

    assert refused.value.error_dict["nickname"][0].code == "bot_name"


def test_the_migration_keeps_the_oldest_name_and_numbers_later_clashes() -> None:
    names = ["Ana", "ána", "Bruno", "ANA", "A" * 40, "a" * 40]
    users = [User.objects.create(username=f"user{n}", display_name=f"x{n}") for n in range(6)]
    for user, name in zip(users, names, strict=True):
        User.objects.filter(pk=user.pk).update(display_name=name, display_name_key="")

    fill_display_name_keys(apps, None)

    assert [User.objects.get(pk=user.pk).display_name for user in users] == [
        "Ana",
        "ána 2",
        "Bruno",
        "ANA 3",
        "A" * 40,
        "a" * 38 + " 2",
    ]
    assert User.objects.get(pk=users[1].pk).display_name_key == "ana 2"


def test_a_rename_that_loses_the_race_says_the_name_is_taken(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service's check ran before the other player took the name: the database's refusal
    still comes back as the form's message, and the name stays."""
    User.objects.create(username="ana", display_name="Ana")
    bruno = User.objects.create(username="bruno", display_name="Bruno")
    monkeypatch.setattr(
        services,
        "available_display_name",
        lambda value, *, user=None: services.normalize_display_name(value),
    )
    client.force_login(bruno)

    response = client.post(
        "/accounts/profile/name/", {"display_name": "ANA"}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert TAKEN["en"] in response.content.decode()
    bruno.refresh_from_db()
    assert (bruno.display_name, bruno.display_name_key) == ("Bruno", "bruno")
