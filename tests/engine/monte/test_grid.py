"""Laying the grid (art. 142-143.1): positions, burnt, doubled and triplicated cards, a void
coup, and what they take off VIS and Camo/Anti/Viudo."""

from __future__ import annotations

import pytest

from games.engine.cards import format, parse_card
from games.engine.monte import Kind, NextCoup, NoVaMas, Phase, PlaceBet, apply
from games.engine.monte.errors import BettingClosed
from games.engine.monte.rules import Relation, anti, camo, relation, viudo
from tests.engine.monte.helpers import CLEAN, play, table


def pays(state, kind: Kind) -> int:  # type: ignore[no-untyped-def]
    from games.engine.monte import view

    return next(m["pays"] for m in view(state, 0)["legal"] if m.get("bet") == kind)


def test_the_four_cards_lie_first_upper_left_to_fourth_lower_right() -> None:
    state = table(CLEAN + " 5O")
    assert state.grid is not None
    assert format(state.grid.cards) == "AO 2C 3E 4B"
    assert state.phase is Phase.PRIMERAS
    assert (pays(state, Kind.VIS), pays(state, Kind.CAMO), pays(state, Kind.SALTO)) == (32, 11, 3)


@pytest.mark.parametrize(
    ("card", "camo_", "anti_", "viudo_"),
    [
        ("AO", "AC", "AB", "AE"),
        ("5C", "5E", "5O", "5B"),
        ("KE", "KB", "KC", "KO"),
        ("JB", "JO", "JE", "JC"),
    ],
)
def test_the_suit_circle_oros_copas_espadas_bastos(
    card: str, camo_: str, anti_: str, viudo_: str
) -> None:
    grid_card = parse_card(card)
    assert (str(camo(grid_card)), str(anti(grid_card)), str(viudo(grid_card))) == (
        camo_,
        anti_,
        viudo_,
    )
    assert relation(grid_card, parse_card(camo_)) is Relation.CAMO
    assert relation(grid_card, parse_card(anti_)) is Relation.ANTI
    assert relation(grid_card, parse_card(viudo_)) is Relation.VIUDO


def test_two_equal_first_cards_are_burnt_and_take_two_points_off_vis() -> None:
    state = table("AO AC 2E 3B 4O 5C")
    assert state.grid is not None
    assert format(state.grid.burnt) == "AO AC"
    assert format(state.grid.cards) == "2E 3B 4O 5C"
    assert pays(state, Kind.VIS) == 30
    assert pays(state, Kind.CAMO) == 11  # burnt cards take nothing off Camo, Anti, Viudo


def test_a_third_card_of_the_first_cards_rank_is_doubled_on_it() -> None:
    state = table("AO 2C AE 3B 4O")
    assert state.grid is not None
    assert format(state.grid.cards) == "AO 2C 3B 4O"
    assert [format(stack) for stack in state.grid.stacks] == ["AE", "", "", ""]
    assert (pays(state, Kind.VIS), pays(state, Kind.CAMO)) == (31, 10)


def test_a_fourth_card_again_of_that_rank_triplicates_it() -> None:
    state = table("AO 2C AE 2O AB 3B 4O")
    assert state.grid is not None
    assert format(state.grid.cards) == "AO 2C 3B 4O"
    assert [format(stack) for stack in state.grid.stacks] == ["AE AB", "2O", "", ""]
    assert (pays(state, Kind.VIS), pays(state, Kind.CAMO)) == (29, 8)


def test_a_fourth_card_equal_to_the_third_burns_the_lower_row() -> None:
    state = table("AO 2C 3E 3B 4O 5C")
    assert state.grid is not None
    assert format(state.grid.cards) == "AO 2C 4O 5C"
    assert format(state.grid.burnt) == "3E 3B"


def test_all_four_of_a_grid_rank_before_the_grid_is_laid_void_the_coup() -> None:
    state = table("AO 2C AE AB AC 3O")
    assert state.phase is Phase.VOID
    assert state.grid is None
    with pytest.raises(BettingClosed):
        apply(state, 0, PlaceBet(Kind.CARTAS, (0,), 10, (1,)))
    after = play(state, (None, NextCoup()))
    assert after.coup_no == 2 and after.phase is Phase.PRIMERAS


def test_a_burnt_pair_counts_towards_the_four_of_a_rank() -> None:
    state = table("AO AC AE 2C 3O 4B")
    assert state.phase is Phase.PRIMERAS and state.grid is not None
    assert format(state.grid.cards) == "AE 2C 3O 4B"  # one ace is left to match AE
    assert table("AO AC AE 2C AB 3O").phase is Phase.VOID  # AB doubled AE: all four aces seen


def test_the_coup_ends_after_primeras_and_segundas() -> None:
    state = play(table(CLEAN + " 5O 3O 6O AC"), (None, NoVaMas()))
    assert state.phase is Phase.SEGUNDAS
    assert state.live == (0, 1)  # 3O matched the third card: the lower row is done
    state = play(state, (None, NoVaMas()))
    assert state.phase is Phase.OVER
    assert [m.position for m in state.matches] == [2, 0]
