"""Issue 12, point 6: rule messages name cards as people do ("the 10 of clubs"), never in
notation ("10B"); the parameters stay in notation (plain data for views and logs) and the words
are chosen when the message is shown, in the reader's language."""

from __future__ import annotations

import pytest

from games.engine import golfo
from games.engine.cards import parse_card
from games.engine.errors import CardNotHeld, EngineError
from games.engine.golfo import errors as golfo_errors
from games.engine.messages import card_words, render
from games.engine.rummy import errors as rummy_errors

CARD_SAMPLES = {"card": "10B", "cards": "5O 6O *=7O", "joker_as": "QC"}


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("10B", "the 10 of clubs"),
        ("QC", "the knight of cups"),
        ("JO", "the jack of coins"),
        ("AE", "the ace of swords"),
        ("KB", "the king of clubs"),
        ("7O", "the 7 of coins"),
        ("*", "the joker"),
        ("*=7O", "the joker as the 7 of coins"),
    ],
)
def test_a_card_in_words(notation: str, words: str) -> None:
    assert card_words(notation) == words


def test_a_message_is_translated_piece_by_piece_and_starts_with_a_capital() -> None:
    spanish = {
        "{card} is used twice in one move.": "{card} se usa dos veces en una misma jugada.",
        "the jack of {suit}": "la sota de {suit}",
        "coins": "oros",
    }
    message = render(rummy_errors.DuplicateCard.template, {"card": "JO"}, spanish.get)
    assert message == "La sota de oros se usa dos veces en una misma jugada."


def _card_templates() -> list[type[EngineError]]:
    found = []
    for module in (rummy_errors, golfo_errors):
        for error in vars(module).values():
            shows_a_card = isinstance(error, type) and issubclass(error, EngineError)
            if shows_a_card and any(f"{{{n}}}" in error.template for n in CARD_SAMPLES):
                found.append(error)
    return [*found, CardNotHeld]


@pytest.mark.parametrize("error", _card_templates(), ids=lambda error: error.code)
def test_every_refusal_that_shows_a_card_names_it_in_words(error: type[EngineError]) -> None:
    params = {
        name: value for name, value in CARD_SAMPLES.items() if f"{{{name}}}" in error.template
    }
    if "{reason}" in error.template:
        params["reason"] = "why"
    refusal = error(**params)
    shown = str(refusal).lower()
    assert refusal.params == params
    for notation in ("10b", "5o", "7o", "qc"):
        assert notation not in shown
    assert any(words in shown for words in ("the 10 of clubs", "the 5 of coins", "the knight"))


def test_golfo_names_the_card_a_player_does_not_hold() -> None:
    state = golfo.new_match(players=3, seed="words")
    while "discard" not in {move["kind"] for move in golfo.view(state, state.turn)["legal"]}:
        seat = state.turn
        state = golfo.apply(state, seat, golfo.bot.decide(golfo.view(state, seat)))
    seat = state.turn
    held = {str(c) for c in state.players[seat].hand}
    absent = next(f"{r}O" for r in ("A", "2", "3", "4", "5", "6", "7") if f"{r}O" not in held)
    with pytest.raises(CardNotHeld) as refused:
        golfo.apply(state, seat, golfo.Discard((parse_card(absent),)))
    assert refused.value.params == {"card": absent}
    assert str(refused.value) == f"You do not hold {card_words(absent)}."
    assert absent not in str(refused.value)
