"""The Rummy 70 screen: browser fields to moves, what each viewer's parts show, and which parts
every viewer shares."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games.engine.cards import Card
from games.engine.errors import InvalidAction
from games.engine.rummy import (
    Close,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    MeldSpec,
    NextHand,
    Open,
    Ready,
    State,
    SwapJoker,
    TakeDiscard,
    view,
)
from games.kinds.rummy70 import screen as rummy70
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts, built_alone
from games.live.part_cache import SharedParts
from tests.engine.rummy.helpers import deal, meld, opened_table, past_first_round, play
from tests.engine.rummy.scenarios import MELDS_0, SEAT_0, closing_hand, seco, three_players

NAMES = ("Ana", "Bruno", "Carmen", "Dario")
PART_IDS = [
    "rummy-players",
    "rummy-result",
    "rummy-piles",
    "rummy-melds",
    "rummy-hand",
    "rummy-controls",
]


def screen(
    state: State,
    viewer: int | None,
    *,
    next_hand_at: datetime | None = None,
    rematch_accepted: tuple[int, ...] = (),
    shared: Shared = built_alone,
) -> dict[str, Part]:
    """The screen's parts for ``viewer``, as the plumbing asks for them (docs/game-screens.md):
    alone, or sharing what ``shared`` holds with the other viewers of the same state."""
    players = [
        PlayerInfo(seat, seat, NAMES[seat], seat == viewer, True) for seat in range(state.players)
    ]
    still_in = viewer is not None and state.in_match(viewer)
    role = "spectator" if viewer is None else "player" if still_in else "eliminated"
    facts = TableFacts(
        table_id=7,
        next_hand_at=next_hand_at,
        rematch_accepted=rematch_accepted,
        ready_seats=(),
        viewer_role=role,
    )
    viewer_seat = viewer if still_in else None
    return rummy70.parts(
        view(state, viewer), players=players, viewer_seat=viewer_seat, facts=facts, shared=shared
    )


def render(state: State, viewer: int | None, **facts: Any) -> str:
    """The whole game area for ``viewer``: each part rendered on its own from its context."""
    parts = screen(state, viewer, **facts)
    assert list(parts) == PART_IDS
    return "\n".join(render_to_string(p.template, p.context) for p in parts.values())


def contexts(state: State, viewer: int | None, **facts: Any) -> dict[str, dict[str, Any]]:
    return {part_id: p.context for part_id, p in screen(state, viewer, **facts).items()}


def part(html: str, part_id: str) -> str:
    """One top-level part of the render, by its id."""
    match = re.search(rf'<section id="{part_id}".*?</section>', html, re.S)
    assert match, part_id
    return match.group(0)


def codes(cards: list[Card]) -> list[str]:
    return [c.to_json() for c in cards]


# --- move_from_fields ---------------------------------------------------------------------------


def test_moves__every_kind_from_its_form_fields() -> None:
    five, six, seven, joker = (
        Card.from_json("5O#3"),
        Card.from_json("6O#4"),
        Card.from_json("7O#5"),
        Card.from_json("*#104"),
    )
    king = Card.from_json("KC#12")
    seven_face = Card.from_json("7O#0")
    expected = {
        "draw": ({}, Draw()),
        "take_discard": ({}, TakeDiscard()),
        "ready": ({}, Ready()),
        "open": (
            {"melds": "5O#3 6O#4 *#104=7O|KC#12 KC#12 KC#12"},
            Open((MeldSpec((five, six, joker), seven_face), MeldSpec((king, king, king)))),
        ),
        "lay_meld": ({"cards": "5O#3 6O#4 7O#5"}, LayMeld(MeldSpec((five, six, seven)))),
        "lay_off": ({"meld": "2", "card": "*#104", "joker_as": "4O"}, None),
        "swap_joker": ({"meld": "0", "card": "7O#5"}, SwapJoker(0, seven)),
        "discard": ({"card": "KC#12"}, Discard(king)),
        "close": ({"last": ""}, Close()),
    }
    for kind, (fields, action) in expected.items():
        got = rummy70.move_from_fields({"move": kind, **fields})
        if kind == "lay_off":
            assert got == LayOff(2, joker, Card.from_json("4O#0"))
            assert isinstance(got, LayOff) and got.card.id == 104
        else:
            assert got == action, kind
    closing = rummy70.move_from_fields({"move": "close", "last": "KC#12"})
    assert isinstance(closing, Close) and closing.last is not None and closing.last.id == 12
    opening = rummy70.move_from_fields({"move": "open", "melds": "5O#3 6O#4 *#104=7O"})
    assert isinstance(opening, Open)
    assert [c.id for c in opening.melds[0].cards] == [3, 4, 104]


def test_moves__a_lay_off_without_a_joker_face_sends_it_empty() -> None:
    assert rummy70.move_from_fields(
        {"move": "lay_off", "meld": "12", "card": "8O#9", "joker_as": ""}
    ) == LayOff(12, Card.from_json("8O#9"))


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move": "fly"},
        {"move": "next_hand"},
        {"move": "revancha"},
        {"move": "draw", "card": "7O#1"},
        {"move": "discard"},
        {"move": "discard", "card": "7O#1", "extra": ""},
        {"move": "discard", "card": "7X#1"},
        {"move": "discard", "card": "7O"},
        {"move": "discard", "card": "7O#²"},
        {"move": "discard", "card": "7O#-1"},
        {"move": "discard", "card": "11O#1"},
        {"move": "discard", "card": " 7O#1"},
        {"move": "discard", "card": "7O#123456"},
        {"move": "discard", "card": 7},
        {"move": "discard", "card": ["7O#1"]},
        {"move": "discard", "card": None},
        {"move": ["discard"], "card": "7O#1"},
        {"move": "lay_off", "meld": "-1", "card": "7O#1", "joker_as": ""},
        {"move": "lay_off", "meld": "1.0", "card": "7O#1", "joker_as": ""},
        {"move": "lay_off", "meld": "1000", "card": "7O#1", "joker_as": ""},
        {"move": "lay_off", "meld": "", "card": "7O#1", "joker_as": ""},
        {"move": "lay_off", "meld": "٣", "card": "7O#1", "joker_as": ""},
        {"move": "lay_off", "meld": "1", "card": "*#104", "joker_as": "*"},
        {"move": "lay_off", "meld": "1", "card": "*#104", "joker_as": "7O#1"},
        {"move": "lay_off", "meld": "1", "card": "*#104"},
        {"move": "swap_joker", "meld": "x", "card": "7O#1"},
        {"move": "open", "melds": ""},
        {"move": "open", "melds": "5O#3  6O#4 7O#5"},
        {"move": "open", "melds": "5O#3 6O#4 7O#5|"},
        {"move": "open", "melds": "|".join(["5O#3 6O#4 7O#5"] * 11)},
        {"move": "open", "melds": "5O#3 6O#4=7O 8O#1"},
        {"move": "open", "melds": "5O#3 *#104=7O *#105=8O"},
        {"move": "open", "melds": "5O#3 6O#4 *#104="},
        {"move": "open", "melds": "5O#3 6O#4 *#104=7O=8O"},
        {"move": "lay_meld", "cards": " ".join(["5O#3"] * 14)},
        {"move": "lay_meld", "meld": "5O#3 6O#4 7O#5"},
        {"move": "close"},
        {"move": "close", "last": "nothing"},
    ],
)
def test_moves__garbage_is_refused_as_an_invalid_action(fields: Any) -> None:
    with pytest.raises(InvalidAction):
        rummy70.move_from_fields(fields)


@pytest.mark.parametrize("fields", [None, "move=draw", ["draw"], 3])
def test_moves__a_payload_that_is_not_a_dict_is_refused(fields: Any) -> None:
    with pytest.raises(InvalidAction):
        rummy70.move_from_fields(fields)


# --- rendering during a hand ------------------------------------------------------------------


@pytest.fixture
def table() -> State:
    """Three players past the first round; Ana (seat 0) is to draw."""
    return three_players()


@pytest.mark.usefixtures("english")
def test_render__own_hand_face_up_others_as_backs(table: State) -> None:
    html = render(table, 0)
    hand = part(html, "rummy-hand")
    for code in codes(table.hands[0]):
        assert f'data-card="{code}"' in hand
    assert 'aria-label="10 of coins"' in hand
    assert 'aria-label="knight of coins"' in hand
    for seat in (1, 2):
        for code in codes(table.hands[seat]):
            assert code not in html
    players = part(html, "rummy-players")
    assert "Bruno" in players and "Carmen" in players
    assert players.count('<span class="card back mini" aria-hidden="true"></span>') == 3
    assert '<span class="count">14</span>' in players


@pytest.mark.usefixtures("english")
def test_render__cards_read_in_the_order_they_are_held_and_laid(table: State) -> None:
    """A hand's cards in the order the player holds them, a meld's in the order it was laid, and a
    hand with no card left says so."""
    state = play(table, 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)), Discard(drawn))
    html = render(state, 0)
    shown = re.findall(r'data-card="([^"]+)"', part(html, "rummy-hand"))
    assert shown == codes(state.hands[0])
    first = state.melds[0].cards
    faces = re.findall(r'aria-label="([^"]+)"', part(html, "rummy-melds").split("meld-cards")[1])
    assert faces[: len(first)] == [rummy70.face_label(card) for card in first]
    empty = part(render_to_string("tables/rummy70/_hand.html", {"hand": []}), "rummy-hand")
    assert "No cards left in your hand." in empty and "data-card" not in empty


@pytest.mark.usefixtures("english")
def test_render__the_player_to_move_may_draw_and_the_others_wait(table: State) -> None:
    mine = part(render(table, 0), "rummy-controls")
    assert 'id="rummy-draw"' in mine
    assert 'name="action" value="move"' in mine and 'name="table" value="7"' in mine
    assert 'name="version"' not in mine  # the page's #table-version, through hx-include
    assert "rummy-discard" not in mine and "rummy-open" not in mine
    other = render(table, 1)
    assert "Waiting for Ana." in part(other, "rummy-controls")
    assert "rummy-draw" not in other
    assert "Ana's turn" in part(other, "rummy-piles")
    assert 'data-turn-seat="0"' in part(other, "rummy-piles")
    assert 'data-viewer-seat="0"' in part(render(table, 0), "rummy-hand")


@pytest.mark.usefixtures("english")
def test_render__after_drawing_the_player_may_open_stage_and_discard(table: State) -> None:
    state = play(table, 0, Draw())
    controls = part(render(state, 0), "rummy-controls")
    assert 'id="rummy-open"' in controls and "Open (70+)" in controls
    assert 'id="rummy-discard"' in controls
    assert "rummy-draw" not in controls and "rummy-close" not in controls
    assert "Stage meld" in part(render(state, 0), "rummy-hand")


@pytest.mark.usefixtures("english")
def test_render__melds_grouped_by_owner_piles_and_marks(table: State) -> None:
    state = play(table, 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)), Discard(drawn))
    html = render(state, 1)
    melds = part(html, "rummy-melds")
    assert '<h3 class="meld-owner">Ana</h3>' in melds
    assert melds.count('class="meld"') == 3
    assert 'data-meld="1"' in melds and 'data-faces="10O JO QO KO"' in melds
    assert '<span class="meld-points" aria-hidden="true">40</span>' in melds
    piles = part(html, "rummy-piles")
    assert f'aria-label="{rummy70.face_label(drawn)}"' in piles
    assert f'<strong class="stock-count">{len(state.stock)}</strong>' in piles
    players = part(html, "rummy-players")
    assert players.count("Opened") == 1 and players.count("Not opened") == 2
    assert 'class="rummy-seat is-turn" data-engine-seat="1"' in players
    assert "Dealer" in part(players, "rummy-players").split("Carmen")[1]


@pytest.mark.usefixtures("english")
def test_render__an_opened_player_lays_off_and_swaps_by_clicking_a_meld() -> None:
    """Each form is there because the hand can use it: 4O lays off, 7O takes the joker, and
    2B 3B with the 4B drawn make a meld."""
    hands = {0: "5O 6O * KC KE KB QC QE QB 4O 7O 2B 3B 9E", 1: "9C 9E 2C 3C 4E 5E 6B"}
    state = past_first_round(deal(hands, stock="2E 8C 5C JE 4B"))
    state = play(state, 0, Draw())
    opening = ("5O 6O *=7O", "KC KE KB", "QC QE QB")
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in opening)))
    state = play(state, 0, Discard(state.hands[0][-1]))
    state = play(state, 1, Draw(), Discard(state.hands[1][-1]))
    state = play(state, 0, Draw())
    assert "lay-off-form" not in part(render(state, 1), "rummy-controls")
    html = render(state, 0)
    controls = part(html, "rummy-controls")
    assert 'id="rummy-lay-off-form"' in controls and 'id="rummy-swap-form"' in controls
    assert 'id="rummy-lay-meld"' in controls and "rummy-open" not in controls
    assert "click a meld on the table to lay it off" in controls
    melds = part(html, "rummy-melds")
    assert '<button type="button" class="meld" data-meld="0" data-kind="run"' in melds
    assert 'data-joker-as="7O"' in melds and 'aria-label="joker as 7 of coins"' in melds
    assert 'data-faces="5O 6O 7O"' in melds


@pytest.mark.usefixtures("english")
def test_render__a_spectator_sees_no_card_of_any_hand(table: State) -> None:
    state = play(table, 0, Draw())
    html = render(state, None)
    for hand in state.hands:
        for code in codes(hand):
            assert code not in html
    assert "data-card" not in html and "rummy-face-labels" not in html
    assert "You are watching" in html
    assert re.search(r'<section id="rummy-hand"[^>]*hidden>\s*</section>', html)
    for back in re.findall(r'<span class="card back[^"]*"[^>]*>', html):
        assert back == '<span class="card back mini" aria-hidden="true">' or back == (
            '<span class="card back" aria-hidden="true">'
        )


# --- the end of a hand and of the match --------------------------------------------------------


@pytest.mark.usefixtures("english")
def test_render__hand_end_shows_every_hand_points_reason_and_ready() -> None:
    state = closing_hand(open_1=True, open_2=False)
    deadline = datetime(2026, 11, 22, 4, 0, 20, tzinfo=UTC)
    html = render(state, 1, next_hand_at=deadline)
    result = part(html, "rummy-result")
    assert "End of the hand" in result and "Ana closed." in result
    assert "No abiertos" in result
    for seat in (1, 2):
        for card in state.hands[seat]:
            assert f'aria-label="{rummy70.face_label(card)}"' in result
    assert "+1 · not opened" in result and result.count("took-point") == 1
    assert "35 points in hand" in result
    assert 'id="rummy-ready"' in result and 'name="move" value="ready"' in result
    assert 'data-deadline="2026-11-22T04:00:20+00:00"' in result
    waiting = play(state, 1, Ready())
    again = part(render(waiting, 1, next_hand_at=deadline), "rummy-result")
    assert "rummy-ready" not in again and "Ready</span>" in again


@pytest.mark.usefixtures("english")
def test_render__match_end_names_the_winner_standings_and_rematch() -> None:
    state = seco(points=(0, 2, 2))
    html = render(state, 0)
    result = part(html, "rummy-result")
    assert "Ana wins the match" in result
    assert re.search(r'class="winner" value="1"><span>Ana</span> <span[^>]*>0 points', result)
    assert "3 points" in result and "Rematch" in result
    assert 'name="move" value="revancha"' in result
    assert "+1 · seco" in result
    assert "Draw from the stock" not in html
    bruno = part(render(state, 1, rematch_accepted=(0,)), "rummy-result")
    assert 'id="rummy-revancha"' in bruno and bruno.count("wants a rematch") == 1
    ana = part(render(state, 0, rematch_accepted=(0,)), "rummy-result")
    assert "rummy-revancha" not in ana and "You asked for a rematch" in ana
    assert "rummy-revancha" not in part(render(state, None), "rummy-result")


@pytest.mark.usefixtures("english")
def test_render__match_end_standings_follow_the_elimination_order_not_points_or_seat() -> None:
    state = seco(points=(1, 2, 2))  # Bruno and Carmen both reach 3 points in this hand
    shared = part(render(state, 0), "rummy-result")
    assert re.findall(r'<li[^>]*value="(\d)"><span>(\w+)</span>', shared) == [
        ("1", "Ana"),
        ("2", "Bruno"),
        ("2", "Carmen"),
    ]
    state.out_hand = [None, 4, 5]  # had Bruno gone out in hand 4 and Carmen lasted to hand 5
    ordered = part(render(state, 0), "rummy-result")
    assert re.findall(r'<li[^>]*value="(\d)"><span>(\w+)</span>', ordered) == [
        ("1", "Ana"),
        ("2", "Carmen"),
        ("3", "Bruno"),
    ]


@pytest.mark.usefixtures("english")
def test_render__an_eliminated_player_watches_the_next_hand_as_a_spectator() -> None:
    state = closing_hand(open_1=True, open_2=False, points=(0, 0, 2))
    assert "Eliminated" in part(render(state, 2), "rummy-result")
    state = play(state, None, NextHand())
    html = render(state, 2)
    assert "You are out of this match" in part(html, "rummy-controls")
    assert "data-card" not in html
    for hand in state.hands:
        for code in codes(hand):
            assert code not in html
    players = part(html, "rummy-players")
    assert 'class="rummy-seat is-eliminated"' in players
    assert 'data-viewer-seat="2"' in part(html, "rummy-hand")


def test_render__in_spanish_with_the_game_terms(table: State) -> None:
    state = play(table, 0, Draw())
    with translation.override("es"):
        html = render(state, 0)
        assert rummy70.face_label(Card.from_json("QB#3")) == "caballo de bastos"
    assert 'aria-label="10 de oros"' in part(html, "rummy-hand")
    assert "Abrirse (70+)" in html and ">Descartar<" in html
    assert "Preparar combinación" in html and "Te toca" in html
    with translation.override("es"):
        ended = render(seco(points=(0, 2, 2)), 0)
    assert "Revancha" in ended and "Seco: nadie más se había abierto" in ended
    with translation.override("es"):
        hand_end = render(closing_hand(open_1=True, open_2=False), 1)
    assert "Listo" in hand_end and "+1 · no abierto" in hand_end


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", "Tienes que bajar el 9 de oros a la mesa en este turno."),
        ("en", "You must play the 9 of coins on the table this turn."),
    ],
)
def test_render__a_rule_message_names_the_card_in_words(language: str, expected: str) -> None:
    """Issue 12, point 6: the card owed this turn is named as people do, never ``9O``."""
    state = play(opened_table("8O 2E", ("5O 6O 7O",), top="9O"), 0, TakeDiscard())
    with translation.override(language):
        controls = part(render(state, 0), "rummy-controls")
    assert expected in controls
    assert "9O" not in controls.replace("9O#", "")


# --- what the viewers share (the plumbing renders a part once for everyone given the same data) --

_CARD_ID = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+")


def plain_json(context: dict[str, Any]) -> str:
    """The context as the plumbing digests it: JSON, with datetimes and nothing else special."""

    def dates_only(value: object) -> str:
        if isinstance(value, datetime):
            return value.isoformat()
        raise TypeError(f"not plain data: {value!r}")

    return json.dumps(context, sort_keys=True, default=dates_only)


@pytest.fixture
def four() -> State:
    """Four players past the first round; Ana (seat 0) has opened with three melds and thrown
    the card she drew; Bruno (seat 1) is to draw."""
    state = past_first_round(deal({0: SEAT_0}, players=4))
    assert state.turn == 0
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)), Discard(drawn))
    assert state.turn == 1 and state.phase == "draw"
    return state


@pytest.mark.usefixtures("english")
def test_sharing__every_viewer_gets_the_same_melds_and_piles(four: State) -> None:
    """The melds differ only between those who play the hand (a meld is a button to lay off
    on) and those who watch; the piles not at all, the player to move included."""
    everyone = {viewer: contexts(four, viewer) for viewer in (None, 0, 1, 2, 3)}
    melds = [everyone[viewer]["rummy-melds"] for viewer in (0, 1, 2, 3)]
    assert all(context == melds[0] for context in melds)
    watching = everyone[None]["rummy-melds"]
    assert watching == {**melds[0], "playing": False} and melds[0]["playing"] is True
    assert len(melds[0]["meld_groups"][0]["melds"]) == 3
    piles = [everyone[viewer]["rummy-piles"] for viewer in (None, 0, 1, 2, 3)]
    assert all(context == piles[0] for context in piles)
    assert piles[0]["turn_name"] == "Bruno" and piles[0]["turn"] == 1
    result = [everyone[viewer]["rummy-result"] for viewer in (None, 0, 1, 2, 3)]
    assert all(context == {"result": None} for context in result)


@pytest.mark.usefixtures("english")
def test_sharing__after_a_hand_viewers_with_the_same_ready_to_give_share_the_result() -> None:
    """The hand's result is public: the players still to say "Ready" are shown one part, built
    once; one who has said it and a spectator (who has none to say) share another, which is
    what each of them is shown alone."""
    state = play(closing_hand(open_1=True, open_2=False), 1, Ready())
    sharing = SharedParts("en")
    given = {
        viewer: screen(state, viewer, shared=sharing)["rummy-result"] for viewer in (0, 2, 1, None)
    }
    assert given[0] is given[2] and given[1] is given[None] and given[0] is not given[1]
    assert len({id(part_given) for part_given in given.values()}) == 2
    assert given[0].context["ready_wanted"] and not given[1].context["ready_wanted"]
    for viewer, part_given in given.items():
        assert part_given == screen(state, viewer)["rummy-result"]


@pytest.mark.usefixtures("english")
def test_sharing__after_a_hand_players_and_spectators_share_the_melds_and_none_lays_off() -> None:
    """Once the hand is over nobody lays off: every viewer is shown the same melds, built
    once, with no meld a button."""
    state = closing_hand(open_1=True, open_2=False)
    sharing = SharedParts("en")
    given = {
        viewer: screen(state, viewer, shared=sharing)["rummy-melds"] for viewer in (0, 1, 2, None)
    }
    assert len({id(part_given) for part_given in given.values()}) == 1
    assert given[0].context["meld_groups"] and not given[0].context["playing"]
    melds = part(render(state, 1), "rummy-melds")
    assert 'class="meld"' in melds and "<button" not in melds


@pytest.mark.usefixtures("english")
def test_sharing__after_the_match_viewers_with_the_same_rematch_answers_share_the_result() -> None:
    state = seco(points=(0, 2, 2))
    sharing = SharedParts("en")
    given = {
        viewer: screen(state, viewer, rematch_accepted=(0,), shared=sharing)["rummy-result"]
        for viewer in (0, 1, 2, None)
    }
    assert given[1] is given[2] and len({id(p) for p in given.values()}) == 3
    assert given[0].context["rematch_asked"] and not given[1].context["rematch_asked"]
    assert not given[None].context["rematch_offered"]
    for viewer, part_given in given.items():
        assert part_given == screen(state, viewer, rematch_accepted=(0,))["rummy-result"]


@pytest.mark.usefixtures("english")
def test_sharing__every_viewer_gets_the_same_players(four: State) -> None:
    players = [contexts(four, viewer)["rummy-players"] for viewer in (None, 0, 1, 2, 3)]
    assert all(context == players[0] for context in players)


@pytest.mark.usefixtures("english")
def test_render__the_hand_names_the_viewers_seat_which_marks_his_row_and_his_turn(
    four: State,
) -> None:
    """The page's style marks his own row of the players, and shows "Your turn" rather than
    "Bruno's turn" on the piles, for the engine seat his hand part names: each player's names
    his own seat, a spectator's none."""
    for viewer in (0, 1, 2, 3):
        html = render(four, viewer)
        assert re.search(rf'<section id="rummy-hand"[^>]* data-viewer-seat="{viewer}"', html)
        assert html.count("data-viewer-seat") == 1
    assert "data-viewer-seat" not in render(four, None)
    piles = part(render(four, 1), "rummy-piles")
    assert '<span class="rummy-turn" data-turn-seat="1">' in piles
    assert """<span class="turn-theirs">Bruno's turn</span>""" in piles
    assert '<span class="turn-mine">Your turn</span>' in piles
    rows = part(render(four, 1), "rummy-players")
    assert 'data-engine-seat="1"' in rows and "is-viewer" not in rows


