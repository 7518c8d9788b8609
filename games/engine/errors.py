"""The engine's one error family.

Every refused move raises a subclass of :class:`EngineError`. Each subclass has a stable ``code``
(for logs, tests and the web layer) and a ``template``: an English message with ``{named}``
placeholders, marked with :func:`N_` so that ``makemessages --keyword=N_`` extracts it. Its
``params`` are plain data, cards in notation. The web layer shows it with
``messages.render(error.template, error.params, gettext)``, which names the cards in words in the
reader's language; ``str(error)`` gives the English text. The engine never imports Django.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.engine.messages import N_, render


class EngineError(Exception):
    """A move the rules refuse. The state it was tried on is left unchanged."""

    code: ClassVar[str] = "illegal"
    template: ClassVar[str] = N_("That move is not allowed.")

    def __init__(self, **params: Any) -> None:
        self.params: dict[str, Any] = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return render(self.template, self.params)


class InvalidAction(EngineError):
    """The action itself is malformed: unknown kind, bad card text, wrong field types."""

    code = "invalid_action"
    template = N_("That move is not understood.")


class NotYourTurn(EngineError):
    code = "not_your_turn"
    template = N_("It is not your turn.")


class NotSeated(EngineError):
    code = "not_seated"
    template = N_("Only a player still in the game can do that.")


class WrongPhase(EngineError):
    code = "wrong_phase"
    template = N_("That move is not possible now.")


class CardNotHeld(EngineError):
    code = "card_not_held"
    template = N_("You do not hold {card}.")


class GameOver(EngineError):
    code = "game_over"
    template = N_("The game is over.")
