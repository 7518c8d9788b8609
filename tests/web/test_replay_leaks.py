"""The replay leak test: bots play whole seeded matches of both games, then every step of every
finished hand is opened as a page and as the export by every kind of viewer (each seat, a seat
eliminated along the way, a spectator, an anonymous visitor of the public table). None of them is
shown a card his live view did not show him.

At step ``k`` a viewer's live view is ``engine.view(state_k, seat)`` (the spectator's for anyone
not still in the match). The board of step ``k`` holds only cards of that view; the whole page
(the moves told in words up to step ``k``) and the export's entry ``k`` only cards of the views he
had until then. A card is caught by its identity (``7O#12``) anywhere in the page, and by its face
in words or pictures ("7 de oros") whenever no copy of that face was in sight."""

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from games.models import Game, Hand, Table, User
from games.tables.history import replay_match
from tests.support.matches import bot_move, match_of, start_match
from tests.web.test_no_leaks import short_stacked_golfo

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+")
FACE = re.compile(r"(?<![0-9A-Z])((?:10|[2-9AJQK])[OCEB])(?![A-Za-z0-9])")
RANKS = {"A": "as", "J": "sota", "Q": "caballo", "K": "rey"}
SUITS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
MOVE_LIMIT = 5000


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


@dataclass(frozen=True)
class Sight:
    """The card identities and faces one viewer's view held at one step."""

    ids: frozenset[str]
    faces: frozenset[str]


def sight_of(view: dict[str, Any]) -> Sight:
    text = json.dumps(view)
    return Sight(frozenset(CARD.findall(text)), frozenset(FACE.findall(text)))


def spoken(face: str) -> re.Pattern[str]:
    """A face as the Spanish page names it, in a label or in words: ``7O`` → "7 de oros"."""
    rank, suit = face[:-1], face[-1]
    return re.compile(rf"(?<![\w]){RANKS.get(rank, rank)} de {SUITS[suit]}(?![\w])")


def assert_hides(text: str, *, every: set[str], seen: Sight, where: str) -> None:
    """``text`` names no card of ``every`` outside ``seen``, by identity or (when no copy of its
    face is in ``seen``) by face."""
    leaked = (set(CARD.findall(text)) & every) - seen.ids
    assert not leaked, f"{where}: hidden cards {sorted(leaked)}"
    for face in {card.partition("#")[0] for card in every - seen.ids} - {"*"} - seen.faces:
        assert not spoken(face).search(text), f"{where}: the hidden {face} is named"


def played(table: Table) -> Table:
    for _ in range(MOVE_LIMIT):
        if not bot_move(table):
            break
    game, _kind, state = match_of(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None
    return table


def board_of(page: str) -> str:
    """The replay's board (the cards at the step shown); the whole page when there is none."""
    if 'id="replay-board"' not in page or 'id="replay-moves"' not in page:
        return page
    return page[page.index('id="replay-board"') : page.index('id="replay-moves"')]


def check_hand(hand: Hand, viewers: dict[str, tuple[Client, int | None]]) -> int:
    """Every step page and the export of ``hand`` for every viewer; answers the pages read."""
    game = hand.game
    kind = match_of(hand.table)[1]
    state = kind.state_from_json(replay_match(game=game, upto=hand.first_seq - 1).to_json())
    states = [state]
    for move in game.actions.filter(seq__gte=hand.first_seq, seq__lte=hand.last_seq).order_by(
        "seq"
    ):
        state = kind.apply(state, move.seat, kind.action_from_json(move.action))
        states.append(state)
    everything = [set(CARD.findall(json.dumps(kind.state_to_json(each)))) for each in states]
    url = reverse("hand_replay", kwargs={"table_id": hand.table_id, "number": hand.number})
    export_url = reverse("hand_export", kwargs={"table_id": hand.table_id, "number": hand.number})
    pages = 0
    for who, (client, seat) in viewers.items():
        sights = [sight_of(kind.view(each, seat)) for each in states]
        so_far = Sight(frozenset(), frozenset())
        exported = client.get(export_url)
        assert exported.status_code == 200, f"{who} cannot export hand {hand.number}"
        export = exported.json()
        assert "seed" not in json.dumps(export)
        steps = export["steps"]
        assert len(steps) == len(states)
        for number, sight in enumerate(sights):
            so_far = Sight(so_far.ids | sight.ids, so_far.faces | sight.faces)
            where = f"hand {hand.number} step {number} seen by {who}"
            page = client.get(url, {"step": number}).content.decode()
            assert_hides(board_of(page), every=everything[number], seen=sight, where=where)
            assert_hides(page, every=everything[number], seen=so_far, where=where)
            entry = json.dumps(steps[number])
            assert_hides(entry, every=everything[number], seen=so_far, where=f"{where} (export)")
            pages += 1
    return pages


def viewers_of(game: Game, spectator: User) -> dict[str, tuple[Client, int | None]]:
    viewers: dict[str, tuple[Client, int | None]] = {}
    for seat, player in enumerate(game.players):
        client = Client()
        client.force_login(User.objects.get(pk=player["user"]))
        viewers[f"seat {seat}"] = (client, seat)
    watcher = Client()
    watcher.force_login(spectator)
    viewers["spectator"] = (watcher, None)
    viewers["anonymous"] = (Client(), None)
    return viewers


def test_no_rummy_replay_or_export_shows_a_card_its_viewer_did_not_see(
    ana: User, bruno: User, carmen: User
) -> None:
    table = played(start_match([ana, bruno], seat_count=2))
    game = match_of(table)[0]
    viewers = viewers_of(game, carmen)

    pages = sum(check_hand(hand, viewers) for hand in Hand.objects.filter(table=table))

    moves = [move.action for move in game.actions.all()]
    assert any(move["kind"] == "close" and move["last"] for move in moves), "no face-down card"
    assert pages > 200


def test_no_golfo_replay_or_export_shows_a_card_its_viewer_did_not_see(
    ana: User, bruno: User, carmen: User, make_user
) -> None:
    """Two of the three players bust: their later replays are a spectator's."""
    dario = make_user("Darío")
    options = {"starting_stack": 40, "ante": 10, "min_bet": 10, "rebuy": "freezeout"}
    table = played(short_stacked_golfo([ana, bruno, carmen], options))
    game, _kind, state = match_of(table)
    assert sum(player.eliminated for player in state.players) == 2
    viewers = viewers_of(game, dario)

    pages = sum(check_hand(hand, viewers) for hand in Hand.objects.filter(table=table))

    kinds = {move.action["kind"] for move in game.actions.all()}
    assert {"fold", "discard"} <= kinds
    assert pages > 100
