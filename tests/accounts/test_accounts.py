"""Sign up, log in and out, change password, the profile page, bad input on those forms, and the
admin's list of players."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.fixtures import Settings

from games.accounts import services
from games.models import PlayerFigures

pytestmark = pytest.mark.django_db

User = get_user_model()
LOGIN_URL = "/accounts/login/"
PASSWORD = "Sota-de-Oros-1970"
NEW_PASSWORD = "Caballo-de-Copas-2024"


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up_form(**overrides: str) -> dict[str, str]:
    return {
        "username": "carmen",
        "display_name": "Carmen la del Oros",
        "password1": PASSWORD,
        "password2": PASSWORD,
    } | overrides


def test_sign_up_signs_in_and_shows_the_display_name(client: Client) -> None:
    response = client.post("/accounts/signup/", sign_up_form())

    assert response.status_code == 302
    assert response["Location"] == "/"
    profile = client.get("/accounts/profile/")
    assert profile.status_code == 200
    assert profile.context["user"].username == "carmen"
    menu = profile.content.decode().split('id="user-menu"')[1].split("</nav>")[0]
    assert "Carmen la del Oros" in menu


def test_sign_up_returns_to_a_local_next_page(client: Client) -> None:
    response = client.post("/accounts/signup/", sign_up_form(next="/accounts/profile/"))

    assert response.status_code == 302
    assert response["Location"] == "/accounts/profile/"


def test_sign_up_trims_the_display_name(client: Client) -> None:
    client.post("/accounts/signup/", sign_up_form(display_name="   Carmen    Oros  "))

    assert User.objects.get(username="carmen").display_name == "Carmen Oros"


def test_log_in_then_log_out(client: Client) -> None:
    services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")

    logged_in = client.post("/accounts/login/", {"username": "pepe", "password": PASSWORD})
    assert logged_in["Location"] == "/"
    profile = client.get("/accounts/profile/")
    assert profile.context["user"].display_name == "Pepe"
    assert 'id="logout"' in profile.content.decode()

    logged_out = client.post("/accounts/logout/")
    assert logged_out["Location"] == "/"
    login_page = client.get("/accounts/login/")
    assert not login_page.context["user"].is_authenticated
    assert 'id="login"' in login_page.content.decode()
    assert client.get("/accounts/profile/").status_code == 302


def test_log_in_with_a_wrong_password_is_refused(client: Client) -> None:
    services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")

    response = client.post("/accounts/login/", {"username": "pepe", "password": "nope"})

    assert response.status_code == 200
    assert not response.context["user"].is_authenticated
    assert response.context["form"].non_field_errors()


def test_change_password(client: Client) -> None:
    user = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")
    client.force_login(user)

    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    assert client.get("/accounts/profile/").status_code == 200, "still signed in"
    client.logout()
    assert client.post(LOGIN_URL, {"username": "pepe", "password": PASSWORD}).status_code == 200
    assert client.post(LOGIN_URL, {"username": "pepe", "password": NEW_PASSWORD}).status_code == 302


def test_change_password_needs_the_old_one(client: Client) -> None:
    user = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")
    client.force_login(user)

    response = client.post(
        "/accounts/password/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert response.context["form"].errors["old_password"]
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_profile_needs_a_signed_in_user(client: Client) -> None:
    response = client.get("/accounts/profile/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_profile_shows_games_played_and_won(client: Client) -> None:
    user = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")
    PlayerFigures.objects.create(user=user, game="rummy70", matches=7, wins=3, place_total=14)
    client.force_login(user)

    page = client.get("/accounts/profile/", headers={"accept-language": "en"}).content.decode()

    assert "Pepe" in page
    assert 'data-game="rummy70"' in page
    assert '<li class="figure-played" data-value="7">7 matches</li>' in page
    assert '<li class="figure-won" data-value="3">3 wins</li>' in page
    assert "average place 2.0" in page


def test_profile_of_a_new_player_lists_every_game_with_nothing_played(client: Client) -> None:
    client.force_login(services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe"))

    response = client.get("/accounts/profile/")

    records = response.context["records"]
    assert [record.game for record in records] == ["rummy70", "golfo"]
    assert all(record.played == record.won == 0 for record in records)
    assert 'id="game-records"' in response.content.decode()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("display_name", "x" * 41),
        ("display_name", "   "),
        ("display_name", "Bell\x07"),
        ("display_name", "nul\x00byte"),
        ("username", "u" * 151),
        ("username", "has space"),
        ("username", "guest-abc"),
        ("username", "Bot-abc"),
        ("password1", "p" * 300),
        ("password2", "not the same"),
        ("password1", "123"),
    ],
)
def test_sign_up_refuses_bad_fields_and_creates_nobody(
    client: Client, field: str, value: str
) -> None:
    form = sign_up_form(**{field: value})
    if field == "password1":
        form["password2"] = value

    response = client.post("/accounts/signup/", form)

    assert response.status_code == 200
    assert response.context["form"].errors
    assert not response.context["user"].is_authenticated
    assert not User.objects.exists()


def test_sign_up_refuses_a_username_taken_in_another_case(client: Client) -> None:
    services.sign_up(username="Carmen", password=PASSWORD, display_name="Carmen")

    response = client.post("/accounts/signup/", sign_up_form(username="carmen"))

    assert response.context["form"].errors["username"]
    assert User.objects.count() == 1


def test_sign_up_without_fields_shows_errors(client: Client) -> None:
    response = client.post("/accounts/signup/", {"unexpected": "x" * 5000})

    assert response.status_code == 200
    assert set(response.context["form"].errors) >= {"username", "display_name", "password1"}


def test_display_name_is_escaped(client: Client) -> None:
    client.post("/accounts/signup/", sign_up_form(display_name="<b>Ana</b>"))

    page = client.get("/accounts/profile/").content.decode()
    assert "&lt;b&gt;Ana&lt;/b&gt;" in page
    assert "<b>Ana</b>" not in page


def test_log_in_with_an_oversized_username_is_refused(client: Client) -> None:
    response = client.post("/accounts/login/", {"username": "a" * 10_000, "password": "x"})

    assert response.status_code == 200
    assert response.context["form"].errors


def test_sign_up_shows_every_shape_error_at_once(client: Client) -> None:
    response = client.post(
        "/accounts/signup/", sign_up_form(username="has space", password2="not the same")
    )

    errors = response.context["form"].errors
    assert set(errors) == {"username", "password2"}


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


def test_rename_changes_the_name_others_see(client: Client) -> None:
    client.force_login(services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe"))

    response = client.post("/accounts/profile/name/", {"display_name": "  Pepe  el Sota "})

    assert response["Location"] == "/accounts/profile/"
    assert User.objects.get().display_name == "Pepe el Sota"
    assert "Pepe el Sota" in client.get("/accounts/profile/").content.decode()


@pytest.mark.parametrize("display_name", ["", "   ", "x" * 41, "tab\x1b"])
def test_rename_refuses_a_bad_name_and_keeps_the_old_one(client: Client, display_name: str) -> None:
    client.force_login(services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe"))

    response = client.post("/accounts/profile/name/", {"display_name": display_name})

    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]
    assert User.objects.get().display_name == "Pepe"
