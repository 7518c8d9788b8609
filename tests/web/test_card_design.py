"""One card design for both games: wherever a card shows face up (Golfo's hand, Rummy 70's hand,
melds and discard, a replay, the rules pages), it is the same framed Spanish card: an element with
the classes `card face`, its rank in a top corner, the suit drawn in the middle and the rank again
in the bottom corner (templates/tables/_card_face.html)."""

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.test import Client, override_settings

from games.engine.rummy import Discard, Draw, Open
from games.models import Hand, User
from tests.engine.rummy.helpers import meld, play
from tests.engine.rummy.scenarios import MELDS_0, three_players
from tests.kinds.test_screen_golfo import parts_for, start
from tests.kinds.test_screen_rummy70 import screen
from tests.support.matches import play_until_hands, start_match

# A face's children, each named by its classes (the suit picture is the `svg.suit`).
FRAMED_FACE = ("card-rank", "suit", "card-rank card-rank-low")


class _Faces(HTMLParser):
    """Every element of class `card` that is not a back or an empty slot: its tag, its classes and
    its child elements' classes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, list[str]] | None] = []
        self.faces: list[tuple[str, list[str], list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        parent = self.open[-1] if self.open else None
        if parent is not None:
            parent[1].append(" ".join(classes))
        if tag in ("input", "br", "img", "meta", "link", "path", "circle", "rect", "ellipse"):
            return
        if "card" in classes and not {"back", "empty-slot"} & set(classes):
            children: list[str] = []
            self.faces.append((tag, classes, children))
            self.open.append((tag, children))
        else:
            self.open.append(None)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("path", "circle", "rect", "ellipse"):
            return
        if self.open:
            self.open.pop()


def faces(html: str) -> list[tuple[str, list[str], list[str]]]:
    parser = _Faces()
    parser.feed(html)
    parser.close()
    return parser.faces


def assert_framed(html: str, at_least: int) -> None:
    shown = faces(html)
    assert len(shown) >= at_least
    for tag, classes, children in shown:
        assert "face" in classes, (tag, classes)
        assert tuple(children[:3]) == FRAMED_FACE, (tag, classes, children)
        assert all(child.startswith("stands-for") for child in children[3:]), children


@pytest.fixture
def fixed_seeds() -> Iterator[None]:
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


def test_golfo_hand_is_the_framed_card() -> None:
    state = start()
    parts = parts_for(state, state.turn)
    html = render_to_string(parts["golfo-hand"].template, parts["golfo-hand"].context)
    assert_framed(html, at_least=2)


def test_rummy_hand_melds_and_discard_are_the_framed_card() -> None:
    state = play(three_players(), 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)), Discard(drawn))
    parts = screen(state, 0)
    for part_id, at_least in (("rummy-hand", 4), ("rummy-melds", 10), ("rummy-piles", 1)):
        part = parts[part_id]
        assert_framed(render_to_string(part.template, part.context), at_least)


@pytest.mark.django_db
@pytest.mark.usefixtures("fixed_seeds")
def test_a_rummy_replay_shows_the_framed_card(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)
    client = Client()
    client.force_login(ana)
    page = client.get(f"/tables/{hand.table_id}/hands/{hand.number}/?step=3").content.decode()
    assert_framed(page, at_least=14)


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "at_least"), [("/reglas/rummy70/", 11), ("/reglas/golfo/", 10)])
def test_the_rules_pages_show_the_framed_card(path: str, at_least: int) -> None:
    page = Client().get(path).content.decode()
    assert_framed(page, at_least)
    assert any("joker" in classes for _tag, classes, _children in faces(page)) == (
        path == "/reglas/rummy70/"
    )


SUIT_SYMBOLS = {"suit-O", "suit-C", "suit-E", "suit-B", "suit-joker"}


def test_a_frames_cards_carry_no_drawing_only_their_suits_symbol() -> None:
    """Each suit is drawn once per page (the page's symbols): a hand of cards sent over the socket
    names its cards' suits, and holds none of their drawing."""
    state = play(three_players(), 0, Draw())
    part = screen(state, 0)["rummy-hand"]
    html = render_to_string(part.template, part.context)
    used = re.findall(r'<use href="#([\w-]+)"/>', html)
    assert len(used) == 15 and set(used) <= SUIT_SYMBOLS
    assert not re.search(r"<(path|circle|rect|ellipse)\b", html)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/reglas/rummy70/", "/reglas/golfo/", "/"])
def test_every_page_draws_each_suit_once_for_the_cards_it_shows(path: str) -> None:
    page = Client().get(path).content.decode()
    assert sorted(re.findall(r'<symbol id="([\w-]+)"', page)) == sorted(SUIT_SYMBOLS)
    assert set(re.findall(r'<use href="#([\w-]+)"/>', page)) <= SUIT_SYMBOLS
