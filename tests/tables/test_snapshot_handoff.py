"""A player's move made in a daphne process hands its table to that process's sockets: the
snapshot it builds from the one the move was made on must show every viewer exactly what a read of
the database would show him, move after move, across hands: the move that ends a hand is handed
over too, with the hand it recorded, and so are each player's "Listo" and the deal that the last
one brings."""

from typing import Any

import pytest
from asgiref.sync import async_to_sync

from games.engine.protocol import HAND_OVER
from games.live.frames import ViewerFrames
from games.models import Game, Hand, User
from games.tables import snapshots
from games.tables.snapshots import SNAPSHOTS, TableSnapshot, read_snapshot
from tests.support.matches import (
    match_of,
    player_move,
    start_match,
    version_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

MOVES = {"rummy70": 400, "golfo": 120}
"""Moves played (and every frame compared): enough for two hands or more of each game."""


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_a_handed_over_table_shows_every_viewer_what_a_read_shows(
    game: str, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Diego")]
    table = start_match(players, game=game, seat_count=4)
    viewers: list[User] = [*players, make_user("Elena")]
    handed = [ViewerFrames(viewer=user, granted_table_ids=(), language="es") for user in viewers]
    read = [ViewerFrames(viewer=user, granted_table_ids=(), language="es") for user in viewers]
    latest = async_to_sync(SNAPSHOTS.at_least)
    reads: list[int] = []
    real_read = snapshots.read_snapshot

    def counted_read(**kwargs: Any) -> TableSnapshot | None:
        reads.append(kwargs["table_id"])
        return real_read(**kwargs)

    monkeypatch.setattr(snapshots, "read_snapshot", counted_read)
    handed_over = 0
    hand_ends: list[bool] = []
    deals: list[bool] = []
    listos: list[bool] = []
    for _ in range(MOVES[game]):
        version = version_of(table)
        shown = latest(table.pk, version=version)
        truth = read_snapshot(table_id=table.pk)
        assert shown is not None and truth is not None
        for by_hand, by_read in zip(handed, read, strict=True):
            assert by_hand.frame(shown) == by_read.frame(truth)
        reads.clear()
        finished = Hand.objects.filter(table=table).count()
        _game, engine, state_before = match_of(table)
        if not player_move(table):
            break
        kept = latest(table.pk, version=version_of(table)) is not None and not reads
        handed_over += kept
        match_goes_on = match_of(table)[0].status == Game.Status.PLAYING
        if Hand.objects.filter(table=table).count() > finished and match_goes_on:
            hand_ends.append(kept)
        state_after = match_of(table)[2]
        if state_after.hand_no > state_before.hand_no:
            deals.append(kept)
        elif engine.stage(state_before) == HAND_OVER:
            listos.append(kept)
    assert handed_over > 60, "most moves are handed over"
    assert len(hand_ends) >= 2 and all(hand_ends), f"hand ends handed over: {hand_ends}"
    assert len(deals) >= 2 and all(deals), f"deals handed over: {deals}"
    assert len(listos) >= 2 and all(listos), f"'Listo's handed over: {listos}"
