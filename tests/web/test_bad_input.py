"""Whatever a browser or a script sends, the site answers with a refusal, never a server error: NUL
and lone surrogates, deeply nested JSON, odd paths, websocket paths no route matches, and (with
hypothesis) every websocket command and every form fed arbitrary Unicode and structure. Run on
PostgreSQL too, where a NUL in a query is an error rather than a stored character."""

import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.asgi import application
from games.live.commands import parse_table_command, run_table_command
from games.models import ChatMessage, Table, User
from games.tables.errors import TableError
from tests.support.matches import start_match
from tests.support.sockets import open_socket, receive_until

pytestmark = pytest.mark.django_db

NASTY = [
    "\x00",
    "a\x00b",
    "\ud800",
    "x\udfffy",
    "\u202e",
    "\ufeff",
    "",
    " ",
    "0",
    "-1",
    "9" * 30,
    "a" * 10_000,
]
ANY_TEXT = st.one_of(
    st.sampled_from(NASTY), st.text(st.characters(exclude_categories=()), max_size=40)
)
FORM_TEXT = st.one_of(
    st.sampled_from([s for s in NASTY if "\ud800" not in s and "\udfff" not in s]),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=40),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
    max_leaves=8,
)
ACTIONS = ["sit", "stand", "remove", "start", "bots", "chat", "move"]
FIELD_NAMES = ["seat", "room", "text", "version", "move", "card", "cards", "HEADERS", "table"]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(autouse=True)
def fresh_limits() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def match(ana: User, bruno: User, carmen: User) -> Table:
    """A Rummy 70 match of Ana and Bruno, watched by Carmen."""
    return start_match([ana, bruno], seat_count=3)


def refused_or_done(table: Table, user: User, text: str) -> None:
    """The command either goes through or is refused with a ``TableError``, nothing else."""
    try:
        command = parse_table_command(text, table_id=table.pk)
        run_table_command(command, table_id=table.pk, user=user)
    except TableError:
        pass


@pytest.mark.parametrize("text", ["\x00", "hola\x00", "\ud800", "hola \udfff amigo", "\x07"])
def test_chat_with_nul_surrogates_or_control_characters_is_refused(
    match: Table, ana: User, text: str
) -> None:
    message = {"action": "chat", "table": str(match.pk), "room": "players", "text": text}

    with pytest.raises(TableError):
        command = parse_table_command(json.dumps(message), table_id=match.pk)
        run_table_command(command, table_id=match.pk, user=ana)

    assert not ChatMessage.objects.exists()


def test_deeply_nested_json_is_refused(match: Table, ana: User) -> None:
    with pytest.raises(TableError):
        parse_table_command("[" * 2000 + "]" * 2000, table_id=match.pk)
    with pytest.raises(TableError):
        parse_table_command('{"a":' * 1000 + "1" + "}" * 1000, table_id=match.pk)


@pytest.mark.parametrize(
    "path",
    ["/t/%00/", "/t/%00abc/", "/t/%C0%80/", f"/t/{'a' * 3000}/", "/tables/99999999999999999999/"],
)
def test_odd_paths_are_not_found(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    "path", ["/ws/nowhere/", "/ws/tables/%00/", "/ws/tables/1/extra/", "/", "/ws/lobby"]
)
async def test_a_websocket_path_no_route_matches_is_rejected_cleanly(path: str) -> None:
    headers = [(b"origin", b"http://127.0.0.1")]
    communicator = WebsocketCommunicator(application, path, headers=headers)

    connected, _code = await communicator.connect(timeout=5)

    assert connected is False
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_nasty_messages_on_a_table_socket_are_refused_and_the_socket_stays_open(
    ana: User, bruno: User, english: None
) -> None:
    table = await sync_to_async(start_match)([ana, bruno])
    socket, connected = await open_socket(f"/ws/tables/{table.pk}/", user=ana)
    assert connected
    await socket.receive_from(timeout=5)
    for text in [
        json.dumps({"action": "chat", "table": str(table.pk), "room": "players", "text": "\x00"}),
        json.dumps({"action": "chat", "table": str(table.pk), "room": "players", "text": "\ud800"}),
        "[" * 3000,
        '{"action": "move", "table": "%s", "version": "1", "move": "draw\\u0000"}'.replace(
            "%s", str(table.pk)
        ),
    ]:
        await socket.send_to(text_data=text)
        await receive_until(socket, 'id="table-message"')
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await socket.disconnect()


