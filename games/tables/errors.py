"""The web layer's refusal: a request about a table that the rules of the card room do not allow."""

from django_stubs_ext import StrOrPromise


class TableError(Exception):
    """A refused request about a table. ``message`` is lazily translated, so it renders in the
    language of whoever reads it; nothing was changed when it is raised."""

    def __init__(self, message: StrOrPromise) -> None:
        self.message = message
        super().__init__(str(message))


class StaleMove(TableError):
    """A move made on a version of the table that is no longer its version: another move came
    first. ``version``: the table's version now, which the player has not seen yet."""

    def __init__(self, message: StrOrPromise, *, version: int) -> None:
        super().__init__(message)
        self.version = version
