"""Every move told at the live table: after each move every viewer (the other player, a
spectator, the mover) reads it in words in ``#table-moves``, in his language; a closing card laid
face down is named to its owner only; each viewer reads what a replay of the hand tells him."""

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings
from django.utils import translation

from games.card_names import card_name
from games.kinds.move_words import move_in_words
from games.live.fragments import page_parts
from games.live.part_cache import render_part
from games.models import Action, Hand, Table, User
from games.tables import play
from games.tables.selectors import live_table
from games.tables.snapshots import read_snapshot
from tests.support.html_parts import split_parts
from tests.support.live import close_all, rummy_table, send_move, table_socket
from tests.support.matches import bot_move, match_of, start_match, version_of
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)


def moves_in(frame: str) -> list[str]:
    """The lines of ``#table-moves`` in a frame, newest first."""
    part = split_parts(frame)["table-moves"]
    return [line.split(">", 1)[1].split("</li>")[0] for line in part.split("<li")[1:]]


WORDS = {
    "es": [
        "Ana robó del mazo",
        "Ana descarta el 9 de espadas",
        "Bruno robó del mazo",
    ],
    "en": [
        "Ana drew from the stock",
        "Ana discards the 9 of swords",
        "Bruno drew from the stock",
    ],
}


@pytest.mark.parametrize("language", ["es", "en"])
async def test_every_viewer_reads_each_move_in_words_in_his_language(
    ana: User, bruno: User, carmen: User, language: str
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    sockets = {
        "ana": await table_socket(table, ana, language=language),
        "bruno": await table_socket(table, bruno, language=language),
        "carmen": await table_socket(table, carmen, language=language),
    }
    moves = [
        (sockets["ana"], {"move": "draw"}),
        (sockets["ana"], {"move": "discard", "card": "9E#34"}),
        (sockets["bruno"], {"move": "draw"}),
    ]
    for number, (mover, fields) in enumerate(moves):
        await send_move(mover, table, **fields)
        told = WORDS[language][number]
        for name, communicator in sockets.items():
            frame = await receive_until(communicator, told)
            lines = moves_in(frame)
            assert lines[0] == told, name
            assert lines[1:] == WORDS[language][:number][::-1], name
    await close_all(*sockets.values())


def lines_for(table: Table, viewer: User, language: str) -> list[str]:
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    with translation.override(language):
        parts, _screen = page_parts(live)
    return list(parts["table-moves"].context["lines"])


def views_of(table: Table, viewers: list[User]) -> dict[int, dict[str, Any]]:
    game, kind, state = match_of(table)
    return {viewer.pk: kind.view(state, game.seat_of(viewer.pk)) for viewer in viewers}


@pytest.mark.parametrize(
    ("game", "seed", "kinds"),
    [
        ("rummy70", "bots-3", {"draw", "take_discard", "open", "lay_off", "discard", "close"}),
        ("golfo", "bots-5", {"bet", "call", "raise", "fold", "discard", "pass"}),
    ],
)
def test_each_viewer_reads_every_move_as_his_replay_tells_it(
    ana: User, bruno: User, carmen: User, make_user: Any, game: str, seed: str, kinds: set[str]
) -> None:
    """Bots play two hands at least, until every kind of move came up. After each move the
    newest line each viewer reads (in Spanish and English) is the move as ``move_in_words``
    tells it from his own views before and after, the way a replay tells him; a new hand starts
    with no lines. A closing card laid face down is named to the player who laid it alone."""
    players = [ana, bruno] if game == "rummy70" else [ana, bruno, carmen]
    with override_settings(CARDROOM_DEALS={game: {"seed": seed}}):
        table = start_match(players, game=game, seat_count=4 if game == "golfo" else 2)
    viewers = [*players, make_user("Darío")]  # every player, and a spectator
    seen: set[str] = set()
    closed_face_down = 0
    before = views_of(table, viewers)
    while (Hand.objects.filter(table=table).count() < 2 or not kinds <= seen) and bot_move(table):
        move = Action.objects.filter(game__table=table).order_by("-pk").first()
        assert move is not None
        after = views_of(table, viewers)
        g, _kind, _state = match_of(table)
        for viewer in viewers:
            seat = g.seat_of(viewer.pk)
            for language in ("es", "en"):
                lines = lines_for(table, viewer, language)
                if move.seq < g.hand_first_seq:  # the move dealt a new hand
                    assert lines == []
                    continue
                with translation.override(language):
                    expected = move_in_words(
                        g.game,
                        move.action,
                        actor=g.players[move.seat]["name"],
                        seat=move.seat,
                        viewer=seat,
                        before=before[viewer.pk],
                        after=after[viewer.pk],
                    )
                assert lines[0] == expected
                if move.action["kind"] == "close" and move.action["last"] is not None:
                    with translation.override(language):
                        named = card_name(move.action["last"]) in lines[0]
                    assert named == (seat == move.seat)
                    closed_face_down += named
        seen.add(move.action["kind"])
        before = after
    assert kinds <= seen
    assert closed_face_down or game == "golfo"


# --- the last move marked on the board ---------------------------------------------------------

MARKED_MELD = re.compile(r'class="meld last-move"')


def board(table: Table, viewer: User) -> dict[str, str]:
    """The parts of the page ``viewer`` is shown now, rendered (in English)."""
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    with translation.override("en"):
        parts, _screen = page_parts(live)
        return {part_id: render_part(part) for part_id, part in parts.items()}


async def test_a_draw_and_a_discard_are_marked_until_the_next_move(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    sockets = [await table_socket(table, user) for user in (ana, bruno, carmen)]
    mover, other, spectator = sockets

    await send_move(mover, table, move="draw")
    own = split_parts(await receive_until(mover, "Ana drew"))
    assert 'just-drawn" data-card="4B#42"' in own["rummy-hand"]
    assert own["rummy-hand"].count("just-drawn") == 1
    for communicator in (other, spectator):
        seen = split_parts(await receive_until(communicator, "Ana drew"))
        assert (
            '<div class="rummy-pile last-move">\n    <span class="card back"' in seen["rummy-piles"]
        )
        assert 'last-mover" data-engine-seat="0"' in seen["rummy-players"]
        assert "4B" not in seen["rummy-piles"] and "just-drawn" not in str(seen)

    await send_move(mover, table, move="discard", card="9E#34")
    own = split_parts(await receive_until(mover, "Ana discards"))
    assert "just-drawn" not in own["rummy-hand"]
    for communicator in (mover, other, spectator):
        if communicator is not mover:
            await receive_until(communicator, "Ana discards")
    seen = await database_sync_to_async(board)(table, carmen)
    assert 'rummy-pile last-move">\n    <span class="card face suit-E"' in seen["rummy-piles"]
    assert "thrown by Ana" in seen["rummy-piles"]

    await send_move(other, table, move="draw")
    for communicator in sockets:
        seen = split_parts(await receive_until(communicator, "Bruno drew"))
        assert "thrown by" not in seen["rummy-piles"]
        assert 'last-mover" data-engine-seat="1"' in seen["rummy-players"]
        assert 'last-mover" data-engine-seat="0"' not in seen["rummy-players"]
    await close_all(*sockets)


def test_melds_and_lay_offs_are_marked_for_everyone(ana: User, bruno: User, make_user: Any) -> None:
    """Rummy 70 bots play a hand; after each move a spectator and the other player see the new
    melds, the meld laid off on and the card laid off marked, and nothing else marked; the
    mover's row is marked."""
    with override_settings(CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}}):
        table = start_match([ana, bruno], seat_count=2)
    spectator = make_user("Darío")
    melds_before = 0
    marked: set[str] = set()
    while not Hand.objects.filter(table=table).exists() and bot_move(table):
        move = Action.objects.filter(game__table=table).order_by("-pk").first()
        assert move is not None and move.seat is not None
        other = bruno if move.seat == 0 else ana
        _game, _kind, state = match_of(table)
        for viewer in (spectator, other):
            seen = board(table, viewer)
            kind = move.action["kind"]
            melds = MARKED_MELD.findall(seen["rummy-melds"])
            cards = seen["rummy-melds"].count("last-move-card")
            if kind in ("open", "lay_meld"):
                assert len(melds) == len(state.melds) - melds_before > 0
            elif kind == "lay_off":
                assert (len(melds), cards) == (1, 1)
            else:
                assert (melds, cards) == ([], 0)
            assert f'last-mover" data-engine-seat="{move.seat}"' in seen["rummy-players"]
            assert ("thrown by" in seen["rummy-piles"]) == (kind == "discard")
            assert "just-drawn" not in seen["rummy-hand"]
            marked.add(kind)
        melds_before = len(state.melds)
    assert {"open", "lay_off", "discard"} <= marked


