"""Profiles with history (issue 16, point 3): past matches with date, game, players, place or net
chips and replay links; per-game figures counted from the recorded hands; a paginated history
whose page never fails and whose queries do not grow with the matches; private tables hidden."""

import io
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Hand, MatchResult, PlayerFigures, Table, User
from games.tables import presence
from games.tables.access import grant_table_access
from games.timed import housekeeping
from tests.conftest import MakeUser
from tests.support.matches import match_of, play_until_hands, start_match

pytestmark = pytest.mark.django_db

IDLE = 600


def reader(user: User, language: str = "en") -> Client:
    client = Client()
    client.cookies["django_language"] = language
    client.force_login(user)
    return client


def page_of(client: Client, url: str = "/accounts/profile/") -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def past_matches(page: str) -> list[str]:
    return re.findall(r'<tr class="past-match".*?</tr>', page, flags=re.S)


def figure(page: str, game: str, name: str) -> int:
    card = re.search(rf'<article class="figures-game" data-game="{game}">.*?</article>', page, re.S)
    assert card is not None
    value = re.search(rf'<li class="figure-{name}" data-value="(-?\d+)"', card.group())
    assert value is not None, name
    return int(value.group(1))


def test_a_finished_match_shows_its_date_game_players_place_and_replay(
    ana: User, bruno: User
) -> None:
    table = start_match([ana, bruno])
    play_until_hands(table, 200)
    game, _kind, state = match_of(table)
    assert game.status == Game.Status.FINISHED
    first_hand = Hand.objects.filter(game=game).order_by("number").first()
    assert first_hand is not None
    hands = Hand.objects.filter(game=game).count()

    page = page_of(reader(ana))

    [row] = past_matches(page)
    assert f'<time datetime="{timezone.localtime(game.finished_at).isoformat()}' in row
    assert '<td class="past-game" data-label="Game">Rummy 70</td>' in row
    assert "<strong>Ana</strong>" in row  # the owner, not a link to himself
    assert f'<a href="/accounts/players/{bruno.pk}/">Bruno</a>' in row
    place = "1st" if state.winner == game.seat_of(ana.pk) else "2nd"
    assert f'<td class="past-outcome" data-label="Result">{place} of 2</td>' in row
    replay = f'<a href="/tables/{table.pk}/hands/{first_hand.number}/">{hands} hand'
    assert replay in row
    assert reader(ana).get(f"/tables/{table.pk}/hands/{first_hand.number}/").status_code == 200

    spanish = past_matches(page_of(reader(ana, "es")))[0]
    place_es = "1.º" if place == "1st" else "2.º"
    assert f'<td class="past-outcome" data-label="Resultado">{place_es} de 2</td>' in spanish


def test_players_share_a_place_on_the_history(make_user: MakeUser) -> None:
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen")]
    finished_match(players, places=[1, 2, 2])

    page = page_of(reader(players[1]))

    assert '<td class="past-outcome" data-label="Result">2nd of 3 (shared)</td>' in page
    assert "1st of 3</td>" in page_of(reader(players[0]))


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=IDLE)
def test_a_rebuy_table_shows_net_chips_in_both_languages(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 3)
    start = timezone.now()
    presence.arrive(table_id=table.pk, user_id=ana.pk, now=start)
    presence.leave(table_id=table.pk, user_id=ana.pk, now=start)
    assert housekeeping.sweep(now=start + timedelta(seconds=IDLE + 5))["closed"] == 1
    game, _kind, _state = match_of(table)
    result = MatchResult.objects.get(game=game, user=ana)
    assert result.net_chips is not None and result.place is None
    signed = f"{result.net_chips:+d}" if result.net_chips else "0"
    plural = abs(result.net_chips) != 1

    english = past_matches(page_of(reader(ana)))[0]
    spanish = past_matches(page_of(reader(ana, "es")))[0]

    assert f'data-label="Result">{signed} chip{"s" if plural else ""}</td>' in english
    assert f'data-label="Resultado">{signed} ficha{"s" if plural else ""}</td>' in spanish
    assert "Golfo" in english