def test_style__the_viewers_row_and_turn_are_marked_for_every_seat() -> None:
    """The style sheet's rules for the viewer's row and "Your turn" cover the 6 seats a Rummy 70
    table may have."""
    css = (Path(settings.BASE_DIR) / "static/css/rummy70.css").read_text()
    for seat in range(6):
        mine = f'body:has(#rummy-hand[data-viewer-seat="{seat}"])'
        assert f'{mine}) .rummy-seat:where([data-engine-seat="{seat}"])' in css
        assert f'{mine}) .rummy-turn:where([data-turn-seat="{seat}"]) .turn-mine' in css
        assert f'{mine}) .rummy-turn:where([data-turn-seat="{seat}"]) .turn-theirs' in css


@pytest.mark.usefixtures("english")
def test_sharing__a_hand_and_its_moves_stay_put_while_another_player_plays(four: State) -> None:
    """Bruno draws and throws: Ana's and Dario's hands do not change, nor do their moves while
    Bruno is still playing; once he has thrown, they only read whom they wait for now (the
    same part for both). Carmen's moves change: it is her turn."""
    before = {viewer: contexts(four, viewer) for viewer in (0, 2, 3)}
    drawn = play(four, 1, Draw())
    thrown = play(drawn, 1, Discard(drawn.hands[1][-1]))
    assert thrown.turn == 2
    for state in (drawn, thrown):
        for viewer in (0, 2, 3):
            assert contexts(state, viewer)["rummy-hand"] == before[viewer]["rummy-hand"]
    for viewer in (0, 2, 3):
        waiting = {"shows": "waiting", "turn_name": "Bruno"}
        assert before[viewer]["rummy-controls"] == waiting
        assert contexts(drawn, viewer)["rummy-controls"] == waiting
    for viewer in (0, 3):
        assert contexts(thrown, viewer)["rummy-controls"] == {
            "shows": "waiting",
            "turn_name": "Carmen",
        }
    carmen = contexts(thrown, 2)["rummy-controls"]
    assert carmen["shows"] == "moves" and carmen["controls"]["draw"] is True
    assert 'id="rummy-draw"' in part(render(thrown, 2), "rummy-controls")


