"""Guest play: a visitor on an invite link picks a nickname and is signed in as a guest; later he
keeps that same account by choosing a username and a password."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from pytest_django.fixtures import Settings

from games.accounts import services

pytestmark = pytest.mark.django_db

User = get_user_model()
LOGIN_URL = "/accounts/login/"
PASSWORD = "Sota-de-Oros-1970"
INVITE_PATH = "/t/invite-token/"


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_guest_form_posts_the_page_it_sits_on_as_next() -> None:
    request = RequestFactory().get(INVITE_PATH)

    form = render_to_string("accounts/guest_form.html", request=request)

    assert 'id="guest-form"' in form
    assert 'action="/accounts/guest/"' in form
    assert 'name="nickname"' in form
    assert f'name="next" value="{INVITE_PATH}"' in form
    assert 'id="guest-submit"' in form


def test_guest_is_signed_in_and_sent_back_to_the_invite(client: Client) -> None:
    response = client.post("/accounts/guest/", {"nickname": "  Paco  ", "next": INVITE_PATH})

    assert response.status_code == 302
    assert response["Location"] == INVITE_PATH
    guest = User.objects.get()
    assert guest.is_guest
    assert guest.display_name == "Paco"
    assert not guest.has_usable_password()
    assert int(client.session["_auth_user_id"]) == guest.pk
    profile = client.get("/accounts/profile/").content.decode()
    assert "Paco" in profile
    assert 'id="claim-link"' in profile


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/x", ""])
def test_guest_with_a_foreign_or_missing_next_goes_to_the_lobby(
    client: Client, next_url: str
) -> None:
    response = client.post("/accounts/guest/", {"nickname": "Paco", "next": next_url})

    assert response.status_code == 302
    assert response["Location"] == "/"


@pytest.mark.parametrize("nickname", ["", "   ", "n" * 41, "tab\x1bescape", "x" * 100_000])
def test_bad_nickname_shows_an_error_and_creates_nobody(client: Client, nickname: str) -> None:
    response = client.post("/accounts/guest/", {"nickname": nickname, "next": INVITE_PATH})

    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="field-error"' in page
    assert f'name="next" value="{INVITE_PATH}"' in page
    assert not User.objects.exists()


def test_a_signed_in_user_is_not_made_a_guest_again(client: Client) -> None:
    member = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")
    client.force_login(member)

    response = client.post("/accounts/guest/", {"nickname": "Other", "next": INVITE_PATH})

    assert response["Location"] == INVITE_PATH
    assert User.objects.count() == 1
    assert int(client.session["_auth_user_id"]) == member.pk


def test_a_second_guest_cannot_take_a_nickname_in_use() -> None:
    services.create_guest(nickname="Paco")

    with pytest.raises(ValidationError) as refused:
        services.create_guest(nickname="paco")

    assert refused.value.error_dict["nickname"][0].code == "name_taken"
    assert User.objects.count() == 1


def test_claim_keeps_the_same_user_and_signs_in_with_the_new_password(client: Client) -> None:
    client.post("/accounts/guest/", {"nickname": "Paco", "next": INVITE_PATH})
    guest_id = User.objects.get().pk

    response = client.post(
        "/accounts/claim/", {"username": "paco", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 302
    account = User.objects.get()
    assert account.pk == guest_id
    assert not account.is_guest
    assert account.username == "paco"
    assert account.display_name == "Paco"
    assert client.get("/accounts/profile/").status_code == 200, "still signed in"
    client.logout()
    assert client.post(LOGIN_URL, {"username": "paco", "password": PASSWORD}).status_code == 302


@pytest.mark.parametrize(
    "form",
    [
        {"username": "pepe", "password1": PASSWORD, "password2": PASSWORD},
        {"username": "paco", "password1": PASSWORD, "password2": "different"},
        {"username": "p" * 151, "password1": PASSWORD, "password2": PASSWORD},
        {"username": "paco", "password1": "short", "password2": "short"},
        {"username": "guest-x", "password1": PASSWORD, "password2": PASSWORD},
    ],
)
def test_claim_refuses_bad_fields_and_leaves_the_guest_alone(
    client: Client, form: dict[str, str]
) -> None:
    services.sign_up(username="Pepe", password=PASSWORD, display_name="Pepe")
    guest = services.create_guest(nickname="Paco")
    client.force_login(guest)

    response = client.post("/accounts/claim/", form)

    assert response.status_code == 200
    assert response.context["form"].errors
    guest.refresh_from_db()
    assert guest.is_guest
    assert guest.username.startswith(services.GUEST_USERNAME_PREFIX)
    assert not guest.has_usable_password()


def test_claim_is_only_for_guests(client: Client) -> None:
    member = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")
    client.force_login(member)

    response = client.post(
        "/accounts/claim/", {"username": "other", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response["Location"] == "/accounts/profile/"
    member.refresh_from_db()
    assert member.username == "pepe"


def test_claim_service_refuses_a_full_account() -> None:
    member = services.sign_up(username="pepe", password=PASSWORD, display_name="Pepe")

    with pytest.raises(ValidationError):
        services.claim_guest(user=member, username="other", password=PASSWORD)


def test_a_guest_changes_no_password_but_is_sent_to_claim(client: Client) -> None:
    client.force_login(services.create_guest(nickname="Paco"))

    response = client.get("/accounts/password/")

    assert response["Location"] == "/accounts/claim/"


def test_an_empty_guest_post_asks_for_a_nickname(client: Client) -> None:
    response = client.post("/accounts/guest/")

    assert response.status_code == 200
    assert response.context["guest_form"].errors["nickname"]
    assert not User.objects.exists()


def test_a_guest_who_opens_sign_up_is_sent_to_claim(client: Client) -> None:
    client.force_login(services.create_guest(nickname="Paco"))

    response = client.get("/accounts/signup/")

    assert response["Location"] == "/accounts/claim/"
