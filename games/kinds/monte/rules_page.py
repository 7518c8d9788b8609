"""The Monte "how to play" page: text in the template, the worked example built here from real
cards by the engine's own rules (the suit circle, what each bet pays), so that it cannot be
wrong."""

from games.engine.cards import parse
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
from games.kinds.monte.screen import face_up_card

GRID = "AO 2C 3E 4B"
"""The example grid: first the ace of oros, second the 2 of copas, third the 3 of espadas,
fourth the 4 of bastos."""


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
    }
    return RulesPage("tables/monte/rules.html", context)