@pytest.mark.usefixtures("english")
def test_sharing__no_part_of_a_player_holds_a_card_id_of_another_hand(four: State) -> None:
    drawn = play(four, 1, Draw())
    for state in (four, drawn):
        hands = {seat: set(codes(state.hands[seat])) for seat in range(4)}
        for viewer in (None, 0, 1, 2, 3):
            for part_id, context in contexts(state, viewer).items():
                shown = set(_CARD_ID.findall(plain_json(context)))
                for seat, hand in hands.items():
                    if seat != viewer:
                        assert not shown & hand, (viewer, part_id, seat)
        own = set(_CARD_ID.findall(plain_json(contexts(state, 1)["rummy-hand"])))
        assert own == hands[1]


def test_sharing__every_part_context_is_plain_json(four: State) -> None:
    deadline = datetime(2026, 11, 22, 4, 0, 20, tzinfo=UTC)
    states = {
        "mid-hand": (four, {}),
        "drawn": (play(four, 1, Draw()), {}),
        "hand end": (closing_hand(open_1=True, open_2=False), {"next_hand_at": deadline}),
        "match end": (seco(points=(0, 2, 2)), {"rematch_accepted": (0, 2)}),
    }
    for name, (state, facts) in states.items():
        for viewer in (None, *range(state.players)):
            for part_id, context in contexts(state, viewer, **facts).items():
                assert isinstance(context, dict), (name, part_id)
                assert json.loads(plain_json(context)), (name, viewer, part_id)
    hand_end = contexts(states["hand end"][0], 1, next_hand_at=deadline)["rummy-result"]
    assert '"next_hand_at": "2026-11-22T04:00:20+00:00"' in plain_json(hand_end)


