"""Matches played through the services by the engines' bots: a whole hand of each game, the log
that replays it, the hand kept in the table's history, a match to its end and the rematch."""

from collections.abc import Iterator

import pytest
from django.test import Client, override_settings

from games import services
from games.engine import golfo, rummy
from games.errors import TableError
from games.game_kinds import GAME_KINDS
from games.history import replay_match
from games.models import Action, Game, Hand, Seat, Table, User
from games.play import accept_rematch, deal_next_hand, play
from tests.web.matches import match_of, play_until_hands, start_match, version_of

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
    assert [len(hand) for hand in kind.hands(state)] == [14, 14]
    assert len(game.seed) == 32


def test_a_whole_rummy_hand_played_by_bots_is_logged_and_kept(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen])
    started_at = version_of(table)

    play_until_hands(table, 1)

    game, kind, state = match_of(table)
    moves = list(game.actions.order_by("seq"))
    hand = Hand.objects.get(table=table)
    assert kind.phase(state) in ("hand_over", "match_over")
    assert [move.seq for move in moves] == list(range(1, len(moves) + 1))
    assert game.last_seq == len(moves)
    assert version_of(table) == started_at + len(moves)
    assert hand.number == 1 and hand.first_seq == 1 and hand.last_seq == len(moves)
    assert all(len(cards) >= 14 for cards in hand.deal)
    assert hand.result["hand_end"]["ending"] in ("seco", "no_abiertos", "abiertos", "agotada")
    assert rummy.state_to_json(replay_match(game=game, upto=len(moves))) == game.state


def test_a_whole_golfo_hand_played_by_bots_is_logged_and_kept(
    ana: User, bruno: User, carmen: User, make_user
) -> None:
    diego = make_user("Diego")
    table = start_match([ana, bruno, carmen, diego], game=Table.GameKind.GOLFO)

    play_until_hands(table, 2)

    game, kind, state = match_of(table)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [hand.hand_no for hand in hands] == [1, 2]
    deal = Action.objects.get(game=game, seq=hands[1].first_seq - 1)
    assert (deal.seat, deal.action, deal.user) == (None, {"kind": "next_hand"}, None)
    assert game.last_seq == hands[1].last_seq == game.actions.count()
    seats = kind.engine.view(state, None)["seats"]
    assert sum(seat["stack"] for seat in seats) == 4000 + sum(seat["rebought"] for seat in seats)
    assert golfo.state_to_json(replay_match(game=game, upto=hands[1].last_seq)) == game.state


def test_the_json_export_lets_the_engine_replay_the_hand_once_the_match_is_over(
    ana: User, bruno: User
) -> None:
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    client = Client()
    during_the_match = client.get(f"/tables/{table.pk}/hands/1.json")
    play_until_hands(table, 100)

    exported = client.get(f"/tables/{table.pk}/hands/1.json").json()

    kind = GAME_KINDS[exported["game"]]
    rebuilt = kind.engine.replay(
        exported["seed"],
        kind.engine.Options.from_json(exported["options"]),
        len(exported["players"]),
        [(a["seat"], kind.engine.action_from_json(a["action"])) for a in exported["actions"]],
        **kind.deal_arguments(exported["deal"]),
    )
    game, _kind, _state = match_of(table)
    hand = Hand.objects.get(table=table, number=1)
    assert during_the_match.status_code == 404  # the seed would shuffle every later hand
    assert game.status == Game.Status.FINISHED
    assert [a["seq"] for a in exported["actions"]] == list(range(1, hand.last_seq + 1))
    assert kind.engine.state_to_json(rebuilt) == kind.engine.state_to_json(
        replay_match(game=game, upto=hand.last_seq)
    )
    assert kind.phase(rebuilt) in ("hand_over", "match_over") and kind.hand_no(rebuilt) == 1
    assert [player["name"] for player in exported["players"]] == ["Ana", "Bruno"]


def test_the_replay_shows_every_hand_face_up_step_by_step(ana: User, bruno: User) -> None:
    """Every seat's cards as dealt, then the melds on the table at the end."""
    table = start_match([ana, bruno], seat_count=2)
    play_until_hands(table, 1)
    hand = Hand.objects.get(table=table)
    client = Client()

    dealt = client.get(f"/tables/{table.pk}/hands/1/").content.decode()
    last = client.get(f"/tables/{table.pk}/hands/1/?step=9999").content.decode()

    for cards in hand.deal:
        assert all(f'<span class="card">{card}</span>' in dealt for card in cards)
    assert hand.result["hand_end"]["ending"] != "agotada"
    for meld in hand.result["melds"]:
        assert all(f'<span class="card">{card}</span>' in last for card in meld["cards"])
    assert 'id="replay-next"' in dealt and 'id="replay-previous"' not in dealt
    assert 'id="replay-previous"' in last and 'id="replay-next"' not in last
    assert client.get(f"/tables/{table.pk}/hands/2/").status_code == 404


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
        services.start_table(table_id=table.pk, by=ana)
    accept_rematch(table_id=table.pk, user=carmen, version=version_of(table))
    services.start_table(table_id=table.pk, by=ana)

    rematch, _kind, _state = match_of(table)
    assert rematch.number == 2 and rematch.status == Game.Status.PLAYING
    assert [player["user"] for player in rematch.players] == [ana.pk, carmen.pk]
    assert not Seat.objects.filter(table=table, user=bruno).exists()
    for user in (ana, bruno, carmen):
        profile = Client()
        profile.force_login(user)
        page = profile.get("/accounts/profile/").content.decode()
        won = 1 if user == winner else 0
        assert f'<td class="record-played">1</td><td class="record-won">{won}</td>' in page


def test_golfo_deals_at_once_when_every_player_with_chips_is_ready(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game=Table.GameKind.GOLFO)
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

    assert kind.phase(still_over) == "hand_over"
    assert kind.hand_no(match_of(table)[2]) == 2
    assert Game.objects.get(pk=game.pk).hand_ended_at is None


@pytest.mark.parametrize("game_kind", [Table.GameKind.RUMMY70, Table.GameKind.GOLFO])
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
