"""RULES.md "Decisions, second pass", the cut, at the table: the cutter who shows a joker is
asked on his screen whether he keeps it, before the deal goes on; the others are told whom they
wait for; his clock's default keeps it."""

import re

import pytest
from django.test import override_settings

from games.engine.errors import InvalidAction
from games.engine.rummy import KeepCut
from games.kinds.rummy70.screen import move_from_fields
from games.models import Table, User
from games.tables import play
from games.tables.errors import TableError
from tests.engine.rummy.helpers import deal
from tests.kinds.test_screen_rummy70 import part, render
from tests.support.matches import match_of, start_match, user_at, version_of
from tests.timed.test_clock import moves, run_out

# Two players, dealer 1: Ana (seat 0) cuts, shows a joker, and is the first to play.
JOKER_CUT_DEAL = {"seed": "joker-cut", "dealer": 1, "hands": {"0": "* AO 2O 3O"}, "cut": "*"}


def joker_cut_table(ana: User, bruno: User, *, clock: int = 0) -> Table:
    with override_settings(CARDROOM_DEALS={"rummy70": JOKER_CUT_DEAL}):
        return start_match([ana, bruno], seat_count=2, clock=clock)


@pytest.mark.usefixtures("english")
def test_the_cutter_is_asked_whether_he_keeps_the_joker_and_the_others_wait_for_him() -> None:
    state = deal({1: "* AO 2O 3O"}, players=4, dealer=2, cut="*")

    cutter = part(render(state, 1), "rummy-controls")
    assert "You cut a joker. Do you keep it?" in cutter
    assert re.search(r'name="keep" value="yes"><button[^>]*id="rummy-keep-cut"', cutter)
    assert re.search(r'name="keep" value="no"><button[^>]*id="rummy-return-cut"', cutter)
    assert "rummy-draw" not in cutter
    for viewer in (0, 3, None):
        html = render(state, viewer)
        assert "rummy-keep-cut" not in html
    assert "Bruno cut a joker and chooses whether to keep it." in render(state, 3)


def test_the_choice_is_read_from_the_form_and_garbage_is_refused() -> None:
    assert move_from_fields({"move": "keep_cut", "keep": "yes"}) == KeepCut(keep=True)
    assert move_from_fields({"move": "keep_cut", "keep": "no"}) == KeepCut(keep=False)
    for fields in ({"move": "keep_cut", "keep": "maybe"}, {"move": "keep_cut"}):
        with pytest.raises(InvalidAction):
            move_from_fields(fields)


@pytest.mark.usefixtures("english")
def test_the_cutter_puts_the_joker_back_and_only_he_may_choose(ana: User, bruno: User) -> None:
    table = joker_cut_table(ana, bruno)
    game, _kind, state = match_of(table)
    assert state.phase == "cut" and user_at(game, state.turn) == ana

    with pytest.raises(TableError, match="It is not your turn."):
        play.play(
            table_id=table.pk,
            user=bruno,
            version=version_of(table),
            fields={"move": "keep_cut", "keep": "yes"},
        )
    play.play(
        table_id=table.pk,
        user=ana,
        version=version_of(table),
        fields={"move": "keep_cut", "keep": "no"},
    )

    _game, _kind, state = match_of(table)
    assert state.phase == "draw" and state.cut is not None and not state.cut.kept
    assert any(card.is_joker for card in state.stock)
    assert [len(hand) for hand in state.hands] == [14, 14]


def test_when_the_cutters_clock_runs_out_he_keeps_the_joker_and_his_turn_gets_its_own_clock(
    ana: User, bruno: User
) -> None:
    table = joker_cut_table(ana, bruno, clock=30)

    assert run_out(table)

    assert moves(table) == [{"kind": "keep_cut", "keep": True}]
    game, _kind, state = match_of(table)
    assert state.cut is not None and state.cut.kept and state.hands[0][0].is_joker
    assert (state.phase, state.turn) == ("draw", 0)
    assert game.turn_deadline is not None
    assert run_out(table)  # his turn's own clock: then he draws and throws
    assert moves(table)[1] == {"kind": "draw"}
