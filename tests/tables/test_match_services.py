"""Matches played through the services by the engines' bots: a whole hand of each game, the log
that replays it, the hand kept in the table's history, a match to its end and the rematch."""

import json
import re
from collections import Counter
from collections.abc import Iterator
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import translation

from games.engine.cards import Card
from games.kinds.rummy70.screen import face_label
from games.models import Action, Game, Hand, Seat, Table, User
from games.tables import seating
from games.tables.errors import TableError
from games.tables.history import replay_match
from games.tables.play import accept_rematch, deal_next_hand, play
from tests.support.matches import ENGINES, match_of, play_until_hands, start_match, version_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    """Seeded matches, so that the bots play the same games on every run."""
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-10"}, "golfo": {"seed": "bots-2"}}
    ):
        yield


@override_settings(CARDROOM_DEALS={})
def test_starting_a_table_deals_the_first_hand_of_a_match(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2)

    game, kind, state = match_of(table)
    assert table.status == Table.Status.PLAYING
    assert game.number == 1 and game.status == Game.Status.PLAYING
    assert [player["user"] for player in game.players] == [ana.pk, bruno.pk]
    assert len(game.seed) == 32
    if state.phase == "cut":
        # One random seed in about 54 cuts a joker: the cutter is asked first, and puts it back.
        cutter = User.objects.get(pk=game.players[state.turn]["user"])
        play(
            table_id=table.pk,
            user=cutter,
            version=version_of(table),
            fields={"move": "keep_cut", "keep": "no"},
        )
        game, kind, state = match_of(table)
    assert [len(hand) for hand in kind.hands_face_up(state)] == [14, 14]


def test_a_whole_rummy_hand_played_by_bots_is_logged_and_kept(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen])
    started_at = version_of(table)

    play_until_hands(table, 1)

    game, kind, state = match_of(table)
    moves = list(game.actions.order_by("seq"))
    hand = Hand.objects.get(table=table)
    assert kind.stage(state) in ("hand_over", "match_over")
    assert [move.seq for move in moves] == list(range(1, len(moves) + 1))
    assert game.last_seq == len(moves)
    assert version_of(table) == started_at + len(moves)
    assert hand.number == 1 and hand.first_seq == 1 and hand.last_seq == len(moves)
    assert all(len(cards) >= 14 for cards in hand.deal)
    assert hand.result["hand_end"]["ending"] in ("seco", "no_abiertos", "abiertos", "agotada")
    assert replay_match(game=game, upto=len(moves)).to_json() == game.state


def test_a_whole_golfo_hand_played_by_bots_is_logged_and_kept(
    ana: User, bruno: User, carmen: User, make_user
) -> None:
    diego = make_user("Diego")
    table = start_match([ana, bruno, carmen, diego], game="golfo")

    play_until_hands(table, 2)

    game, kind, state = match_of(table)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [hand.hand_no for hand in hands] == [1, 2]
    deal = Action.objects.get(game=game, seq=hands[1].first_seq - 1)
    assert (deal.seat, deal.action, deal.user) == (None, {"kind": "next_hand"}, None)
    assert game.last_seq == hands[1].last_seq == game.actions.count()
    seats = kind.view(state, None)["seats"]
    assert sum(seat["stack"] for seat in seats) == 4000 + sum(seat["rebought"] for seat in seats)
    assert replay_match(game=game, upto=hands[1].last_seq).to_json() == game.state


def test_the_maintainers_export_lets_the_engine_replay_the_hand(ana: User, bruno: User) -> None:
    """Seed and log (``manage.py export_hand``): every card of the match, never served."""
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 100)
    hand = Hand.objects.get(table=table, number=1)
    printed = StringIO()

    call_command("export_hand", str(table.pk), "1", stdout=printed)

    exported = json.loads(printed.getvalue())
    kind = ENGINES[exported["game"]]
    rebuilt = kind.replay_match(
        seed=exported["seed"],
        options=kind.options_from_json(exported["options"]),
        players=len(exported["players"]),
        actions=[(a["seat"], kind.action_from_json(a["action"])) for a in exported["actions"]],
        deal=exported["deal"],
    )
    game, _kind, _state = match_of(table)
    assert game.status == Game.Status.FINISHED
    assert [a["seq"] for a in exported["actions"]] == list(range(1, hand.last_seq + 1))
    assert kind.state_to_json(rebuilt) == replay_match(game=game, upto=hand.last_seq).to_json()
    assert kind.stage(rebuilt) in ("hand_over", "match_over") and kind.hand_no(rebuilt) == 1
    assert [player["name"] for player in exported["players"]] == ["Ana", "Bruno"]


def test_the_served_export_is_the_hand_as_its_reader_saw_it(ana: User, bruno: User) -> None:
    """Served during the match too: it holds each step's view of the reader, never the seed."""
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)
    client = Client()
    client.force_login(ana)

    exported = client.get(f"/tables/{table.pk}/hands/1.json").json()
    watched = Client().get(f"/tables/{table.pk}/hands/1.json").json()

    assert match_of(table)[0].status == Game.Status.PLAYING
    assert "seed" not in exported and "actions" not in exported
    steps = exported["steps"]
    assert len(steps) == hand.last_seq - hand.first_seq + 2
    assert exported["viewer"] == 0 and steps[0]["view"]["hand"] == hand.deal[0]
    assert all(step["view"]["viewer"] == 0 for step in steps)
    assert watched["viewer"] is None and watched["steps"][0]["view"]["hand"] is None
    assert steps[1]["move"] and steps[1]["move"] == watched["steps"][1]["move"]


