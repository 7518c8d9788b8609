"""The Monte "how to play" page: text in the template, the worked example built here from real
cards by the engine's own rules (the suit circle, what each bet pays), so that it cannot be
wrong."""

from games.engine.cards import parse
from games.engine.monte.options import MAXIMA_PRIMERAS, MAXIMA_SEGUNDAS
from games.engine.monte.rules import (
    CARTAS_PAYS,
    CAV_PAYS_PRIMERAS,
    CAV_PAYS_SEGUNDAS,
    SALTO_PAYS,
    VIS_PAYS,
    anti,
    camo,
    viudo,
)
from games.kinds.kind import RulesPage
from games.kinds.monte.bet_names import BET_NAMES
from games.kinds.monte.screen import face_up_card

GRID = "AO 2C 3E 4B"
"""The example grid: first the ace of oros, second the 2 of copas, third the 3 of espadas,
fourth the 4 of bastos."""


SEGUNDAS_BETS = ("camo", "anti", "viudo", "cartas")


def limits() -> list[dict[str, object]]:
    """Each bet's maximum in minimum stakes (art. 141), in Primeras and in Segundas (``None``:
    not a bet of Segundas)."""
    return [
        {
            "name": BET_NAMES[kind.value],
            "primeras": MAXIMA_PRIMERAS[kind],
            "segundas": MAXIMA_SEGUNDAS[kind] if kind.value in SEGUNDAS_BETS else None,
        }
        for kind in MAXIMA_PRIMERAS
    ]


def rules_page() -> RulesPage:
    grid = parse(GRID)
    first = grid[0]
    context: dict[str, object] = {
        "grid": [face_up_card(str(card)) for card in grid],
        "camo": face_up_card(str(camo(first))),
        "anti": face_up_card(str(anti(first))),
        "viudo": face_up_card(str(viudo(first))),
        "pays": {
            "vis": VIS_PAYS,
            "suit": CAV_PAYS_PRIMERAS,
            "suit_segundas": CAV_PAYS_SEGUNDAS,
            "salto": SALTO_PAYS,
            "cartas": CARTAS_PAYS,
        },
        "limits": limits(),
    }
    return RulesPage("tables/monte/rules.html", context)
