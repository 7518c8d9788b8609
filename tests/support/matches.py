"""Helpers for the match tests: start a match through the services, read where it stands, and let
the engines' bots play it through the services, one move at a time."""

from datetime import timedelta
from types import ModuleType
from typing import Any

from django.utils import timezone

from games.engine import golfo, monte, paigow, rummy, stud
from games.engine.protocol import HAND_OVER
from games.kinds.registry import game_kind
from games.models import Game, Hand, Table, User
from games.tables import play, seating
from games.tables.matches import NEXT_HAND_SECONDS
from tests.support.tables import open_table

ENGINES: dict[str, ModuleType] = {
    "rummy70": rummy,
    "golfo": golfo,
    "monte": monte,
    "stud": stud,
    "paigow": paigow,
}
"""Each game's engine, whose state the tests read directly (the table never does)."""


def start_match(players: list[User], **overrides: Any) -> Table:
    """A table hosted by the first player, every player seated in order, the match started."""
    if overrides.get("game") == "golfo":
        overrides.setdefault("seat_count", 4)
    table = open_table(players[0], **overrides)
    for position, user in enumerate(players[1:], start=1):
        seating.sit(table_id=table.pk, user=user, position=position)
    return seating.start_table(table_id=table.pk, by=players[0])


def match_of(table: Table) -> tuple[Game, ModuleType, Any]:
    """The table's current match, its game's engine and the engine state."""
    game = Game.objects.filter(table=table).order_by("-number").first()
    assert game is not None
    engine = ENGINES[game.game]
    return game, engine, engine.state_from_json(game.state)


def version_of(table: Table) -> int:
    return Table.objects.get(pk=table.pk).version


def user_at(game: Game, seat: int) -> User:
    return User.objects.get(pk=game.players[seat]["user"])


def seat_to_move(table: Table) -> int | None:
    """The first engine seat whose view offers a move now, if any."""
    _game, kind, state = match_of(table)
    for seat in range(len(_game.players)):
        if kind.view(state, seat)["legal"] and kind.in_match(state, seat):
            legal = kind.view(state, seat)["legal"]
            if isinstance(legal, dict) and not legal["kinds"]:
                continue
            return seat
    return None


def bot_move(table: Table) -> bool:
    """One bot move by the first seat that may move, or the table's next deal when a hand is over
    and its 20 s are taken as passed. ``False`` when nothing can happen any more."""
    game, kind, state = match_of(table)
    if game.status == Game.Status.FINISHED:
        return False
    seat = seat_to_move(table)
    if seat is None:
        if kind.stage(state) != HAND_OVER:
            return False
        Game.objects.filter(pk=game.pk).update(
            hand_ended_at=timezone.now() - timedelta(seconds=NEXT_HAND_SECONDS + 1)
        )
        return play.deal_next_hand(table_id=table.pk)
    action = kind.action_to_json(kind.bot.decide(kind.view(state, seat)))
    play.play_action(
        table_id=table.pk, user=user_at(game, seat), version=version_of(table), action=action
    )
    return True


def play_until_hands(table: Table, hands: int, *, limit: int = 3000) -> None:
    """Bot moves until the table has ``hands`` finished hands (or its match is over)."""
    for _ in range(limit):
        if Hand.objects.filter(table=table).count() >= hands or not bot_move(table):
            return
    raise AssertionError("the bots did not get there")


def rummy_fields(action: Any) -> dict[str, str]:
    """The Rummy 70 screen's form fields for an engine action (docs in
    games/kinds/rummy70/screen.py): what a browser sends for that move."""

    def meld(spec: rummy.MeldSpec) -> str:
        words = [card.to_json() for card in spec.cards]
        if spec.joker_as is not None:
            joker = next(i for i, card in enumerate(spec.cards) if card.is_joker)
            words[joker] += f"={spec.joker_as}"
        return " ".join(words)

    data = rummy.action_to_json(action)
    kind = data["kind"]
    if isinstance(action, rummy.Open):
        return {"move": kind, "melds": "|".join(meld(spec) for spec in action.melds)}
    if isinstance(action, rummy.LayMeld):
        return {"move": kind, "cards": meld(action.meld)}
    if isinstance(action, rummy.LayOff):
        return {
            "move": kind,
            "meld": str(action.meld),
            "card": action.card.to_json(),
            "joker_as": "" if action.joker_as is None else str(action.joker_as),
        }
    if isinstance(action, rummy.SwapJoker):
        return {"move": kind, "meld": str(action.meld), "card": action.card.to_json()}
    if isinstance(action, rummy.Discard):
        return {"move": kind, "card": action.card.to_json()}
    if isinstance(action, rummy.Close):
        return {"move": kind, "last": "" if action.last is None else action.last.to_json()}
    if isinstance(action, rummy.KeepCut):
        return {"move": kind, "keep": "yes" if action.keep else "no"}
    return {"move": kind}


def golfo_fields(action: golfo.Action) -> dict[str, str | list[str]]:
    """The Golfo screen's form fields for an engine action (docs in games/kinds/golfo/screen.py):
    what a browser sends for that move. The descarte's checked cards come as the htmx ws
    extension sends checkboxes: none absent, one a string, several a list."""
    data = golfo.action_to_json(action)
    fields: dict[str, str | list[str]] = {"move": data["kind"]}
    if "amount" in data:
        fields["amount"] = str(data["amount"])
    cards = data.get("cards", [])
    if len(cards) == 1:
        fields["cards"] = cards[0]
    elif cards:
        fields["cards"] = cards
    return fields


def bot_fields(table: Table) -> tuple[User, dict[str, str]] | None:
    """Who moves next at a Rummy 70 table and the form his bot would send, or ``None``."""
    seat = seat_to_move(table)
    if seat is None:
        return None
    game, kind, state = match_of(table)
    return user_at(game, seat), rummy_fields(rummy.bot.decide(kind.view(state, seat)))


def listos_awaited(game: Game) -> list[int]:
    """The seats whose "Listo" the table counts itself (Golfo's: its engine has no such move)
    and still waits for between hands; the last of them deals the next hand."""
    match = game_kind(game.game).rules.load(game.state)
    if game.status == Game.Status.FINISHED or match.counts_ready or match.stage != HAND_OVER:
        return []
    return [seat for seat in match.waits_for() if seat not in game.ready]


def player_move(table: Table) -> bool:
    """The bot's choice for the seat on turn, sent by that player as his browser's form; between
    hands, each player's "Listo" (Rummy 70's is a move of the engine's, Golfo's the table's)."""
    game, engine, state = match_of(table)
    seat = seat_to_move(table)
    waiting = listos_awaited(game)
    if seat is None and waiting:
        user = user_at(game, waiting[0])
        play.play(
            table_id=table.pk,
            user=user,
            version=version_of(table),
            fields={"move": play.READY_MOVE},
        )
        return True
    if seat is None or game.status == Game.Status.FINISHED:
        return bot_move(table)
    action = engine.bot.decide(engine.view(state, seat))
    fields = rummy_fields(action) if game.game == "rummy70" else golfo_fields(action)
    play.play(table_id=table.pk, user=user_at(game, seat), version=version_of(table), fields=fields)
    return True