def test_the_replay_shows_a_player_his_own_hand_and_the_table_step_by_step(
    ana: User, bruno: User
) -> None:
    """Ana's dealt hand in pictures, never Bruno's; the melds on the table at the end."""
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)
    client = Client()
    client.force_login(ana)

    dealt = client.get(f"/tables/{table.pk}/hands/1/").content.decode()
    last = client.get(f"/tables/{table.pk}/hands/1/?step=9999").content.decode()

    own = Counter(card_label(card) for card in hand.deal[0])
    shown = Counter(re.findall(r'role="img" aria-label="([^"]+)"', dealt))
    assert own and all(shown[label] >= count for label, count in own.items())
    assert not re.search(r"[OCEB*]#\d", dealt + last)
    assert hand.result["hand_end"]["ending"] != "agotada"
    for meld in hand.result["melds"]:
        assert all(card_label(card) in last for card in meld["cards"] if card[0] != "*")
    assert 'id="replay-next"' in dealt and 'id="replay-previous"' not in dealt
    assert 'id="replay-previous"' in last and 'id="replay-next"' not in last
    assert client.get(f"/tables/{table.pk}/hands/2/").status_code == 404


def card_label(code: str) -> str:
    with translation.override("es"):
        return face_label(Card.from_json(code))


def test_a_private_tables_history_needs_its_invite_link(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno], seat_count=2, visibility="private")
    play_until_hands(table, 1)
    stranger = Client()
    invited = Client()
    invited.get(table.get_invite_url())

    assert stranger.get(f"/tables/{table.pk}/hands/1/").status_code == 404
    assert invited.get(f"/tables/{table.pk}/hands/1/").status_code == 200


def test_a_match_to_its_end_counts_on_profiles_then_a_rematch_with_whoever_accepts(
    ana: User, bruno: User, carmen: User, english: None
) -> None:
    table = start_match([ana, bruno, carmen])
    play_until_hands(table, 100)
    game, kind, state = match_of(table)
    assert game.status == Game.Status.FINISHED
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED
    assert state.winner is not None
    winner = User.objects.get(pk=game.players[state.winner]["user"])
    assert game.winner == winner

    accept_rematch(table_id=table.pk, user=ana, version=version_of(table))
    with pytest.raises(TableError, match="At least 2 players must accept the rematch"):
        seating.start_table(table_id=table.pk, by=ana)
    accept_rematch(table_id=table.pk, user=carmen, version=version_of(table))
    seating.start_table(table_id=table.pk, by=ana)

    rematch, _kind, _state = match_of(table)
    assert rematch.number == 2 and rematch.status == Game.Status.PLAYING
    assert [player["user"] for player in rematch.players] == [ana.pk, carmen.pk]
    assert not Seat.objects.filter(table=table, user=bruno).exists()
    for user in (ana, bruno, carmen):
        profile = Client()
        profile.force_login(user)
        page = profile.get("/accounts/profile/").content.decode()
        won = 1 if user == winner else 0
        assert '<li class="figure-played" data-value="1">' in page
        assert f'<li class="figure-won" data-value="{won}">' in page


def test_golfo_deals_at_once_when_every_player_with_chips_is_ready(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 1)
    game, kind, state = match_of(table)
    waiting = [
        user for user in (ana, bruno, carmen) if game.seat_of(user.pk) in kind.waits_for(state)
    ]

    assert not deal_next_hand(table_id=table.pk)  # the 20 s have not passed
    for user in waiting[:-1]:
        play(table_id=table.pk, user=user, version=version_of(table), fields={"move": "ready"})
    still_over = match_of(table)[2]
    play(table_id=table.pk, user=waiting[-1], version=version_of(table), fields={"move": "ready"})

    assert kind.stage(still_over) == "hand_over"
    assert kind.hand_no(match_of(table)[2]) == 2
    assert Game.objects.get(pk=game.pk).hand_ended_at is None


@pytest.mark.parametrize("game_kind", ["rummy70", "golfo"])
def test_listo_clicked_from_the_same_page_by_everyone_counts_for_all(
    game_kind: str, ana: User, bruno: User, carmen: User
) -> None:
    """Two players who click "Listo" at the same moment both sent the version they were shown:
    neither is refused as stale, and the next hand is dealt."""
    table = start_match([ana, bruno, carmen], game=game_kind)
    play_until_hands(table, 1)
    game, kind, state = match_of(table)
    if game.status == Game.Status.FINISHED:
        pytest.fail("the seeded match ended after one hand")
    shown = version_of(table)
    waiting = [
        user for user in (ana, bruno, carmen) if game.seat_of(user.pk) in kind.waits_for(state)
    ]

    for user in waiting:
        play(table_id=table.pk, user=user, version=shown, fields={"move": "ready"})

    assert kind.hand_no(match_of(table)[2]) == 2


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_every_hand_in_the_history_keeps_its_cards_as_dealt(
    ana: User, bruno: User, carmen: User, make_user, game: str
) -> None:
    """Kept when the hand began (``Game.hand_deal``), they are the cards a replay of the match up
    to that deal gives, for the later hands as for the first."""
    table = start_match([ana, bruno, carmen, make_user("Diego")], game=game)

    play_until_hands(table, 3)

    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert len(hands) >= 2
    for hand in hands:
        dealt = replay_match(game=hand.game, upto=hand.first_seq - 1)
        assert hand.deal == dealt.hands_face_up()
        assert hand.hand_no == dealt.hand_no
