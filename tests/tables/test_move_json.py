"""The JSON a move's one statement writes (``snapshot_moves.json_text``) is what Django's
``JSONField`` would have written: the same value once read, whatever orjson cannot write."""

import json
from typing import Any

import pytest

from games.tables.snapshot_moves import json_text


@pytest.mark.parametrize(
    "value",
    [
        {"words": {"es": "Ana roba del mazo · 7 de copas", "en": "Ana draws"}, "mark": {"seat": 0}},
        {"hands": [["AO#0", "*#1"], []], "points": [0, 3], "winner": None, "closed": True},
        {1: "seat one", 2: ["a seat's ready"]},
        {"seed": 2**80, "players": 4},
    ],
    ids=["words", "result", "number keys", "past 64 bits"],
)
def test_the_text_reads_back_as_the_standard_librarys_does(value: Any) -> None:
    assert json.loads(json_text(value)) == json.loads(json.dumps(value))
