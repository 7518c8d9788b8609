"""The turn clock as each viewer sees it: whose turn it is and the deadline, counted down in the
browser (``static/js/turn-clock.js``, a bar on that player's seat); the server alone decides when
time is up. The page's turn alerts (``static/js/turn-alerts.js``) read whose turn it is here."""

from datetime import datetime

from games.kinds.screens import Part, Shared, built_alone
from games.tables.selectors import LiveTable


def turn_clock_part(live: LiveTable, shared: Shared = built_alone) -> Part:
    """``#turn-clock``: whose turn it is during a hand, and on a table with a clock the deadline
    and the clock's length (the patience of a table without one is not counted down); empty
    between hands. ``data-player`` marks a viewer who plays here: only he is offered the turn
    alerts. It lasts while those are the same (``Shared.lasting``)."""
    game, view = live.game, live.game_view
    seat = None if game is None or view is None else view.get("turn")
    if game is None or seat is None:
        return shared.lasting(_between_turns, live.role.is_player)
    clock = live.view.table.clock
    return shared.lasting(
        _turn,
        game.players[seat]["name"],
        seat == live.role.seat,
        game.turn_deadline if clock else None,
        clock,
        live.role.is_player,
    )


def _between_turns(player: bool) -> Part:
    return Part("tables/_turn_clock.html", {"turn": False, "player": player})


def _turn(name: str, mine: bool, deadline: datetime | None, seconds: int, player: bool) -> Part:
    return Part(
        "tables/_turn_clock.html",
        {
            "turn": True,
            "name": name,
            "mine": mine,
            "deadline": deadline,
            "seconds": seconds,
            "player": player,
        },
    )
