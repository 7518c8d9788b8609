"""The create-a-table form: the shape of the request. The rules live in ``games.services``."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.errors import TableError
from games.models import Table
from games.services import GOLFO_SEATS, RUMMY_SEATS
from games.table_options import (
    ANTE,
    GAME_OPTIONS,
    JOKER_PENALTY,
    MIN_BET,
    OUT_OF_CHIPS,
    STARTING_STACK,
    NumberOption,
    clean_options,
)

GAME_FIELDS = {
    game: tuple(option.name for option in options) for game, options in GAME_OPTIONS.items()
}


def _number_field(option: NumberOption) -> forms.IntegerField:
    return forms.IntegerField(
        label=option.label,
        initial=option.default,
        min_value=option.minimum,
        max_value=option.maximum,
        required=False,
    )


class TableForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"), choices=Table.GameKind.choices, initial=Table.GameKind.RUMMY70
    )
    seats = forms.TypedChoiceField(
        label=_("Seats"),
        choices=[(count, str(count)) for count in RUMMY_SEATS],
        coerce=int,
        initial=4,
        help_text=_("Rummy 70: 2 to 6. Golfo is always played at 4."),
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"),
        choices=Table.Visibility.choices,
        initial=Table.Visibility.PUBLIC,
        widget=forms.RadioSelect,
        help_text=_("A private table is reachable only through its invite link."),
    )
    clock = forms.TypedChoiceField(
        label=_("Turn clock"), choices=Table.Clock.choices, coerce=int, initial=0
    )
    joker_penalty = _number_field(JOKER_PENALTY)
    starting_stack = _number_field(STARTING_STACK)
    ante = _number_field(ANTE)
    min_bet = _number_field(MIN_BET)
    rebuy = forms.ChoiceField(
        label=OUT_OF_CHIPS.label,
        choices=OUT_OF_CHIPS.choices,
        initial=OUT_OF_CHIPS.default,
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """A bound form reads only the chosen game's options; the other game's fields (hidden in
        the page but still posted) keep their defaults."""
        super().__init__(*args, **kwargs)
        if self.is_bound:
            chosen = self.data.get("game")
            for game, names in GAME_FIELDS.items():
                for name in names:
                    self.fields[name].disabled = game != chosen

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        game = cleaned.get("game")
        if game is None:
            return cleaned
        if game == Table.GameKind.GOLFO:
            cleaned["seats"] = GOLFO_SEATS
        values = {
            name: cleaned[name] for name in GAME_FIELDS[game] if cleaned.get(name) not in (None, "")
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
            "options": data["options"],
        }
