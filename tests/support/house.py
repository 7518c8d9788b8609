"""Helpers for the house tables' tests (Monte, the three-bet stud, Pai Gow Poker): open one, read
its match, bet, and let its clock or its bots move it on as the worker would."""

from datetime import timedelta
from typing import Any

from games.kinds.house import HouseMatch, house_match
from games.kinds.registry import game_kind
from games.models import Game, Table, User
from games.tables.matches import current_game
from games.tables.play import play_action
from games.timed.bots import play_bot
from games.timed.clocks import enforce_deadline
from tests.support.tables import open_table

HOUSE_GAMES = ("monte", "stud", "paigow")


def open_house_table(host: User, game: str = "monte", **overrides: Any) -> Table:
    return open_table(host, game=game, **{"seat_count": 6, "clock": 30, **overrides})


def match_of(table: Table) -> tuple[Game, HouseMatch]:
    game = current_game(table)
    assert game is not None
    state = house_match(game_kind(game.game).rules.load(game.state))
    assert state is not None
    return game, state


def smallest_bet(table: Table, user: User) -> dict[str, Any]:
    """The first bet the player's view offers, at its minimum."""
    game, state = match_of(table)
    seat = game.seat_of(user.pk)
    assert seat is not None
    bets = [move for move in state.view(seat)["legal"] if move["kind"] == "bet"]
    first = bets[0]
    if game.game == "monte":
        return {
            "kind": "bet",
            "bet": first["bet"],
            "cards": first["cards"],
            "against": first["against"],
            "amount": first["minimum"],
        }
    return {"kind": "bet", "amount": first.get("minimum", first.get("min"))}


def bet(table: Table, user: User, move: dict[str, Any]) -> Table:
    return play_action(table_id=table.pk, user=user, version=None, action=move)


def clock_runs_out(table: Table) -> bool:
    """The table's window deadline passes, and the worker acts on it."""
    table.refresh_from_db()
    game = current_game(table)
    assert game is not None and game.turn_deadline is not None
    later = game.turn_deadline + timedelta(seconds=1)
    return enforce_deadline(table_id=table.pk, version=game.deadline_version, now=later)


def next_step(table: Table) -> bool:
    """What the worker does next at the table: a bot's move when one is due, else the window's
    clock running out. ``False`` when the table has nothing to do (nobody plays there)."""
    table.refresh_from_db()
    game = current_game(table)
    if table.status != Table.Status.PLAYING or game is None or game.status != Game.Status.PLAYING:
        return False
    if game.bot_move_at is not None:
        later = game.bot_move_at + timedelta(seconds=1)
        if play_bot(table_id=table.pk, version=table.version, now=later):
            return True
    return clock_runs_out(table)
