"""The Monte screen: what each viewer sees of a house table (the cloth with a spot for each bet
and the chips on it, the seats with their wallet chips, the payouts, his stake and "done"),
rendered from real engine views of an exact coup."""

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.engine import monte
from games.engine.monte import Kind, NoVaMas, PlaceBet
from games.kinds.monte import KIND, screen
from games.kinds.monte.options import BANK, SEAT_CHIPS
from games.kinds.screens import Part, PlayerInfo, TableFacts
from tests.support.html_parts import split_parts

SEATS = 6
NAMES = {0: "Ana", 1: "Bruno", 3: "Carmen"}
"""Who sits where at the six seats; seats 2, 4 and 5 are empty."""
# Grid: first AO, second 2C, third 3E, fourth 4B. After "no va más" 5O (no match), then AC:
# the Camo of the first card, not the first card drawn (no levy). Segundas on the row left
# (3E, 4B): 3O, the Viudo of the third card, comes first (the levy).
COUP = "AO 2C 3E 4B 5O AC 3O"
WALLETS = {0: 4321, 1: 777, 3: 50}
CLOSES_AT = datetime(2026, 11, 24, 17, 0, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def start() -> monte.State:
    """A six-seat table as the adapter opens it, with the fixed coup."""
    rules = KIND.rules
    options = rules.engine_options({"minimum": 10})
    deal = rules.fixed_deal({"decks": {"1": COUP}}, players=SEATS)
    match = rules.new_match(players=SEATS, options=options, seed="screen", deal=deal)
    return monte.state_from_json(match.to_json())


def play(state: monte.State, *moves: tuple[int | None, monte.Action]) -> monte.State:
    for seat, move in moves:
        state = monte.apply(state, seat, move)
    return state


def players(viewer: int | None) -> list[PlayerInfo]:
    return [
        PlayerInfo(seat=seat, position=seat, name=name, is_viewer=seat == viewer, connected=True)
        for seat, name in NAMES.items()
    ]


def facts(viewer: int | None, **extra: Any) -> TableFacts:
    fields: dict[str, Any] = {
        "table_id": 7,
        "next_hand_at": None,
        "rematch_accepted": (),
        "ready_seats": (),
        "viewer_role": "player" if viewer is not None else "spectator",
        "closes_at": CLOSES_AT,
        "balances": WALLETS,
    }
    return TableFacts(**(fields | extra))


def parts_for(state: monte.State, viewer: int | None, **extra: Any) -> dict[str, Part]:
    return screen.parts(
        monte.view(state, viewer),
        players=players(viewer),
        viewer_seat=viewer,
        facts=facts(viewer, **extra),
    )


def render(state: monte.State, viewer: int | None, **extra: Any) -> dict[str, str]:
    """Each part rendered on its own from its context alone, as the plumbing does, by id."""
    html = "\n".join(
        render_to_string(p.template, p.context) for p in parts_for(state, viewer, **extra).values()
    )
    return split_parts(html)


class Elements(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.words: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    def handle_data(self, data: str) -> None:
        self.words.extend(data.split())

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def find(self, tag: str, **wanted: str) -> list[dict[str, str]]:
        return [
            attrs
            for name, attrs in self.elements
            if name == tag and all(attrs.get(key) == value for key, value in wanted.items())
        ]


def bet_forms(html: str) -> dict[str, str]:
    """Each spot of the cloth the viewer may bet on, a form, by id: its text."""
    return {
        form_id: Elements(body).text
        for form_id, body in re.findall(r'<form id="(monte-bet-[^"]+)".*?>(.*?)</form>', html, re.S)
    }


def spots(html: str) -> dict[str, str]:
    """Each spot of the cloth by id (a form or not): its text."""
    found = re.findall(r'<(form|div) id="(monte-bet-[^"]+)"(.*?)</\1>', html, re.S)
    return {spot_id: Elements(f"<x{body}").text for _tag, spot_id, body in found}


def titles(html: str) -> dict[str, str]:
    """Each spot's title (what a pointer resting on it reads) by id."""
    found = re.findall(r'id="(monte-bet-[^"]+)".*?title="([^"]*)"', html, re.S)
    return {spot_id: unescape(title) for spot_id, title in found}


def seat_texts(html: str) -> dict[int, str]:
    """Each seat's text by its engine seat."""
    found = re.findall(r'data-monte-seat="(\d)">(.*?)</article>', html, re.S)
    return {int(seat): Elements(body).text for seat, body in found}


def amount_field(html: str) -> dict[str, str]:
    (attrs,) = Elements(html).find("input", id="monte-amount")
    return attrs


def test_the_cloth_shows_the_grid_in_its_four_places_for_everybody() -> None:
    for viewer in (None, 0, 1):
        cloth = Elements(render(start(), viewer)["monte-layout"])
        labels = [a["aria-label"] for a in cloth.find("span", role="img")]
        assert labels == ["the ace of coins", "the 2 of cups", "the 3 of swords", "the 4 of clubs"]
        assert "Primeras" in cloth.text
        assert "Coup 1" in cloth.text


def test_a_spectator_has_no_bet_form_no_stake_and_no_done_button() -> None:
    shown = render(start(), None)
    for part in ("monte-controls", "monte-layout"):
        assert Elements(shown[part]).find("form") == []
    assert Elements(shown["monte-controls"]).find("input") == []
    assert "Done betting" not in Elements(shown["monte-controls"]).text
    assert spots(shown["monte-layout"]) == {}


def test_a_player_has_a_spot_on_the_cloth_for_each_open_bet_with_what_it_pays() -> None:
    state = start()
    cloth = render(state, 0)["monte-layout"]
    forms = bet_forms(cloth)

    expected = set()
    for kind, cards, against in monte.open_bets(state):
        ids = ["monte-bet", str(kind), "".join(map(str, cards)), "".join(map(str, against))]
        expected.add("-".join(filter(None, ids)))
    assert set(forms) == expected
    assert len(forms) == 34
    assert forms["monte-bet-vis-0"] == "VIS VIS on the first card 32 to 1"
    assert forms["monte-bet-salto-3"] == "Salto Salto on the fourth card 3 to 1"
    assert forms["monte-bet-cartas-03-12"] == (
        "╲ 1st and 4th Cartas: the first and fourth cards against the second and third cards 1 to 1"
    )
    said = titles(cloth)
    assert said["monte-bet-vis-0"] == "VIS on the first card · pays 32 to 1 · from 10 to 100"
    assert said["monte-bet-camo-2"].startswith("Camo on the third card · pays 11 to 1")
    assert said["monte-bet-cartas-0-1"] == (
        "Cartas: the first card against the second card · pays 1 to 1 · from 10 to 3000"
    )


def test_each_spot_lies_where_the_cloth_has_it() -> None:
    cloth = render(start(), 0)["monte-layout"]
    for position in range(4):
        kinds = ("vis", "camo", "anti", "viudo", "salto")
        assert set(spots(cell_of(cloth, position))) == {f"monte-bet-{k}-{position}" for k in kinds}
    links = dict(re.findall(r'<div class="monte-link link-(\w+)">(.*?)</div>', cloth, re.S))
    assert {side: list(spots(html)) for side, html in links.items()} == {
        "top": ["monte-bet-cartas-0-1", "monte-bet-cartas-1-0"],
        "left": ["monte-bet-cartas-0-2", "monte-bet-cartas-2-0"],
        "right": ["monte-bet-cartas-1-3", "monte-bet-cartas-3-1"],
        "bottom": ["monte-bet-cartas-2-3", "monte-bet-cartas-3-2"],
    }
    arrows = {spot_id: text.split()[0] for spot_id, text in spots(cloth).items()}
    assert [arrows[f"monte-bet-cartas-{pair}"] for pair in ("0-1", "1-0", "0-2", "2-0")] == [
        "◀",
        "▶",
        "▲",
        "▼",
    ]
    (pairs,) = re.findall(r'<div class="monte-pairs">.*</section>', cloth, re.S)
    assert list(spots(pairs)) == [
        "monte-bet-cartas-01-23",
        "monte-bet-cartas-23-01",
        "monte-bet-cartas-02-13",
        "monte-bet-cartas-13-02",
        "monte-bet-cartas-03-12",
        "monte-bet-cartas-12-03",
    ]


def test_a_tapped_spot_sends_the_stake_chosen_below_the_cloth() -> None:
    shown = render(start(), 0)
    cloth = Elements(shown["monte-layout"])
    (section,) = cloth.find("section", id="monte-layout")
    assert section["hx-include"] == "#table-version, #monte-amount"
    form = re.search(r'<form id="monte-bet-camo-0".*?</form>', shown["monte-layout"], re.S)
    assert form is not None
    fields = {a["name"]: a["value"] for a in Elements(form.group(0)).find("input")}
    assert fields == {
        "action": "move",
        "table": "7",
        "move": "bet",
        "bet": "camo",
        "cards": "0",
        "against": "",
    }
    assert amount_field(shown["monte-controls"]) == {
        "id": "monte-amount",
        "type": "number",
        "name": "amount",
        "min": "10",
        "max": "3000",
        "step": "1",
        "value": "10",
        "required": "",
        "inputmode": "numeric",
    }
    controls = Elements(shown["monte-controls"])
    chips = [a["data-monte-chip"] for a in controls.find("button", type="button")]
    assert chips == ["10", "50", "100", "500", "1000"]
    assert controls.find("button", id="monte-done-submit")


def test_the_legend_tells_each_open_bets_pays_and_limits_and_the_levy() -> None:
    controls = Elements(render(start(), 0)["monte-controls"]).text
    for line in (
        "VIS pays 32 to 1 from 10 to 100",
        "Camo pays 11 to 1 from 10 to 300",
        "Salto pays 3 to 1 from 10 to 1000",
        "Cartas pays 1 to 1 from 10 to 3000",
    ):
        assert line in controls
    assert "the house keeps a tenth of every winning bet, VIS excepted" in controls


def test_a_spot_shows_the_chips_on_it_and_takes_off_what_the_player_already_has() -> None:
    state = play(start(), (0, PlaceBet(Kind.VIS, (0,), 60)))
    cloth = render(state, 0)["monte-layout"]
    assert spots(cloth)["monte-bet-vis-0"].endswith("32 to 1 Ana 60")
    assert "you have 60 on it" in titles(cloth)["monte-bet-vis-0"]
    assert re.search(r'id="monte-bet-vis-0".*?class="monte-chip seat-color-0 is-mine"', cloth, re.S)

    theirs = render(state, 1)["monte-layout"]
    assert "you have" not in titles(theirs)["monte-bet-vis-0"]
    assert 'is-mine"' not in theirs

    full = render(play(state, (0, PlaceBet(Kind.VIS, (0,), 40))), 0)["monte-layout"]
    assert "monte-bet-vis-0" not in bet_forms(full)
    assert spots(full)["monte-bet-vis-0"] == "VIS VIS on the first card At the limit Ana 100"
    assert "monte-bet-vis-0" in bet_forms(
        render(play(state, (0, PlaceBet(Kind.VIS, (0,), 40))), 1)["monte-layout"]
    )


def test_the_chips_shown_are_the_wallets_never_the_engines_count() -> None:
    state = play(start(), (0, PlaceBet(Kind.CAMO, (0,), 10)))
    for viewer in (None, 0, 1):
        shown = render(state, viewer)
        seats = Elements(shown["monte-seats"])
        balances = [a for a in seats.elements if "monte-balance-amount" in a[1].get("class", "")]
        assert len(balances) == 3
        assert "4321" in seats.text and "777" in seats.text and "50" in seats.text
        everything = "".join(shown.values())
        assert str(SEAT_CHIPS) not in everything and str(SEAT_CHIPS - 10) not in everything
        assert str(BANK) not in everything
    assert seats.text.count("Empty seat") == 3


def cell_of(cloth: str, position: int) -> str:
    cell = r'data-monte-position="(\d)">(.*?)(?=<div class="monte-(?:cell |link|pairs)|</section>)'
    return dict(re.findall(cell, cloth, re.S))[str(position)]


def test_every_bet_lies_on_its_spot_with_whose_it_is_and_how_much() -> None:
    state = play(
        start(),
        (0, PlaceBet(Kind.CAMO, (0,), 10)),
        (1, PlaceBet(Kind.SALTO, (1,), 20)),
        (3, PlaceBet(Kind.CARTAS, (0, 1), 30, (2, 3))),
        (1, PlaceBet(Kind.CARTAS, (2,), 40, (3,))),
        (0, PlaceBet(Kind.CAMO, (0,), 15)),
    )
    cloth = render(state, None)["monte-layout"]
    assert spots(cloth) == {
        "monte-bet-camo-0": "Camo Camo on the first card Ana 25",
        "monte-bet-salto-1": "Salto Salto on the second card Bruno 20",
        "monte-bet-cartas-2-3": "◀ Cartas Cartas: the third card against the fourth card Bruno 40",
        "monte-bet-cartas-01-23": (
            "▲ top row Cartas: the top row against the bottom row Carmen 30"
        ),
    }
    assert "monte-bet-camo-0" in cell_of(cloth, 0)
    assert "monte-bet-salto-1" in cell_of(cloth, 1)
    seats = Elements(render(state, None)["monte-seats"]).text
    assert "Ana Chips: 4321 25 on the cloth Bruno Chips: 777 60 on the cloth" in seats


def test_the_countdown_to_no_va_mas_while_bets_are_open() -> None:
    shown = Elements(render(start(), None)["monte-layout"])
    assert "No va más in" in shown.text
    assert shown.find("span", **{"class": "countdown", "data-deadline": CLOSES_AT.isoformat()})


def test_after_settling_each_player_sees_what_everybody_won_or_lost() -> None:
    state = play(
        start(),
        (0, PlaceBet(Kind.CAMO, (0,), 10)),
        (1, PlaceBet(Kind.SALTO, (1,), 20)),
        (None, NoVaMas()),
    )
    for viewer in (None, 0, 1):
        shown = render(state, viewer)
        result = Elements(shown["monte-result"])
        assert "Ana won 110" in result.text
        assert "Bruno lost 20" in result.text
        assert "Camo on the first card · 10 → wins, 120 back" in result.text
        assert "Salto on the second card · 20 → loses" in result.text
        seats = seat_texts(shown["monte-seats"])
        assert seats[0].endswith("Chips: 4321 won 110")
        assert seats[1].endswith("Chips: 777 lost 20")
        assert seats[3].endswith("Chips: 50")
    cloth = Elements(render(state, None)["monte-layout"]).text
    assert "ace of cups: Camo of the first card" in cloth
    assert "Segundas" in cloth


def test_segundas_offers_only_the_row_left_at_its_own_odds() -> None:
    state = play(start(), (None, NoVaMas()))
    shown = render(state, 0)
    forms = bet_forms(shown["monte-layout"])
    assert sorted(forms) == sorted(
        [f"monte-bet-{kind}-{pos}" for kind in ("camo", "anti", "viudo") for pos in (2, 3)]
        + ["monte-bet-cartas-2-3", "monte-bet-cartas-3-2"]
    )
    assert "pays 5 to 1 · from 10 to 600" in titles(shown["monte-layout"])["monte-bet-viudo-2"]
    cloth = Elements(shown["monte-layout"])
    assert cloth.find("span", **{"class": "card back"})


def test_a_closed_bet_is_not_offered() -> None:
    shown = render(play(start(), (None, NoVaMas())), 0)
    cloth = shown["monte-layout"]
    assert spots(cell_of(cloth, 0)) == {} and spots(cell_of(cloth, 1)) == {}
    assert not any(
        spot_id.startswith(("monte-bet-vis", "monte-bet-salto")) for spot_id in spots(cloth)
    )
    assert '<div class="monte-pairs">' not in cloth
    legend = Elements(shown["monte-controls"]).text
    assert "Viudo pays 5 to 1 from 10 to 600" in legend
    assert "VIS pays" not in legend and "Salto pays" not in legend
    assert amount_field(shown["monte-controls"])["max"] == "3000"


def test_the_first_card_drawn_pays_the_house_its_tenth() -> None:
    state = play(
        start(),
        (None, NoVaMas()),
        (0, PlaceBet(Kind.VIUDO, (2,), 10)),
        (None, NoVaMas()),
    )
    shown = render(state, 0, closes_at=None)
    result = Elements(shown["monte-result"]).text
    assert "wins, 55 back (5 to the house)" in result
    assert "Ana won 45" in result
    drawn = Elements(shown["monte-layout"]).text
    assert drawn.count("first card drawn: a tenth to the house, not on VIS") == 1
    assert Elements(shown["monte-controls"]).find("form") == []
    assert Elements(shown["monte-layout"]).find("form") == []
    assert "No va más in" not in Elements(shown["monte-layout"]).text


def test_a_players_done_shows_on_his_seat_and_keeps_his_forms() -> None:
    state = play(start(), (0, monte.Done()))
    shown = render(state, 0)
    assert "No more bets" in Elements(shown["monte-seats"]).text
    assert "You bet no more this round" in Elements(shown["monte-controls"]).text
    assert len(bet_forms(shown["monte-layout"])) == 34
    assert amount_field(shown["monte-controls"])


def test_spanish_terms_stay_spanish_in_spanish() -> None:
    with translation.override("es"):
        shown = render(start(), 0)
        forms = bet_forms(shown["monte-layout"])
        assert forms["monte-bet-vis-0"] == "VIS VIS a la primera carta 32 a 1"
        assert titles(shown["monte-layout"])["monte-bet-vis-0"].startswith(
            "VIS a la primera carta · paga 32 a 1 · de 10 a 100"
        )
        assert "Tu apuesta" in Elements(shown["monte-controls"]).text
        assert "No va más en" in Elements(shown["monte-layout"]).text


def test_a_replay_board_has_no_controls() -> None:
    state = play(start(), (0, PlaceBet(Kind.CAMO, (0,), 10)))
    board = screen.board(monte.view(state, 0), players=players(0), facts=facts(0))
    assert [p.template for p in board] == [
        "tables/monte/_layout.html",
        "tables/monte/_seats.html",
        "tables/monte/_result.html",
    ]
    cloth = render_to_string(board[0].template, board[0].context)
    assert "<form" not in cloth and "hx-include" not in cloth
    assert spots(cloth) == {"monte-bet-camo-0": "Camo Camo on the first card Ana 10"}


def test_the_rules_example_and_limits_come_from_the_engine() -> None:
    page = KIND.rules_page()
    context: dict[str, Any] = page.context
    assert page.template == "tables/monte/rules.html"
    assert [context[name]["name"] for name in ("camo", "anti", "viudo")] == [
        "the ace of cups",
        "the ace of clubs",
        "the ace of swords",
    ]
    limits = {row["name"]: (row["primeras"], row["segundas"]) for row in context["limits"]}
    assert limits == {
        "Cartas": (300, 300),
        "VIS": (10, None),
        "Camo": (30, 60),
        "Anti": (30, 60),
        "Viudo": (30, 60),
        "Salto": (100, None),
    }