@FUZZ
@given(
    actor=st.sampled_from(["ana", "bruno", "carmen"]),
    action=st.one_of(st.sampled_from(ACTIONS), ANY_TEXT),
    fields=st.dictionaries(st.one_of(st.sampled_from(FIELD_NAMES), ANY_TEXT), JSON, max_size=5),
)
def test_any_websocket_command_is_refused_or_carried_out(
    match: Table, ana: User, bruno: User, carmen: User, actor: str, action: str, fields: dict
) -> None:
    user = {"ana": ana, "bruno": bruno, "carmen": carmen}[actor]
    message = {**fields, "action": action, "table": str(match.pk)}

    refused_or_done(match, user, json.dumps(message))


@FUZZ
@given(text=st.one_of(ANY_TEXT, JSON.map(json.dumps)))
def test_any_raw_text_on_a_table_socket_is_refused(match: Table, ana: User, text: str) -> None:
    refused_or_done(match, ana, text)


ANONYMOUS_FORMS = {
    "/accounts/signup/": ["username", "display_name", "password1", "password2", "next"],
    "/accounts/login/": ["username", "password", "next"],
    "/accounts/guest/": ["nickname", "next"],
    "/i18n/setlang/": ["language", "next"],
}
MEMBER_FORMS = {
    "/accounts/profile/name/": ["display_name"],
    "/accounts/password/": ["old_password", "new_password1", "new_password2"],
    "/tables/new/": [
        "game",
        "seats",
        "visibility",
        "clock",
        "rummy70-joker_penalty",
        "golfo-starting_stack",
        "golfo-ante",
        "golfo-min_bet",
        "golfo-rebuy",
        "name",
    ],
}
GUEST_FORMS = {"/accounts/claim/": ["username", "password1", "password2", "next"]}


def form_data(names: list[str]) -> st.SearchStrategy[dict[str, str | list[str]]]:
    value = st.one_of(FORM_TEXT, st.lists(FORM_TEXT, max_size=3))
    return st.dictionaries(st.one_of(st.sampled_from(names), FORM_TEXT), value, max_size=6)


def form_cases(forms: dict[str, list[str]]) -> st.SearchStrategy[tuple[str, dict]]:
    return st.sampled_from(sorted(forms)).flatmap(
        lambda url: st.tuples(st.just(url), form_data(forms[url]))
    )


def assert_answered(response: object) -> None:
    assert response.status_code < 500  # type: ignore[attr-defined]


FORM_NASTY = [value for value in NASTY if "\ud800" not in value and "\udfff" not in value]


@pytest.mark.parametrize("value", FORM_NASTY, ids=range(len(FORM_NASTY)))
def test_each_nasty_value_in_every_field_of_every_form_is_answered(ana: User, value: str) -> None:
    guest = User.objects.create(username="guest-nasty", display_name="Guest", is_guest=True)
    for forms, user in ((ANONYMOUS_FORMS, None), (MEMBER_FORMS, ana), (GUEST_FORMS, guest)):
        for url, names in forms.items():
            cache.clear()
            client = Client()
            if user is not None:
                client.force_login(user)
            assert_answered(client.post(url, {name: value for name in names}))


@FUZZ
@given(case=form_cases(ANONYMOUS_FORMS))
def test_any_form_of_a_visitor_is_answered_without_a_server_error(
    client: Client, case: tuple[str, dict]
) -> None:
    url, data = case
    cache.clear()
    client.logout()
    assert_answered(client.post(url, data))


@FUZZ
@given(case=form_cases(MEMBER_FORMS))
def test_any_form_of_a_member_is_answered_without_a_server_error(
    client: Client, ana: User, case: tuple[str, dict]
) -> None:
    url, data = case
    cache.clear()
    client.force_login(ana)
    assert_answered(client.post(url, data))


@FUZZ
@given(case=form_cases(GUEST_FORMS))
def test_any_form_of_a_guest_is_answered_without_a_server_error(
    client: Client, make_user: object, case: tuple[str, dict]
) -> None:
    url, data = case
    cache.clear()
    guest, _ = User.objects.get_or_create(
        username="guest-fuzz", defaults={"display_name": "Fuzz", "is_guest": True}
    )
    client.force_login(guest)
    assert_answered(client.post(url, data))


@FUZZ
@given(
    prefix=st.sampled_from(["/t/", "/tables/", "/tables/1/hands/", "/accounts/", "/"]),
    tail=FORM_TEXT,
    query=st.dictionaries(FORM_TEXT, FORM_TEXT, max_size=3),
)
def test_any_path_is_answered_without_a_server_error(
    client: Client, prefix: str, tail: str, query: dict[str, str]
) -> None:
    cache.clear()
    assert_answered(client.get(prefix + quote(tail) + "/", query))