def test_figures_are_counted_from_the_recorded_hands_of_a_played_match(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen])
    play_until_hands(table, 200)
    game, _kind, _state = match_of(table)
    assert game.status == Game.Status.FINISHED
    hands = list(Hand.objects.filter(game=game))
    assert hands

    for seat, user in enumerate((ana, bruno, carmen)):
        seat = game.seat_of(user.pk)
        openings = sum(
            1
            for hand in hands
            for player in hand.result["players"]
            if player["seat"] == seat and player["opened"]
        )
        closes = sum(1 for hand in hands if hand.result["hand_end"]["closer"] == seat)
        place = MatchResult.objects.get(game=game, user=user).place
        page = page_of(reader(user))
        assert figure(page, "rummy70", "played") == 1
        assert figure(page, "rummy70", "won") == (1 if place == 1 else 0)
        assert figure(page, "rummy70", "openings") == openings
        assert figure(page, "rummy70", "closes") == closes
        assert f"average place {place}.0" in page
    assert sum(
        PlayerFigures.objects.get(user=user, game="rummy70").closes for user in (ana, bruno, carmen)
    ) == sum(1 for hand in hands if hand.result["hand_end"]["closer"] is not None)


def test_golfo_hands_won_are_counted_from_the_recorded_hands(
    ana: User, bruno: User, carmen: User
) -> None:
    table = start_match([ana, bruno, carmen], game="golfo")
    play_until_hands(table, 4)
    game, _kind, _state = match_of(table)
    hands = list(Hand.objects.filter(game=game))

    for user in (ana, bruno, carmen):
        seat = game.seat_of(user.pk)
        won = sum(
            1
            for hand in hands
            if any(seat in pot["winners"] for pot in hand.result["result"]["pots"])
        )
        assert figure(page_of(reader(user)), "golfo", "hands_won") == won
    assert sum(
        PlayerFigures.objects.get(user=user, game="golfo").hands_won
        for user in (ana, bruno, carmen)
    ) >= len(hands)  # every hand has at least one winner


def test_the_recount_command_rebuilds_the_same_figures(ana: User, bruno: User) -> None:
    table = start_match([ana, bruno])
    play_until_hands(table, 200)
    counted = sorted(
        PlayerFigures.objects.values_list("user", "game", "openings", "closes", "wins")
    )
    PlayerFigures.objects.all().delete()

    call_command("recount_figures", stdout=io.StringIO())

    assert (
        sorted(PlayerFigures.objects.values_list("user", "game", "openings", "closes", "wins"))
        == counted
    )


def finished_match(
    players: list[User], *, places: list[int], private: bool = False, hands: int = 1
) -> Game:
    """A finished match with its kept results and ``hands`` recorded hands, written directly."""
    table = Table.objects.create(
        game="rummy70",
        host=players[0],
        seat_count=len(players),
        status=Table.Status.FINISHED,
        visibility=Table.Visibility.PRIVATE if private else Table.Visibility.PUBLIC,
    )
    game = Game.objects.create(
        table=table,
        number=1,
        game=table.game,
        seed="profile",
        players=[
            {"position": seat, "user": user.pk, "name": user.display_name}
            for seat, user in enumerate(players)
        ],
        state={},
        status=Game.Status.FINISHED,
        finished_at=timezone.now(),
    )
    for number in range(1, hands + 1):
        Hand.objects.create(
            table=table, number=number, game=game, hand_no=number, first_seq=1, last_seq=1
        )
    MatchResult.objects.bulk_create(
        MatchResult(game=game, user=user, seat=seat, place=places[seat])
        for seat, user in enumerate(players)
    )
    return game


def test_the_history_has_twenty_matches_a_page_and_a_second_page(ana: User, bruno: User) -> None:
    games = [finished_match([ana, bruno], places=[1, 2]) for _ in range(23)]

    first = page_of(reader(ana))
    second = page_of(reader(ana), "/accounts/profile/?page=2")

    assert len(past_matches(first)) == 20
    assert 'id="history-next" href="?page=2"' in first
    assert len(past_matches(second)) == 3
    assert 'id="history-previous" href="?page=1"' in second
    oldest = f'data-table-id="{games[0].table_id}"'
    assert oldest in second and oldest not in first  # latest first


