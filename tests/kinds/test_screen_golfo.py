"""The Golfo screen: browser forms turned into moves, and what each viewer's render shows (and
never shows), rendered from real engine views of exact deals."""

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games.engine import golfo
from games.engine.cards import parse
from games.engine.errors import InvalidAction
from games.engine.golfo import Bet, Call, Discard, Fold, Options, Pass, Raise, Rebuy, Stakes
from games.kinds.golfo import screen
from games.kinds.screens import Part, PlayerInfo, TableFacts
from games.live.fragments import live_parts
from games.tables import play as services_play
from games.tables.selectors import live_table
from tests.support.html_parts import split_parts
from tests.support.matches import match_of, play_until_hands, start_match, user_at, version_of

NAMES = ("Ana", "Bruno", "Carmen", "Dani")
# Dealer Ana (seat 0) sits out; Bruno, Carmen and Dani are served from the dealer's right.
DEAL = parse("9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  3E 4E 5E")
BRUNO_CARDS = ("9 of coins", "8 of coins", "7 of coins", "6 of coins", "5 of coins")
CARMEN_CARDS = ("9 of cups", "8 of cups", "7 of cups", "6 of cups", "5 of cups")
DANI_CARDS = ("9 of swords", "8 of swords", "3 of swords", "4 of swords", "5 of swords")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def start(**options: Any) -> golfo.State:
    return golfo.new_match(seed="screen", deck=DEAL, dealer=0, options=Options(**options))


def play(state: golfo.State, *moves: golfo.Action) -> golfo.State:
    """Each move by the player whose turn it is."""
    for move in moves:
        state = golfo.apply(state, state.turn, move)
    return state


def to_showdown(state: golfo.State) -> golfo.State:
    """Everybody still in passes every envite and keeps his cards."""
    while state.lance not in ("hand_over", "match_over"):
        move = Discard(()) if state.lance.startswith("descarte") else Pass()
        state = play(state, move)
    return state


def players_of(state: golfo.State, viewer: int | None) -> list[PlayerInfo]:
    return [
        PlayerInfo(seat=seat, position=seat, name=name, is_viewer=seat == viewer, connected=True)
        for seat, name in enumerate(NAMES[: len(state.players)])
    ]


def facts(viewer: int | None, **extra: Any) -> TableFacts:
    fields: dict[str, Any] = {
        "table_id": 7,
        "next_hand_at": None,
        "rematch_accepted": (),
        "ready_seats": (),
        "viewer_role": "player" if viewer is not None else "spectator",
    }
    return TableFacts(**(fields | extra))


def parts_for(state: golfo.State, viewer: int | None, **extra: Any) -> dict[str, Part]:
    """The screen's parts for ``viewer`` (``None``: a spectator); ``extra`` overrides facts."""
    return screen.parts(
        golfo.view(state, viewer),
        players=players_of(state, viewer),
        viewer_seat=viewer,
        facts=facts(viewer, **extra),
    )


def render_parts(parts: dict[str, Part]) -> str:
    """Each part rendered on its own from its context alone, as the plumbing does, joined."""
    return "\n".join(render_to_string(p.template, p.context) for p in parts.values())


def render(state: golfo.State, viewer: int | None, **extra: Any) -> str:
    return render_parts(parts_for(state, viewer, **extra))


def contexts(state: golfo.State, viewer: int | None, **extra: Any) -> dict[str, dict[str, Any]]:
    return {part_id: p.context for part_id, p in parts_for(state, viewer, **extra).items()}


def as_json(context: dict[str, Any]) -> str:
    """A part's data as the plumbing digests it: plain JSON, datetimes as ISO 8601."""

    def datetimes(value: object) -> str:
        if isinstance(value, datetime):
            return value.isoformat()
        raise TypeError(f"not plain data: {type(value).__name__}")

    return json.dumps(context, sort_keys=True, default=datetimes)


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

    def labels(self) -> list[str]:
        return [attrs["aria-label"] for _tag, attrs in self.elements if "aria-label" in attrs]


def part(html: str, part_id: str) -> Elements:
    return Elements(split_parts(html)[part_id])


OWN_SEAT_ONLY = re.compile(r'<span class="golfo-tag (?:tag-you|tag-turn tag-mine)">[^<]*</span>')
OTHERS_ONLY = re.compile(
    r'<span class="golfo-tag tag-turn tag-theirs">[^<]*</span>|<div class="golfo-backs".*?</div>'
)


