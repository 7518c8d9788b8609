"""Each player's figures per game, counted when a hand or a match is recorded.

A finished hand adds, read from what everybody saw at its end (``Hand.result``): in Rummy 70 an
opening (abrirse) to every seat that had opened by then and a close (cerrar) to the seat that
closed; in Golfo a hand won to every seat that took chips from a pot (a split pot counts for each
of its winners). A recorded match adds a match, the place and a win for place 1, or, at a Golfo
rebuy table, a rebuy table and the net chips. The row is updated in the transaction that records
the hand or the match, so a profile reads one row per game; ``recount`` rebuilds every row from the
stored hands and results (the data migration that brought the figures in, and the
``recount_figures`` command)."""

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F

from games.kinds.registry import game_kind
from games.models import Game, Hand, MatchResult, PlayerFigures

FIGURES = (
    "matches",
    "wins",
    "place_total",
    "rebuy_tables",
    "net_chips",
    "openings",
    "closes",
    "hands_won",
)


def hand_counts(game: str, result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """What one finished hand adds to each engine seat's figures (the game tells)."""
    return game_kind(game).hand_counts(result)


def match_counts(*, place: int | None, net_chips: int | None) -> Counter[str]:
    """What one kept match result adds to its player's figures."""
    if place is not None:
        return Counter(matches=1, wins=int(place == 1), place_total=place)
    if net_chips is not None:
        return Counter(rebuy_tables=1, net_chips=net_chips)
    return Counter()


def hand_figures(game: Game, result: Mapping[str, Any]) -> dict[int, Counter[str]]:
    """What a finished hand whose end showed ``result`` adds to each of its players' figures, by
    user, in the order of their ids (the order their rows are written in, so two tables that
    record a hand of the same players at once never wait on each other's rows)."""
    per_seat = hand_counts(game.game, result)
    return {
        game.players[seat]["user"]: counts
        for seat, counts in sorted(per_seat.items(), key=lambda item: game.players[item[0]]["user"])
    }


def count_hand(*, game: Game, hand: Hand) -> None:
    """Add a just-recorded hand to its players' figures; the caller holds the table locked."""
    _add(game.game, hand_figures(game, hand.result))


def count_results(*, game: Game, results: Iterable[MatchResult]) -> None:
    """Add a match's just-kept results to its players' figures."""
    _add(
        game.game,
        {
            result.user_id: match_counts(place=result.place, net_chips=result.net_chips)
            for result in results
        },
    )


def _add(game: str, per_user: Mapping[int, Counter[str]]) -> None:
    PlayerFigures.objects.bulk_create(
        [PlayerFigures(user_id=user_id, game=game) for user_id in per_user],
        ignore_conflicts=True,
    )
    for user_id, counts in per_user.items():
        changes = {name: F(name) + value for name, value in counts.items() if value}
        if changes:
            PlayerFigures.objects.filter(user_id=user_id, game=game).update(**changes)


def recount(*, hands: Any, results: Any, figures: Any) -> int:
    """Rebuild every player's figures from the stored hands and match results. The arguments are
    the models (``Hand``, ``MatchResult``, ``PlayerFigures``), real or a migration's historical
    ones. Answers the number of rows written."""
    totals: dict[tuple[int, str], Counter[str]] = defaultdict(Counter)
    for game, players, result in hands.objects.values_list(
        "game__game", "game__players", "result"
    ).iterator():
        for seat, counts in hand_counts(game, result).items():
            totals[players[seat]["user"], game].update(counts)
    for user_id, game, place, net_chips in results.objects.values_list(
        "user_id", "game__game", "place", "net_chips"
    ).iterator():
        totals[user_id, game].update(match_counts(place=place, net_chips=net_chips))
    figures.objects.all().delete()
    figures.objects.bulk_create(
        [
            figures(user_id=user_id, game=game, **{name: counts[name] for name in FIGURES})
            for (user_id, game), counts in totals.items()
        ]
    )
    return len(totals)
