"""Pai Gow Poker plugged into the table: its engine (``games.engine.paigow``, checked against the
engine protocol here), its options, seats, screen, moves in words, figures and rules page. A house
table: the server deals and banks, and the chips are the players' wallets (docs/wallet.md)."""

from django.utils.translation import gettext_lazy as _

from games.engine import paigow
from games.engine.paigow.options import MAX_SEATS
from games.engine.protocol import BankedEngine, JsonObject
from games.kinds.house import BankedRules
from games.kinds.kind import GameKind, Screen, Seating
from games.kinds.paigow import deal, figures, move_words, options, rules_page, screen

ENGINE: BankedEngine[paigow.State, paigow.Action, paigow.Options] = paigow


def move_from_fields(fields: dict[str, object]) -> JsonObject:
    return paigow.action_to_json(screen.move_from_fields(fields))


KIND = GameKind(
    name="paigow",
    label=_("Pai Gow Poker"),
    rules=BankedRules(ENGINE, options.engine_options, deal.fixed_deal),
    seating=Seating(
        counts=(MAX_SEATS,),
        quick=MAX_SEATS,
        minimum_players=1,
        refusal=_("Pai Gow Poker is played at 6 seats."),
        help=_("Pai Gow Poker: 6 seats against the bank."),
    ),
    options=options.OPTIONS,
    options_legend=_("Pai Gow Poker options"),
    check_options=options.check_options,
    screen=Screen(parts=screen.parts, board=screen.board, move_from_fields=move_from_fields),
    describe=move_words.describe,
    mark_move=move_words.mark,
    drawing_moves=frozenset(),
    figures=figures.FIGURES,
    hand_counts=figures.hand_counts,
    rules_title=_("How to play Pai Gow Poker"),
    rules_page=rules_page.rules_page,
    tournament=None,
)
