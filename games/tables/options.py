"""The game options a table may set, their defaults and their validation: each game lists its own
(``GameKind.options``, RULES.md) and checks them together (``GameKind.check_options``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.kinds.options import ChoiceOption, Option, OptionValue
from games.kinds.registry import GAMES
from games.tables.errors import TableError

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def clean_options(*, game: str, values: Mapping[str, object]) -> dict[str, OptionValue]:
    """Return the complete options of ``game`` from ``values`` (missing ones take their default).

    Raises :class:`TableError` for an unknown game or option, a value of the wrong type or out of
    range, or options the game refuses together (a Golfo ante larger than the starting stack)."""
    if game not in GAMES:
        raise TableError(_("Unknown game."))
    kind = GAMES[game]
    unknown = set(values) - {option.name for option in kind.options}
    if unknown:
        raise TableError(_("This game has no option named %(name)s.") % {"name": min(unknown)})
    cleaned = {
        option.name: _clean_value(option, values.get(option.name)) for option in kind.options
    }
    refusal = kind.check_options(cleaned)
    if refusal is not None:
        raise TableError(refusal)
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


def _named(option: Option) -> dict[str, StrOrPromise]:
    return {"option": option.label}
