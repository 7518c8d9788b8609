"""What a tournament's page shows and its socket sends: the standings fragment, rendered for one
viewer (his own entry, the host's controls) from ``games.tables.tournament_standings``. It holds
counts, places and links, never a card."""

from collections.abc import Collection

from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.tables.selectors import Viewer
from games.tables.tournament_standings import standings, visible_tournament

STANDINGS_ID = "tournament-standings"


def standings_frame(
    *,
    tournament_id: int,
    viewer: Viewer,
    granted_tournament_ids: Collection[int],
    language: str,
    csrf_token: str = "",
    in_page: bool = False,
) -> str | None:
    """The standings fragment (a socket's frame swaps it out of band into
    ``#tournament-standings``) as ``viewer`` sees it now, or ``None`` when the tournament is gone
    or hidden from him. ``csrf_token`` is given by a page's request; a socket's frame has none
    (its forms post through htmx, which sends the page's token). ``in_page``: the page's own
    copy, not an out-of-band swap: the page also answers the buttons' htmx-boosted posts, and
    htmx would take an out-of-band part out of the new page before putting it in place."""
    tournament = visible_tournament(
        tournament_id=tournament_id, viewer=viewer, granted_tournament_ids=granted_tournament_ids
    )
    if tournament is None:
        return None
    with translation.override(language):
        return render_to_string(
            "tournaments/_standings.html",
            {
                "standings": standings(tournament=tournament, viewer=viewer),
                "viewer": viewer,
                "now": timezone.now(),
                "csrf_token": csrf_token,
                "in_page": in_page,
            },
        )


def standings_refusal(message: str) -> str:
    """What a tournament's page shows instead of its standings when its socket is refused."""
    return render_to_string(
        "tournaments/_refusal.html", {"message": message, "standings_id": STANDINGS_ID}
    )
