"""The board of one replay step: the game screen's own parts (the same partials, card pictures
and CSS as the live table) rendered from the viewer's view at that step, without the controls
(the game's ``Screen.board``)."""

from games.engine.protocol import View
from games.kinds.registry import game_kind
from games.kinds.screens import PlayerInfo, TableFacts
from games.live.part_cache import render_part


def board(
    game: str,
    view: View,
    *,
    names: list[str],
    viewer: int | None,
    table_id: int,
    in_tournament: bool,
) -> list[str]:
    """The board's HTML parts for the viewer at engine seat ``viewer`` (``None``: a spectator);
    ``in_tournament``: a tournament's hand, which no player wins as a match."""
    players = [
        PlayerInfo(seat=seat, position=seat, name=name, is_viewer=seat == viewer, connected=True)
        for seat, name in enumerate(names)
    ]
    facts = TableFacts(
        table_id=table_id,
        next_hand_at=None,
        rematch_accepted=(),
        ready_seats=(),
        viewer_role="spectator",
        in_tournament=in_tournament,
    )
    parts = game_kind(game).screen.board(view, players=players, facts=facts)
    return [render_part(part) for part in parts]