def seats_seen(html: str, viewer: int | None) -> Elements:
    """The seats part as golfo.css draws it for ``viewer``, whose hand names his seat: "you" and
    "Your turn" on his own seat only, "Their turn" and the backs on the others' only. The style
    sheet's rules are checked in ``test_the_style_sheet_marks_the_viewer_s_own_seat``, and a
    browser sees them in tests/e2e/test_golfo_game.py."""
    seats = split_parts(html)["golfo-seats"]
    marked = split_parts(html)["golfo-hand"]
    assert (viewer is not None) == (f'data-viewer-seat="{viewer}"' in marked)

    def drawn(article: re.Match[str]) -> str:
        own = article.group(1) == str(viewer)
        return (OTHERS_ONLY if own else OWN_SEAT_ONLY).sub("", article.group(0))

    article = re.compile(r'<article [^>]*data-golfo-seat="(\d)".*?</article>', re.S)
    return Elements(article.sub(drawn, seats))


def amount_input(html: str, move: str) -> dict[str, str]:
    (form,) = re.findall(rf'<form id="golfo-{move}".*?</form>', html, re.DOTALL)
    (attrs,) = Elements(form).find("input", name="amount")
    return attrs


# --- move_from_fields ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "action"),
    [
        ({"move": "pass"}, Pass()),
        ({"move": "bet", "amount": "40"}, Bet(40)),
        ({"move": "call"}, Call()),
        ({"move": "raise", "amount": "120"}, Raise(120)),
        ({"move": "fold"}, Fold()),
        ({"move": "discard"}, Discard(())),
        ({"move": "discard", "cards": []}, Discard(())),
        ({"move": "rebuy", "amount": "1000"}, Rebuy(1000)),
    ],
)
def test_each_form_is_its_move(fields: dict[str, Any], action: golfo.Action) -> None:
    assert screen.move_from_fields(fields) == action


