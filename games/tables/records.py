"""What each game tells the profile page: each player's result of a match, and which figures the
game counts (games/tables/figures.py).

A match counts once it has a winner (the last player left in Rummy 70, the last one with chips
in a Golfo freezeout); a match closed unfinished has none. Its results keep every player's place
in the engine's order (a later elimination ranks higher). A Golfo table with rebuys has no
winner: each player's result is his net chips when the table closes."""

from games.accounts.ratings import rate_match
from games.accounts.records import register_record_source
from games.kinds.match import Match
from games.kinds.registry import GAMES
from games.models import Game, MatchResult
from games.tables.figures import count_results


def record_results(*, game: Game, state: Match) -> None:
    """Keep each player's place (a match played to its winner) or net chips (a rebuy table), and
    move the ratings by the places (games.accounts.ratings)."""
    places, net_chips = state.places(), state.net_chips()
    if places is None and net_chips is None:
        return
    if MatchResult.objects.filter(game=game).exists():
        return
    results = MatchResult.objects.bulk_create(
        [
            MatchResult(
                game=game,
                user_id=player["user"],
                seat=seat,
                place=None if places is None else places[seat],
                net_chips=None if net_chips is None else net_chips[seat],
            )
            for seat, player in enumerate(game.players)
        ]
    )
    count_results(game=game, results=results)
    rate_match(game=game)


def register_game_records() -> None:
    """Every game whose matches end in places or net chips appears on profiles; a house table's
    match records none (docs/house-tables.md), so the house games do not."""
    for kind in GAMES.values():
        if not kind.banked:
            register_record_source(game=kind.name, label=kind.label, figures=kind.figures)
