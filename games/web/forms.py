"""The create-a-table form: the shape of the request. The rules live in ``games.tables.seating``."""

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games.kinds.kind import GameKind
from games.kinds.options import ChoiceOption, NumberOption, Option
from games.kinds.registry import DEFAULT_GAME, GAMES, game_choices
from games.models import Table
from games.tables.errors import TableError
from games.tables.options import clean_options


def field_name(game: str, option: str) -> str:
    """A game option's form field: named after its game too, since two games may share an
    option's name (Golfo's, the stud's and Pai Gow's ``min_bet``) but not its meaning."""
    return f"{game}-{option}"


GAME_FIELDS = {
    game: {field_name(game, option.name): option.name for option in kind.options}
    for game, kind in GAMES.items()
}
SEAT_COUNTS = sorted({count for kind in GAMES.values() for count in kind.seating.counts})


def option_field(option: Option) -> forms.Field:
    """The form field of one game option (never required: a missing one takes its default)."""
    if isinstance(option, ChoiceOption):
        return forms.ChoiceField(
            label=option.label, choices=option.choices, initial=option.default, required=False
        )
    return _number_field(option)


def _number_field(option: NumberOption) -> forms.IntegerField:
    return forms.IntegerField(
        label=option.label,
        initial=option.default,
        min_value=option.minimum,
        max_value=option.maximum,
        required=False,
    )


class TableForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=DEFAULT_GAME)
    seats = forms.TypedChoiceField(
        label=_("Seats"),
        choices=[(count, str(count)) for count in SEAT_COUNTS],
        coerce=int,
        initial=4,
        help_text=format_lazy(
            "{}" + " {}" * (len(GAMES) - 1), *(kind.seating.help for kind in GAMES.values())
        ),
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=Table.Visibility.choices,
        initial=Table.Visibility.PUBLIC,
        widget=forms.RadioSelect,
        help_text=_("A private table is reachable only through its invite link."),
    )
    clock = forms.TypedChoiceField(
        label=_("Turn clock"),
        choices=Table.Clock.choices,
        coerce=int,
        initial=0,
        help_text=_(
            "At a table the house banks, how long the bets and each decision stay open "
            "(30 s with no clock)."
        ),
    )
    patience = forms.TypedChoiceField(
        label=_("Patience without a clock"),
        choices=Table.Patience.choices,
        coerce=int,
        initial=Table.Patience.MINUTES_5,
        required=False,
        # django-stubs types ``empty_value`` as a string; Django returns whatever it is given.
        empty_value=Table.Patience.MINUTES_5,  # type: ignore[arg-type]
        help_text=_(
            "With no turn clock, a player who takes longer than this on his turn is sat out: "
            "a bot plays his seat."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Each game's options are fields of their own. A bound form reads only the chosen
        game's; the other games' fields (hidden in the page but still posted) keep their
        defaults."""
        super().__init__(*args, **kwargs)
        for kind in GAMES.values():
            for option in kind.options:
                self.fields[field_name(kind.name, option.name)] = option_field(option)
        if self.is_bound:
            chosen = self.data.get("game")
            for game, names in GAME_FIELDS.items():
                for name in names:
                    self.fields[name].disabled = game != chosen

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        game = cleaned.get("game")
        if game is None:
            return cleaned
        counts = GAMES[game].seating.counts
        if len(counts) == 1:
            cleaned["seats"] = counts[0]
        values = {
            option: cleaned[field]
            for field, option in GAME_FIELDS[game].items()
            if cleaned.get(field) not in (None, "")
        }
        try:
            cleaned["options"] = clean_options(game=game, values=values)
        except TableError as error:
            raise forms.ValidationError(error.message) from error
        return cleaned

    def table_arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``services.create_table``, once the form is valid."""
        data = self.cleaned_data
        return {
            "game": data["game"],
            "seat_count": data["seats"],
            "visibility": data["visibility"],
            "clock": data["clock"],
            "patience": data["patience"],
            "options": data["options"],
        }

    def game_options(self) -> list[tuple[GameKind, list[forms.BoundField]]]:
        """Each game and the fields of its options, for the page."""
        return [
            (kind, [self[field_name(kind.name, option.name)] for option in kind.options])
            for kind in GAMES.values()
        ]
