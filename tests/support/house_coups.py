"""One coup of each house game, dealt from a fixed deck and played through the services by Ana
(engine seat 0) and Bruno (seat 1) while Carmen and an anonymous visitor watch. The deck fixes
which cards each of them may not see while the coup stands in each of its phases, so the leak
and replay tests look for exactly those cards, by code and by name in both languages."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.test import Client
from django.utils import translation

from games.card_names import card_name
from games.engine import monte, paigow, stud
from games.engine.cards import Card
from games.models import Table, User
from games.tables.seating import sit
from tests.support.house import bet, clock_runs_out, match_of, open_house_table, smallest_bet

VIEWERS = ("ana", "bruno", "carmen", "anonymous")
SEATS = {"ana": 0, "bruno": 1}
LANGUAGES = ("es", "en")

Faces = frozenset[str]
Sights = Mapping[str, Faces]
"""By viewer: the faces he may not see."""


def faces(text: str) -> Faces:
    return frozenset(text.split())


def stock(deck: list[Card], *dealt: Faces) -> Faces:
    """The deck's faces (no joker) not among ``dealt``."""
    return frozenset(str(card) for card in deck if not card.is_joker).difference(*dealt)


@dataclass(frozen=True)
class Step:
    """``mover`` makes ``move`` (his smallest bet when ``None``); with no mover the clock runs
    out."""

    mover: str | None
    move: dict[str, Any] | None = None


@dataclass(frozen=True)
class Coup:
    game: str
    deal: dict[str, Any]
    steps: tuple[Step, ...]
    hidden: Mapping[str, Sights]
    """By the spectator's view's phase: the faces each viewer may not see then."""
    own: Mapping[str, Faces]
    """The faces a player is dealt, which his screen shows him."""


def everyone(hidden: Faces) -> Sights:
    return dict.fromkeys(VIEWERS, hidden)


# Pai Gow Poker: the bank's seven and the other player's seven stay hidden until the showdown.
PG_ANA = faces("AO AC AE KO KC 2B 4B")
PG_BRUNO = faces("2O 4C 6E 9B 10O JC 3E")
PG_BANK = faces("QO QC 8E 8B JO 3B 6O")
PG_STOCK = stock(paigow.paigow_deck(), PG_ANA, PG_BRUNO, PG_BANK)
PG_BEFORE = {
    "ana": PG_BRUNO | PG_BANK | PG_STOCK,
    "bruno": PG_ANA | PG_BANK | PG_STOCK,
    "carmen": PG_ANA | PG_BRUNO | PG_BANK | PG_STOCK,
    "anonymous": PG_ANA | PG_BRUNO | PG_BANK | PG_STOCK,
}
PAIGOW = Coup(
    game="paigow",
    deal={"decks": {"1": "AO AC AE KO KC 2B 4B 2O 4C 6E 9B 10O JC 3E QO QC 8E 8B JO 3B 6O"}},
    steps=(
        Step("ana"),
        Step("bruno"),
        Step("ana", {"kind": "house_way"}),
        Step("bruno", {"kind": "house_way"}),
    ),
    hidden={"betting": PG_BEFORE, "setting": PG_BEFORE, "coup_over": everyone(PG_STOCK)},
    own={"ana": PG_ANA, "bruno": PG_BRUNO},
)

