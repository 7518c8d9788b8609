"""The tournaments as a browser gets them: the create form and its refusals, registering and the
host's buttons, private tournaments and their invite link (guests too), the standings page before,
during and after play, the lobby's open tournaments and the profile's places."""

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games.models import Tournament, User
from tests.support.tournaments import (
    enter,
    finish,
    knock_out,
    open_tournament,
    played_hand,
    seat_at_tables,
)

pytestmark = pytest.mark.django_db


def browser(user: User | None = None) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_login(user)
    return client


def element(page: str, pattern: str) -> str:
    match = re.search(pattern, page, re.DOTALL)
    assert match, page
    return match.group(0)


def form(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "rummy70",
        "name": "Friday cup",
        "visibility": "public",
        "max_players": "12",
        "clock": "60",
        "start": "button",
    }
    data.update(overrides)
    return data


def golfo_form(**overrides: Any) -> dict[str, Any]:
    golfo = {"starting_chips": "1000", "first_ante": "20", "level_minutes": "10"}
    return form(game="golfo", **{**golfo, **overrides})


def page_of(tournament: Tournament, user: User | None = None) -> str:
    return browser(user).get(f"/tournaments/{tournament.pk}/").content.decode()


# The create form


def test_the_form_offers_the_games_with_tournaments_and_their_options(ana: User) -> None:
    page = browser(ana).get("/tournaments/new/").content.decode()

    game = element(page, r'<select name="game".*?</select>')
    assert '<option value="rummy70" selected>Rummy 70</option>' in game
    assert '<option value="golfo">Golfo</option>' in game
    assert 'class="tournament-antes" data-games="golfo"' in page
    assert 'type="datetime-local"' in page
    assert 'class="game-options" data-game="golfo"' in page
    clock = element(page, r'<select name="clock".*?</select>')
    assert 'value="0"' not in clock


def test_the_form_needs_a_signed_in_host() -> None:
    response = browser().get("/tournaments/new/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_public_rummy_tournament_is_created_with_its_host_registered(ana: User) -> None:
    response = browser(ana).post("/tournaments/new/", form(max_players="6"))

    tournament = Tournament.objects.get()
    assert response["Location"] == f"/tournaments/{tournament.pk}/"
    assert (tournament.game, tournament.name, tournament.max_players) == (
        "rummy70",
        "Friday cup",
        6,
    )
    assert tournament.clock == 60
    assert tournament.starts_at is None
    assert tournament.starting_chips is None
    assert list(tournament.entries.values_list("user__display_name", flat=True)) == ["Ana"]


def test_a_golfo_tournament_takes_its_chips_levels_and_set_start(ana: User) -> None:
    start = timezone.localtime() + timedelta(hours=2)

    browser(ana).post(
        "/tournaments/new/", golfo_form(start="time", starts_at=start.strftime("%Y-%m-%dT%H:%M"))
    )

    tournament = Tournament.objects.get()
    assert (tournament.starting_chips, tournament.level_minutes) == (1000, 10)
    assert tournament.antes[0] == 20
    assert tournament.starts_at is not None
    assert abs((tournament.starts_at - start).total_seconds()) < 60


def test_a_private_tournament_sends_its_host_to_the_invite_link(ana: User) -> None:
    response = browser(ana).post("/tournaments/new/", form(visibility="private"))

    tournament = Tournament.objects.get()
    assert response["Location"] == f"/tournaments/invite/{tournament.invite_token}/"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (form(game="monte"), "Select a valid choice."),
        (form(game="nonsense"), "Select a valid choice."),
        (form(name=""), "This field is required."),
        (form(max_players="101"), "Ensure this value is less than or equal to 100."),
        (form(max_players="1"), "Ensure this value is greater than or equal to 2."),
        (form(clock="0"), "Select a valid choice."),
        (form(visibility="secret"), "Select a valid choice."),
        (form(start="time"), "Give the time the tournament starts."),
        (form(start="time", starts_at="2001-01-01T10:00"), "at least a minute from now"),
        (golfo_form(starting_chips="123"), "Select a valid choice."),
        (golfo_form(starting_chips=""), "Choose the starting chips from the list."),
        (golfo_form(starting_chips="500", first_ante="60"), "at most a tenth of the starting"),
        (golfo_form(level_minutes="7"), "Select a valid choice."),
    ],
)
def test_the_form_refuses_what_it_cannot_take(
    ana: User, data: dict[str, Any], message: str
) -> None:
    response = browser(ana).post("/tournaments/new/", data)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_forged_option_of_another_game_is_ignored(ana: User) -> None:
    browser(ana).post("/tournaments/new/", form(rebuy="freezeout"))

    tournament = Tournament.objects.get()
    assert "rebuy" not in tournament.options


# Registering and the host's buttons


