"""Staff read matches, their append-only logs, finished hands and chat lines in the admin."""

import pytest
from django.test import Client

from games.models import Action, User
from games.tables.chat import post_message
from tests.support.matches import play_until_hands, start_match

pytestmark = pytest.mark.django_db


def test_admin_shows_matches_hands_and_chats_and_never_edits_the_log(
    ana: User, bruno: User
) -> None:
    User.objects.filter(pk=ana.pk).update(is_staff=True, is_superuser=True)
    staff = Client()
    staff.force_login(ana)
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    post_message(table_id=table.pk, user=bruno, room="players", text="buena mano")
    move = Action.objects.filter(game__table=table).first()

    pages = {
        name: staff.get(f"/admin/games/{name}/")
        for name in ("game", "action", "hand", "chatmessage")
    }
    edit = staff.post(f"/admin/games/action/{move.pk}/change/", {"seq": "99"})

    assert all(page.status_code == 200 for page in pages.values())
    assert "buena mano" in pages["chatmessage"].content.decode()
    assert edit.status_code == 403
    assert Action.objects.get(pk=move.pk).seq == move.seq
