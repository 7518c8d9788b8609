"""Staff find tables and their seats in the Django admin."""

import pytest
from django.test import Client

from games.models import User
from games.tables import seating
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(ana: User) -> Client:
    User.objects.filter(pk=ana.pk).update(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(ana)
    return client


def test_admin_lists_tables_and_shows_their_seats(staff: Client, ana: User, bruno: User) -> None:
    table = open_table(ana, game="golfo")
    seating.sit(table_id=table.pk, user=bruno, position=3)

    listing = staff.get("/admin/games/table/", {"game__exact": "golfo"}).content.decode()
    detail = staff.get(f"/admin/games/table/{table.pk}/change/").content.decode()
    seats = staff.get("/admin/games/seat/").content.decode()

    assert f"/admin/games/table/{table.pk}/change/" in listing
    assert table.invite_token in detail
    assert 'name="seats-1-position" value="3"' in detail
    assert "Bruno" in seats
