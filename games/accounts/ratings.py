"""Each player's rating at each game (docs/ratings.md): openskill's Plackett-Luce model with its
defaults, moved once per finished match by the full order of places, in the transaction that
records the match's results.

Only full accounts are rated, among themselves: a match's bots and guests are left out, and a
match with fewer than two rated players moves nothing. A Golfo rebuy table has no places (only
net chips) and is not rated."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import OuterRef, QuerySet, Subquery
from openskill.models import PlackettLuce

from games.models import Game, MatchResult, Rating, RatingChange, Seat, User

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Placed:
    """A rated player of a match and his place in it (1 is the winner; ties share a place)."""

    user_id: int
    place: int


def rate_match(*, game: Game) -> None:
    """Move the ratings of the match's rated players by their places; a match already rated (its
    results recorded twice) or with fewer than two rated players changes nothing. The caller holds
    the transaction that records the results."""
    if RatingChange.objects.filter(game=game).exists():
        return
    placed = rated_places(game.results.select_related("user"))
    if len(placed) < 2:
        return
    before = _ratings(game=game.game, user_ids=[player.user_id for player in placed])
    teams = [[MODEL.create_rating([before[p.user_id].mu, before[p.user_id].sigma])] for p in placed]
    after = MODEL.rate(teams, ranks=[float(p.place) for p in placed])
    changes = []
    for player, (new,) in zip(placed, after, strict=True):
        rating = before[player.user_id]
        changes.append(
            RatingChange(
                game=game,
                user_id=player.user_id,
                place=player.place,
                mu_before=rating.mu,
                sigma_before=rating.sigma,
                ordinal_before=rating.ordinal,
                mu_after=new.mu,
                sigma_after=new.sigma,
                ordinal_after=new.ordinal(),
            )
        )
        rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal()
        rating.matches += 1
        rating.save()
    RatingChange.objects.bulk_create(changes)


def rated_places(results: Iterable[MatchResult]) -> list[Placed]:
    """The places of a match's players who are rated: full accounts, not bots nor guests; none
    when the match has no places (a rebuy table, a match closed before its winner)."""
    return [
        Placed(user_id=result.user_id, place=result.place)
        for result in sorted(results, key=lambda result: (result.place or 0, result.seat))
        if result.place is not None and not result.user.is_bot and not result.user.is_guest
    ]


def recompute_ratings() -> int:
    """Forget every rating and rate again every finished match, in the order the matches
    finished; answers how many matches moved ratings. The caller holds a transaction."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    rated = 0
    matches = Game.objects.filter(status=Game.Status.FINISHED, results__place__isnull=False)
    for game in matches.distinct().order_by("finished_at", "pk"):
        rate_match(game=game)
        rated += RatingChange.objects.filter(game=game).exists()
    return rated


def rating_of(*, user: User, game: str) -> Rating | None:
    """The user's rating at ``game``, if any rated match moved it."""
    return Rating.objects.filter(user=user, game=game, matches__gt=0).first()


def with_ratings(seats: QuerySet[Seat], *, game: str) -> QuerySet[Seat]:
    """The seats, each with ``rating_ordinal``: its player's rating at ``game`` (``None`` while
    unrated), for the seats to show it without a query each."""
    rating = Rating.objects.filter(user=OuterRef("user_id"), game=game, matches__gt=0)
    return seats.annotate(rating_ordinal=Subquery(rating.values("ordinal")[:1]))


def with_table_ratings(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """The seats of tables of any games, each with ``rating_ordinal``: its player's rating at its
    own table's game (``None`` while unrated), for a list of tables such as the lobby's."""
    rating = Rating.objects.filter(
        user=OuterRef("user_id"), game=OuterRef("table__game"), matches__gt=0
    )
    return seats.annotate(rating_ordinal=Subquery(rating.values("ordinal")[:1]))


def shown_rating(ordinal: float | None) -> int | None:
    """The number players see for a rating (docs/ratings.md)."""
    return None if ordinal is None else round(ordinal)


def _ratings(*, game: str, user_ids: list[int]) -> dict[int, Rating]:
    """The players' ratings at ``game``, locked in a fixed order, made at the model's start for
    new players."""
    start = MODEL.rating()
    defaults = {"mu": start.mu, "sigma": start.sigma, "ordinal": start.ordinal()}
    return {
        user_id: Rating.objects.select_for_update().get_or_create(
            user_id=user_id, game=game, defaults=defaults
        )[0]
        for user_id in sorted(user_ids)
    }