def test_players_register_and_unregister_until_the_start(ana: User, bruno: User) -> None:
    tournament = open_tournament(ana)

    page = page_of(tournament, bruno)
    assert 'id="tournament-register"' in page
    response = browser(bruno).post(f"/tournaments/{tournament.pk}/register/")
    assert response["Location"] == f"/tournaments/{tournament.pk}/"
    page = page_of(tournament, bruno)
    entries = element(page, r'class="tournament-entries">.*?</ol>')
    assert ">Ana</a>" in entries and ">Bruno</a>" in entries
    assert "Registered players: 2/8" in page
    assert 'id="tournament-unregister"' in page

    browser(bruno).post(f"/tournaments/{tournament.pk}/unregister/")
    assert ">Bruno</a>" not in element(
        page_of(tournament, bruno), r'class="tournament-entries">.*?</ol>'
    )


def test_a_buttons_post_answers_the_page_with_its_standings_in_place(
    ana: User, bruno: User
) -> None:
    """The buttons post through htmx (boosted), which puts the page it gets back in place of the
    old one; standings marked as an out-of-band swap would be taken out of it and vanish (only
    the socket's frames swap them out of band, tests/live/test_tournament_sockets.py)."""
    tournament = open_tournament(ana)

    response = browser(bruno).post(f"/tournaments/{tournament.pk}/register/", follow=True)
    standings = element(response.content.decode(), r'<div id="tournament-standings"[^>]*>')
    assert "hx-swap-oob" not in standings
    assert 'id="tournament-unregister"' in response.content.decode()


def test_refusals_come_back_as_messages(ana: User, bruno: User, carmen: User) -> None:
    tournament = open_tournament(ana, max_players=2)
    browser(bruno).post(f"/tournaments/{tournament.pk}/register/")

    full = browser(carmen).post(f"/tournaments/{tournament.pk}/register/", follow=True)
    assert "This tournament is full." in full.content.decode()
    twice = browser(bruno).post(f"/tournaments/{tournament.pk}/register/", follow=True)
    assert "You are already registered." in twice.content.decode()
    host = browser(ana).post(f"/tournaments/{tournament.pk}/unregister/", follow=True)
    assert "The host cannot unregister" in host.content.decode()
    not_host = browser(bruno).post(f"/tournaments/{tournament.pk}/cancel/", follow=True)
    assert "Only the host can do that." in not_host.content.decode()
    anonymous = browser().post(f"/tournaments/{tournament.pk}/register/", follow=True)
    assert "Log in or sit as a guest first." in anonymous.content.decode()


def test_registration_is_closed_once_cancelled(ana: User, bruno: User) -> None:
    tournament = open_tournament(ana)

    browser(ana).post(f"/tournaments/{tournament.pk}/cancel/")

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    closed = browser(bruno).post(f"/tournaments/{tournament.pk}/register/", follow=True)
    page = closed.content.decode()
    assert "Registration for this tournament is closed." in page
    assert "This tournament was cancelled." in page
    assert 'id="tournament-register"' not in page


def test_the_host_fills_places_with_bots(ana: User) -> None:
    tournament = open_tournament(ana, max_players=3)

    page = page_of(tournament, ana)
    assert 'id="tournament-add-bots"' in page
    assert 'id="tournament-start"' in page
    browser(ana).post(f"/tournaments/{tournament.pk}/bots/", {"count": "5"})

    assert tournament.entries.filter(user__is_bot=True).count() == 2
    more = browser(ana).post(f"/tournaments/{tournament.pk}/bots/", {"count": "x"}, follow=True)
    assert "There is no free place for a bot." in more.content.decode()


def test_the_host_controls_are_his_alone(ana: User, bruno: User) -> None:
    tournament = open_tournament(ana)

    page = page_of(tournament, bruno)

    assert 'id="tournament-start"' not in page
    assert 'id="tournament-cancel"' not in page
    assert 'id="tournament-add-bots"' not in page


def test_posts_need_post(ana: User) -> None:
    tournament = open_tournament(ana)

    assert browser(ana).get(f"/tournaments/{tournament.pk}/register/").status_code == 405
    assert browser(ana).get("/tournaments/999/").status_code == 404
    assert browser(ana).post("/tournaments/999/register/").status_code == 404


# Private tournaments and the invite link


def test_a_private_tournament_is_open_only_with_its_invite_or_to_its_players(
    ana: User, bruno: User, carmen: User
) -> None:
    tournament = open_tournament(ana, visibility="private")
    url = f"/tournaments/{tournament.pk}/"

    assert browser(bruno).get(url).status_code == 404
    assert browser().get(url).status_code == 404
    assert browser(bruno).post(f"{url}register/").status_code == 404
    assert browser(ana).get(url).status_code == 200

    invited = browser(bruno)
    assert invited.get(f"/tournaments/invite/{tournament.invite_token}/").status_code == 200
    assert invited.get(url).status_code == 200
    invited.post(f"{url}register/")
    assert tournament.entries.filter(user=bruno).exists()
    assert browser(bruno).get(url).status_code == 200
    assert browser(carmen).get(url).status_code == 404
    assert browser(carmen).get("/tournaments/invite/wrong-token/").status_code == 404


