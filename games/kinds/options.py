"""The kinds of game option a table may set (RULES.md): each game lists its own in its adapter
(``games.kinds.<game>.options``); ``games.tables.options`` validates them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

OptionValue = int | str


@dataclass(frozen=True)
class NumberOption:
    name: str
    label: StrOrPromise
    default: int
    minimum: int
    maximum: int


@dataclass(frozen=True)
class ChoiceOption:
    name: str
    label: StrOrPromise
    default: str
    choices: tuple[tuple[str, StrOrPromise], ...]


Option = NumberOption | ChoiceOption