def test_a_discard_names_the_very_cards_picked_one_or_several() -> None:
    one = screen.move_from_fields({"move": "discard", "cards": "7O#4"})
    three = screen.move_from_fields({"move": "discard", "cards": ["9O#6", "3E#14", "5C#16"]})

    assert [card.to_json() for card in one.cards] == ["7O#4"]
    assert [card.to_json() for card in three.cards] == ["9O#6", "3E#14", "5C#16"]


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move": "jump"},
        {"move": ""},
        {"move": None},
        {"move": ["pass"]},
        {"move": "PASS"},
        {"move": "next_hand"},
        {"move": "ready"},
        {"move": "bet"},
        {"move": "pass", "amount": "20"},
        {"move": "call", "cards": "7O#4"},
        {"move": "bet", "amount": "40", "cards": "7O#4"},
        {"move": "bet", "amount": "0"},
        {"move": "bet", "amount": "-20"},
        {"move": "bet", "amount": "+20"},
        {"move": "bet", "amount": "20.5"},
        {"move": "bet", "amount": "2e3"},
        {"move": "bet", "amount": " 20"},
        {"move": "bet", "amount": ""},
        {"move": "bet", "amount": "٢٠"},
        {"move": "bet", "amount": "1" * 40},
        {"move": "raise", "amount": "10000000000000"},
        {"move": "raise", "amount": ["20", "30"]},
        {"move": "rebuy", "amount": 20},
        {"move": "discard", "cards": ["7O#4"] * 6},
        {"move": "discard", "cards": ["3O#0", "4O#1", "5O#2", "6O#3", "7O#4", "8O#5"]},
        {"move": "discard", "cards": "7O"},
        {"move": "discard", "cards": "AO#0"},
        {"move": "discard", "cards": "10C#3"},
        {"move": "discard", "cards": "*#104"},
        {"move": "discard", "cards": "7X#4"},
        {"move": "discard", "cards": "7O#²"},
        {"move": "discard", "cards": ["7O#4", 5]},
        {"move": "discard", "cards": {"7O#4": True}},
        {"move": "discard", "cards": None},
    ],
)
def test_garbage_is_refused_as_an_invalid_move(fields: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        screen.move_from_fields(fields)


@pytest.mark.parametrize("fields", [None, "move=pass", ["move", "pass"], 42])
def test_a_form_that_is_no_mapping_is_refused(fields: Any) -> None:
    with pytest.raises(InvalidAction):
        screen.move_from_fields(fields)


# --- rendering -----------------------------------------------------------------------------------


PART_IDS = ["golfo-seats", "golfo-pots", "golfo-showdown", "golfo-hand", "golfo-controls"]


@pytest.mark.parametrize("viewer", [None, 0, 1])
@pytest.mark.parametrize("moment", ["playing", "showdown"])
def test_the_screen_always_offers_the_five_parts_the_table_page_expects(
    viewer: int | None, moment: str
) -> None:
    state = start() if moment == "playing" else to_showdown(start())
    parts = parts_for(state, viewer)

    assert list(parts) == PART_IDS
    for part_id, each in parts.items():
        assert each.template == f"tables/golfo/_{part_id.removeprefix('golfo-')}.html"
        rendered = split_parts(render_to_string(each.template, each.context))
        assert list(rendered) == [part_id]  # exactly one top-level element, with the part's id
        assert 'hx-swap-oob="true"' in rendered[part_id].split(">", 1)[0]


def test_every_viewer_is_shown_the_same_seats_and_his_hand_names_his_own() -> None:
    state = play(start(), Bet(40))
    seen = {viewer: split_parts(render(state, viewer)) for viewer in (None, 0, 1, 2, 3)}

    assert len({parts["golfo-seats"] for parts in seen.values()}) == 1
    seats = Elements(seen[None]["golfo-seats"])
    assert [attrs["data-golfo-seat"] for attrs in seats.find("article")] == ["0", "1", "2", "3"]
    for viewer, parts in seen.items():
        (hand,) = Elements(parts["golfo-hand"]).find("section")
        assert hand.get("data-viewer-seat") == (None if viewer is None else str(viewer))


def rule(style: str, selector: str) -> str:
    """The declarations ``style`` gives exactly ``selector``, in all its rules."""
    found = re.findall(r"(?:^|\n)\s*" + re.escape(selector) + r" \{([^}]*)\}", style)
    assert found, selector
    return "".join(found)


def areas(style: str, selector: str) -> list[list[str]]:
    """The rows of ``grid-template-areas`` that ``style`` gives ``selector``."""
    return [row.split() for row in re.findall(r'"([^"]*)"', rule(style, selector))]


@pytest.mark.parametrize("phone", [False, True])
def test_the_felt_has_a_place_below_across_and_at_each_side(phone: bool) -> None:
    style = (Path(settings.BASE_DIR) / "static/css/golfo.css").read_text()
    if phone:
        style = style.split("@media (max-width: 560px)")[1]
    for table, count in ((".golfo-table", 4), (".golfo-seats-3", 3)):
        rows = areas(style, table)
        assert rows[-1][1] == "bottom"
        assert (rows[-2][0], rows[-2][2]) == ("left", "right")
        assert rows[0][1] == ("top" if count == 4 else "center")


def test_the_style_sheet_turns_the_table_so_the_viewer_sits_at_the_bottom() -> None:
    """From below: the viewer's seat, the next player's (the direction of play) at his right,
    then across, then at his left. A spectator sees the table from seat 0."""
    style = (Path(settings.BASE_DIR) / "static/css/golfo.css").read_text()
    for seat in range(4):
        assert rule(style, f'.golfo-seat[data-golfo-seat="{seat}"]').strip() == (
            f"grid-area: var(--place-{seat});"
        )
    for count, places in (
        (4, ("bottom", "right", "top", "left")),
        (3, ("bottom", "right", "left")),
    ):
        for viewer in range(count):
            table = f".golfo-seats-{count}"
            if viewer:
                table = f':where(body:has(#golfo-hand[data-viewer-seat="{viewer}"])) {table}'
            place = dict(re.findall(r"--place-(\d): (\w+);", rule(style, table)))
            assert {int(seat): at for seat, at in place.items()} == {
                (viewer + step) % count: at for step, at in enumerate(places)
            }


def test_the_style_sheet_marks_the_viewer_s_own_seat() -> None:
    style = (Path(settings.BASE_DIR) / "static/css/golfo.css").read_text()
    hidden = r"\.golfo-seat \.tag-you,\s*\.golfo-seat \.tag-mine \{\s*display: none;"
    assert re.search(hidden, style)
    for seat in range(4):
        own = (
            f':where(body:has(#golfo-hand[data-viewer-seat="{seat}"])) '
            f'.golfo-seat:where([data-golfo-seat="{seat}"])'
        )
        assert f"{own} :is(.tag-you, .tag-mine)" in style
        assert f"{own} :is(.tag-theirs, .golfo-backs)" in style


def test_a_player_sees_his_own_cards_face_up_and_the_others_as_backs() -> None:
    state = play(start(), Pass(), Pass(), Pass())  # the second deal: five cards each
    html = render(state, 1)

    hand = part(html, "golfo-hand")
    assert hand.labels()[1:] == list(BRUNO_CARDS)
    assert "worth 30" in hand.text
    seats = split_parts(html)["golfo-seats"]
    assert "card face" not in seats
    drawn = seats_seen(html, 1).find("span", **{"class": "card back"})
    assert len(drawn) == 10  # Carmen's five and Dani's five: his own are face up in his hand
    assert 'aria-label="5 cards"' in seats


def test_the_seats_show_stacks_dealer_who_sits_out_and_whose_turn_it_is() -> None:
    seats = seats_seen(render(start(), 2), 2)

    assert "Ana Chips: 1000 Dealer Sits this hand out" in seats.text
    assert "Bruno Chips: 990 Their turn" in seats.text
    assert "Carmen you Chips: 990" in seats.text
    assert "Dani Chips: 990" in seats.text
    assert seats.find("article", **{"data-golfo-seat": "1", "aria-current": "true"})


def test_the_pot_holds_the_antes_and_each_bet_shows_before_its_player() -> None:
    html = render(play(start(), Bet(40)), 3)

    assert "Pot 70" in part(html, "golfo-pots").text
    seats = seats_seen(html, 3)
    assert "Bruno Chips: 950 Bet 40" in seats.text
    assert "Envite at 40" in seats.text


def test_the_first_player_may_pass_or_bet_within_the_legal_limits_or_go_resto() -> None:
    html = render(start(), 1)
    controls = part(html, "golfo-controls")

    assert "Your turn · First envite" in controls.text
    assert controls.find("button", id="golfo-pass")
    bet = amount_input(html, "bet")
    assert (bet["min"], bet["max"], bet["value"]) == ("20", "990", "20")
    assert "Resto (990)" in controls.text
    assert "From 20 to 990; resto puts in all your chips." in controls.text
    assert not controls.find("button", id="golfo-call")
    assert not controls.find("button", id="golfo-fold")


def test_after_a_bet_the_next_player_may_call_raise_or_fold_but_not_pass() -> None:
    html = render(play(start(), Bet(40)), 2)
    controls = part(html, "golfo-controls")

    assert "Call 40" in controls.text
    raise_ = amount_input(html, "raise")
    assert (raise_["min"], raise_["max"]) == ("40", "950")
    assert "From 40 to 950 on top of the 40 to call; resto puts in all your chips." in controls.text
    assert controls.find("button", id="golfo-fold")
    assert not controls.find("button", id="golfo-pass")


def test_every_move_form_carries_the_envelope_and_its_move() -> None:
    forms = re.findall(r"<form.*?</form>", render(start(), 1), re.DOTALL)

    assert len(forms) == 3  # paso, envido N, resto
    for form in forms:
        fields = {attrs["name"]: attrs["value"] for attrs in Elements(form).find("input")}
        assert "ws-send" in form
        assert (fields["action"], fields["table"]) == ("move", "7")
        assert fields["move"] in {"pass", "bet"}
        # The version is the page's (#table-version, hx-include on #game-area), not the form's.
        assert "version" not in fields


def test_a_stack_below_the_minimum_bet_is_offered_only_resto() -> None:
    html = render(start(starting_stack=25), 1)
    controls = part(html, "golfo-controls")

    assert not controls.find("input", type="number")
    assert "Resto (15)" in controls.text
    assert "Only resto is left: all your 15 chips." in controls.text


def test_a_call_for_all_he_has_says_resto() -> None:
    state = golfo.new_match(seed="screen", deck=DEAL, dealer=0, options=Options(starting_stack=100))
    html = render(play(state, Bet(90)), 2)

    assert "Call 90 (resto)" in part(html, "golfo-controls").text


def test_while_another_player_speaks_the_viewer_waits_and_has_no_move() -> None:
    controls = part(render(start(), 3), "golfo-controls")

    assert "Waiting for Bruno · First envite" in controls.text
    assert not controls.find("form")


def test_in_a_descarte_each_own_card_is_a_pick_for_the_discard_form() -> None:
    state = play(start(), Pass(), Pass(), Pass(), Pass(), Pass(), Pass())
    html = render(state, 1)

    hand = part(html, "golfo-hand")
    picks = hand.find("input", type="checkbox")
    assert [pick["value"] for pick in picks] == [card.to_json() for card in state.players[1].hand]
    assert all(pick["name"] == "cards" and pick["form"] == "golfo-discard" for pick in picks)
    controls = part(html, "golfo-controls")
    (button,) = controls.find("button", id="golfo-discard-submit")
    assert (button["data-keep"], button["data-throw"]) == ("Keep all", "Discard")
    assert "Keep all" in controls.text
    assert controls.find("form", id="golfo-discard")


def test_a_player_waiting_in_a_descarte_sees_no_picks_and_counts_what_others_threw() -> None:
    state = play(start(), Pass(), Pass(), Pass(), Pass(), Pass(), Pass(), Discard(()))
    state = golfo.apply(state, 2, Discard(tuple(state.players[2].hand[:3])))
    html = render(state, 1)

    assert not part(html, "golfo-hand").find("input")
    seats = seats_seen(html, 1)
    assert "Carmen Chips: 990 Discards: 3" in seats.text
    assert "Bruno you Chips: 990 Discards: 0" in seats.text


def test_a_spectator_sees_every_back_and_no_card_of_any_hand() -> None:
    state = play(start(), Pass(), Pass(), Pass(), Pass(), Pass(), Pass())
    html = render(state, None)

    assert "card face" not in html
    assert not set(Elements(html).labels()) & set(BRUNO_CARDS + CARMEN_CARDS + DANI_CARDS)
    for seat in (1, 2, 3):
        for card in state.players[seat].hand:
            assert card.to_json() not in html
    backs = re.findall(r'<span class="card back[^>]*>', html)
    assert backs == ['<span class="card back">'] * 15
    assert "You are watching" in part(html, "golfo-hand").text
    assert "Waiting for Bruno · First descarte" in part(html, "golfo-controls").text
    assert not Elements(html).find("form")


def test_a_folded_player_is_marked_and_his_hand_never_shown_even_at_the_showdown() -> None:
    folded = play(start(), Bet(20), Call(), Fold())  # Dani folds in the first envite
    over = to_showdown(folded)

    for viewer in (None, 0, 1, 2):
        assert "Dani Chips: 990 Folded" in seats_seen(render(folded, viewer), viewer).text
        for state in (folded, over):
            html = render(state, viewer)
            assert "9 of swords" not in html and "8 of swords" not in html
            assert "9E#" not in html and "8E#" not in html


def test_the_showdown_shows_each_hand_still_in_and_who_takes_each_pot() -> None:
    state = to_showdown(start())
    html = render(state, None)

    showdown = part(html, "golfo-showdown")
    assert "Showdown" in showdown.text
    labels = showdown.labels()
    assert all(card in labels for card in BRUNO_CARDS + CARMEN_CARDS + DANI_CARDS)
    assert re.search(r"Bruno worth 30 [\d ]+ Carmen worth 30 [\d ]+ Dani worth 26", showdown.text)
    assert "Pot 30 → Bruno takes 30" in showdown.text
    assert "the tied player nearest the dealer's right takes the pot" in showdown.text
    assert showdown.find("li", **{"class": "golfo-shown-hand is-winner"})


def test_a_fold_out_shows_no_hand_and_gives_the_pot_to_the_last_player_in() -> None:
    state = play(start(), Bet(20), Fold(), Fold())
    html = render(state, 2)

    showdown = part(html, "golfo-showdown")
    assert "Everybody else folded" in showdown.text
    assert "No hand is shown." in showdown.text
    assert "Pot 30 → Bruno takes 30" in showdown.text  # his bet nobody called came back
    assert "card face" not in split_parts(html)["golfo-showdown"]


def test_the_showdown_part_stays_hidden_while_a_hand_is_played() -> None:
    parts = split_parts(render(start(), 1))

    assert parts["golfo-showdown"].startswith("<section") and " hidden>" in parts["golfo-showdown"]


def test_after_the_hand_a_player_says_ready_and_then_sees_that_he_waits_for_the_others() -> None:
    state = to_showdown(start())
    deadline = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)

    html = render(state, 2, next_hand_at=deadline)
    controls = part(html, "golfo-controls")
    (form,) = controls.find("form", id="golfo-ready")
    assert {attrs["name"]: attrs["value"] for attrs in controls.find("input")}["move"] == "ready"
    assert part(html, "golfo-showdown").find(
        "span", **{"class": "countdown", "data-deadline": "2026-11-22T04:00:00+00:00"}
    )

    waiting = part(render(state, 2, ready_seats=[2]), "golfo-controls")
    assert not waiting.find("form")
    assert "You are ready" in waiting.text


