"""Table use cases: what each one changes, every refusal with its message, and the nudge sent once
the change is committed."""

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from games.models import Seat, Table
from games.tables import seating
from games.tables.errors import TableError
from tests.conftest import MakeUser
from tests.support.tables import open_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def seated(table: Table) -> dict[int, str]:
    return {seat.position: seat.user.display_name for seat in table.seats.select_related("user")}


def refused(call: Any, **kwargs: Any) -> str:
    with pytest.raises(TableError) as refusal:
        call(**kwargs)
    return str(refusal.value.message)


def test_new_table_seats_its_host_and_fills_in_default_options(make_user: MakeUser) -> None:
    ana = make_user("Ana")

    rummy = open_table(ana)
    golfo = open_table(ana, game="golfo", options={"rebuy": "freezeout"})

    assert seated(rummy) == {0: "Ana"}
    assert rummy.status == Table.Status.WAITING
    assert rummy.version == 1
    assert rummy.options == {"joker_penalty": 25}
    assert golfo.options == {
        "starting_stack": 1000,
        "ante": 10,
        "min_bet": 10,
        "rebuy": "freezeout",
        "tie": "seat_order",
    }
    assert rummy.invite_token != golfo.invite_token
    assert len(rummy.invite_token) >= 20


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"game": "poker"}, "Unknown game."),
        ({"game": "golfo", "seat_count": 6}, "Golfo is played at 4 seats."),
        ({"seat_count": 7}, "Rummy 70 is played at 2 to 6 seats."),
        ({"seat_count": 1}, "Rummy 70 is played at 2 to 6 seats."),
        ({"visibility": "secret"}, "A table is either public or private."),
        ({"clock": 45}, "The turn clock is off, 30, 60 or 120 seconds."),
        ({"options": {"ante": 5}}, "This game has no option named ante."),
        ({"options": {"joker_penalty": "25"}}, "Joker left in hand (points) must be a whole"),
        ({"options": {"joker_penalty": True}}, "must be a whole number"),
        ({"options": {"joker_penalty": 500}}, "must be between 0 and 100."),
        ({"game": "golfo", "options": {"rebuy": "maybe"}}, "choose one of the offered values"),
        (
            {"game": "golfo", "options": {"starting_stack": 100, "ante": 200}},
            "cannot exceed the starting stack",
        ),
    ],
)
def test_create_table_refuses_what_the_rules_do_not_allow(
    make_user: MakeUser, overrides: dict[str, Any], message: str
) -> None:
    ana = make_user("Ana")

    with pytest.raises(TableError) as refusal:
        open_table(ana, **overrides)

    assert message in str(refusal.value.message)
    assert not Table.objects.exists()


def test_anonymous_visitor_cannot_open_a_table() -> None:
    with pytest.raises(TableError, match="Log in or sit as a guest first."):
        open_table(AnonymousUser())


def test_sitting_takes_the_seat_and_bumps_the_version(make_user: MakeUser) -> None:
    table = open_table(make_user("Ana"))

    table = seating.sit(table_id=table.pk, user=make_user("Bruno"), position=2)

    assert seated(table) == {0: "Ana", 2: "Bruno"}
    assert table.version == 2


def test_sit_refusals_change_nothing(make_user: MakeUser) -> None:
    ana, bruno, carmen = make_user("Ana"), make_user("Bruno"), make_user("Carmen")
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    sit = seating.sit

    assert refused(sit, table_id=table.pk, user=carmen, position=1) == "That seat is taken."
    assert refused(sit, table_id=table.pk, user=bruno, position=2) == (
        "You already sit at this table."
    )
    assert refused(sit, table_id=table.pk, user=carmen, position=4) == (
        "There is no such seat at this table."
    )
    assert refused(sit, table_id=table.pk, user=AnonymousUser(), position=2) == (
        "Log in or sit as a guest first."
    )
    assert refused(sit, table_id=999_999, user=carmen, position=2) == "This table does not exist."
    table.refresh_from_db()
    assert seated(table) == {0: "Ana", 1: "Bruno"}
    assert table.version == 2


def test_standing_frees_the_seat(make_user: MakeUser) -> None:
    bruno = make_user("Bruno")
    table = open_table(make_user("Ana"))
    seating.sit(table_id=table.pk, user=bruno, position=3)

    table = seating.stand(table_id=table.pk, user=bruno)

    assert seated(table) == {0: "Ana"}
    assert table.version == 3
    assert refused(seating.stand, table_id=table.pk, user=bruno) == (
        "You are not sitting at this table."
    )


def test_host_removes_a_player_before_the_start(make_user: MakeUser) -> None:
    ana, bruno = make_user("Ana"), make_user("Bruno")
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=bruno, position=1)

    table = seating.remove_player(table_id=table.pk, by=ana, position=1)

    assert seated(table) == {0: "Ana"}


def test_remove_refusals(make_user: MakeUser) -> None:
    ana, bruno, carmen = make_user("Ana"), make_user("Bruno"), make_user("Carmen")
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    remove = seating.remove_player

    assert refused(remove, table_id=table.pk, by=bruno, position=0) == "Only the host can do that."
    assert refused(remove, table_id=table.pk, by=carmen, position=1) == (
        "Only the host can do that."
    )
    assert refused(remove, table_id=table.pk, by=ana, position=2) == "Nobody sits in that seat."
    assert refused(remove, table_id=table.pk, by=ana, position=0) == (
        "Use “Stand up” to leave your own seat."
    )
    seating.start_table(table_id=table.pk, by=ana)
    assert refused(remove, table_id=table.pk, by=ana, position=1) == (
        "Only a player who is sat out can be removed during a match: wait until he is."
    )
    assert seated(table) == {0: "Ana", 1: "Bruno"}


def test_host_starts_once_enough_players_sit(make_user: MakeUser) -> None:
    ana, bruno = make_user("Ana"), make_user("Bruno")
    table = open_table(ana)

    assert refused(seating.start_table, table_id=table.pk, by=ana) == (
        "At least 2 players must sit before the start."
    )
    seating.sit(table_id=table.pk, user=bruno, position=1)
    assert refused(seating.start_table, table_id=table.pk, by=bruno) == (
        "Only the host can do that."
    )
    table = seating.start_table(table_id=table.pk, by=ana)

    assert table.status == Table.Status.PLAYING
    assert table.version == 3
    assert refused(seating.start_table, table_id=table.pk, by=ana) == (
        "The game at this table has already started."
    )
    assert refused(seating.stand, table_id=table.pk, user=bruno) == (
        "The game at this table has already started."
    )
    assert refused(seating.sit, table_id=table.pk, user=make_user("Carmen"), position=2) == (
        "The game at this table has already started."
    )


def test_golfo_starts_with_three_players(make_user: MakeUser) -> None:
    ana = make_user("Ana")
    table = open_table(ana, game="golfo")
    seating.sit(table_id=table.pk, user=make_user("Bruno"), position=1)

    assert refused(seating.start_table, table_id=table.pk, by=ana) == (
        "At least 3 players must sit before the start."
    )
    seating.sit(table_id=table.pk, user=make_user("Carmen"), position=2)

    assert seating.start_table(table_id=table.pk, by=ana).status == Table.Status.PLAYING


def test_host_may_stand_and_sit_elsewhere_but_stays_host(make_user: MakeUser) -> None:
    ana = make_user("Ana")
    table = open_table(ana)

    seating.stand(table_id=table.pk, user=ana)
    table = seating.sit(table_id=table.pk, user=ana, position=3)

    assert seated(table) == {3: "Ana"}
    assert table.host == ana
    assert Seat.objects.filter(table=table).count() == 1
