"""The Pai Gow Poker screen: browser forms turned into moves, and what each viewer's render shows
(and never shows), rendered from real engine views of an exact deal. The adapter is imported
directly: the registry gains the game with the house tables."""

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.engine import paigow
from games.engine.cards import parse_card
from games.engine.errors import InvalidAction
from games.engine.paigow import Bet, CloseBets, HouseWay, SitOut, Split
from games.engine.paigow.errors import FoulSplit, TwoCardsLow
from games.kinds import paigow as kind
from games.kinds.paigow import screen
from games.kinds.paigow.deal import fixed_deal
from games.kinds.paigow.options import engine_options
from games.kinds.screens import Part, PlayerInfo, TableFacts
from tests.support.html_parts import split_parts

ANA, BRUNO, CARMEN = 0, 1, 2
NAMES = {ANA: "Ana", BRUNO: "Bruno", CARMEN: "Carmen"}
ANA_CARDS = "AO AC AE KO KC 9B 3E"  # a full house: the aces high, the kings low (house way)
BRUNO_CARDS = "5O 5C 7E 9C 8E 2C 4O"  # a pair of fives: the fives high, 9-8 low
BANK_CARDS = "2O 4C 6E 8B 10O JC 3B"  # no pair: the jack high, 10-8 low
WALLETS = {ANA: 250, BRUNO: 5000, CARMEN: 15}
CLOSES_AT = datetime(2026, 11, 24, 17, 0, 30, tzinfo=UTC)
RUNNING_COUNT = str(10**9)  # the engine's chips of a seat: never on screen


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def start() -> paigow.State:
    """A six-seat house table with the adapter's options and the fixed deal: Ana, Bruno and
    Carmen sit at seats 0 to 2, the other three are empty."""
    deal = fixed_deal({"decks": {"1": f"{ANA_CARDS} {BRUNO_CARDS} {BANK_CARDS}"}}, 6)
    return paigow.start_match(players=6, options=engine_options({}), seed="screen", deal=deal)


def bets_placed() -> paigow.State:
    """Ana bets 100, Bruno 40, Carmen sits out; the dealer closes the bets."""
    state = paigow.apply(start(), ANA, Bet(100))
    state = paigow.apply(state, BRUNO, Bet(40))
    state = paigow.apply(state, CARMEN, SitOut())
    return paigow.apply(state, None, CloseBets())


def settled() -> paigow.State:
    """Ana sets her hands by the house way, Bruno by his own split (9-8 low)."""
    state = paigow.apply(bets_placed(), ANA, HouseWay())
    return paigow.apply(state, BRUNO, Split((parse_card("9C"), parse_card("8E"))))


def players_of(viewer: int | None) -> list[PlayerInfo]:
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


def parts_for(state: paigow.State, viewer: int | None, **extra: Any) -> dict[str, Part]:
    return screen.parts(
        paigow.view(state, viewer),
        players=players_of(viewer),
        viewer_seat=viewer,
        facts=facts(viewer, **extra),
    )


def render(state: paigow.State, viewer: int | None, **extra: Any) -> str:
    """Each part rendered on its own from its context alone, as the plumbing does, joined."""
    return "\n".join(
        render_to_string(p.template, p.context) for p in parts_for(state, viewer, **extra).values()
    )


class Elements(HTMLParser):
    """Every element's tag and attributes, and the page's text, from rendered HTML."""

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

    def faces(self) -> list[str]:
        """The names of the cards shown face up."""
        return [
            attrs["aria-label"]
            for attrs in self.find("span", role="img")
            if "face" in attrs.get("class", "")
        ]

    def backs(self) -> int:
        return len([attrs for attrs in self.find("span") if attrs.get("class") == "card back"])


def part(html: str, part_id: str) -> Elements:
    return Elements(split_parts(html)[part_id])


def seat_html(html: str, seat: int) -> Elements:
    """One seat of the seats part."""
    body = split_parts(html)[screen.SEATS]
    start = body.index(f'data-paigow-seat="{seat}"')
    end = body.find("data-paigow-seat=", start + 1)
    return Elements(body[start : end if end > 0 else len(body)])


NAMES_OF = {
    "AO": "the ace of coins",
    "AC": "the ace of cups",
    "AE": "the ace of swords",
    "KO": "the king of coins",
    "KC": "the king of cups",
    "9B": "the 9 of clubs",
    "3E": "the 3 of swords",
}


