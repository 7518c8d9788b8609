"""The three-bet stud plugged into the table: its engine (``games.engine.stud``, checked against
the engine protocol here), its options, seats, screen, moves in words, figures and rules page.
The house banks: a table of six seats runs for as long as it is open, and players sit down and
leave between hands."""

from django.utils.translation import gettext_lazy as _

from games.engine import stud
from games.engine.protocol import BankedEngine, JsonObject
from games.kinds.house import BankedRules
from games.kinds.kind import GameKind, Screen, Seating
from games.kinds.stud import deal, figures, move_words, options, rules_page, screen

ENGINE: BankedEngine[stud.State, stud.Action, stud.Options] = stud

SEATS = 6


def move_from_fields(fields: dict[str, object]) -> JsonObject:
    return stud.action_to_json(screen.move_from_fields(fields))


KIND = GameKind(
    name="stud",
    label=_("Three-bet stud"),
    rules=BankedRules(ENGINE, options.engine_options, deal.fixed_deal),
    seating=Seating(
        counts=(SEATS,),
        quick=SEATS,
        minimum_players=1,
        refusal=_("The three-bet stud is played at 6 seats."),
        help=_("The three-bet stud: 6 seats; one player is enough."),
    ),
    options=options.OPTIONS,
    options_legend=_("Three-bet stud options"),
    check_options=options.check_options,
    screen=Screen(parts=screen.parts, board=screen.board, move_from_fields=move_from_fields),
    describe=move_words.describe,
    mark_move=move_words.mark,
    drawing_moves=frozenset(),
    figures=figures.FIGURES,
    hand_counts=figures.hand_counts,
    rules_title=_("How to play the three-bet stud"),
    rules_page=rules_page.rules_page,
    tournament=None,
)
