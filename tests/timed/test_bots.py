"""Bots: the host fills the empty seats before the start; a bot moves at a human pace, from its
seat's view alone, through the same services as a player, once per table version."""

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from games import tasks
from games.engine import rummy
from games.live.commands import parse_table_command, run_table_command
from games.live.fragments import live_parts
from games.models import Action, Game, Hand, Table, User
from games.tables import play, seating
from games.tables.errors import TableError
from games.tables.selectors import live_table
from games.timed import housekeeping
from games.timed.bots import play_bot
from tests.support.live import RUMMY_DEAL
from tests.support.matches import bot_move, match_of, version_of
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

MOVE_LIMIT = 3000


def bot_table(host: User, game: str, seat_count: int) -> Table:
    """The host and bots in every other seat; Golfo with a fixed seed, so the hand is the same on
    every run."""
    table = open_table(host, game=game, seat_count=seat_count)
    seating.fill_with_bots(table_id=table.pk, by=host)
    deals = dict(settings.CARDROOM_DEALS)
    deals.setdefault("golfo", {"seed": "bots at the table"})
    with override_settings(CARDROOM_DEALS=deals):
        return seating.start_table(table_id=table.pk, by=host)


def current(table: Table) -> Game:
    return match_of(table)[0]


def bot_turn(table: Table) -> bool:
    """The bot move that is due, played when its time comes; ``False`` when no bot is due."""
    game = current(table)
    if game.bot_move_at is None:
        return False
    assert play_bot(table_id=table.pk, version=version_of(table), now=game.bot_move_at)
    return True


def play_first_hand(table: Table) -> None:
    """Bots move when due; the host's own moves come from the test (as his browser would)."""
    for _ in range(MOVE_LIMIT):
        if Hand.objects.filter(table=table).exists():
            return
        if not bot_turn(table):
            assert bot_move(table), "nobody could move"
    raise AssertionError("the hand did not end")


def test_the_host_fills_the_empty_seats_with_bots(ana: User, bruno: User) -> None:
    table = open_table(ana, seat_count=4)
    seating.sit(table_id=table.pk, user=bruno, position=2)
    command = parse_table_command(f'{{"action": "bots", "table": "{table.pk}"}}', table_id=table.pk)
    run_table_command(command, table_id=table.pk, user=ana)
    seats = {seat.position: seat.user for seat in table.seats.select_related("user")}
    assert [str(seats[position]) for position in range(4)] == ["Ana", "Bot 1", "Bruno", "Bot 2"]
    assert seats[1].is_bot and seats[3].is_bot and not seats[2].is_bot
    assert not seats[1].has_usable_password()


def test_only_the_host_fills_seats_and_only_before_the_start(
    ana: User, bruno: User, english: None
) -> None:
    table = open_table(ana, seat_count=3)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    with pytest.raises(TableError, match="Only the host"):
        seating.fill_with_bots(table_id=table.pk, by=bruno)
    seating.start_table(table_id=table.pk, by=ana)
    with pytest.raises(TableError, match="already started"):
        seating.fill_with_bots(table_id=table.pk, by=ana)


def test_a_full_table_has_no_seat_for_a_bot(ana: User, bruno: User, english: None) -> None:
    table = open_table(ana, seat_count=2)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    with pytest.raises(TableError, match="Every seat is taken"):
        seating.fill_with_bots(table_id=table.pk, by=ana)


def test_a_bot_moves_one_to_two_seconds_after_its_turn_comes(ana: User) -> None:
    with override_settings(CARDROOM_DEALS={"rummy70": {**RUMMY_DEAL, "dealer": 0}}):
        before = timezone.now()
        table = bot_table(ana, "rummy70", 2)
    game = current(table)
    assert match_of(table)[2].turn == 1
    assert game.bot_move_at is not None
    assert before + timedelta(seconds=1) <= game.bot_move_at
    assert game.bot_move_at <= timezone.now() + timedelta(seconds=2)
    assert not play_bot(
        table_id=table.pk, version=version_of(table), now=game.bot_move_at - timedelta(0.1)
    )
    assert Action.objects.filter(game=game).count() == 0


