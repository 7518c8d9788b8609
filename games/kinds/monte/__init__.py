"""Monte plugged into the table: its engine (``games.engine.monte``, checked against the engine
protocol here), its options, seats, screen, moves in words, figures and rules page. The house
banks: the table is the dealer, and the chips are the players' wallets' (docs/wallet.md)."""

from django.utils.translation import gettext_lazy as _

from games.engine import monte
from games.engine.protocol import BankedEngine, JsonObject
from games.kinds.house import BankedRules
from games.kinds.kind import GameKind, Screen, Seating
from games.kinds.monte import deal, figures, move_words, options, rules_page, screen

ENGINE: BankedEngine[monte.State, monte.Action, monte.Options] = monte


def move_from_fields(fields: dict[str, object]) -> JsonObject:
    return monte.action_to_json(screen.move_from_fields(fields))


KIND = GameKind(
    name="monte",
    label=_("Monte"),
    rules=BankedRules(ENGINE, options.engine_options, deal.fixed_deal),
    seating=Seating(
        counts=(6,),
        quick=6,
        minimum_players=1,
        refusal=_("Monte is played at 6 seats."),
        help=_("Monte: 6 seats; players sit down and leave between coups."),
    ),
    options=options.OPTIONS,
    options_legend=_("Monte options"),
    check_options=options.check_options,
    screen=Screen(parts=screen.parts, board=screen.board, move_from_fields=move_from_fields),
    describe=move_words.describe,
    mark_move=move_words.mark,
    drawing_moves=frozenset(),
    figures=figures.FIGURES,
    hand_counts=figures.hand_counts,
    rules_title=_("How to play Monte"),
    rules_page=rules_page.rules_page,
    tournament=None,
)
