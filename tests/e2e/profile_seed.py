"""Seeds the profile test's site (run as ``python -m tests.e2e.profile_seed`` with the site's
environment): three players with the suite's password, two Rummy 70 matches the bots play to
their end through the services, and 22 finished matches written directly so that the history has
a second page, then counted into the figures by ``recount_figures``. Fails loudly."""

import django

django.setup()

from django.contrib.auth.hashers import make_password  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.models import Game, MatchResult, Table, User  # noqa: E402
from tests.e2e.actions import PASSWORD  # noqa: E402
from tests.support.matches import play_until_hands, start_match  # noqa: E402

PLAYERS = {"dolores": "Dolores", "esteban": "Esteban Ruiz-Castellanos", "fermin": "Fermín"}


def seed() -> None:
    password = make_password(PASSWORD)
    users = [
        User.objects.create(username=username, display_name=name, password=password)
        for username, name in PLAYERS.items()
    ]
    for _ in range(2):
        play_until_hands(start_match(users), 300)
    dolores, esteban, fermin = users
    for number in range(22):
        players = [dolores, esteban] if number % 2 else [fermin, dolores, esteban]
        table = Table.objects.create(
            game="rummy70",
            host=players[0],
            seat_count=len(players),
            status=Table.Status.FINISHED,
        )
        game = Game.objects.create(
            table=table,
            number=1,
            game=table.game,
            seed="seeded",
            players=[
                {"position": seat, "user": user.pk, "name": user.display_name}
                for seat, user in enumerate(players)
            ],
            state={},
            status=Game.Status.FINISHED,
            finished_at=timezone.now() - timezone.timedelta(days=number + 1),
        )
        MatchResult.objects.bulk_create(
            MatchResult(game=game, user=user, seat=seat, place=seat + 1)
            for seat, user in enumerate(players)
        )
    call_command("recount_figures")


seed()
