"""The turn clock: the deadline lives in the database with the table version it belongs to; when
it has passed, the table plays the default move for the player on turn, once, and says so."""

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from games import tasks
from games.engine import golfo, rummy
from games.engine.cards import Card
from games.live.fragments import page_parts
from games.live.part_cache import render_part
from games.models import Action, Game, Table, TableNote, User
from games.tables import play
from games.tables.selectors import live_table
from games.tables.timetable import ENFORCE_DEADLINE
from games.timed import housekeeping
from games.timed.clocks import enforce_deadline
from tests.support.live import FIRST_DRAW, RUMMY_DEAL
from tests.support.matches import match_of, start_match, user_at, version_of

pytestmark = pytest.mark.django_db

LATE = timedelta(seconds=1)


def rummy_with_clock(ana: User, bruno: User, clock: int = 30) -> Table:
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        return start_match([ana, bruno], seat_count=2, clock=clock)


def golfo_with_clock(players: list[User]) -> Table:
    return start_match(players, game="golfo", clock=60)


def game_of(table: Table) -> Game:
    return match_of(table)[0]


def moves(table: Table) -> list[dict[str, Any]]:
    return [
        action.action
        for action in Action.objects.filter(game__table=table).order_by("seq")
        if action.seat is not None
    ]


def run_out(table: Table) -> bool:
    """The clock of the table's current version runs out (one second after its deadline)."""
    game = game_of(table)
    assert game.turn_deadline is not None
    return enforce_deadline(
        table_id=table.pk, version=game.deadline_version, now=game.turn_deadline + LATE
    )


def test_the_deadline_is_stored_with_the_version_it_belongs_to(ana: User, bruno: User) -> None:
    before = timezone.now()
    table = rummy_with_clock(ana, bruno)
    game = game_of(table)
    assert game.deadline_version == version_of(table)
    assert game.turn_deadline is not None
    assert before + timedelta(seconds=30) <= game.turn_deadline
    assert game.turn_deadline <= timezone.now() + timedelta(seconds=30)


def test_a_table_without_a_clock_counts_nothing_down(ana: User, bruno: User) -> None:
    """Its deadline is the table's patience (tests/tables/test_patience.py), which no page shows."""
    table = rummy_with_clock(ana, bruno, clock=0)
    assert game_of(table).turn_deadline is not None
    live = live_table(table_id=table.pk, viewer=ana, granted_table_ids=())
    assert live is not None
    assert "data-deadline" not in render_part(page_parts(live)[0]["turn-clock"])


def test_nothing_happens_before_the_deadline(ana: User, bruno: User) -> None:
    table = rummy_with_clock(ana, bruno)
    game = game_of(table)
    assert game.turn_deadline is not None
    early = game.turn_deadline - timedelta(seconds=1)
    assert not enforce_deadline(table_id=table.pk, version=game.deadline_version, now=early)
    assert moves(table) == []


def test_rummy_time_out_draws_from_the_stock_and_discards_the_card_drawn(
    ana: User, bruno: User
) -> None:
    table = rummy_with_clock(ana, bruno)
    assert run_out(table)
    assert moves(table) == [{"kind": "draw"}, {"kind": "discard", "card": FIRST_DRAW}]
    _game, _kind, state = match_of(table)
    assert state.top_discard == Card.from_json(FIRST_DRAW)
    assert state.turn == 1 and state.phase == "draw"
    assert len(state.hands[0]) == 14


def test_rummy_time_out_after_the_draw_discards_that_card_not_another(
    ana: User, bruno: User
) -> None:
    table = rummy_with_clock(ana, bruno)
    play.play_action(
        table_id=table.pk,
        user=ana,
        version=version_of(table),
        action=rummy.action_to_json(rummy.Draw()),
    )
    assert run_out(table)
    assert moves(table)[-1] == {"kind": "discard", "card": FIRST_DRAW}
    assert match_of(table)[2].turn == 1


def test_the_clock_runs_per_turn_not_per_move(ana: User, bruno: User) -> None:
    table = rummy_with_clock(ana, bruno)
    started = game_of(table).turn_deadline
    play.play_action(
        table_id=table.pk,
        user=ana,
        version=version_of(table),
        action=rummy.action_to_json(rummy.Draw()),
    )
    assert game_of(table).turn_deadline == started
    discard = rummy.Discard(Card.from_json(FIRST_DRAW))
    play.play_action(
        table_id=table.pk, user=ana, version=version_of(table), action=rummy.action_to_json(discard)
    )
    bruno_deadline = game_of(table).turn_deadline
    assert bruno_deadline is not None and started is not None and bruno_deadline > started


