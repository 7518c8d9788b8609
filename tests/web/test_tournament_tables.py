"""A tournament's table pages, as a browser gets them: the tournament's panel instead of a table's
own controls, the way a moved player's page follows him, the rail an eliminated player watches
from, and who may open the tables of a private tournament."""

import pytest
from django.test import Client

from games.models import ChatMessage, Entry, Hand, Table, Tournament, User
from games.tables import play, seating
from games.tables.access import grant_tournament_access
from games.tables.chat import post_message
from games.tables.errors import TableError
from tests.support.tournament_tables import (
    eliminate,
    move_player,
    players_at,
    started_tournament,
    tables_of,
)
from tests.support.tournaments import started_with_bots
from tests.tables.test_tournaments import end_pause, play_round
from tests.web.test_no_leaks import CARD, sights
from tests.web.test_table_views import browser, element

pytestmark = pytest.mark.django_db


@pytest.fixture
def six(make_user) -> list[User]:
    return [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Darío", "Elena", "Fede")]


def test_a_tournament_table_shows_its_tournament_and_no_table_controls(six: list[User]) -> None:
    tournament = started_tournament(six)
    first, second = tables_of(tournament)
    host = six[0]
    table = first if host in players_at(first) else second

    page = browser(host).get(f"/tables/{table.pk}/").content.decode()

    panel = element(page, r'<section id="tournament-panel".*?</section>')
    assert f'href="/tournaments/{tournament.pk}/">Copa de otoño</a>' in panel
    assert "Round 1" in panel and "Ante" not in panel
    assert "js/tournament-table.js" in page
    seats = element(page, r'<section id="seats".*?</section>')
    for control in ("Start the", "Remove", "Stand up", "Sit here", "Fill the empty seats"):
        assert control not in seats
    assert f"/tournaments/invite/{tournament.invite_token}/" in page
    assert table.invite_token not in page


def test_a_golfo_tournament_table_shows_the_ante(six: list[User]) -> None:
    tournament = started_tournament(six[:4], game="golfo")
    table = tables_of(tournament)[0]

    page = browser(six[0]).get(f"/tables/{table.pk}/").content.decode()

    panel = element(page, r'<section id="tournament-panel".*?</section>')
    assert "Round 1" in panel and "Ante 10" in panel


def test_a_table_of_no_tournament_has_an_empty_hidden_panel(six: list[User]) -> None:
    table = seating.create_table(
        host=six[0], game="rummy70", seat_count=4, visibility="public", clock=0, options={}
    )

    page = browser(six[0]).get(f"/tables/{table.pk}/").content.decode()

    assert (
        '<section id="tournament-panel" class="tournament-panel" hx-swap-oob="true" hidden>' in page
    )
    assert "js/tournament-table.js" not in page


def test_the_host_cannot_start_a_rematch_or_remove_anyone_at_a_tournament_table(
    six: list[User],
) -> None:
    tournament = started_tournament(six)
    table = next(table for table in tables_of(tournament) if six[0] not in players_at(table))
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)

    with pytest.raises(TableError, match="The tournament seats the players of this table."):
        seating.start_table(table_id=table.pk, by=six[0])
    with pytest.raises(TableError, match="The tournament seats the players of this table."):
        seating.remove_player(table_id=table.pk, by=six[0], position=0)
    with pytest.raises(TableError, match="A tournament's table has no rematch."):
        play.accept_rematch(table_id=table.pk, user=players_at(table)[0], version=None)


def test_a_moved_players_old_table_sends_his_browser_to_his_new_one(six: list[User]) -> None:
    tournament = started_tournament(six)
    first, second = tables_of(tournament)
    moved = players_at(first)[0]

    move_player(moved, to=second)

    response = browser(moved).get(f"/tables/{first.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/tables/{second.pk}/"
    page = browser(moved).get(f"/tables/{second.pk}/").content.decode()
    assert "data-follow" not in page


def test_an_eliminated_player_watches_from_the_rail(six: list[User]) -> None:
    tournament = started_tournament(six)
    first, second = tables_of(tournament)
    out = players_at(first)[0]

    eliminate(out)

    page = browser(out).get(f"/tables/{first.pk}/").content.decode()
    panel = element(page, r'<section id="tournament-panel".*?</section>')
    assert "You are out of the tournament." in panel
    assert not set(CARD.findall(page)) & sights(first, [out], {})[out.pk].hidden
    assert f'<a href="/tables/{second.pk}/">Watch table #{second.pk}</a>' in panel
    other = browser(out).get(f"/tables/{second.pk}/").content.decode()
    assert f'<a href="/tables/{first.pk}/">Watch table #{first.pk}</a>' in other
    assert "data-follow" not in page + other
    with pytest.raises(TableError, match="Only the players still in the match"):
        post_message(table_id=first.pk, user=out, room=ChatMessage.Room.PLAYERS, text="¡Suerte!")
    post_message(table_id=first.pk, user=out, room=ChatMessage.Room.SPECTATORS, text="¡Suerte!")
    post_message(table_id=second.pk, user=out, room=ChatMessage.Room.SPECTATORS, text="Hola")
    assert ChatMessage.objects.filter(user=out, room=ChatMessage.Room.SPECTATORS).count() == 2


def test_a_player_still_in_is_not_offered_the_other_tables(six: list[User]) -> None:
    tournament = started_tournament(six)
    first, second = tables_of(tournament)

    page = browser(players_at(first)[0]).get(f"/tables/{first.pk}/").content.decode()

    assert f"Watch table #{second.pk}" not in page


def test_private_tournament_tables_open_to_its_players_and_invited_sessions_only(
    six: list[User], make_user
) -> None:
    tournament = started_tournament(six, visibility="private")
    first, second = tables_of(tournament)
    out = players_at(first)[0]
    eliminate(out)
    stranger = make_user("Gabi")
    invited = Client()
    session = invited.session
    grant_tournament_access(session=session, tournament_id=tournament.pk)
    session.save()

    assert Entry.objects.get(user=out).table_id is None
    for table in (first, second):
        assert browser(out).get(f"/tables/{table.pk}/").status_code == 200
        assert invited.get(f"/tables/{table.pk}/").status_code == 200
        assert browser(stranger).get(f"/tables/{table.pk}/").status_code == 404
        assert browser().get(f"/tables/{table.pk}/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_replay_of_a_tournaments_last_hand_names_no_match_winner() -> None:
    tournament = started_with_bots(2, "rummy70")
    for _ in range(100):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        play_round(tournament)
        end_pause(tournament)
    last = Hand.objects.filter(table__tournament=tournament).order_by("-pk").first()
    assert last is not None and last.game.state["phase"] == "match_over"

    steps = last.last_seq - last.first_seq + 1
    page = Client().get(
        f"/tables/{last.table_id}/hands/{last.number}/?step={steps}", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert page.status_code == 200
    assert "End of the hand" in page.content.decode()
    assert "wins the match" not in page.content.decode()
