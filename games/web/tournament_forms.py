"""The create-a-tournament form: the shape of the request. The rules (names, sizes, clocks, the
start time, Golfo's chips and antes) live in ``games.tables.tournament_entries``."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.kinds.kind import GameKind
from games.kinds.options import Option
from games.kinds.registry import GAMES
from games.models import Table
from games.tables.errors import TableError
from games.tables.options import clean_options
from games.tables.tournament_entries import ANTE_LEVELS, LEVEL_MINUTES, MAX_PLAYERS, STARTING_CHIPS
from games.web.forms import option_field


def tournament_kinds() -> list[GameKind]:
    """The games that have tournament rules, in the registry's order."""
    return [kind for kind in GAMES.values() if kind.tournament is not None]


def tournament_game_choices() -> list[tuple[str, str]]:
    return [(kind.name, str(kind.label)) for kind in tournament_kinds()]


def ante_games() -> list[str]:
    """The games whose tournaments climb ante levels (their form asks for chips and levels)."""
    return [kind.name for kind in tournament_kinds() if kind.tournament and kind.tournament.antes]


class TournamentForm(forms.Form):
    START_BUTTON = "button"
    START_TIME = "time"

    game = forms.ChoiceField(label=_("Game"), choices=tournament_game_choices)
    name = forms.CharField(label=_("Name"), max_length=60)
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=Table.Visibility.choices,
        initial=Table.Visibility.PUBLIC,
        widget=forms.RadioSelect,
        help_text=_("A private tournament is reachable only through its invite link."),
    )
    max_players = forms.IntegerField(
        label=_("Maximum players"), min_value=2, max_value=MAX_PLAYERS, initial=8
    )
    clock = forms.TypedChoiceField(
        label=_("Turn clock"),
        choices=[(value, label) for value, label in Table.Clock.choices if value],
        coerce=int,
        initial=Table.Clock.SECONDS_60,
    )
    start = forms.ChoiceField(
        label=_("Start"),
        choices=[(START_BUTTON, _("When I press start")), (START_TIME, _("At a set time"))],
        initial=START_BUTTON,
        widget=forms.RadioSelect,
    )
    starts_at = forms.DateTimeField(
        label=_("Start time"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    starting_chips = forms.TypedChoiceField(
        label=_("Starting chips"),
        choices=[(chips, str(chips)) for chips in STARTING_CHIPS],
        coerce=int,
        initial=1000,
        required=False,
    )
    first_ante = forms.TypedChoiceField(
        label=_("First ante"),
        choices=[(ante, str(ante)) for ante in ANTE_LEVELS],
        coerce=int,
        initial=20,
        required=False,
    )
    level_minutes = forms.TypedChoiceField(
        label=_("Minutes per ante level"),
        choices=[(minutes, str(minutes)) for minutes in LEVEL_MINUTES],
        coerce=int,
        initial=10,
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As the table form: each game's options are fields of their own, and a bound form reads
        only the chosen game's."""
        super().__init__(*args, **kwargs)
        kinds = tournament_kinds()
        if kinds:
            self.fields["game"].initial = kinds[0].name
        for kind in kinds:
            for option in tournament_options(kind):
                self.fields[option.name] = option_field(option)
        if self.is_bound:
            chosen = self.data.get("game")
            for kind in kinds:
                for option in tournament_options(kind):
                    self.fields[option.name].disabled = kind.name != chosen

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("start") == self.START_TIME and cleaned.get("starts_at") is None:
            self.add_error("starts_at", _("Give the time the tournament starts."))
        game = cleaned.get("game")
        if game is None:
            return cleaned
        values = {
            option.name: cleaned[option.name]
            for option in tournament_options(GAMES[game])
            if cleaned.get(option.name) not in (None, "")
        }
        try:
            cleaned["options"] = clean_options(game=game, values=values)
        except TableError as error:
            raise forms.ValidationError(error.message) from error
        return cleaned

    def tournament_arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``create_tournament``, once the form is valid."""
        data = self.cleaned_data
        antes = data["game"] in ante_games()
        return {
            "game": data["game"],
            "name": data["name"],
            "visibility": data["visibility"],
            "max_players": data["max_players"],
            "clock": data["clock"],
            "options": data["options"],
            "starts_at": data["starts_at"] if data["start"] == self.START_TIME else None,
            "starting_chips": data["starting_chips"] if antes else None,
            "first_ante": data["first_ante"] if antes else None,
            "level_minutes": data["level_minutes"] if antes else None,
        }

    def game_options(self) -> list[tuple[GameKind, list[forms.BoundField]]]:
        """Each tournament game and the fields of its options, for the page."""
        return [
            (kind, [self[option.name] for option in tournament_options(kind)])
            for kind in tournament_kinds()
        ]


def tournament_options(kind: GameKind) -> tuple[Option, ...]:
    """The table options a tournament's host chooses for that game."""
    return kind.tournament.options if kind.tournament else ()
