"""Rummy 70 plugged into the table: its engine (``games.engine.rummy``, checked against the
engine protocol here), its options, seats, screen, moves in words, figures and rules page."""

from django.utils.translation import gettext_lazy as _

from games.engine import rummy
from games.engine.protocol import GameEngine, JsonObject
from games.kinds.kind import GameKind, Screen, Seating
from games.kinds.match import EngineRules
from games.kinds.rummy70 import deal, figures, move_words, options, rules_page, screen
from games.kinds.tournament_plan import TableSizes, TournamentRules

ENGINE: GameEngine[rummy.State, rummy.Action, rummy.Options] = rummy


def move_from_fields(fields: dict[str, object]) -> JsonObject:
    return rummy.action_to_json(screen.move_from_fields(fields))


def no_points(starting_chips: int) -> int:
    """Every player starts a tournament at 0 penalty points, whatever its chips."""
    return 0


KIND = GameKind(
    name="rummy70",
    label=_("Rummy 70"),
    rules=EngineRules(ENGINE, options.engine_options, deal.fixed_deal),
    seating=Seating(
        counts=(2, 3, 4, 5, 6),
        quick=4,
        minimum_players=2,
        refusal=_("Rummy 70 is played at 2 to 6 seats."),
        help=_("Rummy 70: 2 to 6."),
    ),
    options=options.OPTIONS,
    options_legend=_("Rummy 70 options"),
    check_options=options.check_options,
    screen=Screen(parts=screen.parts, board=screen.board, move_from_fields=move_from_fields),
    describe=move_words.describe,
    mark_move=move_words.mark,
    drawing_moves=frozenset({"draw", "take_discard"}),
    figures=figures.FIGURES,
    hand_counts=figures.hand_counts,
    rules_title=_("How to play Rummy 70"),
    rules_page=rules_page.rules_page,
    # Tables of 4, 3 to 5 where needed; the last table plays down to 2 (docs/tournaments.md).
    tournament=TournamentRules(
        sizes=TableSizes(smallest=3, best=4, largest=5),
        start_count=no_points,
        hand_options=options.tournament_hand_options,
        out_ties="share",
        antes=False,
        options=options.OPTIONS,
    ),
)