@pytest.mark.usefixtures("english")
def test_sharing__the_table_facts_reach_only_the_parts_that_show_them(four: State) -> None:
    """The table id is in the forms only; no part holds the table's version (the page's
    ``#table-version`` does) nor the face labels but the hand."""
    ended = closing_hand(open_1=True, open_2=False)
    deadline = datetime(2026, 11, 22, 4, 0, 20, tzinfo=UTC)
    for state, viewer in ((four, 1), (four, 0), (ended, 1)):
        for part_id, context in contexts(state, viewer, next_hand_at=deadline).items():
            assert "version" not in context
            if part_id not in ("rummy-controls", "rummy-result"):
                assert "table_id" not in context, part_id
            if part_id != "rummy-result":
                assert "next_hand_at" not in context, part_id
            if part_id != "rummy-hand":
                assert "face_labels" not in context, part_id
    assert contexts(four, 1)["rummy-controls"]["table_id"] == 7
    assert contexts(ended, 1, next_hand_at=deadline)["rummy-result"]["next_hand_at"] == deadline
    assert "rummy-face-labels" in part(render(four, 1), "rummy-hand")


def test_render__the_joker_question_names_every_face_in_the_viewers_language(four: State) -> None:
    """The hand carries every face's label for the browser's joker question, in the language
    the viewer reads the table in."""
    labels: dict[str, dict[str, str]] = {}
    for language in ("es", "en"):
        with translation.override(language):
            hand = part(render(four, 1), "rummy-hand")
        script = re.search(r'<script id="rummy-face-labels" type="application/json">(.*?)<', hand)
        assert script, language
        labels[language] = json.loads(script.group(1))
    assert labels["es"].keys() == labels["en"].keys()
    assert (labels["es"]["7O"], labels["es"]["QB"]) == ("7 de oros", "caballo de bastos")
    assert (labels["en"]["7O"], labels["en"]["QB"]) == ("7 of coins", "knight of clubs")


