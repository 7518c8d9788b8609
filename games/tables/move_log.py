"""The moves of the current hand told in words at the live table (``#table-moves``), and the last
move marked on the board.

A move is told once, when it is played (``told_move``, kept on its ``Action``): in every language
the site speaks, as everyone reads it and, apart, as the player who made it reads it (the Rummy 70
closing card laid face down is named to him alone). The words come from the game's describer
(``games.kinds.move_words``) fed with the spectator's views before and after the move: the
describers read only what lies face up on the table and whether the reader made the move, so
every other player reads what a spectator reads. A frame then only picks the stored line for its
viewer and language: no view, no replay.

The mark says where the move landed on the board, for everyone (the seat who moved, the move's
kind and what the game marks: ``GameKind.mark_move``) and, for the player who made it only, the
cards his hand gained (a draw, a discard taken, a Golfo descarte)."""

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation

from games.kinds.match import Match
from games.kinds.move_words import move_in_words
from games.kinds.registry import game_kind
from games.models import Game

SHOWN_MOVES = 10


@dataclass(frozen=True)
class ToldMove:
    """One logged move of the current hand as the table tells it (``told``: see ``told_move``)."""

    seq: int
    seat: int | None
    told: dict[str, Any]

    def line(self, *, viewer: int | None, language: str) -> str:
        """The move in words as ``viewer`` (his engine seat, ``None`` for anyone else) reads it."""
        words = self.told["own_words"] if self.told_apart_to(viewer) else self.told.get("words", {})
        return str(words.get(language) or words.get(settings.LANGUAGE_CODE, ""))

    def told_apart_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` reads this move in words of his own: he made it, and it names to
        him what it names to nobody else."""
        return viewer is not None and viewer == self.seat and bool(self.told.get("own_words"))

    def mark(self, *, viewer: int | None) -> dict[str, Any]:
        """Where the move landed on the board, as ``viewer`` may see it."""
        mark = dict(self.told.get("mark", {}))
        if viewer is not None and viewer == self.seat:
            mark["drawn"] = self.told.get("own_mark", {}).get("drawn", [])
        return mark


def told_move(
    game: Game,
    before: Match,
    after: Match,
    *,
    seat: int | None,
    action: dict[str, Any],
) -> dict[str, Any]:
    """The move ``action`` (its JSON form) by ``seat`` from ``before`` to ``after``, told:
    ``words`` (language → line, everyone's reading), ``own_words`` (the mover's reading, only
    when it differs), ``mark`` (public) and ``own_mark`` (the cards a draw brought to the
    mover's hand)."""
    seen_before = before.view(None)
    seen_after = after.view(None)
    actor = "" if seat is None else str(game.players[seat]["name"])

    def words(viewer: int | None) -> dict[str, str]:
        told = {}
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                told[language] = move_in_words(
                    game.game,
                    action,
                    actor=actor,
                    seat=seat,
                    viewer=viewer,
                    before=seen_before,
                    after=seen_after,
                )
        return told

    told: dict[str, Any] = {
        "words": words(None),
        "mark": {
            "seat": seat,
            "kind": action.get("kind"),
            **game_kind(game.game).mark_move(action, before=seen_before, after=seen_after),
        },
    }
    if seat is not None:
        own = words(seat)
        if own != told["words"]:
            told["own_words"] = own
        if action.get("kind") in game_kind(game.game).drawing_moves:
            held_before = before.hands_face_up()[seat]
            drawn = [card for card in after.hands_face_up()[seat] if card not in held_before]
            told["own_mark"] = {"drawn": drawn}
    return told
