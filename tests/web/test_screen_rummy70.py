"""The Rummy 70 screen: browser fields to moves, and what each viewer's render shows."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
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
from games.screens import PlayerInfo, rummy70
from tests.engine.rummy.helpers import deal, meld, past_first_round, play
from tests.engine.rummy.scenarios import MELDS_0, closing_hand, seco, three_players

NAMES = ("Ana", "Bruno", "Carmen")


def render(state: State, viewer: int | None, **extra: Any) -> str:
    """The whole game area for ``viewer``, as the plumbing renders it (docs/game-screens.md)."""
    players = [
        PlayerInfo(seat, seat, NAMES[seat], seat == viewer, True) for seat in range(state.players)
    ]
    still_in = viewer is not None and state.in_match(viewer)
    role = "spectator" if viewer is None else "player" if still_in else "eliminated"
    viewer_seat = viewer if still_in else None
    context = rummy70.context(view(state, viewer), players=players, viewer_seat=viewer_seat)
    plumbing = {
        "table_id": 7,
        "version": 41,
        "next_hand_at": None,
        "viewer_role": role,
        "rematch_accepted": [],
    }
    return render_to_string(rummy70.TEMPLATE, context | plumbing | extra)


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
def test_render__the_player_to_move_may_draw_and_the_others_wait(table: State) -> None:
    mine = part(render(table, 0), "rummy-controls")
    assert 'id="rummy-draw"' in mine
    assert 'name="version" value="41"' in mine and 'name="table" value="7"' in mine
    assert "rummy-discard" not in mine and "rummy-open" not in mine
    other = render(table, 1)
    assert "Waiting for Ana." in part(other, "rummy-controls")
    assert "rummy-draw" not in other
    assert "Ana's turn" in part(other, "rummy-piles")
    assert "Your turn" in part(render(table, 0), "rummy-piles")


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
    assert 'class="rummy-seat is-turn is-viewer"' in players
    assert "Dealer" in part(players, "rummy-players").split("Carmen")[1]


@pytest.mark.usefixtures("english")
def test_render__an_opened_player_lays_off_and_swaps_by_clicking_a_meld() -> None:
    state = deal({0: "5O 6O * KC KE KB QC QE QB 10B 10C 10E 2B 3B", 1: "7O 9C 9E 2C 3C 4E 5E 6B"})
    state = past_first_round(state)
    state = play(state, 0, Draw())
    opening = ("5O 6O *=7O", "KC KE KB", "QC QE QB", "10B 10C 10E")
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
    assert re.search(r'class="winner"><span>Ana</span> <span[^>]*>0 points', result)
    assert "3 points" in result and "Rematch" in result
    assert 'name="move" value="revancha"' in result
    assert "+1 · seco" in result
    assert "Draw from the stock" not in html
    bruno = part(render(state, 1, rematch_accepted=[0]), "rummy-result")
    assert 'id="rummy-revancha"' in bruno and bruno.count("wants a rematch") == 1
    ana = part(render(state, 0, rematch_accepted=[0]), "rummy-result")
    assert "rummy-revancha" not in ana and "You asked for a rematch" in ana
    assert "rummy-revancha" not in part(render(state, None), "rummy-result")


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
    assert 'class="rummy-seat is-viewer is-eliminated"' in players


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
