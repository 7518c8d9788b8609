"""Golfo plugged into the table: its engine (``games.engine.golfo``, checked against the engine
protocol here), its options, seats, screen, moves in words, figures and rules page."""

from django.utils.translation import gettext_lazy as _

from games.engine import golfo
from games.engine.protocol import GameEngine, JsonObject
from games.kinds.golfo import deal, figures, move_words, options, rules_page, screen
from games.kinds.kind import GameKind, Screen, Seating
from games.kinds.match import EngineRules
from games.kinds.tournament_plan import TableSizes, TournamentRules

ENGINE: GameEngine[golfo.State, golfo.Action, golfo.Options] = golfo


def move_from_fields(fields: dict[str, object]) -> JsonObject:
    return golfo.action_to_json(screen.move_from_fields(fields))


def the_chips(starting_chips: int) -> int:
    """Every player starts a tournament with its starting chips."""
    return starting_chips


KIND = GameKind(
    name="golfo",
    label=_("Golfo"),
    rules=EngineRules(ENGINE, options.engine_options, deal.fixed_deal),
    seating=Seating(
        counts=(4,),
        quick=4,
        minimum_players=3,
        refusal=_("Golfo is played at 4 seats."),
        help=_("Golfo is always played at 4."),
    ),
    options=options.OPTIONS,
    options_legend=_("Golfo options"),
    check_options=options.check_options,
    screen=Screen(parts=screen.parts, board=screen.board, move_from_fields=move_from_fields),
    describe=move_words.describe,
    mark_move=move_words.mark,
    drawing_moves=frozenset({"discard"}),
    figures=figures.FIGURES,
    hand_counts=figures.hand_counts,
    rules_title=_("How to play Golfo"),
    rules_page=rules_page.rules_page,
    # Tables of 4, 3 where needed, 2 only when 5 players are left (docs/tournaments.md).
    tournament=TournamentRules(
        sizes=TableSizes(smallest=3, best=4, largest=4),
        start_count=the_chips,
        hand_options=options.tournament_hand_options,
        out_ties="chips",
        antes=True,
        options=(options.TIE,),
    ),
)
