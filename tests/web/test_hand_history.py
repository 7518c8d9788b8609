"""A table's finished hands: the table page lists the newest (a house table plays thousands of
coups, and the page must not grow with them), its history page lists every one, a page at a time,
newest first, to whoever may open the table."""

import re

import pytest
from django.test import Client

from games.accounts.services import bot_named
from games.models import Hand, Table, User
from games.tables.seating import sit
from games.tables.snapshots import SHOWN_HANDS
from games.web.views import HANDS_PER_PAGE
from tests.support.house import next_step, open_house_table

pytestmark = pytest.mark.django_db

COUPS = SHOWN_HANDS + 5


def bots_play(table: Table, coups: int) -> None:
    steps = 0
    while Hand.objects.filter(table=table).count() < coups:
        assert next_step(table)
        steps += 1
        assert steps < 40 * coups


@pytest.fixture
def stud_table() -> Table:
    table = open_house_table(bot_named(1), "stud", visibility=Table.Visibility.PRIVATE)
    sit(table_id=table.pk, user=bot_named(2), position=1)
    bots_play(table, COUPS)
    return table


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</section>", start)]


def listed(html: str) -> list[int]:
    return [int(number) for number in re.findall(r'data-hand="(\d+)"', html)]


def host_client(table: Table) -> Client:
    client = Client()
    client.force_login(table.host)
    return client


def test_the_table_page_lists_the_newest_hands_and_links_to_all_of_them(stud_table: Table) -> None:
    total = Hand.objects.filter(table=stud_table).count()

    page = host_client(stud_table).get(f"/tables/{stud_table.pk}/").content.decode()

    hands = section(page, "table-hands")
    assert listed(hands) == list(range(total, total - SHOWN_HANDS, -1))
    assert f'href="/tables/{stud_table.pk}/hands/{total}/"' in hands
    assert f'href="/tables/{stud_table.pk}/hands/"' in hands
    assert f"Las {total} manos terminadas" in hands


def test_a_house_table_names_its_coups_by_number_alone(stud_table: Table) -> None:
    page = host_client(stud_table).get(f"/tables/{stud_table.pk}/").content.decode()

    assert ">Mano 1<" not in section(page, "table-hands")
    assert re.search(r">Mano \d+</a>", section(page, "table-hands"))
    assert "partida" not in section(page, "table-hands")


def test_the_history_page_lists_every_hand_newest_first_a_page_at_a_time(
    stud_table: Table,
) -> None:
    total = Hand.objects.filter(table=stud_table).count()
    client = host_client(stud_table)

    first = client.get(f"/tables/{stud_table.pk}/hands/").content.decode()

    assert listed(first) == list(range(total, 0, -1))[:HANDS_PER_PAGE]
    assert f'href="/tables/{stud_table.pk}/hands/1/"' in first
    assert f'href="/tables/{stud_table.pk}/hands/1.json"' in first
    assert f'href="/tables/{stud_table.pk}/"' in first


def test_the_history_page_goes_back_a_page_at_a_time(ana: User) -> None:
    table = open_house_table(ana, "paigow")
    game = table.games.get()
    Hand.objects.bulk_create(
        Hand(table=table, number=number, game=game, hand_no=number, first_seq=1, last_seq=1)
        for number in range(1, HANDS_PER_PAGE + 4)
    )
    client = Client()

    newest = client.get(f"/tables/{table.pk}/hands/").content.decode()
    older = client.get(f"/tables/{table.pk}/hands/?page=2").content.decode()
    nonsense = client.get(f"/tables/{table.pk}/hands/?page=nada").content.decode()

    assert listed(newest) == list(range(HANDS_PER_PAGE + 3, 3, -1))
    assert listed(older) == [3, 2, 1]
    assert 'rel="next" href="?page=2"' in newest and 'rel="prev" href="?page=1"' in older
    assert listed(nonsense) == listed(newest)


def test_a_private_tables_history_is_not_shown_to_a_stranger(
    stud_table: Table, bruno: User
) -> None:
    stranger = Client()
    stranger.force_login(bruno)

    assert stranger.get(f"/tables/{stud_table.pk}/hands/").status_code == 404
    assert Client().get("/tables/999999/hands/").status_code == 404
