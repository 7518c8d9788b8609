"""Ratings per game (docs/ratings.md): openskill's Plackett-Luce model moved once per finished
match by its full order of places, only among full accounts, in the transaction that records the
match; shown on the profile and at the seats; rebuilt the same by ``recompute_ratings``."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.template import Context, Template
from django.test import Client
from django.utils import timezone, translation

from games.accounts.ratings import rate_match
from games.accounts.services import bot_named
from games.kinds.registry import game_kind
from games.live.fragments import live_parts
from games.models import Game, MatchResult, Rating, RatingChange, Table, User
from games.tables import seating
from games.tables.records import record_results
from games.tables.selectors import live_table
from tests.conftest import MakeUser
from tests.support.matches import match_of, play_until_hands, start_match
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db


def finished_match(table: Table, places: dict[User, int]) -> Game:
    """A finished Rummy 70 match at ``table`` whose results give each player his place."""
    number = table.games.count() + 1
    game = Game.objects.create(
        table=table,
        number=number,
        game=table.game,
        seed=f"seed-{number}",
        state={},
        players=[
            {"position": seat, "user": user.pk, "name": user.display_name}
            for seat, user in enumerate(places)
        ],
        status=Game.Status.FINISHED,
        finished_at=timezone.now(),
    )
    MatchResult.objects.bulk_create(
        MatchResult(game=game, user=user, seat=seat, place=place)
        for seat, (user, place) in enumerate(places.items())
    )
    return game


def ratings(game: str = "rummy70") -> dict[str, tuple[float, float, float, int]]:
    return {
        rating.user.display_name: (rating.mu, rating.sigma, rating.ordinal, rating.matches)
        for rating in Rating.objects.filter(game=game).select_related("user")
    }


def four(make_user: MakeUser) -> list[User]:
    return [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Diego")]


def test_the_winner_rises_the_first_out_falls_and_tied_places_move_alike(
    make_user: MakeUser,
) -> None:
    ana, bruno, carmen, diego = four(make_user)
    table = open_table(ana)
    rate_match(game=finished_match(table, {ana: 1, bruno: 2, carmen: 2, diego: 4}))

    after = ratings()
    start = 25.0 - 3 * 25.0 / 3
    assert after["Ana"][2] > start
    assert after["Diego"][2] < start
    assert after["Bruno"] == after["Carmen"]
    assert after["Ana"][2] > after["Bruno"][2] > after["Diego"][2]
    assert {name: figures[3] for name, figures in after.items()} == dict.fromkeys(after, 1)
    history = RatingChange.objects.get(user=ana)
    assert history.ordinal_before == pytest.approx(start)
    assert history.ordinal_after == after["Ana"][2]


def test_bots_and_guests_are_not_rated_and_do_not_move_the_others(make_user: MakeUser) -> None:
    ana, bruno = make_user("Ana"), make_user("Bruno")
    guest = make_user("Gus", is_guest=True)
    table = open_table(ana)
    rate_match(game=finished_match(table, {bot_named(1): 1, ana: 2, guest: 3, bruno: 4}))
    with_bot = ratings()
    Rating.objects.all().delete()

    rate_match(game=finished_match(open_table(bruno), {ana: 1, bruno: 2}))

    assert set(with_bot) == {"Ana", "Bruno"}
    assert with_bot == ratings()  # the same as if Ana had beaten Bruno alone


def test_a_match_with_one_rated_player_rates_nobody(make_user: MakeUser) -> None:
    ana = make_user("Ana")
    rate_match(game=finished_match(open_table(ana), {bot_named(1): 1, ana: 2}))

    assert not Rating.objects.exists()


def test_a_played_match_is_rated_once_when_recorded_even_if_recorded_twice(
    make_user: MakeUser,
) -> None:
    players = four(make_user)
    table = start_match(players)
    play_until_hands(table, 200)
    game, _kind, state = match_of(table)
    assert game.status == Game.Status.FINISHED
    places = dict(enumerate(state.places()))
    first = ratings()

    record_results(game=game, state=game_kind(game.game).rules.load(game.state))

    assert ratings() == first
    assert RatingChange.objects.filter(game=game).count() == 4
    winner = players[state.winner].display_name
    assert first[winner][2] == max(figures[2] for figures in first.values())
    last = max(places.values())
    for seat, user in enumerate(players):
        if places[seat] == last:
            assert first[user.display_name][2] < 0


def test_a_rebuy_golfo_table_is_not_rated(make_user: MakeUser) -> None:
    ana, bruno, carmen = make_user("Ana"), make_user("Bruno"), make_user("Carmen")
    table = open_table(ana, game="golfo")
    game = finished_match(table, {ana: 1, bruno: 2, carmen: 3})
    MatchResult.objects.filter(game=game).update(place=None, net_chips=5)

    rate_match(game=game)

    assert not Rating.objects.exists()


def test_recompute_gives_the_same_numbers_as_the_updates_as_they_came(
    make_user: MakeUser,
) -> None:
    ana, bruno, carmen, diego = four(make_user)
    table = open_table(ana)
    for places in (
        {ana: 1, bruno: 2, carmen: 3, diego: 4},
        {diego: 1, carmen: 2, bruno: 2, ana: 4},
        {bruno: 1, ana: 2},
        {carmen: 1, diego: 2, ana: 3},
    ):
        rate_match(game=finished_match(table, places))
    incremental = ratings()
    history = list(
        RatingChange.objects.order_by("game__number", "user__username").values_list(
            "game__number", "user__username", "ordinal_before", "ordinal_after"
        )
    )

    output = StringIO()
    call_command("recompute_ratings", stdout=output)

    assert output.getvalue() == "Rated 4 matches again.\n"
    assert ratings() == incremental
    assert incremental["Ana"][3] == 4
    assert history == list(
        RatingChange.objects.order_by("game__number", "user__username").values_list(
            "game__number", "user__username", "ordinal_before", "ordinal_after"
        )
    )


def test_the_profile_shows_the_rating_and_its_latest_change(make_user: MakeUser) -> None:
    ana, bruno, carmen, diego = four(make_user)
    rate_match(game=finished_match(open_table(ana), {ana: 1, bruno: 2, carmen: 3, diego: 4}))
    shown = round(Rating.objects.get(user=ana).ordinal)
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(ana)

    page = client.get("/accounts/profile/").content.decode()

    section = page.split('id="ratings"')[1].split("</section>")[0]
    assert f'<span class="rating-value">{shown}</span>' in section
    assert "1 rated match" in section
    assert re.search(r'rating-before">0</span> → <span class="rating-after">' + str(shown), section)


def seats_html(table: Table, viewer: User) -> dict[str, str]:
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    with translation.override("en"):
        return live_parts(live)[0]


def test_seats_show_the_rating_and_mark_guests_and_bots(make_user: MakeUser) -> None:
    ana, bruno = make_user("Ana"), make_user("Bruno")
    rate_match(game=finished_match(open_table(ana), {ana: 1, bruno: 2}))
    guest = make_user("Gus", is_guest=True)
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=guest, position=1)
    seating.fill_with_bots(table_id=table.pk, by=ana)
    shown = round(Rating.objects.get(user=ana).ordinal)

    waiting = seats_html(table, ana)["seats"]

    ana_seat = waiting.split('data-seat="0"')[1].split("</li>")[0]
    assert f'badge-rating" title="Rating">{shown}<' in ana_seat
    assert "badge-guest" in waiting.split('data-seat="1"')[1].split("</li>")[0]
    assert "badge-bot" in waiting.split('data-seat="2"')[1].split("</li>")[0]

    seating.start_table(table_id=table.pk, by=ana)
    playing = seats_html(table, ana)["rummy-players"]

    rows = playing.split('<li class="rummy-seat')[1:]
    assert f'badge-rating" title="Rating">{shown}<' in rows[0]
    assert "badge-guest" in rows[1] and "badge-rating" not in rows[1]
    assert "badge-bot" in rows[2]


def test_golfo_seats_mark_guests_and_bots(make_user: MakeUser) -> None:
    ana, guest = make_user("Ana"), make_user("Gus", is_guest=True)
    table = open_table(ana, game="golfo")
    seating.sit(table_id=table.pk, user=guest, position=1)
    seating.fill_with_bots(table_id=table.pk, by=ana)
    seating.start_table(table_id=table.pk, by=ana)

    html = "".join(seats_html(table, ana).values())

    seats = {
        name: block
        for block in html.split('<article class="golfo-seat')[1:]
        for name in ("Ana", "Gus", "Bot 1", "Bot 2")
        if f">{name}<" in block
    }
    assert "badge-guest" in seats["Gus"] and "badge-bot" not in seats["Gus"]
    assert "badge-bot" in seats["Bot 1"]
    assert "badge-guest" not in seats["Ana"]


def test_the_rating_badge_shows_a_rated_players_number_and_nothing_while_unrated(
    make_user: MakeUser,
) -> None:
    ana, bruno = make_user("Ana"), make_user("Bruno")
    rate_match(game=finished_match(open_table(ana), {ana: 1, bruno: 2}))
    ordinal = Rating.objects.get(user=ana).ordinal
    badge = Template(
        '{% load ratings %}{% include "ratings/_badge.html" with rating=ordinal|shown_rating %}'
    )

    def render(**context: object) -> str:
        with translation.override("en"):
            return badge.render(Context(context)).strip()

    assert render(ordinal=ordinal) == (
        f'<span class="badge badge-quiet badge-rating" title="Rating">{round(ordinal)}</span>'
    )
    assert render(ordinal=None) == ""