def test_render__a_meld_reads_in_each_viewers_language_and_only_its_last_move_marks_it(
    table: State,
) -> None:
    """A meld is made once for every viewer who sees it as it lies (``_table_meld_in``): the
    Spanish viewer and the English one still read it in their own words, and the mark of the
    card laid off on it goes with the next move."""
    state = play(table, 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)), Discard(drawn))
    laid = view(state, 1)["melds"][1]
    players = [PlayerInfo(seat, seat, NAMES[seat], seat == 1, True) for seat in range(3)]

    def melds(language: str, last: dict[str, Any]) -> str:
        facts = TableFacts(
            table_id=7,
            next_hand_at=None,
            rematch_accepted=(),
            ready_seats=(),
            viewer_role="player",
            last_move=last,
        )
        with translation.override(language):
            shown = rummy70.parts(view(state, 1), players=players, viewer_seat=1, facts=facts)
            return render_to_string(shown["rummy-melds"].template, shown["rummy-melds"].context)

    lay_off = {"seat": 0, "kind": "lay_off", "melds": [1], "card": laid["cards"][-1]}
    spanish, english = melds("es", lay_off), melds("en", lay_off)
    assert 'aria-label="escalera: ' in spanish and 'aria-label="run: ' not in spanish
    assert 'aria-label="run: ' in english and "de oros" not in english
    for html in (spanish, english):
        assert html.count("last-move-card") == 1 and html.count("meld last-move") == 1
    assert "last-move" not in melds("es", {"seat": 1, "kind": "draw"})