def test_a_player_without_chips_is_offered_a_rebuy_up_to_the_starting_stack() -> None:
    state = golfo.new_match(seed="screen", deck=DEAL, dealer=0, options=Options(starting_stack=100))
    state = to_showdown(play(state, Bet(90), Call(), Fold()))  # Carmen loses all to Bruno
    html = render(state, 2)

    controls = part(html, "golfo-controls")
    (amount,) = controls.find("input", name="amount")
    assert (amount["min"], amount["max"]) == ("1", "100")
    assert controls.find("button", id="golfo-rebuy-submit")
    assert not controls.find("form", id="golfo-ready")
    assert "Carmen you Chips: 0 No chips" in seats_seen(html, 2).text


def test_in_a_freezeout_the_busted_player_watches_as_a_spectator() -> None:
    state = golfo.new_match(
        seed="screen",
        deck=DEAL,
        dealer=0,
        options=Options(starting_stack=100, stakes=Stakes.FREEZEOUT),
    )
    state = to_showdown(play(state, Bet(90), Call(), Fold()))
    html = render(state, None, viewer_role="eliminated")

    assert "You are out of the match" in part(html, "golfo-hand").text
    assert "Carmen Chips: 0 Out of the match" in seats_seen(html, None).text
    assert "freezeout" in part(html, "golfo-pots").text


