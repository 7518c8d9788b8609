"""What each seat sees: the layout is public, the stock is nobody's; replay and JSON."""

from __future__ import annotations

import json

from games.engine.monte import (
    Done,
    Kind,
    NextCoup,
    NoVaMas,
    Options,
    action_from_json,
    action_to_json,
    bot_move,
    default_move,
    move_kinds,
    next_hand,
    options_from_json,
    options_to_json,
    replay,
    stage,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.monte.coup import all_done
from tests.engine.monte.helpers import CLEAN, bet, deck, play, table


def _strings(data: object) -> list[str]:
    return [word for word in json.dumps(data).replace('"', " ").replace(",", " ").split()]


def test_nobody_sees_the_stock_before_it_is_drawn() -> None:
    state = table(f"{CLEAN} 5O 6O 3O 7C 2O")
    for viewer in (None, 0, 1):
        seen = view(state, viewer)
        assert seen["grid"] == ["AO", "2C", "3E", "4B"]
        assert seen["stock_count"] == 36
        assert not {"5O", "6O", "3O", "7C", "2O"} & set(_strings(seen))
    state = play(state, (None, NoVaMas()))
    seen = view(state, None)
    assert seen["drawn"] == ["5O", "6O", "3O"]
    assert seen["face_down"] == [3]  # 3O matched the third card: the fourth is the loser
    assert not {"7C", "2O"} & set(_strings(seen))


def test_a_player_sees_the_bets_on_the_cloth_and_what_he_may_bet() -> None:
    state = play(table(f"{CLEAN} 5O 3O"), (0, bet(Kind.CAMO, (0,))))
    seen = view(state, 1)
    assert seen["bets"] == [{"seat": 0, "bet": "camo", "cards": [0], "against": [], "amount": 10}]
    assert seen["my_chips"] == 1000 and seen["chips"] == [990, 1000]
    assert move_kinds(seen) == ["bet", "done"]
    assert len([m for m in seen["legal"] if m["kind"] == "bet"]) == 4 * 5 + 8 + 6
    assert move_kinds(view(state, None)) == []


def test_a_player_without_the_minimum_may_only_say_done() -> None:
    state = table(CLEAN, options=Options(chips=5))
    assert move_kinds(view(state, 0)) == ["done"]


def test_the_dealer_may_close_early_once_every_player_is_done() -> None:
    state = play(table(CLEAN), (0, Done()))
    assert not all_done(state)
    assert all_done(play(state, (1, Done())))


def test_timeout_and_bot() -> None:
    state = table(f"{CLEAN} 5O 3O")
    assert default_move(state, 0, []) == Done()
    move = bot_move(view(state, 0))
    after = play(state, (0, move))
    assert after.bets[0].kind is Kind.CARTAS and after.bets[0].amount == 10
    assert bot_move(view(after, 0)) == Done()
    assert next_hand() == NextCoup()


def test_replay_and_json_give_the_same_table() -> None:
    moves = [
        (0, bet(Kind.CAMO, (0,))),
        (1, bet(Kind.CARTAS, (0, 1), 20, (2, 3))),
        (None, NoVaMas()),
        (0, bet(Kind.CARTAS, (0,), 10, (1,))),
        (None, NoVaMas()),
        (None, NextCoup()),
        (1, bet(Kind.SALTO, (2,))),
    ]
    decks = {1: deck(f"{CLEAN} 5O 3O 6O AC")}
    state = play(table(f"{CLEAN} 5O 3O 6O AC"), *moves)
    logged = [
        (seat, action_from_json(json.loads(json.dumps(action_to_json(a))))) for seat, a in moves
    ]
    assert replay("test", Options(), 2, logged, decks) == state
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
    assert options_from_json(options_to_json(Options(minimum=5))) == Options(minimum=5)
    assert stage(state) == "playing" and state.coup_no == 2


def test_a_stored_deal_fixes_later_coups_for_play_and_replay() -> None:
    from games.engine import monte

    later = deck("KO QC JE 7B")
    deal = {"decks": {"1": [c.to_json() for c in deck(CLEAN)], "2": [c.to_json() for c in later]}}
    state = monte.start_match(players=1, options=Options(), seed="s", deal=deal)
    moves = [(None, NoVaMas()), (None, NoVaMas()), (None, NextCoup())]
    state = play(state, *moves)
    assert view(state, 0)["grid"] == ["KO", "QC", "JE", "7B"]
    again = monte.replay_match(seed="s", options=Options(), players=1, actions=moves, deal=deal)
    assert again == state == state_from_json(json.loads(json.dumps(state_to_json(state))))
