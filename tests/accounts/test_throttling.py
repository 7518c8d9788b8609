"""Throttling (docs/security.md): the log-in lock-out, the rate limits on sign-ups, guests, tables
and log-in attempts per address and per user, the caps on open sockets, and the chat limit under
concurrency. Each refusal says what happened and when to try again."""

import threading
from datetime import timedelta
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from axes.models import AccessAttempt
from django.db import connection
from django.test import Client
from pytest_django.fixtures import Settings

from games.live import rate_limits
from games.models import ChatMessage, Table, User
from games.tables.chat import RATE_MESSAGES, post_message
from games.tables.errors import TableError
from tests.support.matches import start_match
from tests.support.sockets import open_socket

pytestmark = pytest.mark.django_db

PASSWORD = "Sota-de-Oros-1970"
HOME = {"REMOTE_ADDR": "203.0.113.7"}
ELSEWHERE = {"REMOTE_ADDR": "198.51.100.20"}


@pytest.fixture(autouse=True)
def fast_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def mid_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate windows are fixed (whole hours, quarters, ten minutes): each test here runs at a
    moment well inside every window, so that a run near a window's end neither lets a request
    into the next window nor says "1 minute" where the test reads the wait."""
    moment = 1_800_001_000.0
    monkeypatch.setattr(rate_limits, "time", SimpleNamespace(time=lambda: moment))


@pytest.fixture
def carmen_account() -> User:
    user = User(username="carmen", display_name="Carmen")
    user.set_password(PASSWORD)
    user.save()
    return user


def log_in(client: Client, password: str, *, username: str = "carmen", **meta: str) -> object:
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        HTTP_ACCEPT_LANGUAGE="en",
        **(meta or HOME),
    )


def test_wrong_passwords_lock_the_username_from_that_address_for_15_minutes(
    client: Client, carmen_account: User
) -> None:
    answers = [log_in(client, "wrong").status_code for _ in range(5)]
    locked = log_in(client, PASSWORD)

    assert answers[:4] == [200] * 4
    assert locked.status_code == 429
    assert locked["Retry-After"] == "900"
    page = locked.content.decode()
    assert "Too many wrong passwords for this username from your address." in page
    assert "Try again in 15 minutes." in page
    assert "_auth_user_id" not in client.session


def test_the_lock_holds_for_every_case_of_the_username(
    client: Client, carmen_account: User
) -> None:
    for name in ["carmen", "Carmen", "CARMEN", "cArmen", "carmeN"]:
        log_in(client, "wrong", username=name)

    assert log_in(client, PASSWORD).status_code == 429


def test_the_lock_leaves_other_addresses_and_other_usernames_alone(
    carmen_account: User, client: Client
) -> None:
    friend = User(username="dario", display_name="Dario")
    friend.set_password(PASSWORD)
    friend.save()
    for _ in range(6):
        log_in(client, "wrong")

    from_elsewhere = log_in(Client(), PASSWORD, **ELSEWHERE)
    friend_behind_the_same_address = log_in(Client(), PASSWORD, username="dario")

    assert from_elsewhere.status_code == 302
    assert friend_behind_the_same_address.status_code == 302


def test_after_the_cool_off_the_right_password_logs_in(
    client: Client, carmen_account: User
) -> None:
    for _ in range(5):
        log_in(client, "wrong")
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )

    assert log_in(client, PASSWORD).status_code == 302


def test_many_log_in_attempts_from_one_address_are_refused(
    client: Client, settings: Settings
) -> None:
    settings.CARDROOM_RATES = {**settings.CARDROOM_RATES, "login-address": (3, 900)}
    answers = [log_in(client, "x", username=f"user{n}").status_code for n in range(4)]

    assert answers == [200, 200, 200, 429]
    assert "Too many log-in attempts from your address." in log_in(client, "x").content.decode()


def sign_up(client: Client, number: int, **meta: str) -> object:
    form = {
        "username": f"player{number}",
        "display_name": f"Player {number}",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    return Client().post("/accounts/signup/", form, HTTP_ACCEPT_LANGUAGE="en", **(meta or HOME))


def test_sign_ups_from_one_address_are_limited(client: Client) -> None:
    answers = [sign_up(client, number).status_code for number in range(11)]
    refused = sign_up(client, 99)

    assert answers == [302] * 10 + [429]
    page = refused.content.decode()
    assert "Too many accounts were made from your address. Try again in" in page
    assert "Try again in 44 minutes." in page
    assert User.objects.count() == 10
    assert sign_up(client, 100, **ELSEWHERE).status_code == 302


def test_guests_from_one_address_are_limited() -> None:
    def guest(number: int) -> object:
        return Client().post(
            "/accounts/guest/", {"nickname": f"Paco {number}"}, HTTP_ACCEPT_LANGUAGE="en", **HOME
        )

    answers = [guest(number).status_code for number in range(21)]

    assert answers == [302] * 20 + [429]
    assert "Too many guests were made from your address." in guest(21).content.decode()
    assert User.objects.count() == 20


def new_table(client: Client, **meta: str) -> object:
    form = {"game": "rummy70", "seats": "4", "visibility": "public", "clock": "0"}
    return client.post("/tables/new/", form, HTTP_ACCEPT_LANGUAGE="en", **(meta or HOME))


def test_tables_are_limited_per_user(client: Client, ana: User) -> None:
    client.force_login(ana)

    answers = [new_table(client).status_code for _ in range(11)]

    assert answers == [302] * 10 + [429]
    assert "You have opened too many tables. Try again in" in new_table(client).content.decode()
    assert Table.objects.count() == 10


def test_tables_are_limited_per_address(settings: Settings, make_user: object) -> None:
    settings.CARDROOM_RATES = {**settings.CARDROOM_RATES, "table-address": (3, 600)}
    answers = []
    for number in range(4):
        client = Client()
        client.force_login(make_user(f"Host {number}"))  # type: ignore[operator]
        answers.append(new_table(client).status_code)

    assert answers == [302, 302, 302, 429]
    assert Table.objects.count() == 3


def test_the_wait_is_counted_to_the_end_of_the_window(settings: Settings) -> None:
    settings.CARDROOM_RATES = {"signup": (1, 600)}

    first = rate_limits.spend("signup", "a", clock=lambda: 1200.0)
    second = rate_limits.spend("signup", "a", clock=lambda: 1500.0)
    next_window = rate_limits.spend("signup", "a", clock=lambda: 1800.0)

    assert (first, second, next_window) == (None, 300, None)


@pytest.mark.django_db(transaction=True)
def test_the_count_is_atomic_under_concurrency(settings: Settings) -> None:
    settings.CARDROOM_RATES = {"signup": (5, 600)}
    start = threading.Barrier(20)
    allowed: list[bool] = []

    def knock() -> None:
        start.wait()
        allowed.append(rate_limits.spend("signup", "203.0.113.7") is None)

    threads = [threading.Thread(target=knock) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert allowed.count(True) == 5


@pytest.mark.django_db(transaction=True)
def test_chat_lines_sent_at_once_from_many_sockets_keep_the_limit(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    start = threading.Barrier(20)
    errors: list[BaseException] = []

    def write(number: int) -> None:
        start.wait()
        try:
            post_message(table_id=table.pk, user=ana, room="players", text=f"line {number}")
        except TableError:
            pass
        except BaseException as error:  # noqa: BLE001 - the test reports any other failure
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert ChatMessage.objects.filter(user=ana).count() == RATE_MESSAGES


@pytest.mark.django_db(transaction=True)
async def test_sockets_per_user_are_capped_and_a_closed_one_frees_a_place(
    ana: User, settings: Settings
) -> None:
    settings.CARDROOM_SOCKETS_PER_USER = 2
    first, _ = await open_socket("/ws/lobby/", user=ana)
    second, _ = await open_socket("/ws/lobby/", user=ana)
    await first.receive_from(timeout=5)
    await second.receive_from(timeout=5)

    third, accepted = await open_socket("/ws/lobby/", user=ana)
    refusal = await third.receive_from(timeout=5)
    closing = await third.receive_output(timeout=5)

    assert accepted
    assert "You have too many tables and lobbies open. Close one, then reload this page." in refusal
    assert closing == {"type": "websocket.close", "code": 1000, "reason": "too many open sockets"}

    await first.disconnect()
    fourth, _ = await open_socket("/ws/lobby/", user=ana)
    assert 'id="lobby-tables"' in await fourth.receive_from(timeout=5)
    await second.disconnect()
    await fourth.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_table_sockets_of_an_anonymous_address_are_capped(
    ana: User, bruno: User, settings: Settings
) -> None:
    settings.CARDROOM_SOCKETS_PER_ADDRESS = 1
    table = await sync_to_async(start_match)([ana, bruno])
    first, _ = await open_socket(f"/ws/tables/{table.pk}/")
    await first.receive_from(timeout=5)

    second, _ = await open_socket(f"/ws/tables/{table.pk}/")
    refusal = await second.receive_from(timeout=5)
    closing = await second.receive_output(timeout=5)

    assert 'id="table-message"' in refusal
    assert "Too many pages are open from your address. Close one, then reload this page." in refusal
    assert closing["code"] == 1000
    await first.disconnect()