def test_the_log_tells_everyone_whose_time_ran_out(ana: User, bruno: User, english: None) -> None:
    table = rummy_with_clock(ana, bruno)
    run_out(table)
    assert TableNote.objects.filter(table=table, kind=TableNote.Kind.TIMEOUT).count() == 1
    live = live_table(table_id=table.pk, viewer=bruno, granted_table_ids=())
    assert live is not None
    log = render_part(page_parts(live)[0]["table-log"])
    assert "Time ran out for Ana" in log


def test_a_second_run_of_the_same_task_plays_nothing(ana: User, bruno: User) -> None:
    """A countdown task scheduled far ahead may be delivered twice (celery #4766): the second
    run finds the table at a newer version and does nothing."""
    table = rummy_with_clock(ana, bruno)
    game = game_of(table)
    version = game.deadline_version
    due = game.turn_deadline
    assert due is not None
    assert enforce_deadline(table_id=table.pk, version=version, now=due + LATE)
    after_first = (moves(table), version_of(table))
    assert not enforce_deadline(table_id=table.pk, version=version, now=due + LATE * 100)
    assert not tasks.enforce_deadline(table_id=table.pk, version=version)
    assert (moves(table), version_of(table)) == after_first
    assert TableNote.objects.filter(table=table).count() == 1


def test_a_move_within_the_turn_keeps_its_deadline_and_its_task(ana: User, bruno: User) -> None:
    """Ana's draw goes on with her turn: the deadline set when it began stays, and so does the
    task sent for it, which plays the rest of her turn when it runs out."""
    table = rummy_with_clock(ana, bruno)
    old = game_of(table)
    play.play_action(
        table_id=table.pk,
        user=ana,
        version=version_of(table),
        action=rummy.action_to_json(rummy.Draw()),
    )
    drawn = game_of(table)
    assert (drawn.turn_deadline, drawn.deadline_version) == (
        old.turn_deadline,
        old.deadline_version,
    )
    assert drawn.deadline_version < version_of(table)
    assert old.turn_deadline is not None
    assert enforce_deadline(
        table_id=table.pk, version=old.deadline_version, now=old.turn_deadline + LATE
    )
    assert moves(table) == [{"kind": "draw"}, {"kind": "discard", "card": FIRST_DRAW}]


def test_a_task_for_a_deadline_since_replaced_does_nothing(ana: User, bruno: User) -> None:
    """Ana's turn ended with her discard: Bruno's turn has a deadline of its own, and the task
    sent for hers plays nothing."""
    table = rummy_with_clock(ana, bruno)
    old = game_of(table)
    for action in (rummy.Draw(), rummy.Discard(Card.from_json(FIRST_DRAW))):
        play.play_action(
            table_id=table.pk,
            user=ana,
            version=version_of(table),
            action=rummy.action_to_json(action),
        )
    assert game_of(table).deadline_version == version_of(table) > old.deadline_version
    assert old.turn_deadline is not None
    later = old.turn_deadline + LATE
    assert not enforce_deadline(table_id=table.pk, version=old.deadline_version, now=later)
    assert len(moves(table)) == 2


