""" "Play now": a seat at the fullest open public table of the game that has one for you, or a
new public table you host; two players racing for the last seat each get one seat, never an
error; anonymous visitors sit down as guests first and come back."""

import threading

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client

from games.models import Seat, Table, User
from games.tables import seating
from games.tables.errors import TableError
from tests.conftest import MakeUser
from tests.support.tables import open_table


def seated(user: User) -> list[int]:
    return list(Seat.objects.filter(user=user).values_list("table_id", flat=True))


@pytest.mark.django_db
def test_play_now_seats_you_at_the_fullest_open_table_of_the_game(
    make_user: MakeUser, ana: User, bruno: User, carmen: User
) -> None:
    dora, eva = make_user("Dora"), make_user("Eva")
    emptier = open_table(ana)
    fuller = open_table(bruno)
    seating.sit(table_id=fuller.pk, user=carmen, position=1)
    open_table(dora, game="golfo", seat_count=4)
    open_table(dora, visibility="private")

    table = seating.play_now(user=eva, game="rummy70")

    assert table.pk == fuller.pk
    assert Seat.objects.get(table=fuller, user=eva).position == 2
    assert seated(eva) == [fuller.pk]
    assert emptier.seats.count() == 1


@pytest.mark.django_db
def test_play_now_skips_started_full_private_and_other_games_and_opens_a_table(
    make_user: MakeUser, ana: User, bruno: User, carmen: User
) -> None:
    full = open_table(ana, seat_count=2)
    seating.sit(table_id=full.pk, user=bruno, position=1)
    started = open_table(carmen, seat_count=2)
    seating.sit(table_id=started.pk, user=make_user("Dora"), position=1)
    seating.start_table(table_id=started.pk, by=carmen)
    seating.sit(table_id=open_table(carmen, visibility="private").pk, user=ana, position=1)
    open_table(carmen, game="golfo", seat_count=4)
    eva = make_user("Eva")

    table = seating.play_now(user=eva, game="rummy70")

    assert table.pk not in {full.pk, started.pk}
    assert table.host == eva and table.is_private is False
    assert (table.game, table.seat_count, table.status) == ("rummy70", 4, "waiting")
    assert seated(eva) == [table.pk]


@pytest.mark.django_db
def test_play_now_sends_you_back_to_the_table_you_already_wait_at(ana: User, bruno: User) -> None:
    mine = open_table(ana)
    open_table(bruno)

    assert seating.play_now(user=ana, game="rummy70").pk == mine.pk
    assert seated(ana) == [mine.pk]


@pytest.mark.django_db
def test_play_now_refuses_an_unknown_game_and_an_anonymous_player(ana: User) -> None:
    with pytest.raises(TableError):
        seating.play_now(user=ana, game="poker")
    with pytest.raises(TableError):
        seating.play_now(user=AnonymousUser(), game="rummy70")
    assert Table.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_two_players_racing_for_the_last_seat_each_get_one_seat(
    make_user: MakeUser, ana: User, bruno: User, carmen: User
) -> None:
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    seating.sit(table_id=table.pk, user=carmen, position=2)
    racers = [make_user("Dora"), make_user("Eva")]
    barrier = threading.Barrier(len(racers))
    outcomes: list[str] = []

    def play(user: User) -> None:
        barrier.wait()
        try:
            outcomes.append(f"table {seating.play_now(user=user, game='rummy70').pk}")
        except Exception as error:  # the test's point: nobody gets an error
            outcomes.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(user,)) for user in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert all(outcome.startswith("table ") for outcome in outcomes), outcomes
    assert table.seats.count() == 4
    homes = [seated(user) for user in racers]
    assert sorted(len(home) for home in homes) == [1, 1]
    assert sorted(home[0] == table.pk for home in homes) == [False, True]
    other = Table.objects.exclude(pk=table.pk).get()
    assert other.seats.count() == 1 and other.host in racers
    positions = list(Seat.objects.values_list("table_id", "position"))
    assert len(positions) == len(set(positions))


@pytest.mark.django_db
def test_the_play_now_button_seats_a_signed_in_player_and_opens_his_table(ana: User) -> None:
    client = Client()
    client.force_login(ana)

    response = client.post("/play/golfo/")

    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert table.game == "golfo" and table.host == ana
    assert client.post("/play/chess/").status_code == 404


@pytest.mark.django_db
def test_an_anonymous_visitor_sits_down_as_a_guest_and_comes_back_to_play() -> None:
    client = Client()

    sent = client.post("/play/rummy70/")
    assert sent.status_code == 302
    assert sent["Location"] == "/accounts/guest/?next=/play/rummy70/"
    assert Table.objects.count() == 0

    back = client.post(sent["Location"], {"nickname": "Lola", "next": "/play/rummy70/"})
    assert back["Location"] == "/play/rummy70/"
    page = client.get(back["Location"]).content.decode()
    assert "Jugar ahora: Rummy 70" in page
    played = client.post("/play/rummy70/")
    table = Table.objects.get()
    assert played["Location"] == f"/tables/{table.pk}/"
    assert str(table.host) == "Lola" and table.host.is_guest
