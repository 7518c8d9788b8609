"""The load benchmark's players (``bench.seating``): each table's player on turn sends what his
own screen offers him, so a benchmark run plays real matches of Rummy 70 and Golfo through the
same services a browser's moves reach, with no refusal."""

import pytest
from django.test import override_settings

from bench import relay
from bench.clients import REFUSAL, VERSION
from bench.seating import KnownMatches, next_move, seat_tables
from games.engine import golfo, rummy
from games.engine.protocol import PLAYING
from games.live.fragments import table_message
from games.live.frames import ViewerFrames
from games.models import Game, Hand, Table, User
from games.tables import play
from games.tables.snapshots import read_snapshot

pytestmark = pytest.mark.django_db

# A Golfo match whose first hand comes to the descarte (with another seed everybody may fold
# before it, and the hand shows no discard).
GOLFO_DEAL = {"seed": "golfo-bench-players"}
JOKER_CUT_DEAL = {"seed": "joker-cut", "dealer": 1, "hands": {"0": "* AO 2O 3O"}, "cut": "*"}

MOVE_LIMIT = 400


def current_game(table_id: int) -> Game:
    game = Game.objects.filter(table_id=table_id).order_by("-number").first()
    assert game is not None
    return game


def send(table_id: int) -> dict[str, object]:
    """The next benchmark move at the table, played as its socket would play it; its fields."""
    move = next_move(table_id)
    assert move is not None, "nobody may move"
    assert move.version == Table.objects.get(pk=table_id).version
    play.play(
        table_id=table_id,
        user=User.objects.get(pk=move.user_id),
        version=move.version,
        fields=move.fields,
    )
    return dict(move.fields)


@override_settings(CARDROOM_DEALS={"golfo": GOLFO_DEAL})
def test_golfo_players_bet_discard_and_say_ready_into_the_next_hand() -> None:
    (table,) = seat_tables(1, ("golfo",))
    assert current_game(table.table_id).game == "golfo"
    kinds: set[object] = set()
    for _ in range(MOVE_LIMIT):
        kinds.add(send(table.table_id)["move"])
        state = golfo.state_from_json(current_game(table.table_id).state)
        if golfo.hand_no(state) == 2:
            break
    assert Hand.objects.filter(table_id=table.table_id).count() == 1, "one hand played and ended"
    assert golfo.stage(state) == PLAYING, "the next hand was dealt once every player was ready"
    assert {"discard", "ready"} <= kinds


def test_rummy_players_play_their_turns() -> None:
    (table,) = seat_tables(1)
    assert current_game(table.table_id).game == "rummy70"
    for _ in range(20):
        send(table.table_id)
    assert Table.objects.get(pk=table.table_id).version >= 20


def test_a_rummy_player_who_cut_a_joker_says_whether_he_keeps_it() -> None:
    with override_settings(CARDROOM_DEALS={"rummy70": JOKER_CUT_DEAL}):
        (table,) = seat_tables(1)
    assert rummy.state_from_json(current_game(table.table_id).state).phase == "cut"

    fields = send(table.table_id)

    assert fields["move"] == "keep_cut" and fields["keep"] in ("yes", "no")
    assert rummy.state_from_json(current_game(table.table_id).state).phase != "cut"


def test_a_mix_alternates_the_games_and_every_table_plays() -> None:
    tables = seat_tables(4, ("rummy70", "golfo"))
    assert [table.game for table in tables] == ["rummy70", "golfo", "rummy70", "golfo"]
    assert [current_game(table.table_id).game for table in tables] == [t.game for t in tables]
    for table in tables:
        send(table.table_id)


def test_the_clients_read_the_version_and_a_refusal_from_the_frames_they_get() -> None:
    (table,) = seat_tables(1, ("golfo",))
    snapshot = read_snapshot(table_id=table.table_id)
    assert snapshot is not None
    viewer = User.objects.get(pk=table.user_ids[0])
    frame = ViewerFrames(viewer=viewer, granted_table_ids=(), language="en").frame(snapshot)
    assert frame is not None
    found = VERSION.search(frame)
    assert found is not None and int(found.group(1)) == snapshot.version
    relayed = VERSION.search(relay.FRAME.format(version=7))
    assert relayed is not None and relayed.group(1) == "7", "the bare relay's frame reads alike"
    refused = REFUSAL.search(table_message("The table changed before your move."))
    assert refused is not None and refused.group(1) == "The table changed before your move."


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_the_players_decide_from_the_match_they_know_and_read_it_again_for_the_next_hand(
    game: str,
) -> None:
    """Within a hand the harness moves its own copy of the match on with the moves it sees go
    through, deciding exactly what a read would; after a hand's end, and when the sockets
    disagree, it reads the match again."""
    (table,) = seat_tables(1, (game,))
    matches = KnownMatches()
    moves = 0
    while Hand.objects.filter(table_id=table.table_id).count() == 0 and moves < MOVE_LIMIT:
        version = Table.objects.get(pk=table.table_id).version
        move = matches.next_move(table.table_id, version)
        assert move is not None and move == next_move(table.table_id), "what a read decides"
        play.play(
            table_id=table.table_id,
            user=User.objects.get(pk=move.user_id),
            version=move.version,
            fields=move.fields,
        )
        moves += 1
    # A Golfo hand may end in three moves (an envite both others fold to); most take more.
    assert matches.reads == 1 and moves >= 3, "one read for the whole hand"
    matches.next_move(table.table_id, Table.objects.get(pk=table.table_id).version)
    assert matches.reads == 2, "the hand is over: read again"
    matches.next_move(table.table_id, None)
    assert matches.reads == 3, "sockets that disagree: read again"