def test_a_new_deadline_sends_one_countdown_task(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[tuple[str, dict[str, int], float]] = []

    def send_task(name: str, *, kwargs: dict[str, int], countdown: float, retry: bool) -> None:
        sent.append((name, kwargs, countdown))

    monkeypatch.setattr("games.tables.timetable.app.send_task", send_task)
    with django_capture_on_commit_callbacks(execute=True):
        table = rummy_with_clock(ana, bruno)
    name, kwargs, countdown = sent[-1]
    assert name == ENFORCE_DEADLINE
    assert kwargs == {"table_id": table.pk, "version": version_of(table)}
    assert 29 < countdown <= 30.2
    sent.clear()

    with django_capture_on_commit_callbacks(execute=True):
        play.play_action(
            table_id=table.pk,
            user=ana,
            version=version_of(table),
            action=rummy.action_to_json(rummy.Draw()),
        )

    assert sent == [], "a move that keeps the turn's deadline sends no second task for it"


def test_a_table_s_patience_sends_no_task_the_sweep_acts_on_it(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """Minutes long and counted down nowhere, the patience needs no countdown task of its own:
    the sweep sits the player out within its period (tests/tables/test_patience.py)."""
    sent: list[str] = []
    monkeypatch.setattr("games.tables.timetable.app.send_task", lambda name, **_: sent.append(name))
    with django_capture_on_commit_callbacks(execute=True):
        table = rummy_with_clock(ana, bruno, clock=0)
    assert game_of(table).turn_deadline is not None
    assert ENFORCE_DEADLINE not in sent


def test_the_sweep_plays_a_deadline_whose_task_was_lost(ana: User, bruno: User) -> None:
    table = rummy_with_clock(ana, bruno)
    due = game_of(table).turn_deadline
    assert due is not None
    assert housekeeping.sweep(now=due - LATE)["timeouts"] == 0
    assert housekeeping.sweep(now=due + LATE)["timeouts"] == 1
    assert moves(table) == [{"kind": "draw"}, {"kind": "discard", "card": FIRST_DRAW}]
    housekeeping.sweep(now=due + LATE)
    seats = Action.objects.filter(game__table=table).values_list("seat", flat=True)
    assert list(seats).count(0) == 2, "Ana's turn is played once however often the sweep runs"


def test_golfo_time_out_passes_when_passing_is_legal(ana: User, bruno: User, carmen: User) -> None:
    table = golfo_with_clock([ana, bruno, carmen])
    seat = match_of(table)[2].turn
    assert run_out(table)
    assert moves(table) == [{"kind": "pass"}]
    assert match_of(table)[2].turn != seat


def test_golfo_time_out_folds_when_facing_a_bet(ana: User, bruno: User, carmen: User) -> None:
    table = golfo_with_clock([ana, bruno, carmen])
    game, _kind, state = match_of(table)
    bettor = state.turn
    low = next(m for m in golfo.view(state, bettor)["legal"] if m["kind"] == "bet")["min"]
    play.play_action(
        table_id=table.pk,
        user=user_at(game, bettor),
        version=version_of(table),
        action=golfo.action_to_json(golfo.Bet(low)),
    )
    facing = match_of(table)[2].turn
    assert run_out(table)
    assert moves(table)[-1] == {"kind": "fold"}
    assert match_of(table)[2].players[facing].folded


def test_golfo_time_out_in_a_descarte_keeps_every_card(
    ana: User, bruno: User, carmen: User
) -> None:
    table = golfo_with_clock([ana, bruno, carmen])
    for _ in range(20):
        game, _kind, state = match_of(table)
        if str(state.lance) == "descarte_1":
            break
        user = user_at(game, state.turn)
        play.play_action(
            table_id=table.pk,
            user=user,
            version=version_of(table),
            action=golfo.action_to_json(golfo.Pass()),
        )
    game, _kind, state = match_of(table)
    assert str(state.lance) == "descarte_1"
    seat = state.turn
    cards = list(state.players[seat].hand)
    assert run_out(table)
    assert moves(table)[-1]["kind"] == "discard"
    assert list(match_of(table)[2].players[seat].hand) == cards


JOKER_DEAL = {
    "seed": "joker up",
    "dealer": 1,
    "hands": {
        "0": "KO KC KE QO QC QE JO JC 2B 4B 6B 8E 10O 3C",
        "1": "AO AC AE 2O 2E 2C 4O 4E 6C 6E 8C 8O 10C 10E",
    },
    "up": "*",
}


def test_rummy_time_out_with_a_taken_joker_still_owed_finishes_the_turn_legally(
    ana: User, bruno: User
) -> None:
    """Ana took the joker to open with it and ran out of time: the engine's bot opens with it
    (the simplest legal completion) and the turn ends with a discard."""
    with override_settings(CARDROOM_DEALS={"rummy70": JOKER_DEAL}):
        table = start_match([ana, bruno], seat_count=2, clock=30)
    version = version_of(table)
    play.play_action(
        table_id=table.pk,
        user=ana,
        version=version,
        action=rummy.action_to_json(rummy.TakeDiscard()),
    )
    assert match_of(table)[2].open_with is not None
    assert run_out(table)
    kinds = [move["kind"] for move in moves(table)]
    assert kinds[0] == "take_discard" and kinds[1] == "open" and kinds[-1] == "discard"
    _game, _kind, state = match_of(table)
    assert state.opened[0] and state.turn == 1
    assert any(card.is_joker for meld in state.melds for card in meld.cards)


def test_each_golfo_move_gives_the_next_player_a_full_clock(
    ana: User, bruno: User, carmen: User
) -> None:
    table = golfo_with_clock([ana, bruno, carmen])
    game, _kind, state = match_of(table)
    first = game.turn_deadline
    before = timezone.now()
    user = user_at(game, state.turn)
    play.play_action(
        table_id=table.pk,
        user=user,
        version=version_of(table),
        action=golfo.action_to_json(golfo.Pass()),
    )
    deadline = game_of(table).turn_deadline
    assert first is not None and deadline is not None and deadline > first
    assert deadline >= before + timedelta(seconds=60)
