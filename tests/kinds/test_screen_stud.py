"""The three-bet stud screen: what each viewer's render shows (and never shows) of a house
table, rendered from real engine views of an exact deal: own cards face up, everybody else's and
the common cards as backs until shown, the wallet's chips and never the engine's count, the
moves of each window, and each player's result on the pay table."""

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from games.engine import stud
from games.engine.stud import Bet, Deal, Expose, Ride, Withdraw
from games.kinds.screens import Part, PlayerInfo, TableFacts
from games.kinds.stud import KIND, deal, options, screen
from tests.support.html_parts import split_parts

NAMES = {0: "Ana", 1: "Bruno", 2: "Carmen"}
"""Three players at the six seats; seats 3 to 5 are empty. Carmen sits the hand out."""
HANDS = ["10O 10C 4E", "2E 7B 9C"]
COMMON = "8B KO"
ANA_CARDS = ("the 10 of coins", "the 10 of cups", "the 4 of swords")
BRUNO_CARDS = ("the 2 of swords", "the 7 of clubs", "the 9 of cups")
COMMON_CARDS = ("the 8 of clubs", "the king of coins")
WALLETS = {0: 5000, 1: 42, 2: 777}
CLOSES_AT = datetime(2026, 11, 24, 17, 0, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def start(**table_options: Any) -> stud.State:
    """A table of six seats dealing ``HANDS`` and ``COMMON`` to the seats that bet, through the
    adapter's options and fixed deal."""
    spec = {"decks": {"1": {"hands": HANDS, "common": COMMON}}}
    return stud.start_match(
        players=KIND.seating.quick,
        options=options.engine_options(table_options),
        seed="screen",
        deal=deal.fixed_deal(spec, KIND.seating.quick),
    )


def play(state: stud.State, *moves: tuple[int | None, stud.Action]) -> stud.State:
    for seat, action in moves:
        state = stud.apply(state, seat, action)
    return state


def dealt() -> stud.State:
    """Ana and Bruno bet 10 three times each; the cards are dealt."""
    return play(start(), (0, Bet(10)), (1, Bet(10)), (None, Deal()))


def paid(ana_rides: bool = True) -> stud.State:
    """Ana lets both bets ride (or withdraws both); Bruno withdraws both: the coup is paid."""
    decision = Ride() if ana_rides else Withdraw()
    return play(dealt(), (0, decision), (1, Withdraw()), (0, decision), (1, Withdraw()))


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


def players(viewer: int | None) -> list[PlayerInfo]:
    return [
        PlayerInfo(seat=seat, position=seat, name=name, is_viewer=seat == viewer, connected=True)
        for seat, name in NAMES.items()
    ]


def parts_for(state: stud.State, viewer: int | None, **extra: Any) -> dict[str, Part]:
    return KIND.screen.parts(
        stud.view(state, viewer),
        players=players(viewer),
        viewer_seat=viewer,
        facts=facts(viewer, **extra),
    )


def render(state: stud.State, viewer: int | None, **extra: Any) -> str:
    """Each part rendered on its own from its context alone, as the plumbing does, joined."""
    return "\n".join(
        render_to_string(p.template, p.context) for p in parts_for(state, viewer, **extra).values()
    )


class Elements(HTMLParser):
    """Every element's tag and attributes, and the text, from rendered HTML."""

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

    def labels(self) -> list[str]:
        return [attrs["aria-label"] for _tag, attrs in self.elements if "aria-label" in attrs]


def part(html: str, part_id: str) -> Elements:
    return Elements(split_parts(html)[part_id])


def seat_html(html: str, seat: int) -> Elements:
    """One seat's article in the seats part."""
    seats = split_parts(html)[screen.SEATS]
    start = seats.index(f'data-stud-seat="{seat}"')
    end = seats.index("</article>", start)
    return Elements(seats[seats.rindex("<article", 0, start) : end])


# --- the parts ---------------------------------------------------------------------------------


def test_the_screen_always_offers_the_same_four_parts_in_page_order() -> None:
    for state in (start(), dealt(), paid()):
        for viewer in (0, 2, None):
            html = render(state, viewer)
            assert list(split_parts(html)) == [
                "stud-seats",
                "stud-common",
                "stud-controls",
                "stud-paytable",
            ]


def test_a_player_sees_his_own_cards_face_up_and_the_others_as_backs() -> None:
    html = render(dealt(), 0)

    labels = Elements(html).labels()
    assert all(card in labels for card in ANA_CARDS)
    for hidden in BRUNO_CARDS + COMMON_CARDS:
        assert hidden not in html
    assert "3 cards face down" in seat_html(html, 1).labels()
    assert len(part(html, screen.COMMON).find("span", **{"class": "card back"})) == 2


def test_a_spectator_sees_no_card_of_any_hand_nor_the_common_cards_and_has_no_controls() -> None:
    for state in (dealt(), play(dealt(), (0, Ride()), (1, Ride()))):
        html = render(state, None)

        for hidden in ANA_CARDS + BRUNO_CARDS + COMMON_CARDS[1:]:
            assert hidden not in html
        assert Elements(html).find("form") == []
        assert Elements(html).find("button") == []
        assert "You are watching" in part(html, screen.CONTROLS).text


def test_the_first_common_card_is_turned_up_after_the_first_decisions_only() -> None:
    before = render(play(dealt(), (0, Ride())), 0)
    after = render(play(dealt(), (0, Ride()), (1, Withdraw())), 0)

    assert COMMON_CARDS[0] not in before
    assert COMMON_CARDS[0] in part(after, screen.COMMON).labels()
    assert COMMON_CARDS[1] not in after


def test_the_balance_shown_is_the_wallet_s_never_the_engine_s_count() -> None:
    for state in (start(), dealt(), paid()):
        html = render(state, 0)

        for seat, chips in WALLETS.items():
            assert seat_html(html, seat).find("span", **{"class": "stud-wallet-amount"})
            assert str(chips) in seat_html(html, seat).text
        assert "99999" not in html
        assert "10000000" not in html


def test_empty_seats_say_so_and_show_no_wallet_nor_bets() -> None:
    html = render(dealt(), 0)

    for seat in (3, 4, 5):
        shown = seat_html(html, seat)
        assert shown.text == "Empty seat"


def test_while_the_betting_is_open_a_player_bets_within_the_table_s_limits() -> None:
    html = render(start(min_bet=5, max_bet=200), 0)

    (amount,) = part(html, screen.CONTROLS).find("input", name="amount")
    assert (amount["min"], amount["max"], amount["value"]) == ("5", "200", "5")
    assert part(html, screen.CONTROLS).find("input", name="move", value="bet")
    assert part(html, screen.CONTROLS).find("input", name="table", value="7")
    assert "The betting closes in" in part(html, screen.CONTROLS).text
    (clock,) = part(html, screen.CONTROLS).find("span", **{"class": "countdown"})
    assert clock["data-deadline"] == "2026-11-24T17:00:30+00:00"


def test_the_wallet_caps_the_bets_and_a_short_wallet_is_told_why_it_cannot_bet() -> None:
    bruno = render(start(), 1)  # 42 chips in his wallet: three bets of 14 at most
    (amount,) = part(bruno, screen.CONTROLS).find("input", name="amount")
    assert amount["max"] == "14"

    short = render(start(min_bet=20), 1)
    assert part(short, screen.CONTROLS).find("form") == []
    assert "Your wallet holds 42 chips: three bets of the minimum need 60." in (
        part(short, screen.CONTROLS).text
    )


def test_after_betting_a_player_sees_his_three_bets_down_and_no_form() -> None:
    html = render(play(start(), (0, Bet(10))), 0)

    controls = part(html, screen.CONTROLS)
    assert controls.find("form") == []
    assert "Your three bets of 10 are down (30 chips)." in controls.text
    assert seat_html(html, 0).text.count("in play") == 3


def test_at_his_decision_a_player_may_withdraw_the_bet_or_let_it_ride() -> None:
    html = render(dealt(), 0)

    controls = part(html, screen.CONTROLS)
    assert controls.find("input", name="move", value="ride")
    assert controls.find("input", name="move", value="withdraw")
    assert "Let bet 1 ride" in controls.text
    assert "Withdraw bet 1 (10 back)" in controls.text
    assert "The decisions close in" in controls.text
    assert "Deciding" in seat_html(html, 0).text


def test_a_player_waiting_for_another_s_decision_has_no_form() -> None:
    html = render(play(dealt(), (0, Ride())), 0)

    assert part(html, screen.CONTROLS).find("form") == []
    assert "Waiting for Bruno" in part(html, screen.CONTROLS).text


def test_a_withdrawn_bet_shows_withdrawn_and_back_in_the_wallet() -> None:
    html = render(play(dealt(), (0, Withdraw()), (1, Ride())), 0)

    assert "withdrawn" in seat_html(html, 0).text
    assert "rides" in seat_html(html, 1).text
    assert "Bet 1 withdrawn: 10 chips back in your wallet." in part(html, screen.CONTROLS).text


def test_a_player_who_did_not_bet_sits_the_hand_out() -> None:
    html = render(dealt(), 2)

    assert "You sit this hand out" in part(html, screen.CONTROLS).text
    assert seat_html(html, 2).find("span", **{"class": "card back"}) == []
    assert part(html, screen.CONTROLS).find("form") == []


def test_after_settling_each_result_shows_with_its_pay_table_line() -> None:
    html = render(paid(), None)

    assert all(card in Elements(html).labels() for card in ANA_CARDS + BRUNO_CARDS)
    assert all(card in part(html, screen.COMMON).labels() for card in COMMON_CARDS)
    assert "Pair of tens or better +30" in seat_html(html, 0).text
    assert "No pair −10" in seat_html(html, 1).text
    (line,) = part(html, screen.PAY_TABLE).find("tr", **{"class": "stud-line is-paid"})
    assert line["data-line"] == "high_pair"
    assert "Pair of tens or better 1 to 1 Paid to: Ana" in part(html, screen.PAY_TABLE).text


def test_after_settling_each_player_reads_what_he_won_or_lost() -> None:
    ana = part(render(paid(), 0, closes_at=None), screen.CONTROLS)
    bruno = part(render(paid(), 1), screen.CONTROLS)

    assert "You win 30 chips." in ana.text
    assert "You lose 10 chips." in bruno.text
    assert "closes in" not in bruno.text


def test_a_ride_of_bet_3_alone_loses_only_bet_3_and_is_said_so() -> None:
    html = render(paid(ana_rides=False), 0)

    assert "Pair of tens or better +10" in seat_html(html, 0).text
    assert "You win 10 chips." in part(html, screen.CONTROLS).text


def test_after_the_hand_the_next_betting_counts_down() -> None:
    when = datetime(2026, 11, 24, 17, 1, tzinfo=UTC)
    controls = part(render(paid(), None, next_hand_at=when), screen.CONTROLS)

    assert "The betting opens again in" in controls.text
    (clock,) = controls.find("span", **{"class": "countdown"})
    assert clock["data-deadline"] == when.isoformat()


def test_no_pay_table_line_is_marked_while_the_hand_is_played() -> None:
    html = render(dealt(), 0)

    assert part(html, screen.PAY_TABLE).find("tr", **{"class": "stud-line is-paid"}) == []
    assert len(part(html, screen.PAY_TABLE).find("tr")) == 9


def test_a_common_jack_or_higher_shown_by_mistake_voids_the_hand_plainly() -> None:
    html = render(play(dealt(), (None, Expose(1))), 0)

    common = part(html, screen.COMMON)
    assert "Void hand: a common card of jack or higher was shown by mistake." in common.text
    assert "shown by mistake" in common.text
    assert "Void hand: your bets are back in your wallet." in part(html, screen.CONTROLS).text
    assert part(html, screen.PAY_TABLE).find("tr", **{"class": "stud-line is-paid"}) == []
    assert "+" not in seat_html(html, 0).text


def test_a_lower_common_card_shown_by_mistake_stays_up_and_the_hand_goes_on() -> None:
    html = render(play(dealt(), (None, Expose(0))), 1)

    common = part(html, screen.COMMON)
    assert COMMON_CARDS[0] in common.labels()
    assert COMMON_CARDS[1] not in html
    assert "Void" not in html


def test_the_table_reads_in_spanish() -> None:
    with translation.override("es"):
        html = render(dealt(), 0)
        paid_html = render(paid(), 0)

    assert "el 10 de oros" in Elements(html).labels()
    assert "Dejar en juego la apuesta 1" in part(html, screen.CONTROLS).text
    assert "Retirar la apuesta 1 (vuelven 10)" in part(html, screen.CONTROLS).text
    assert "Pareja de dieces o mejor" in part(paid_html, screen.PAY_TABLE).text
    assert "Ganas 30 fichas." in part(paid_html, screen.CONTROLS).text


def test_player_names_are_escaped() -> None:
    view = stud.view(dealt(), None)
    evil = [PlayerInfo(seat=0, position=0, name="<b>Ana</b>", is_viewer=False, connected=True)]
    shown = KIND.screen.parts(view, players=evil, viewer_seat=None, facts=facts(None))
    html = render_to_string(shown[screen.SEATS].template, shown[screen.SEATS].context)

    assert "<b>Ana</b>" not in html
    assert "&lt;b&gt;Ana&lt;/b&gt;" in html


def test_every_part_s_data_is_plain_json_but_for_the_countdowns() -> None:
    for state in (start(), dealt(), paid()):
        for viewer in (0, 1, None):
            for shown in parts_for(state, viewer).values():
                plain = {k: v for k, v in shown.context.items() if k != "closes_at"}
                json.dumps(plain)


def test_a_replay_board_shows_no_controls() -> None:
    board = KIND.screen.board(stud.view(dealt(), 0), players=players(0), facts=facts(0))

    html = "\n".join(render_to_string(p.template, p.context) for p in board)
    assert list(split_parts(html)) == ["stud-seats", "stud-common", "stud-paytable"]
    assert Elements(html).find("form") == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ["Cómo se juega al stud de tres apuestas", "«no va más»", "Escalera: paga 5 a 1"]),
        ("en", ["How to play the three-bet stud", "let it ride", "Straight: pays 5 to 1"]),
    ],
)
def test_the_rules_page_reads_in_both_languages_with_real_cards(
    language: str, words: list[str]
) -> None:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with translation.override(language):
        page = KIND.rules_page()
        html = render_to_string(page.template, {**page.context, "other_games": []}, request)

    text = " ".join(Elements(html).text.split())
    assert all(word in text for word in words)
    faces = Elements(html).find("span", role="img")
    assert len(faces) == 15
    assert "Pareja menor: pierde" in text or "A lower pair: loses" in text