# --- move_from_fields ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "action"),
    [
        ({"move": "bet", "amount": "100"}, {"kind": "bet", "amount": 100}),
        ({"move": "sit_out"}, {"kind": "sit_out"}),
        ({"move": "house_way"}, {"kind": "house_way"}),
        (
            {"move": "split", "low": ["KO#13", "KC#26"]},
            {"kind": "split", "low": ["KO#13", "KC#26"]},
        ),
        (
            {"move": "split", "low": ["*#52", "10B#48"]},
            {"kind": "split", "low": ["*#52", "10B#48"]},
        ),
    ],
)
def test_each_form_is_its_move(fields: dict[str, Any], action: dict[str, Any]) -> None:
    assert kind.move_from_fields(fields) == action


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move": "jump"},
        {"move": None},
        {"move": "close_bets"},
        {"move": "next_hand"},
        {"move": "ready"},
        {"move": "bet"},
        {"move": "bet", "amount": "0"},
        {"move": "bet", "amount": "-20"},
        {"move": "bet", "amount": "20.5"},
        {"move": "bet", "amount": " 20"},
        {"move": "bet", "amount": 20},
        {"move": "bet", "amount": "1" * 40},
        {"move": "bet", "amount": "100", "low": "KO#13"},
        {"move": "sit_out", "amount": "20"},
        {"move": "house_way", "low": ["KO#13", "KC#26"]},
        {"move": "split", "low": "KO"},
        {"move": "split", "low": ["KO#13", "KX#26"]},
        {"move": "split", "low": ["KO#13", "1C#26"]},
        {"move": "split", "low": ["KO#13", 26]},
        {"move": "split", "low": {"KO#13": True}},
        {"move": "split", "low": ["KO#13"] * 8},
    ],
)
def test_garbage_is_refused_as_an_invalid_move(fields: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        screen.move_from_fields(fields)


@pytest.mark.parametrize(
    "low", [None, "KO#13", ["KO#13"], ["KO#13", "KO#13"], ["KO#13", "KC#26", "AO#0"]]
)
def test_a_split_without_exactly_two_cards_is_refused_in_words(low: Any) -> None:
    fields: dict[str, Any] = {"move": "split"} | ({} if low is None else {"low": low})
    with pytest.raises(TwoCardsLow) as refusal:
        screen.move_from_fields(fields)
    assert refusal.value.message == ("Choose two different cards of yours for the 2-card hand.")


def test_a_foul_split_is_refused_by_the_table_with_its_reason() -> None:
    move = kind.move_from_fields({"move": "split", "low": ["AO#0", "AC#13"]})
    with pytest.raises(FoulSplit) as refusal:
        paigow.apply(bets_placed(), ANA, paigow.action_from_json(move))
    assert refusal.value.message == ("The 5-card hand must rank higher than the 2-card hand.")


# --- rendering -----------------------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [None, ANA, BRUNO])
@pytest.mark.parametrize("moment", [start, bets_placed, settled])
def test_the_screen_always_offers_its_five_parts(viewer: int | None, moment: Any) -> None:
    shown = parts_for(moment(), viewer)

    assert list(shown) == list(screen.TEMPLATES)
    for part_id, each in shown.items():
        rendered = split_parts(render_to_string(each.template, each.context))
        assert list(rendered) == [part_id]
        assert 'hx-swap-oob="true"' in rendered[part_id].split(">", 1)[0]


@pytest.mark.parametrize("moment", [start, bets_placed, settled])
@pytest.mark.parametrize("viewer", [None, ANA, BRUNO])
def test_no_viewer_ever_sees_the_engines_running_count(moment: Any, viewer: int | None) -> None:
    """The engine's chips (10**9 a seat, 10**12 the bank, as they move) are never on screen."""
    assert not re.search(r"[0-9]{8,}", render(moment(), viewer))


def test_each_seat_shows_the_wallet_never_the_engines_running_count() -> None:
    html = render(start(), ANA)

    assert RUNNING_COUNT not in html and str(10**12) not in html
    assert "250" in seat_html(html, ANA).text
    assert "5000" in seat_html(html, BRUNO).text
    assert "Empty seat" in seat_html(html, 4).text


def test_the_bet_form_stops_at_what_the_wallet_holds() -> None:
    controls = part(render(start(), ANA), screen.CONTROLS)

    (amount,) = controls.find("input", name="amount")
    assert (amount["min"], amount["max"], amount["step"]) == ("20", "240", "20")
    assert controls.find("input", name="move", value="sit_out")


def test_without_a_wallet_figure_the_bet_form_follows_the_tables_limits() -> None:
    controls = part(render(start(), ANA, balances={}), screen.CONTROLS)

    (amount,) = controls.find("input", name="amount")
    assert (amount["min"], amount["max"]) == ("20", "1000")
    assert RUNNING_COUNT not in render(start(), ANA, balances={})


def test_a_wallet_under_the_minimum_offers_no_bet_only_sitting_out() -> None:
    controls = part(render(start(), CARMEN), screen.CONTROLS)

    assert not controls.find("input", name="amount")
    assert "Your wallet does not hold the table's minimum bet." in controls.text
    assert controls.find("input", name="move", value="sit_out")


def test_the_window_counts_down_to_when_it_closes() -> None:
    bank = part(render(start(), None), screen.BANK)

    (clock,) = [attrs for attrs in bank.find("span") if attrs.get("class") == "countdown"]
    assert clock["data-deadline"] == "2026-11-24T17:00:30+00:00"
    assert "Bets are open" in bank.text


@pytest.mark.parametrize("moment", [start, bets_placed, settled])
def test_a_spectator_has_no_controls(moment: Any) -> None:
    html = Elements(render(moment(), None))

    assert not html.find("form") and not html.find("input") and not html.find("button")


def test_a_player_sees_his_seven_cards_and_nobody_elses_before_the_showdown() -> None:
    state = bets_placed()
    ana = part(render(state, ANA), screen.HAND)
    bruno = Elements(render(state, BRUNO))
    spectator = Elements(render(state, None))

    assert ana.faces()[:7] == [NAMES_OF[card] for card in ANA_CARDS.split()]
    assert not set(NAMES_OF.values()) & set(bruno.faces())
    assert spectator.faces() == []
    # Each seat with a bet holds seven cards face down, and so does the bank, for everybody else.
    assert spectator.backs() == 3 * 7
    # His own seat shows no backs: his cards are in his hand, below.
    assert seat_html(render(state, ANA), ANA).backs() == 0
    assert seat_html(render(state, ANA), BRUNO).backs() == 7
    assert part(render(state, None), screen.BANK).backs() == 7


def test_the_split_is_two_checkboxes_with_the_house_ways_suggestion() -> None:
    hand = part(render(bets_placed(), ANA), screen.HAND)

    boxes = hand.find("input", type="checkbox", name="low")
    assert len(boxes) == 7
    suggested = [attrs for attrs in hand.find("label") if "is-suggested" in attrs["class"]]
    assert len(suggested) == 2
    assert "The house way puts in the 2-card hand: " in hand.text
    assert hand.faces()[-2:] == ["the king of coins", "the king of cups"]
    assert hand.find("input", name="move", value="split")
    assert hand.find("input", name="move", value="house_way")
    assert "House way" in hand.text


def test_others_see_a_set_hand_as_five_and_two_backs() -> None:
    state = paigow.apply(bets_placed(), ANA, HouseWay())

    ana_seat = seat_html(render(state, BRUNO), ANA)
    assert ana_seat.faces() == [] and ana_seat.backs() == 7
    assert "Hands set" in ana_seat.text
    own = part(render(state, ANA), screen.HAND)
    assert own.faces() == [NAMES_OF[card] for card in ["AO", "AC", "AE", "9B", "3E", "KO", "KC"]]
    assert not own.find("form")


def test_after_settling_every_hand_shows_with_each_result_and_the_commission() -> None:
    html = render(settled(), None, next_hand_at=CLOSES_AT, last_hand=1)
    results = part(html, screen.RESULTS)
    bank = part(html, screen.BANK)

    assert "Ana wins: bet 100, won 100 less 5 commission, +95" in results.text
    assert "Bruno push: the bet of 40 comes back" in results.text
    assert "Carmen" not in results.text
    assert bank.backs() == 0 and len(bank.faces()) == 7 and "High card" in bank.text
    assert "Three of a kind" in seat_html(html, ANA).text
    assert "Pair" in seat_html(html, BRUNO).text
    assert len(Elements(split_parts(html)[screen.SEATS]).faces()) == 14
    assert results.find("a", href="/tables/7/hands/1/") or "Replay this hand" in results.text


def test_the_results_are_hidden_while_a_coup_is_played() -> None:
    (attrs,) = part(render(bets_placed(), ANA), screen.RESULTS).find("section")
    assert "hidden" in attrs


def test_a_replay_board_offers_no_form() -> None:
    view = paigow.view(bets_placed(), ANA)
    board = screen.board(view, players=players_of(ANA), facts=facts(ANA))

    html = Elements("".join(render_to_string(p.template, p.context) for p in board))
    assert not html.find("form") and len(html.faces()) == 7


def test_the_screen_speaks_spanish() -> None:
    with translation.override("es"):
        html = render(bets_placed(), ANA)
    assert "Poner mis manos" in html and "Como la casa" in html


@pytest.mark.parametrize(
    ("language", "title", "house_way", "low"),
    [
        (
            "en",
            "How to play Pai Gow Poker",
            "The house way",
            ["the king of swords", "the knight of clubs"],
        ),
        ("es", "Cómo se juega", "Como pone", ["el rey de espadas", "el caballo de bastos"]),
    ],
)
def test_the_rules_page_shows_the_house_way_with_real_cards(
    language: str, title: str, house_way: str, low: list[str]
) -> None:
    with translation.override(language):
        page = kind.KIND.rules_page()
        html = render_to_string(page.template, {**page.context, "other_games": []})

    assert title in html and house_way in html
    one_pair = page.context["one_pair"]
    assert [card["name"] for card in one_pair.low] == low