def test_golfo_marks_the_bettor_the_pot_a_fold_and_a_descarte(
    ana: User, bruno: User, carmen: User
) -> None:
    """Golfo bots play until a bet, a raise, a fold and a descarte came up: the mover's seat is
    marked with the kind of his move, a bet shows what went into the pot, and the cards a
    descarte brought are marked in the mover's own hand only."""
    with override_settings(CARDROOM_DEALS={"golfo": {"seed": "bots-5"}}):
        table = start_match([ana, bruno, carmen], game="golfo")
    wanted = {"bet", "raise", "fold", "discard"}
    marked: set[str] = set()
    while not wanted <= marked and bot_move(table):
        move = Action.objects.filter(game__table=table).order_by("-pk").first()
        assert move is not None
        if move.seat is None:
            continue
        game, _kind, _state = match_of(table)
        kind = move.action["kind"]
        for user in (ana, bruno, carmen):
            seen = board(table, user)
            assert (
                f'last-mover last-move-{kind}" data-golfo-seat="{move.seat}"' in seen["golfo-seats"]
            )
            assert seen["golfo-seats"].count("last-mover") == 1
            if kind in ("bet", "raise"):
                assert "in the pot" in seen["golfo-pots"]
            drawn = seen["golfo-hand"].count('class="just-drawn"')
            own = game.seat_of(user.pk) == move.seat
            assert drawn == (len(move.action["cards"]) if own and kind == "discard" else 0)
        marked.add(kind)
    assert wanted <= marked


def test_a_snapshot_tells_no_move_its_board_does_not_show_yet(ana: User, bruno: User) -> None:
    """A move stored after the snapshot read the match (here: logged, the match row not yet
    moved on) waits for the snapshot of its own version."""
    table = rummy_table(ana, bruno)
    play.play(table_id=table.pk, user=ana, version=version_of(table), fields={"move": "draw"})
    game, _kind, _state = match_of(table)
    Action.objects.create(
        game=game,
        seq=game.last_seq + 1,
        seat=0,
        action={"kind": "discard", "card": "9E#34"},
        told={"words": {"en": "Ana discards the 9 of swords"}},
    )

    snapshot = read_snapshot(table_id=table.pk)

    assert snapshot is not None
    assert [move.seq for move in snapshot.moves] == [game.last_seq]
