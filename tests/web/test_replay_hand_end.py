"""The last step of a replay shows what the table showed at the hand's end, to anyone: every
Rummy 70 hand counted in public, and the Golfo hands shown at a showdown."""

import re
from collections import Counter
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings

from games.models import Hand, User
from tests.support.matches import play_until_hands, start_match

pytestmark = pytest.mark.django_db

RANKS = {"A": "as", "J": "sota", "Q": "caballo", "K": "rey"}
SUITS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


def labels(cards: list[str]) -> list[str]:
    """Card pictures' labels on a Spanish page: ``7O#12`` → "7 de oros"."""
    faces = [card.partition("#")[0] for card in cards if not card.startswith("*")]
    return [f"{RANKS.get(face[:-1], face[:-1])} de {SUITS[face[-1]]}" for face in faces]


def last_step_of(hand: Hand) -> str:
    url = f"/tables/{hand.table_id}/hands/{hand.number}/?step=9999"
    return Client(HTTP_ACCEPT_LANGUAGE="es").get(url).content.decode()


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</section>", start)]


def test_a_visitor_sees_every_rummy_hand_counted_at_the_hands_end(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)

    result = section(last_step_of(hand), "rummy-result")

    left = [card for cards in hand.result["hand_end"]["hands"] for card in cards]
    assert left
    shown = Counter(re.findall(r'role="img" aria-label="([^"]+)"', result))
    assert not Counter(labels(left)) - shown


def test_a_visitor_sees_the_golfo_hands_shown_at_a_showdown(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    showdown = None
    for played in range(1, 12):
        play_until_hands(table, played)
        last = Hand.objects.filter(table=table).order_by("-number").first()
        if last is not None and last.result["result"]["ending"] == "showdown":
            showdown = last
            break
    assert showdown is not None, "no hand reached a showdown"

    page = section(last_step_of(showdown), "golfo-showdown")

    shown = [card for hand in showdown.result["result"]["shown"] for card in hand["cards"]]
    assert shown
    assert all(f'aria-label="{label}"' in page for label in labels(shown))