def test_no_part_s_data_holds_a_card_another_viewer_may_not_see() -> None:
    """Not in the rendered HTML, and not in the data either (the plumbing digests it and
    shares a rendering between viewers given the same data)."""
    for state in (dealt(), play(dealt(), (0, Ride()), (1, Ride()))):
        data = json.dumps(
            [p.context for p in parts_for(state, 1).values()], default=str, ensure_ascii=False
        )
        for hidden in ANA_CARDS + COMMON_CARDS[1:]:
            assert hidden not in data


def test_the_last_mover_s_seat_is_marked_with_his_move() -> None:
    html = render(play(dealt(), (0, Withdraw())), 1, last_move={"seat": 0, "kind": "withdraw"})

    (seat,) = part(html, screen.SEATS).find("article", **{"data-stud-seat": "0"})
    assert "last-move-withdraw" in seat["class"]


def test_the_table_s_options_read_as_its_limits_and_pay_table() -> None:
    chosen = {"min_bet": 5, "max_bet": 50, "pay_table": "jacks"}
    shown = render_to_string("tables/stud/_options.html", {"table": {"options": chosen}})
    with translation.override("es"):
        spanish = render_to_string("tables/stud/_options.html", {"table": {"options": chosen}})

    assert shown.strip() == "Bets of 5 to 50, pays from a pair of jacks"
    assert spanish.strip() == "Apuestas de 5 a 50, paga desde pareja de jotas"
    assert KIND.check_options(chosen) is None
    assert str(KIND.check_options(chosen | {"min_bet": 60})) == (
        "The minimum bet cannot exceed the maximum bet."
    )
    engine_options = options.engine_options(chosen)
    assert (engine_options.min_bet, engine_options.max_bet) == (5, 50)
    assert engine_options.pay_table is stud.PayTable.JACKS