# The three-bet stud: the common cards stay hidden until each is turned, the other player's three
# until the hand is over.
ST_ANA = faces("10O 10C 2E")
ST_BRUNO = faces("3B 9O KC")
ST_FIRST, ST_SECOND = faces("5E"), faces("7B")
ST_STOCK = stock(stud.stud_deck(), ST_ANA, ST_BRUNO, ST_FIRST, ST_SECOND)
ST_BEFORE = {
    "ana": ST_BRUNO | ST_FIRST | ST_SECOND | ST_STOCK,
    "bruno": ST_ANA | ST_FIRST | ST_SECOND | ST_STOCK,
    "carmen": ST_ANA | ST_BRUNO | ST_FIRST | ST_SECOND | ST_STOCK,
    "anonymous": ST_ANA | ST_BRUNO | ST_FIRST | ST_SECOND | ST_STOCK,
}
STUD = Coup(
    game="stud",
    deal={"decks": {"1": {"hands": ["10O 10C 2E", "3B 9O KC"], "common": "5E 7B"}}},
    steps=(
        Step("ana"),
        Step("bruno"),
        Step("ana", {"kind": "ride"}),
        Step("bruno", {"kind": "ride"}),
        Step("ana", {"kind": "ride"}),
        Step("bruno", {"kind": "ride"}),
    ),
    hidden={
        "betting": ST_BEFORE,
        "first": ST_BEFORE,
        "second": {viewer: hidden - ST_FIRST for viewer, hidden in ST_BEFORE.items()},
        "hand_over": everyone(ST_STOCK),
    },
    own={"ana": ST_ANA, "bruno": ST_BRUNO},
)

# Monte: the grid is laid face up, then "no va más" draws 5O 6C AC (the as de copas matches the
# as de oros), then 7E 3O; no card of the stock below them is ever shown.
MT_GRID = faces("AO 2C 3E 4B")
MT_FIRST_DRAW = faces("5O 6C AC")
MT_SECOND_DRAW = faces("7E 3O")
MT_STOCK = stock(monte.monte_deck(), MT_GRID, MT_FIRST_DRAW, MT_SECOND_DRAW)
MONTE = Coup(
    game="monte",
    deal={"decks": {"1": "AO 2C 3E 4B 5O 6C AC 7E 3O"}},
    steps=(
        Step("ana"),
        Step("bruno"),
        Step("ana", {"kind": "done"}),
        Step("bruno", {"kind": "done"}),
        Step(None),
    ),
    hidden={
        "primeras": everyone(MT_STOCK | MT_FIRST_DRAW | MT_SECOND_DRAW),
        "segundas": everyone(MT_STOCK | MT_SECOND_DRAW),
        "over": everyone(MT_STOCK),
    },
    own={},
)

COUPS = {coup.game: coup for coup in (MONTE, STUD, PAIGOW)}


def seated_pair(coup: Coup, ana: User, bruno: User) -> Table:
    """A house table of ``coup``'s game whose match is Ana's and Bruno's, its first coup open:
    Bruno sits down while Ana plays alone, and the clock runs her coup out."""
    table = open_house_table(ana, coup.game)
    sit(table_id=table.pk, user=bruno, position=3)
    alone, _state = match_of(table)
    while match_of(table)[0] == alone:
        assert clock_runs_out(table)
    return table


def play_step(table: Table, step: Step, players: Mapping[str, User]) -> None:
    if step.mover is None:
        assert clock_runs_out(table)
        return
    player = players[step.mover]
    bet(table, player, step.move or smallest_bet(table, player))


def phase_of(table: Table) -> str:
    return str(match_of(table)[1].view(None)["phase"])


def names(face: str) -> list[str]:
    """The face as the pages name it in both languages, without the article: "as de oros",
    "ace of coins"."""
    spoken = []
    for language in LANGUAGES:
        with translation.override(language):
            words = card_name(face).split(" ", 1)
        spoken.append(words[1] if words[0].lower() in ("el", "la", "the") else " ".join(words))
    return spoken


def shows(text: str, face: str) -> bool:
    """Whether ``text`` holds the card ``face``: its code (``7O``, ``7O#6``) or its name in
    Spanish or English."""
    if re.search(rf"(?<![0-9A-Za-z]){re.escape(face)}(?![0-9A-Za-z])", text):
        return True
    return any(
        re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) for name in names(face)
    )


def leaked(text: str, hidden: Faces) -> list[str]:
    return sorted(face for face in hidden if shows(text, face))


def client_of(user: User | None, language: str) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client
