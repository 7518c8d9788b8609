"""Refused moves: each a typed error with its message, the state unchanged."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError, InvalidAction, NotSeated
from games.engine.messages import render
from games.engine.monte import (
    Done,
    Kind,
    NextCoup,
    NoVaMas,
    Options,
    PlaceBet,
    action_from_json,
    apply,
    state_to_json,
)
from games.engine.monte.errors import (
    BankCannotCover,
    BetNotOpen,
    BetOutOfLimits,
    BettingClosed,
    DealerMove,
    NotEnoughChips,
)
from tests.engine.monte.helpers import CLEAN, bet, play, table


def refused(state, seat, action, error: type[EngineError]) -> EngineError:  # type: ignore[no-untyped-def]
    before = state_to_json(state)
    with pytest.raises(error) as caught:
        apply(state, seat, action)
    assert state_to_json(state) == before
    return caught.value


@pytest.mark.parametrize(
    ("move", "maximum"),
    [
        (bet(Kind.VIS, (0,), 110), 100),
        (bet(Kind.CAMO, (0,), 310), 300),
        (bet(Kind.SALTO, (0,), 1010), 1000),
        (bet(Kind.CARTAS, (0,), 5, (1,)), 3000),
    ],
)
def test_art_141_limits_in_minimum_stakes(move: PlaceBet, maximum: int) -> None:
    state = table(CLEAN, options=Options(minimum=10, chips=10_000))
    error = refused(state, 0, move, BetOutOfLimits)
    assert error.params == {"minimum": 10, "maximum": maximum}
    assert str(error) == f"Your stake on this bet must be between 10 and {maximum}."


def test_the_limit_counts_what_the_player_already_has_on_the_spot() -> None:
    state = play(table(CLEAN), (0, bet(Kind.VIS, (0,), 60)))
    refused(state, 0, bet(Kind.VIS, (0,), 50), BetOutOfLimits)
    assert play(state, (1, bet(Kind.VIS, (0,), 100))).staked == 160  # another player's own limit


def test_segundas_limit_for_camo_is_sixty_minimums() -> None:
    state = play(table(f"{CLEAN} 5O 3O 6O AC", options=Options(chips=10_000)), (None, NoVaMas()))
    assert play(state, (0, bet(Kind.CAMO, (0,), 600))).staked == 600
    refused(state, 0, bet(Kind.CAMO, (0,), 610), BetOutOfLimits)


def test_a_bet_larger_than_the_chips_is_refused() -> None:
    state = table(CLEAN, options=Options(chips=50))
    error = refused(state, 0, bet(Kind.CARTAS, (0,), 60, (1,)), NotEnoughChips)
    assert str(error) == "You have only 50 chips."


def test_the_bank_must_cover_every_bet_on_the_cloth() -> None:
    state = table(CLEAN, options=Options(bank=400))
    state = play(state, (0, bet(Kind.VIS, (0,), 10)))  # 320 at risk
    refused(state, 1, bet(Kind.CAMO, (1,), 10), BankCannotCover)  # 110 more


def test_card_against_card_only_across_or_down() -> None:
    refused(table(CLEAN), 0, bet(Kind.CARTAS, (0,), 10, (3,)), BetNotOpen)
    refused(table(CLEAN), 0, bet(Kind.CARTAS, (0,), 10, (0,)), BetNotOpen)
    refused(table(CLEAN), 0, bet(Kind.CAMO, (0,), 10, (1,)), BetNotOpen)


def test_no_bets_once_the_coup_is_over_and_only_the_dealer_draws() -> None:
    state = table(f"{CLEAN} 5O 3O 6O AC")
    refused(state, 0, NoVaMas(), DealerMove)
    refused(state, 0, NextCoup(), DealerMove)
    refused(state, None, bet(Kind.VIS, (0,)), NotSeated)
    refused(state, 5, Done(), NotSeated)
    refused(state, None, NextCoup(), BettingClosed)
    over = play(state, (None, NoVaMas()), (None, NoVaMas()))
    refused(over, 0, bet(Kind.CAMO, (0,)), BettingClosed)
    refused(over, 0, Done(), BettingClosed)
    refused(over, None, NoVaMas(), BettingClosed)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"kind": "fold"},
        {"kind": "done", "extra": 1},
        {"kind": "bet", "bet": "vis", "cards": [0], "against": [], "amount": 0},
        {"kind": "bet", "bet": "vis", "cards": [0], "against": [], "amount": "10"},
        {"kind": "bet", "bet": "vis", "cards": [0], "against": [], "amount": True},
        {"kind": "bet", "bet": "quinto", "cards": [0], "against": [], "amount": 10},
        {"kind": "bet", "bet": "vis", "cards": [4], "against": [], "amount": 10},
        {"kind": "bet", "bet": "vis", "cards": [0, 1, 2], "against": [], "amount": 10},
        {"kind": "bet", "bet": "vis", "cards": "0", "against": [], "amount": 10},
        {"kind": "bet", "bet": "vis", "cards": [0], "amount": 10},
    ],
)
def test_garbage_from_a_browser_is_an_invalid_action(data: object) -> None:
    with pytest.raises(InvalidAction):
        action_from_json(data)


def test_refusals_render_in_spanish_through_the_catalogue() -> None:
    spanish = {"You have only {chips} chips.": "Solo tienes {chips} fichas."}
    error = NotEnoughChips(chips=50)
    assert render(error.template, error.params, lambda text: spanish.get(text, text)) == (
        "Solo tienes 50 fichas."
    )


def test_every_refusal_is_in_the_spanish_catalogue() -> None:
    import gettext
    from pathlib import Path

    from games.engine.monte import errors

    spanish = gettext.translation("django", Path(__file__).parents[3] / "locale", ["es"])
    refusals = [
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, EngineError) and value is not EngineError
    ]
    assert len(refusals) == 7
    for refusal in refusals:
        assert spanish.gettext(refusal.template) != refusal.template, refusal.template
