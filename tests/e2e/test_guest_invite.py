"""A private table: a visitor with no account opens its invite link, picks a nickname and sits,
and the host sees him seated without a reload; the guest can later save his account and find his
seat again after logging in; anyone else neither sees the table in the lobby nor opens it by its
number."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import (
    PASSWORD,
    assert_not_reloaded,
    create_table,
    join_as_guest,
    listen,
    lobby_row,
    log_in,
    seat_of,
    sign_up,
    sit_in_free_seat,
    table_id,
)

pytestmark = pytest.mark.e2e


def test_guest_sits_at_private_table_by_invite_link(open_person: Callable[..., Page]) -> None:
    host = open_person()
    guest = open_person()
    sign_up(host, "Carmen")
    create_table(host, visibility="private")
    invite_link = host.locator("input#invite-link").input_value()
    listen(host)

    nickname = join_as_guest(guest, invite_link)
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


def test_guest_saves_his_account_and_keeps_his_seat(open_person: Callable[..., Page]) -> None:
    host = open_person()
    guest = open_person()
    sign_up(host, "Julia")
    create_table(host, visibility="private")
    invite_link = host.locator("input#invite-link").input_value()
    nickname = join_as_guest(guest, invite_link)
    sit_in_free_seat(guest)

    username = nickname.replace(" ", "_").lower()
    guest.goto("/accounts/claim/")
    guest.fill("[name=username]", username)
    guest.fill("[name=password1]", PASSWORD)
    guest.fill("[name=password2]", PASSWORD)
    guest.click("#claim-submit")
    guest.wait_for_url(lambda url: not url.endswith("/accounts/claim/"))
    guest.click("#logout")
    expect(guest.locator("#user-menu a#login")).to_be_visible()

    log_in(guest, username, nickname)
    guest.goto(invite_link)
    expect(seat_of(guest, nickname).locator("button.stand")).to_be_visible()
