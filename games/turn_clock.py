"""The turn clock as each viewer sees it: whose turn it is and the deadline, counted down in the
browser (``static/js/turn-clock.js``); the server alone decides when time is up."""

from games.screens import Part
from games.selectors import LiveTable


def turn_clock_part(live: LiveTable) -> Part:
    """``#turn-clock``: empty without a clock or between hands."""
    game, view = live.game, live.game_view
    context: dict[str, object] = {"deadline": None}
    if game is not None and view is not None and game.turn_deadline is not None:
        seat = view.get("turn")
        if seat is not None:
            context = {
                "deadline": game.turn_deadline,
                "name": game.players[seat]["name"],
                "mine": seat == live.role.seat,
            }
    return Part("tables/_turn_clock.html", context)