def test_a_guest_joins_through_the_invite_link(ana: User) -> None:
    tournament = open_tournament(ana, visibility="private")
    invite = f"/tournaments/invite/{tournament.invite_token}/"
    visitor = browser()

    page = visitor.get(invite).content.decode()
    assert 'id="guest-form"' in page
    assert f'name="next" value="{invite}"' in page
    assert 'id="tournament-register"' not in page

    back = visitor.post("/accounts/guest/", {"nickname": "Dora", "next": invite})
    assert back["Location"] == invite
    page = visitor.get(invite).content.decode()
    assert 'id="guest-form"' not in page
    visitor.post(f"/tournaments/{tournament.pk}/register/")
    assert tournament.entries.filter(user__display_name="Dora", user__is_guest=True).exists()


# The standings page


def test_before_the_start_the_page_shows_the_start_time(ana: User) -> None:
    at_button = open_tournament(ana)
    timed = open_tournament(ana, starts_at=timezone.now() + timedelta(hours=1))

    assert "Starts when the host presses start." in page_of(at_button)
    page = page_of(timed)
    assert "Starts at " in page
    assert 'ws-connect="/ws/tournaments/' in page


def test_while_playing_the_page_shows_tables_counts_and_places(
    ana: User, bruno: User, carmen: User, make_user: Any
) -> None:
    dora, eva = make_user("Dora"), make_user("Eva")
    tournament = open_tournament(ana)
    enter(tournament, bruno, carmen, dora, eva)
    first, second = seat_at_tables(
        tournament, [[(ana, 1), (bruno, 2)], [(carmen, 0), (dora, 2)]], round=3
    )
    knock_out(tournament, eva, round=2, place=5)

    page = page_of(tournament, ana)

    assert 'class="tournament-round">3<' in page
    assert 'class="tournament-left">4/5<' in page
    assert "tournament-ante" not in page
    table = element(page, rf'data-table-id="{first.pk}">.*?</li>\s*</ul>\s*<a[^>]*>[^<]*</a>')
    assert '>Ana</a>: <span class="count">1 point</span>' in table
    assert '>Bruno</a>: <span class="count">2 points</span>' in table
    assert "Go to your table" in table
    assert f'href="/tables/{first.pk}/"' in table
    other = element(page, rf'data-table-id="{second.pk}">.*?Watch</a>')
    assert f'href="/tables/{second.pk}/"' in other
    places = element(page, r'class="tournament-places">.*?</ol>')
    assert 'value="5"' in places and ">Eva</a>" in places
    assert f'href="/accounts/players/{eva.pk}/"' in places
    assert "<h2>Eliminated</h2>" in page
    assert 'id="tournament-register"' not in page


def test_a_golfo_tournament_shows_chips_the_ante_and_the_next_level(ana: User, bruno: User) -> None:
    tournament = open_tournament(
        ana, game="golfo", starting_chips=1000, first_ante=20, level_minutes=10
    )
    enter(tournament, bruno)
    seat_at_tables(tournament, [[(ana, 1200), (bruno, 800)]])
    Tournament.objects.filter(pk=tournament.pk).update(
        level=1, next_level_at=timezone.now() + timedelta(minutes=4, seconds=30)
    )

    page = page_of(tournament)

    assert "1200 chips" in page and "800 chips" in page
    assert 'class="tournament-ante">30<' in page
    assert "in 4\xa0minutes" in element(page, r'class="tournament-next-level">.*?</dd>')


def test_a_private_tournament_links_its_tables_by_their_invite(ana: User, bruno: User) -> None:
    tournament = open_tournament(ana, visibility="private")
    enter(tournament, bruno)
    (table,) = seat_at_tables(tournament, [[(ana, 0), (bruno, 0)]])
    invited = browser()
    invited.get(f"/tournaments/invite/{tournament.invite_token}/")

    page = invited.get(f"/tournaments/{tournament.pk}/").content.decode()

    assert f'href="/t/{table.invite_token}/"' in page


