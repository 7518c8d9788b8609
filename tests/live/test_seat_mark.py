"""The seats are the same for every viewer who is offered the same buttons, so that a table's
process builds them once a version; which seat is the viewer's own is said apart, by
``#seat-mark``, and the page's style draws that seat's border in gold."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from games.live.frames import ViewerFrames
from games.models import User
from games.tables import seating
from games.tables.selectors import Viewer
from games.tables.snapshots import read_snapshot
from tests.conftest import MakeUser
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db


def frame_of(viewer: Viewer, table_id: int) -> str:
    snapshot = read_snapshot(table_id=table_id)
    assert snapshot is not None
    frame = ViewerFrames(viewer=viewer, granted_table_ids=(), language="en").frame(snapshot)
    assert frame is not None
    return frame


def seats_of(frame: str) -> str:
    found = re.search(r'<section id="seats".*?</section>', frame, re.S)
    assert found
    return found.group(0)


def mark_of(frame: str) -> str | None:
    found = re.search(r'<span id="seat-mark"[^>]*>', frame)
    assert found, "every viewer is sent the mark"
    position = re.search(r'data-position="(\d)"', found.group(0))
    return None if position is None else position.group(1)


def test_each_viewer_is_told_which_seat_is_his_and_nobody_else_is(
    ana: User, bruno: User, carmen: User, make_user: MakeUser
) -> None:
    dario = make_user("Dario")
    table = open_table(ana, seat_count=4)
    seating.sit(table_id=table.pk, user=bruno, position=2)
    seating.sit(table_id=table.pk, user=carmen, position=1)
    table = seating.start_table(table_id=table.pk, by=ana)

    frames = {
        name: frame_of(viewer, table.pk)
        for name, viewer in (
            ("ana", ana),
            ("bruno", bruno),
            ("carmen", carmen),
            ("dario", dario),
            ("anonymous", AnonymousUser()),
        )
    }

    assert {name: mark_of(frame) for name, frame in frames.items()} == {
        "ana": "0",
        "bruno": "2",
        "carmen": "1",
        "dario": None,
        "anonymous": None,
    }
    seats = {seats_of(frame) for name, frame in frames.items() if name != "ana"}
    assert len(seats) == 1, "the players and the strangers are shown the same seats"
    assert "seat-mine" not in seats.pop()


def test_the_page_draws_the_border_of_the_viewers_own_seat_at_every_position() -> None:
    """A table has at most six seats (``table_seat_count_2_to_6``)."""
    style = (Path(settings.BASE_DIR) / "static/css/cardroom.css").read_text()
    for position in range(6):
        assert (
            f':where(body:has(#seat-mark[data-position="{position}"])) '
            f'.seat:where([data-seat="{position}"])'
        ) in style
