"""The turn clock as each viewer sees it: whose turn it is and the deadline, counted down in the
browser (``static/js/turn-clock.js``, a bar on that player's seat); the server alone decides when
time is up. The page's turn alerts (``static/js/turn-alerts.js``) read whose turn it is here."""

from games.kinds.screens import Part, Shared, built_alone
from games.tables.selectors import LiveTable


def turn_clock_part(live: LiveTable, shared: Shared = built_alone) -> Part:
    """``#turn-clock``: whose turn it is during a hand, and on a table with a clock the deadline
    and the clock's length (the patience of a table without one is not counted down); empty
    between hands. ``data-player`` marks a viewer who plays here: only he is offered the turn
    alerts. Every viewer who is shown it alike (the player on turn, the other players, the
    spectators) is given one part, from ``shared``."""
    game, view = live.game, live.game_view
    player = live.role.is_player
    seat = None if game is None or view is None else view.get("turn")
    if game is None or seat is None:
        return shared(
            f"turn-clock none {player}",
            lambda: Part("tables/_turn_clock.html", {"turn": False, "player": player}),
        )
    clock = live.view.table.clock
    mine = seat == live.role.seat
    return shared(
        f"turn-clock {mine} {player}",
        lambda: Part(
            "tables/_turn_clock.html",
            {
                "turn": True,
                "name": game.players[seat]["name"],
                "mine": mine,
                "deadline": game.turn_deadline if clock else None,
                "seconds": clock,
                "player": player,
            },
        ),
    )
