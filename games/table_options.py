"""The game options a table may set (RULES.md), their defaults, and their validation."""

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.errors import TableError
from games.models import Table

OptionValue = int | str


@dataclass(frozen=True)
class NumberOption:
    name: str
    label: str | Promise
    default: int
    minimum: int
    maximum: int


@dataclass(frozen=True)
class ChoiceOption:
    name: str
    label: str | Promise
    default: str
    choices: tuple[tuple[str, str | Promise], ...]


Option = NumberOption | ChoiceOption

REBUY = "rebuy"
FREEZEOUT = "freezeout"

JOKER_PENALTY = NumberOption("joker_penalty", _("Joker left in hand (points)"), 25, 0, 100)
STARTING_STACK = NumberOption("starting_stack", _("Starting stack"), 1000, 100, 100_000)
ANTE = NumberOption("ante", _("Ante"), 10, 1, 10_000)
MIN_BET = NumberOption("min_bet", _("Minimum bet"), 10, 1, 10_000)
OUT_OF_CHIPS = ChoiceOption(
    "rebuy", _("Out of chips"), REBUY, ((REBUY, _("Rebuy")), (FREEZEOUT, _("Freezeout")))
)

GAME_OPTIONS: dict[str, tuple[Option, ...]] = {
    Table.GameKind.RUMMY70: (JOKER_PENALTY,),
    Table.GameKind.GOLFO: (STARTING_STACK, ANTE, MIN_BET, OUT_OF_CHIPS),
}


def clean_options(*, game: str, values: Mapping[str, object]) -> dict[str, OptionValue]:
    """Return the complete options of ``game`` from ``values`` (missing ones take their default).

    Raises :class:`TableError` for an unknown game or option, a value of the wrong type or out of
    range, or a Golfo ante or minimum bet larger than the starting stack."""
    if game not in GAME_OPTIONS:
        raise TableError(_("Unknown game."))
    options = GAME_OPTIONS[game]
    unknown = set(values) - {option.name for option in options}
    if unknown:
        raise TableError(_("This game has no option named %(name)s.") % {"name": min(unknown)})
    cleaned = {option.name: _clean_value(option, values.get(option.name)) for option in options}
    if game == Table.GameKind.GOLFO:
        stack = cleaned["starting_stack"]
        if cleaned["ante"] > stack or cleaned["min_bet"] > stack:
            raise TableError(_("The ante and the minimum bet cannot exceed the starting stack."))
    return cleaned


def _clean_value(option: Option, value: object) -> OptionValue:
    if value is None:
        return option.default
    if isinstance(option, ChoiceOption):
        if value not in {key for key, _label in option.choices}:
            raise TableError(_("%(option)s: choose one of the offered values.") % _named(option))
        return str(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(_("%(option)s must be a whole number.") % _named(option))
    if not option.minimum <= value <= option.maximum:
        raise TableError(
            _("%(option)s must be between %(minimum)d and %(maximum)d.")
            % {**_named(option), "minimum": option.minimum, "maximum": option.maximum}
        )
    return value


def _named(option: Option) -> dict[str, str | Promise]:
    return {"option": option.label}
