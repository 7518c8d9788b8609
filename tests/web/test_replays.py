"""A hand's replay read by a person: the table's own card pictures, the moves in words in a list
beside the board (each a link to its step, the step shown marked), arrow keys to step, and links
to it from the hand's end and the match's end on the table."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings

from games.models import Hand, User
from tests.support.matches import play_until_hands, start_match

pytestmark = pytest.mark.django_db

CARD_ID = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+")
ENGINE_VERBS = re.compile(
    r"\b(?:draw|take_discard|lay_off|lay_meld|swap_joker|discard|close|open|next_hand|"
    r"pass|bet|call|raise|fold)\b"
)
MOVE = re.compile(r'<li value="(\d+)"><a href="\?step=(\d+)"([^>]*)>([^<]*)</a></li>')


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


def signed_in(user: User, language: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def replay(client: Client, hand: Hand, step: int) -> str:
    return client.get(f"/tables/{hand.table_id}/hands/{hand.number}/?step={step}").content.decode()


def moves_of(page: str) -> list[tuple[int, bool, str]]:
    """The move list: (step, is it the step shown, its words)."""
    return [
        (int(number), 'aria-current="step"' in attributes, text)
        for number, target, attributes, text in MOVE.findall(page)
        if number == target
    ]


def board_of(page: str) -> str:
    return page[page.index('id="replay-board"') : page.index('id="replay-moves"')]


def last_step(hand: Hand) -> int:
    return hand.last_seq - hand.first_seq + 1


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", ["robó del mazo", " descarta el ", "se abre con el "]),
        ("en", ["drew from the stock", " discards the ", " opens with the "]),
    ],
)
def test_a_rummy_replay_tells_every_move_in_words_beside_the_tables_card_pictures(
    ana: User, bruno: User, language: str, said: list[str]
) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)
    last = last_step(hand)

    page = replay(signed_in(ana, language), hand, last)

    moves = moves_of(page)
    assert [step for step, _current, _text in moves] == list(range(last + 1))
    assert [step for step, current, _text in moves if current] == [last]
    texts = " · ".join(text for _step, _current, text in moves)
    assert all(words in texts for words in said), texts
    assert not ENGINE_VERBS.search(texts) and not CARD_ID.search(page)
    board = board_of(page)
    assert re.search(r'<span class="card face suit-[OCEB]" role="img" aria-label="[^"]+"', board)
    assert 'href="/static/css/rummy70.css"' in page


def test_a_move_ahead_of_the_step_shown_names_only_who_makes_it(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)

    moves = moves_of(replay(signed_in(ana), hand, 2))

    assert moves[0] == (0, False, "El reparto.")
    assert moves[2][1] and "descarta" in moves[2][2]
    assert all(text in ("Ana …", "Bruno …") for step, _current, text in moves if step > 2)


def test_a_golfo_replay_tells_the_envites_in_words_with_the_tables_cards(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 3)
    client = signed_in(ana)
    texts = []
    for hand in Hand.objects.filter(table=table):
        page = replay(client, hand, last_step(hand))
        texts += [text for _step, _current, text in moves_of(page)]
        assert re.search(r'<span class="card face suit-[OCEB]" role="img"', board_of(page))
        assert not CARD_ID.search(page)
    said = " · ".join(texts)

    assert re.search(r"\b(?:Ana|Bruno|Carmen) (?:pasa|envida \d+|iguala|abandona)\b", said)
    assert re.search(r"se descarta de \d cartas?|va servido", said)
    assert not ENGINE_VERBS.search(said)


def test_arrow_keys_step_through_the_replay_from_a_static_script(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)

    page = replay(signed_in(ana), hand, 3)

    assert '<script src="/static/js/replay.js" defer></script>' in page
    article = page[page.index("<article") : page.index("</article>")]
    assert "<script" not in article and "data-replay" in article
    assert re.search(r'<a id="replay-previous"[^>]* rel="prev" href="\?step=2"', page)
    assert re.search(r'<a id="replay-next"[^>]* rel="next" href="\?step=4"', page)
    script = (Path(settings.BASE_DIR) / "static/js/replay.js").read_text()
    assert all(word in script for word in ("ArrowLeft", "ArrowRight", 'rel="${rel}"'))


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</section>", start)]


def test_the_hand_end_and_the_match_end_link_to_the_replay(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)
    client = signed_in(ana)
    play_until_hands(table, 1)

    page = client.get(f"/tables/{table.pk}/").content.decode()
    hand_end = section(page, "rummy-result")
    assert f'href="/tables/{table.pk}/hands/1.json"' in section(page, "table-hands")
    play_until_hands(table, 100)
    last = Hand.objects.filter(table=table).order_by("-number").first()
    assert last is not None and last.number > 1
    match_end = section(client.get(f"/tables/{table.pk}/").content.decode(), "rummy-result")

    assert f'href="/tables/{table.pk}/hands/1/"' in hand_end
    assert f'href="/tables/{table.pk}/hands/{last.number}/"' in match_end
    assert 'href="#table-hands"' in match_end and 'href="#table-hands"' not in hand_end


def test_a_golfo_hand_end_links_to_its_replay(ana: User, bruno: User, carmen: User) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 1)

    page = signed_in(carmen).get(f"/tables/{table.pk}/").content.decode()

    assert f'href="/tables/{table.pk}/hands/1/"' in section(page, "golfo-showdown")


@pytest.mark.parametrize("step", ["abc", "-3", "1" + "0" * 40, "", "٣"])
def test_a_forged_step_shows_a_step_of_the_hand_never_an_error(
    ana: User, bruno: User, step: str
) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)

    response = signed_in(ana).get(f"/tables/{table.pk}/hands/1/", {"step": step})

    assert response.status_code == 200
    shown = [number for number, current, _text in moves_of(response.content.decode()) if current]
    assert len(shown) == 1 and 0 <= shown[0] <= last_step(hand)
