"""Two people, two browsers: a public table appears in the other's lobby and a seat taken shows on
the host's page, both without a reload."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import (
    assert_not_reloaded,
    create_table,
    listen,
    lobby_row,
    seat_of,
    seats_taken,
    sign_up,
    sit_in_free_seat,
    table_id,
)

pytestmark = pytest.mark.e2e


def test_new_table_and_seat_show_live(open_person: Callable[..., Page]) -> None:
    host = open_person()
    player = open_person()
    host_name = sign_up(host, "Ana")
    player_name = sign_up(player, "Bruno")

    player.goto("/")
    listen(player)
    create_table(host, visibility="public")
    table = table_id(host)
    listen(host)
    host_lobby = host.context.new_page()
    host_lobby.goto("/")
    listen(host_lobby)

    row = lobby_row(player, table)
    expect(row).to_be_visible()
    expect(row.locator(".table-game")).not_to_be_empty()
    expect(row.locator(".table-host")).to_contain_text(host_name)
    expect(row.locator(".table-seats")).to_contain_text("/4")
    expect(row.locator(".table-status")).not_to_be_empty()
    assert_not_reloaded(player)
    taken_before = seats_taken(lobby_row(host_lobby, table))

    row.locator("a.watch-link").click()
    player.wait_for_url(f"**/tables/{table}/")
    seat = sit_in_free_seat(player)
    expect(seat.locator(".seat-player")).to_contain_text(player_name)
    expect(seat.locator("button.stand")).to_be_visible()

    expect(seat_of(host, player_name)).to_have_count(1)
    assert_not_reloaded(host)
    expect(lobby_row(host_lobby, table).locator(".table-seats")).to_contain_text(
        f"{taken_before + 1}/4"
    )
    assert_not_reloaded(host_lobby)


def test_seat_freed_and_game_started_show_in_lobby(open_person: Callable[..., Page]) -> None:
    host = open_person()
    player = open_person()
    sign_up(host, "Fermin")
    create_table(host, visibility="public", seats="2")
    table = table_id(host)
    listen(host)
    player_name = sign_up(player, "Gloria")
    watcher = player.context.new_page()
    watcher.goto("/")
    listen(watcher)
    row = lobby_row(watcher, table)
    status_while_waiting = row.locator(".table-status").inner_text()

    player.goto(f"/tables/{table}/")
    seat = sit_in_free_seat(player)
    expect(row.locator(".table-seats")).to_have_text("2/2")
    seat.locator("button.stand").click()
    expect(seat_of(host, player_name)).to_have_count(0)
    expect(row.locator(".table-seats")).to_have_text("1/2")

    sit_in_free_seat(player)
    host.click("#start-table")
    expect(row.locator(".table-status")).not_to_have_text(status_while_waiting)
    expect(row.locator(".table-seats")).to_have_text("2/2")
    assert_not_reloaded(watcher)
    assert_not_reloaded(host)


def test_host_removes_a_player_before_the_start(open_person: Callable[..., Page]) -> None:
    host = open_person()
    player = open_person()
    sign_up(host, "Hugo")
    create_table(host, visibility="public")
    table = table_id(host)
    player_name = sign_up(player, "Ines")
    player.goto(f"/tables/{table}/")
    listen(player)
    sit_in_free_seat(player)

    seat_of(host, player_name).locator("button.remove").click()
    expect(seat_of(player, player_name)).to_have_count(0)
    expect(player.locator("#seats button.sit").first).to_be_visible()
    assert_not_reloaded(player)
