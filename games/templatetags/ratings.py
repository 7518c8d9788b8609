"""Ratings in templates (docs/ratings.md, "Where ratings show"):

- ``{% rating_panel user %}``: the profile's block with his rating at each game and its latest
  changes.
- ``{{ seat.rating_ordinal|shown_rating }}``: the number shown for an ordinal read with
  ``ratings.with_ratings`` (``None`` while unrated), for ``ratings/_badge.html``'s ``rating``.
"""

from typing import Any

from django import template

from games.accounts.ratings import rating_of, shown_rating
from games.kinds.registry import game_choices
from games.models import RatingChange, User

register = template.Library()

LATEST_CHANGES = 5


@register.filter(name="shown_rating")
def shown_rating_filter(ordinal: float | None) -> int | None:
    return shown_rating(ordinal)


@register.inclusion_tag("ratings/_panel.html")
def rating_panel(user: User) -> dict[str, Any]:
    games = []
    for game, label in game_choices():
        rating = rating_of(user=user, game=game)
        if rating is None:
            continue
        changes = (
            RatingChange.objects.filter(user=user, game__game=game)
            .select_related("game__table")
            .order_by("-game__finished_at", "-pk")[:LATEST_CHANGES]
        )
        games.append({"game": game, "label": label, "rating": rating, "changes": changes})
    return {"games": games, "unrated": user.is_guest or user.is_bot}
