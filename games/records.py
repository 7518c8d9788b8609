"""What each game tells the profile page: matches played and won.

A match counts once it has a winner (the last player left in Rummy 70, the last one with chips
in a Golfo freezeout); a match closed unfinished, or a Golfo table with rebuys, has none."""

from django.utils.translation import gettext_lazy as _

from games.accounts.records import Tally, TallySource, register_record_source
from games.models import Game, Table, User


def match_tally(game: str) -> TallySource:
    def tally(*, user: User) -> Tally:
        decided = Game.objects.filter(game=game, winner__isnull=False)
        return Tally(
            played=decided.filter(participants=user).count(),
            won=decided.filter(winner=user).count(),
        )

    return tally


def register_game_records() -> None:
    register_record_source(
        game=Table.GameKind.RUMMY70, label=_("Rummy 70"), source=match_tally("rummy70")
    )
    register_record_source(game=Table.GameKind.GOLFO, label=_("Golfo"), source=match_tally("golfo"))