def test_a_bot_decides_from_its_own_view_only(ana: User, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    decide = rummy.bot.decide

    def spy(view: dict[str, Any]) -> Any:
        seen.append(view)
        return decide(view)

    monkeypatch.setattr(rummy.bot, "decide", spy)
    with override_settings(CARDROOM_DEALS={"rummy70": {**RUMMY_DEAL, "dealer": 0}}):
        table = bot_table(ana, "rummy70", 2)
    _game, _kind, state = match_of(table)
    assert bot_turn(table)
    assert seen == [rummy.view(state, 1)]
    assert seen[0]["hand"] == [card.to_json() for card in state.hands[1]]
    assert "hands" not in seen[0] and "stock" not in seen[0]


def test_a_bot_task_for_an_old_version_or_run_twice_plays_once(ana: User) -> None:
    with override_settings(CARDROOM_DEALS={"rummy70": {**RUMMY_DEAL, "dealer": 0}}):
        table = bot_table(ana, "rummy70", 2)
    game = current(table)
    assert game.bot_move_at is not None
    later = game.bot_move_at + timedelta(seconds=5)
    version = version_of(table)
    assert play_bot(table_id=table.pk, version=version, now=later)
    assert not play_bot(table_id=table.pk, version=version, now=later)
    assert not tasks.play_bot(table_id=table.pk, version=version)
    assert Action.objects.filter(game=game).count() == 1


def test_the_sweep_restarts_a_bot_whose_move_was_lost(ana: User) -> None:
    with override_settings(CARDROOM_DEALS={"rummy70": {**RUMMY_DEAL, "dealer": 0}}):
        table = bot_table(ana, "rummy70", 2)
    game = current(table)
    assert game.bot_move_at is not None
    assert housekeeping.sweep(now=game.bot_move_at)["bot_moves"] == 0
    assert housekeeping.sweep(now=game.bot_move_at + timedelta(seconds=2))["bot_moves"] == 1
    assert Action.objects.filter(game=game, seat=1).count() == 1


def test_bots_and_their_host_finish_a_golfo_hand(ana: User) -> None:
    table = bot_table(ana, "golfo", 4)
    play_first_hand(table)
    hand = Hand.objects.get(table=table)
    assert hand.result
    bots = set(User.objects.filter(is_bot=True).values_list("pk", flat=True))
    assert Action.objects.filter(game__table=table, user__in=bots).exists()


def test_bots_and_their_host_finish_a_rummy_hand(ana: User) -> None:
    table = bot_table(ana, "rummy70", 3)
    play_first_hand(table)
    assert Hand.objects.filter(table=table).count() == 1


def test_golfo_bots_say_listo_between_hands_and_the_host_deals_on(ana: User) -> None:
    table = bot_table(ana, "golfo", 4)
    play_first_hand(table)
    while bot_turn(table):
        pass
    game, kind, state = match_of(table)
    assert set(kind.waits_for(state)) - set(game.ready) == {0}, "only the host is awaited"
    play.play(table_id=table.pk, user=ana, version=version_of(table), fields={"move": "ready"})
    assert match_of(table)[2].hand_no == 2


def seats_part(table: Table, viewer: User) -> str:
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    return live_parts(live)[0]["seats"]


def test_only_the_host_sees_the_bots_button_while_a_seat_is_free(
    ana: User, bruno: User, english: None
) -> None:
    table = open_table(ana, seat_count=3)
    seating.sit(table_id=table.pk, user=bruno, position=1)
    assert 'id="fill-bots"' in seats_part(table, ana)
    assert 'id="fill-bots"' not in seats_part(table, bruno)
    seating.fill_with_bots(table_id=table.pk, by=ana)
    html = seats_part(table, bruno)
    assert 'id="fill-bots"' not in seats_part(table, ana)
    assert "Bot 1" in html and "badge-bot" in html
