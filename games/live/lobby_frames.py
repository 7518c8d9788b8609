"""What a lobby socket sends: a shared part, rendered once per change and language for every
socket of the process, and a small part of the viewer's own.

The shared part is the card of each open public table (who sits there, the seats free, the clock,
the options, "Join" or "Watch") and the list of who is online; both are cached by what they show:
the cards by the lobby's change mark (``selectors.lobby_mark``) and the language, the online list
by the people in it and the language. The viewer's part is "your tables" (the tables he hosts or
sits at, each marked "Back to your table") put at the top, and the shared cards of the game he
filters by, minus his own tables: a join of rendered strings, no new render of a shared card.
The open public tournaments (registering or playing) come last, rendered once per what they show
(names, players, status, start) and language."""

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games.kinds import registry
from games.live.kept import Kept
from games.models import Tournament
from games.tables.online import online_users
from games.tables.selectors import LobbyMark, Viewer, lobby_mark, open_public_tables, own_tables
from games.tables.tournament_standings import open_public_tournaments

GAMES = tuple(registry.GAMES)
KEPT = 8


@dataclass(frozen=True)
class Card:
    table_id: int
    game: str
    html: SafeString


CARDS: Kept[tuple[Card, ...]] = Kept(KEPT)
ONLINE: Kept[SafeString] = Kept(KEPT)
TOURNAMENTS: Kept[SafeString] = Kept(KEPT)


def shared_cards(mark: LobbyMark, language: str) -> tuple[Card, ...]:
    """The card of every open public table, rendered in ``language`` once per lobby mark."""

    def render() -> tuple[Card, ...]:
        with translation.override(language):
            return tuple(
                Card(
                    table.pk,
                    table.game,
                    mark_safe(render_to_string("lobby/_table.html", {"table": table})),  # noqa: S308
                )
                for table in open_public_tables()
            )

    return CARDS.get((mark, language), render)


def online_part(people: list[tuple[int, str]], language: str) -> SafeString:
    """Who is online now, rendered in ``language`` once per set of people."""

    def render() -> SafeString:
        with translation.override(language):
            names = [name for _id, name in people]
            return mark_safe(render_to_string("lobby/_online.html", {"names": names}))  # noqa: S308

    return ONLINE.get((tuple(people), language), render)


def tournaments_part(tournaments: list[Tournament], language: str) -> SafeString:
    """The open public tournaments (already filtered by game), rendered in ``language`` once per
    what their cards show."""

    def render() -> SafeString:
        with translation.override(language):
            return mark_safe(  # noqa: S308
                render_to_string("lobby/_tournaments.html", {"tournaments": tournaments})
            )

    shown = tuple(
        (
            tournament.pk,
            tournament.name,
            tournament.game,
            tournament.status,
            tournament.max_players,
            tournament.starts_at,
            getattr(tournament, "players", 0),
        )
        for tournament in tournaments
    )
    return TOURNAMENTS.get((shown, language), render)


def game_filter(value: str | None) -> str:
    """The game a lobby is filtered by ("" for every game); anything else is no filter."""
    return value if value in GAMES else ""


def lobby_frame(*, viewer: Viewer, language: str, game: str = "") -> str:
    """The lobby as ``viewer`` sees it now: his tables first, then the shared cards of ``game``
    (every game when empty) and who is online. A few short queries; the shared renders come from
    the caches."""
    cards = shared_cards(lobby_mark(), language)
    online = online_part(online_users(), language)
    mine = own_tables(viewer=viewer)
    mine_ids = {table.pk for table in mine}
    shown = [
        card.html
        for card in cards
        if card.table_id not in mine_ids and (not game or card.game == game)
    ]
    tournaments = open_public_tournaments()
    if game:
        tournaments = tournaments.filter(game=game)
    with translation.override(language):
        return render_to_string(
            "lobby/_tables.html",
            {
                "mine": mine,
                "cards": shown,
                "online": online,
                "game": game,
                "tournaments": tournaments_part(list(tournaments), language),
            },
        )
