"""A visitor with no account opens a private table's invite link, picks a nickname and sits; the
host sees him seated without a reload."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import (
    assert_not_reloaded,
    create_table,
    listen,
    seat_of,
    sign_up,
    sit_in_free_seat,
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
