"""How two display names are compared: "Ana", "ana" and "Ána" are one name at a table.

A name's key is the name case-folded, with its accents taken off (NFKD, combining marks dropped)
and its whitespace runs made single spaces. ``User.display_name_key`` holds it, unique in the
database, so no two accounts can show the same name (docs/ratings.md, "Names")."""

import re
import unicodedata

BOT_NAME = re.compile(r"bot \d+")


def display_name_key(name: str) -> str:
    """The form of ``name`` that two names share when players could not tell them apart."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(unicodedata.normalize("NFKC", bare).casefold().split())


def is_bot_name(name: str) -> bool:
    """Whether ``name`` reads like a bot's ("Bot 3"): those names are kept for bots."""
    return BOT_NAME.fullmatch(display_name_key(name)) is not None