@pytest.mark.parametrize("forged", ["abc", "9999", "0", "-1", "1e9", "2.5", "%00", "9" * 400])
def test_a_forged_page_gives_a_page_not_an_error(ana: User, bruno: User, forged: str) -> None:
    for _ in range(21):
        finished_match([ana, bruno], places=[1, 2])

    response = reader(ana).get("/accounts/profile/", {"page": forged})

    assert response.status_code == 200
    assert len(past_matches(response.content.decode())) in (20, 1)


def queries_for_profile(client: Client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/accounts/profile/").status_code == 200
    return len(queries)


def test_the_profile_reads_as_many_queries_for_25_matches_as_for_5(make_user: MakeUser) -> None:
    ana, bruno, carmen = (make_user(name) for name in ("Ana", "Bruno", "Carmen"))
    for _ in range(5):
        finished_match([ana, bruno, carmen], places=[1, 2, 3], hands=3)
        finished_match([bruno, ana], places=[1, 2], private=True)
    client = reader(ana)
    client.get("/accounts/profile/")  # the session's first read is not what is measured
    few = queries_for_profile(client)
    for _ in range(20):
        finished_match([ana, bruno, carmen], places=[2, 1, 3], hands=3)
        finished_match([bruno, ana], places=[1, 2], private=True)

    assert queries_for_profile(client) == few
    assert queries_for_profile(reader(carmen)) == queries_for_profile(reader(bruno))


def test_another_players_profile_is_open_to_signed_in_players_only(ana: User, bruno: User) -> None:
    finished_match([ana, bruno], places=[1, 2])
    url = f"/accounts/players/{bruno.pk}/"

    page = page_of(reader(ana), url)
    anonymous = Client().get(url)

    assert '<h1 id="profile-display-name">Bruno</h1>' in page
    assert 'id="rename-link"' not in page and 'id="password-link"' not in page
    assert f'<a href="/accounts/players/{ana.pk}/">Ana</a>' in page
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert reader(ana).get("/accounts/players/999999/").status_code == 404
    assert reader(ana).get(f"/accounts/players/{ana.pk}/")["Location"] == "/accounts/profile/"


def test_a_private_tables_match_shows_to_others_as_a_private_table_without_links(
    make_user: MakeUser,
) -> None:
    ana, bruno, carmen = (make_user(name) for name in ("Ana", "Bruno", "Carmen"))
    game = finished_match([ana, bruno], places=[1, 2], private=True, hands=2)
    url = f"/accounts/players/{ana.pk}/"

    stranger = past_matches(page_of(reader(carmen), url))
    player = past_matches(page_of(reader(bruno), url))
    own = past_matches(page_of(reader(ana)))

    [row] = stranger
    assert "private table" in row
    assert "Bruno" not in row and "/tables/" not in row and "/accounts/players/" not in row
    assert f'data-table-id="{game.table_id}"' not in row
    assert "1st of 2" in row  # the owner's own result, which his figures count anyway
    assert "Bruno" in player[0] and "private table" not in player[0]
    assert "Bruno" in own[0] and f"/tables/{game.table_id}/hands/1/" in own[0]


def test_a_private_match_opens_for_a_session_that_came_through_its_invite(
    make_user: MakeUser,
) -> None:
    ana, bruno, carmen = (make_user(name) for name in ("Ana", "Bruno", "Carmen"))
    game = finished_match([ana, bruno], places=[1, 2], private=True)
    client = reader(carmen)
    session = client.session
    grant_table_access(session=session, table_id=game.table_id)  # what the invite link does
    session.save()

    [row] = past_matches(page_of(client, f"/accounts/players/{ana.pk}/"))

    assert "Bruno" in row and f"/tables/{game.table_id}/hands/1/" in row
