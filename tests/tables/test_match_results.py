"""Match results in the engine's order (RULES.md "Decisions, second pass"): the match record keeps
every player's place, profiles show it, and a Golfo rebuy table keeps each player's net chips."""

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from games.models import Game, MatchResult, User
from games.tables import presence
from games.timed import housekeeping
from tests.conftest import MakeUser
from tests.support.matches import match_of, play_until_hands, start_match

pytestmark = pytest.mark.django_db

IDLE = 600
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def profile_page(user: User) -> str:
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    return client.get("/accounts/profile/").content.decode()


def test_a_finished_match_keeps_every_players_place_in_the_engines_order(
    make_user: MakeUser,
) -> None:
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Diego")]
    table = start_match(players)
    play_until_hands(table, 200)
    game, _kind, state = match_of(table)
    assert game.status == Game.Status.FINISHED

    kept = {result.seat: result.place for result in MatchResult.objects.filter(game=game)}
    assert kept == dict(enumerate(state.places()))
    assert kept[state.winner] == 1
    for seat, out in enumerate(state.out_hand):
        for other, other_out in enumerate(state.out_hand):
            if out is not None and other_out is not None and out > other_out:
                assert kept[seat] < kept[other]  # out later, placed higher
    for seat, user in enumerate(players):
        page = profile_page(user)
        shared = " (shared)" if list(kept.values()).count(kept[seat]) > 1 else ""
        outcome = f"{ORDINALS[kept[seat]]} of 4{shared}"
        assert f'<td class="past-outcome" data-label="Result">{outcome}</td>' in page


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_a_rebuy_table_has_no_winner_and_keeps_each_players_net_chips_when_it_closes(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 3)
    start = timezone.now()
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    game, _kind, state = match_of(table)
    assert housekeeping.sweep(now=start + timedelta(seconds=IDLE + 5))["closed"] == 1

    game.refresh_from_db()
    assert game.winner is None
    kept = {r.seat: (r.place, r.net_chips) for r in MatchResult.objects.filter(game=game)}
    assert kept == {seat: (None, net) for seat, net in enumerate(state.net_chips())}
    assert sum(net for _place, net in kept.values()) == 0  # play money only changes hands
    for seat, user in enumerate((ana, bruno, carmen)):
        signed = f"{state.net_chips()[seat]:+d}".replace("+0", "0")
        page = profile_page(user)
        chips = "chip" if abs(state.net_chips()[seat]) == 1 else "chips"
        assert f'<td class="past-outcome" data-label="Result">{signed} {chips}</td>' in page
        assert f'1 rebuy table: <span class="figure-net-chips">{signed} {chips}</span>' in page