def test_at_the_end_the_page_shows_the_winner_places_and_replays(
    ana: User, bruno: User, carmen: User
) -> None:
    tournament = open_tournament(ana)
    enter(tournament, bruno, carmen)
    (table,) = seat_at_tables(tournament, [[(ana, 0), (bruno, 0), (carmen, 0)]])
    played_hand(table, 1)
    played_hand(table, 2)
    knock_out(tournament, carmen, round=1, place=3)
    knock_out(tournament, bruno, round=2, place=2)
    finish(tournament, ana)

    page = page_of(tournament, carmen)

    assert 'class="tournament-winner">Winner: <strong><a class="player-link"' in page
    places = element(page, r'class="tournament-places">.*?</ol>')
    assert places.index(">Ana</a>") < places.index(">Bruno</a>") < places.index(">Carmen</a>")
    assert "<h2>Final places</h2>" in page
    replays = element(page, r'class="tournament-replays">.*?</ul>')
    assert f'href="/tables/{table.pk}/hands/1/"' in replays
    assert f'href="/tables/{table.pk}/hands/2/"' in replays
    assert "Go to your table" not in page


# The lobby and the profile


def test_the_lobby_lists_open_public_tournaments(ana: User, bruno: User) -> None:
    public = open_tournament(ana, name="Open cup", max_players=6)
    enter(public, bruno)
    private = open_tournament(ana, name="Secret cup", visibility="private")
    cancelled = open_tournament(ana, name="Gone cup")
    Tournament.objects.filter(pk=cancelled.pk).update(status=Tournament.Status.CANCELLED)

    page = browser().get("/").content.decode()

    assert 'id="create-tournament"' in page
    card = element(page, rf'data-tournament-id="{public.pk}">.*?</li>')
    assert 'class="tournament-name">Open cup<' in card
    assert 'class="tournament-players">2/6<' in card
    assert "Registering" in card
    assert f'href="/tournaments/{public.pk}/"' in card
    assert "Secret cup" not in page
    assert "Gone cup" not in page
    assert f'data-tournament-id="{private.pk}"' not in page


def test_the_lobby_keeps_tournament_tables_off_its_table_list(ana: User, bruno: User) -> None:
    tournament = open_tournament(ana)
    enter(tournament, bruno)
    (table,) = seat_at_tables(tournament, [[(ana, 0), (bruno, 0)]])

    page = browser().get("/").content.decode()

    assert f'data-table-id="{table.pk}"' not in page
    assert "Playing" in element(page, rf'data-tournament-id="{tournament.pk}">.*?</li>')


def test_the_profile_lists_the_tournaments_played_with_the_place(
    ana: User, bruno: User, carmen: User
) -> None:
    tournament = open_tournament(ana, name="Spring cup")
    enter(tournament, bruno, carmen)
    seat_at_tables(tournament, [[(ana, 0), (bruno, 0), (carmen, 0)]])
    knock_out(tournament, bruno, round=2, place=2)
    private = open_tournament(carmen, name="Hidden cup", visibility="private")
    enter(private, bruno)
    seat_at_tables(private, [[(carmen, 0), (bruno, 0)]])

    page = browser(ana).get(f"/accounts/players/{bruno.pk}/").content.decode()

    rows = element(page, r'id="tournament-history".*?</section>')
    row = element(rows, rf'data-tournament-id="{tournament.pk}">.*?</tr>')
    assert f'href="/tournaments/{tournament.pk}/">Spring cup</a>' in row
    assert "2 of 3" in row
    assert "Hidden cup" not in rows
    assert "private tournament" in rows
    own = browser(bruno).get("/accounts/profile/").content.decode()
    assert "Hidden cup" in own
    assert "still playing" in own


def test_the_standings_read_in_spanish(ana: User) -> None:
    tournament = open_tournament(ana)
    client = browser(ana)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"

    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()

    assert "Jugadores inscritos: 1/8" in page
    assert "Empieza cuando el anfitrión lo ponga en marcha." in page
    assert "Cancelar el torneo" in page


def test_tournaments_are_limited_per_user(ana: User) -> None:
    client = browser(ana)

    answers = [client.post("/tournaments/new/", form()).status_code for _ in range(6)]

    assert answers == [302] * 5 + [429]
    refused = client.post("/tournaments/new/", form()).content.decode()
    assert "You have opened too many tournaments. Try again in" in refused
    assert Tournament.objects.count() == 5


def test_the_lobby_filter_applies_to_tournaments(ana: User) -> None:
    rummy = open_tournament(ana, name="Rummy cup")
    golfo = open_tournament(
        ana, name="Golfo cup", game="golfo", starting_chips=1000, first_ante=20, level_minutes=10
    )

    page = browser().get("/?game=golfo").content.decode()

    assert f'data-tournament-id="{golfo.pk}"' in page
    assert f'data-tournament-id="{rummy.pk}"' not in page


def test_the_form_asks_only_the_table_options_a_tournament_keeps(ana: User) -> None:
    page = browser(ana).get("/tournaments/new/").content.decode()

    assert 'name="joker_penalty"' in page and 'name="tie"' in page
    for overridden in ("starting_stack", "ante", "min_bet", "rebuy"):
        assert f'name="{overridden}"' not in page
