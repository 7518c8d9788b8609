"""Whatever a browser sends as a move, the table answers with a refusal or plays it: never a server
error. Random messages from the player who is not on turn must all be refused, changing nothing."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.live.commands import parse_table_command, run_table_command
from games.models import Action, Table, User
from games.tables.errors import TableError
from tests.support.matches import match_of, start_match, user_at, version_of

pytestmark = pytest.mark.django_db

MOVES = st.sampled_from(
    [
        "draw",
        "take_discard",
        "open",
        "lay_meld",
        "lay_off",
        "swap_joker",
        "discard",
        "close",
        "ready",
        "revancha",
        "next_hand",
        "bet",
        "call",
        "raise",
        "fold",
        "pass",
        "",
        "x" * 40,
    ]
)
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["7O#12", "*#104=7O", "5O#4 6O#5|7O#6", "-1", "99999999999", "0"]),
    st.lists(st.text(max_size=8), max_size=3),
    st.integers(),
    st.none(),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
FIELDS = st.dictionaries(
    st.sampled_from(
        [
            "move",
            "card",
            "cards",
            "melds",
            "meld",
            "joker_as",
            "last",
            "amount",
            "seat",
            "version",
            "table",
            "action",
            "HEADERS",
            "zz",
        ]
    ),
    VALUES,
    max_size=6,
)


@pytest.fixture(params=["rummy70", "golfo"])
def waiting_player(
    request: pytest.FixtureRequest, ana: User, bruno: User, carmen: User
) -> tuple[Table, User]:
    """A started table of either game, and a player who is not on turn."""
    if request.param == "golfo":
        table = start_match([ana, bruno, carmen], game="golfo")
    else:
        table = start_match([ana, bruno], seat_count=2)
    game, _kind, state = match_of(table)
    waiting = next(seat for seat in range(len(game.players)) if seat != state.turn)
    return table, user_at(game, waiting)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(move=MOVES, fields=FIELDS)
def test_any_move_from_the_player_not_on_turn_is_refused(
    waiting_player: tuple[Table, User], move: str, fields: dict[str, object]
) -> None:
    table, user = waiting_player
    version = version_of(table)
    message = {"action": "move", "table": str(table.pk), "version": str(version), "move": move}
    message.update(fields)

    with pytest.raises(TableError):
        command = parse_table_command(json.dumps(message), table_id=table.pk)
        run_table_command(command, table_id=table.pk, user=user)

    assert version_of(table) == version
    assert not Action.objects.filter(game__table=table).exists()