def test_player_names_are_escaped() -> None:
    state = start()
    players = [
        PlayerInfo(seat=seat, position=seat, name=f"<b>{name}</b>", is_viewer=False, connected=True)
        for seat, name in enumerate(NAMES)
    ]
    parts = screen.parts(
        golfo.view(state, None), players=players, viewer_seat=None, facts=facts(None)
    )
    html = render_parts(parts)

    assert "<b>" not in html
    assert "&lt;b&gt;Ana&lt;/b&gt;" in html


def side_pot_hand() -> golfo.State:
    """Hand 2 of a 100-chip table: Carmen (rebought 50) goes resto, Dani calls, Ana raises all
    in and Dani calls for all he has: a main pot for the three and a side pot for Dani and Ana."""
    deal = parse("9B 8B  9O 8O  9C 8C  7B 6B 5B  3O 4O 5O  3E 4E 5E")
    state = golfo.new_match(
        seed="screen", decks={1: DEAL, 2: deal}, dealer=0, options=Options(starting_stack=100)
    )
    state = to_showdown(play(state, Bet(90), Call(), Fold()))  # Carmen loses all to Bruno
    state = golfo.apply(state, 2, Rebuy(50))
    state = golfo.apply(state, None, golfo.NextHand())
    return play(state, Bet(40), Call(), Raise(50), Call())


