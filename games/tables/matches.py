"""A table's matches: the one being played, a new one begun, and when the next hand is dealt."""

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings

from games.engine.protocol import JsonObject
from games.kinds.registry import game_kind
from games.models import Game, Seat, Table

NEXT_HAND_SECONDS = 20


def begin_match(
    *,
    table: Table,
    seats: Sequence[Seat],
    options: JsonObject | None = None,
    seed: str | None = None,
) -> Game:
    """A new match for ``seats`` (in table order) at ``table``, whose row the caller holds locked:
    with the table's options, or the engine ``options`` and ``seed`` a tournament hand is dealt
    with. Without a ``seed``, a ``CARDROOM_DEALS`` entry for this game fixes its first deal
    (tests only)."""
    rules = game_kind(table.game).rules
    options = rules.engine_options(table.options) if options is None else options
    spec = None if seed else settings.CARDROOM_DEALS.get(table.game)
    seed = seed or secrets.token_hex(16)
    deal = None
    if spec:
        seed = str(spec.get("seed", seed))
        if set(spec) - {"seed"}:
            deal = rules.fixed_deal(spec, players=len(seats))
    state = rules.new_match(players=len(seats), options=options, seed=seed, deal=deal)
    previous = table.games.order_by("-number").values_list("number", flat=True).first()
    game = Game.objects.create(
        table=table,
        number=(previous or 0) + 1,
        game=table.game,
        options=options,
        seed=seed,
        deal=deal,
        players=[
            {"position": seat.position, "user": seat.user_id, "name": str(seat.user)}
            for seat in seats
        ],
        state=state.to_json(),
        hand_deal=state.hands_face_up(),
    )
    game.participants.set([seat.user_id for seat in seats])
    return game


def current_game(table: Table) -> Game | None:
    return table.games.order_by("-number").first()


def next_hand_at(game: Game) -> datetime | None:
    """When the table deals the next hand without waiting for everyone's "Listo" (a house
    table deals its next coup on its own clock: ``games.tables.house``)."""
    if game.status != Game.Status.PLAYING or game.hand_ended_at is None:
        return None
    if game_kind(game.game).banked:
        return None
    return game.hand_ended_at + timedelta(seconds=NEXT_HAND_SECONDS)
