"""A private table: a visitor with no account opens its invite link, picks a nickname and sits,
and the host sees him seated without a reload; anyone else neither sees it in the lobby nor opens
it by its number."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import (
    assert_not_reloaded,
    create_table,
    listen,
    lobby_row,
    seat_of,
    sign_up,
    sit_in_free_seat,
    table_id,
    unique,
)

pytestmark = pytest.mark.e2e


def test_guest_sits_at_private_table_by_invite_link(open_person: Callable[..., Page]) -> None:
    host = open_person()
    guest = open_person()
    sign_up(host, "Carmen")
    create_table(host, visibility="private")
    invite_link = host.locator("input#invite-link").input_value()
    listen(host)

    guest.goto(invite_link)
    expect(guest.locator("#user-menu a#signup")).to_be_visible()
    nickname = unique("Invitado")
    guest.fill("form#guest-form [name=nickname]", nickname)
    guest.click("#guest-submit")
    expect(guest.locator("#user-menu")).to_contain_text(nickname)

    seat = sit_in_free_seat(guest)
    expect(seat.locator(".seat-player")).to_contain_text(nickname)
    expect(seat_of(host, nickname)).to_have_count(1)
    assert_not_reloaded(host)


def test_private_table_is_hidden_from_others(open_person: Callable[..., Page]) -> None:
    host = open_person()
    outsider = open_person()
    sign_up(host, "Dario")
    create_table(host, visibility="private")
    table = table_id(host)
    sign_up(outsider, "Elena")

    outsider.goto("/")
    expect(outsider.locator("#lobby-tables")).to_be_visible()
    expect(lobby_row(outsider, table)).to_have_count(0)
    response = outsider.goto(f"/tables/{table}/")
    assert response is not None and response.status in (403, 404), response