def test_a_side_pot_shows_apart_with_who_may_win_it() -> None:
    html = render(side_pot_hand(), None)

    pots = part(html, "golfo-pots")
    assert "Pot 150 Ana, Carmen, Dani Side pot 80 Ana, Dani" in pots.text
    seats = seats_seen(html, None)
    assert "Ana Chips: 10 Bruno" in seats.text  # her raise nobody could match came back
    assert "Carmen Chips: 0 Their turn All in (resto) Rebought 50" in seats.text
    assert "Dani Chips: 0 All in (resto)" in seats.text


def test_the_showdown_gives_the_main_pot_and_the_side_pot_each_to_its_winner() -> None:
    html = render(to_showdown(side_pot_hand()), None)

    showdown = part(html, "golfo-showdown")
    assert "Pot 150 → Carmen takes 150 Side pot 80 → Dani takes 80" in showdown.text
    winners = [
        Elements(item).text.split()[0]
        for item in re.findall(r'<li class="golfo-shown-hand is-winner">.*?</li>', html, re.DOTALL)
    ]
    assert winners == ["Carmen", "Dani"]


def test_the_table_reads_in_spanish_with_the_game_s_own_words() -> None:
    with translation.override("es"):
        betting = render(start(), 1)
        answering = render(play(start(), Bet(40)), 2)
        descarte = render(play(start(), *[Pass()] * 6), 1)

    assert "9 de oros" in Elements(betting).labels()
    assert "Paso" in part(betting, "golfo-controls").text
    assert "Envido" in part(betting, "golfo-controls").text
    assert "Resto (990)" in part(betting, "golfo-controls").text
    assert "Bote 30" in part(betting, "golfo-pots").text
    assert "Igualar 40" in part(answering, "golfo-controls").text
    assert "Subir" in part(answering, "golfo-controls").text
    assert "Abandonar" in part(answering, "golfo-controls").text
    assert "Servido" in part(descarte, "golfo-controls").text
    assert "Primer descarte" in part(descarte, "golfo-seats").text


def test_a_table_of_three_is_laid_out_for_three() -> None:
    state = golfo.new_match(players=3, seed="screen", deck=DEAL, dealer=0)
    seats = part(render(state, 1), "golfo-seats")

    assert [attrs["data-golfo-seat"] for attrs in seats.find("article")] == ["0", "1", "2"]
    assert "golfo-seats-3" in seats.find("section")[0]["class"]


