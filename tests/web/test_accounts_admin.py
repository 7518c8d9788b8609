"""The Django admin lists players with their display name and guest flag, and adds new ones."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.fixtures import Settings

from games.accounts import services

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "Sota-de-Oros-1970"


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(User.objects.create_superuser(username="root", password=PASSWORD))
    return client


def test_admin_lists_guests_by_display_name(staff_client: Client) -> None:
    services.create_guest(nickname="Paco el Invitado")

    page = staff_client.get("/admin/games/user/", {"is_guest__exact": "1"}).content.decode()

    assert "Paco el Invitado" in page
    assert "root" not in page.split('id="result_list"')[1]


def test_admin_adds_a_player_with_a_display_name(staff_client: Client) -> None:
    response = staff_client.post(
        "/admin/games/user/add/",
        {
            "username": "lola",
            "display_name": "Lola",
            "usable_password": "true",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 302
    lola = User.objects.get(username="lola")
    assert lola.display_name == "Lola"
    assert lola.check_password(PASSWORD)
    assert staff_client.get(f"/admin/games/user/{lola.pk}/change/").status_code == 200