def test_the_last_player_with_chips_is_shown_the_winner_of_the_freezeout() -> None:
    options = Options(starting_stack=100, stakes=Stakes.FREEZEOUT)
    decks = {
        1: parse("9O 8O  9C 8C  7O 6O 5O  3C 4C 5C"),  # Bruno 30 against Carmen 26
        2: parse("3E 4E  9B 8B  5E 6E 7C  7B 6B 5B"),  # Ana 18 against Bruno 30
    }
    state = golfo.new_match(players=3, seed="screen", decks=decks, dealer=0, options=options)
    state = to_showdown(play(state, Bet(90), Call()))
    state = golfo.apply(state, None, golfo.NextHand())
    state = to_showdown(play(state, Bet(90), Call()))

    html = render(state, 1, next_hand_at=datetime(2026, 11, 22, 4, 0, tzinfo=UTC))
    assert "Bruno wins the match" in part(html, "golfo-showdown").text
    showdown = part(html, "golfo-showdown")
    assert [li["value"] for li in showdown.find("li") if "value" in li] == ["1", "2", "3"]
    # Ana, out in the second hand, ranks above Carmen, out in the first.
    assert showdown.text.endswith("Bruno wins the match Bruno Ana Carmen")
    assert "Match over" in part(html, "golfo-seats").text
    assert "countdown" not in html
    assert not part(html, "golfo-controls").find("form")


def test_the_dealer_is_told_he_sits_the_hand_out_and_has_no_cards() -> None:
    playing = part(render(start(), 0), "golfo-hand")
    over = part(render(to_showdown(start()), 0), "golfo-hand")

    assert playing.text == "You sit this hand out."
    assert over.text == "You sat this hand out."


SUIT_NAMES = {"O": "coins", "C": "cups", "E": "swords", "B": "clubs"}


def visible_cards(state: golfo.State, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may see: his own hand and the hands shown at a showdown."""
    own = state.players[viewer].hand if viewer is not None else []
    shown = [
        card for cards in (state.result.shown if state.result else {}).values() for card in cards
    ]
    return {card.to_json() for card in [*own, *shown]}


def visible_names(allowed: set[str]) -> set[str]:
    return {f"{card[:-1]} of {SUIT_NAMES[card[-1]]}" for card in (c.split("#")[0] for c in allowed)}


def bot_played(seed: str = "leak", hands: int = 4) -> Iterator[golfo.State]:
    """Every state of the first ``hands`` hands of a match the bots play."""
    state = golfo.new_match(seed=seed, options=Options(starting_stack=200))
    while state.hand_no <= hands and state.lance != "match_over":
        yield state
        if state.lance == "hand_over":
            state = golfo.apply(state, None, golfo.NextHand())
        else:
            state = golfo.apply(state, state.turn, golfo.bot.decide(golfo.view(state, state.turn)))


def test_bot_played_hands_never_render_a_card_its_viewer_may_not_see() -> None:
    renders = 0
    for state in bot_played():
        for viewer in (None, 0, 1, 2, 3):
            html = render(state, viewer)
            allowed = visible_cards(state, viewer)
            assert set(re.findall(r"[3-9][OCEB]#\d+", html)) <= allowed
            labels = {label for label in Elements(html).labels() if " of " in label}
            assert labels <= visible_names(allowed)
            renders += 1
    assert renders > 100


# --- sharing: each part holds only what it shows, as plain data ----------------------------------


def faces_in(data: object) -> Iterator[str]:
    """The notation (``7O``) of every card face anywhere in a part's data."""
    if isinstance(data, dict):
        if {"rank", "suit"} <= data.keys():
            yield f"{data['rank']}{data['suit']}"
        for value in data.values():
            yield from faces_in(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from faces_in(value)


def test_no_part_s_data_holds_a_card_of_another_player_s_hidden_hand() -> None:
    checked = 0
    for state in bot_played(seed="leak-data"):
        for viewer in (None, 0, 1, 2, 3):
            allowed = visible_cards(state, viewer)
            hidden = {
                card.to_json()
                for seat, player in enumerate(state.players)
                for card in player.hand
                if seat != viewer and card.to_json() not in allowed
            }
            for context in contexts(state, viewer).values():
                text = as_json(context)
                assert not {card for card in hidden if card in text}
                assert set(re.findall(r"[3-9][OCEB]#\d+", text)) <= allowed
                assert set(faces_in(context)) <= {card.split("#")[0] for card in allowed}
                assert set(re.findall(r"[3-9] of [a-z]+", text)) <= visible_names(allowed)
            checked += 1
    assert checked > 100


def test_every_part_s_data_is_plain_json_but_for_the_countdown_s_datetime() -> None:
    deadline = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)
    for state in bot_played(seed="plain", hands=3):
        for viewer in (None, 0, 1, 2, 3):
            role = "player" if viewer is not None else "spectator"
            for part_id, context in contexts(
                state, viewer, next_hand_at=deadline, ready_seats=(1, 2), viewer_role=role
            ).items():
                assert json.loads(as_json(context)) is not None, part_id
    with translation.override("es"):
        for context in contexts(to_showdown(start()), 1, next_hand_at=deadline).values():
            as_json(context)


def test_each_table_fact_is_only_in_the_part_that_shows_it_and_no_part_holds_the_version() -> None:
    deadline = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)
    over = contexts(to_showdown(start()), 2, next_hand_at=deadline, ready_seats=(2,), last_hand=3)

    assert [part_id for part_id, c in over.items() if "table_id" in c] == [
        "golfo-showdown",  # the link to the hand's replay
        "golfo-controls",
    ]
    assert [part_id for part_id, c in over.items() if 3 in c.values()] == ["golfo-showdown"]
    assert [part_id for part_id, c in over.items() if deadline in c.values()] == ["golfo-showdown"]
    assert over["golfo-controls"]["is_ready"] is True
    assert not any("version" in as_json(context) for context in over.values())
    watching = contexts(start(), None, viewer_role="eliminated")
    assert [part_id for part_id, c in watching.items() if "viewer_role" in c] == ["golfo-hand"]


@pytest.mark.parametrize(
    "state",
    [play(start(), Bet(40), Call()), side_pot_hand()],
    ids=["an envite", "a side pot"],
)
def test_the_pots_are_the_same_data_for_every_player_and_a_spectator(state: golfo.State) -> None:
    pots = [contexts(state, viewer)["golfo-pots"] for viewer in (None, 0, 1, 2, 3)]

    assert pots[0]["pots"]
    assert all(as_json(each) == as_json(pots[0]) for each in pots)


def test_the_showdown_is_the_same_data_for_every_viewer() -> None:
    deadline = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)
    state = to_showdown(play(start(), Bet(20), Call(), Fold()))
    showdowns = [
        contexts(state, viewer, next_hand_at=deadline)["golfo-showdown"]
        for viewer in (None, 0, 1, 2, 3)
    ]

    assert showdowns[0]["result"]
    assert all(each == showdowns[0] for each in showdowns)


@pytest.mark.parametrize("move", [Bet(40), Pass()], ids=["bets", "passes"])
def test_a_player_s_hand_is_the_same_data_after_another_player_bets_or_passes(
    move: golfo.Action,
) -> None:
    before = play(start(), Pass(), Pass(), Pass())  # five cards each; Bruno speaks
    after = play(before, move)

    for viewer in (None, 0, 2, 3):  # a spectator, the dealer sitting out, Carmen and Dani
        assert contexts(after, viewer)["golfo-hand"] == contexts(before, viewer)["golfo-hand"]
    assert contexts(after, 2)["golfo-hand"]["cards"]


def test_a_player_waiting_for_another_has_the_same_controls_as_a_spectator() -> None:
    state = play(start(), Bet(40))  # Carmen speaks

    assert contexts(state, 3)["golfo-controls"] == contexts(state, None)["golfo-controls"]
    assert contexts(state, 1)["golfo-controls"] == contexts(state, None)["golfo-controls"]


def test_a_player_s_controls_do_not_change_when_another_player_says_ready() -> None:
    over = to_showdown(start())

    alone = contexts(over, 2)["golfo-controls"]
    assert contexts(over, 2, ready_seats=(1, 3))["golfo-controls"] == alone
    assert contexts(over, 2, ready_seats=(2,))["golfo-controls"] != alone


@pytest.mark.django_db
def test_at_the_live_table_a_player_who_said_ready_sees_that_he_waits_for_the_others(
    make_user: Any,
) -> None:
    users = [make_user(name) for name in NAMES]
    table = start_match(users, game="golfo")
    play_until_hands(table, 1)
    game, _kind, state = match_of(table)
    ready_user, other = [user_at(game, seat) for seat, p in enumerate(state.players) if p.stack][:2]
    services_play.play(
        table_id=table.pk,
        user=ready_user,
        version=version_of(table),
        fields={"move": services_play.READY_MOVE},
    )

    def controls_of(user: Any) -> Elements:
        live = live_table(table_id=table.pk, viewer=user, granted_table_ids=())
        assert live is not None
        parts, _screen = live_parts(live)
        return Elements(parts["golfo-controls"])

    assert "You are ready" in controls_of(ready_user).text
    assert not controls_of(ready_user).find("form", id="golfo-ready")
    assert controls_of(other).find("form", id="golfo-ready")
