"""``python -m games.engine.simulate rummy ...``: bot matches with every rule checked."""

from __future__ import annotations

import pytest

from games.engine import simulate
from games.engine.rummy.simulation import Tally, play_match


def test_simulation__plays_matches_and_prints_how_hands_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert simulate.main(["rummy", "--players", "3", "--matches", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "matches: 2" in out
    assert "seco" in out and "no_abiertos" in out and "abiertos" in out
    assert "actions/s" in out
    assert "VIOLATION" not in out


def test_simulation__a_broken_rule_is_reported_and_exits_non_zero(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.engine.rummy import simulation

    monkeypatch.setattr(simulation, "check_state", lambda state: ["a planted violation"])
    assert simulation.main(["--players", "2", "--matches", "1", "--seed", "1"]) == 1
    assert "VIOLATION" in capsys.readouterr().out


def test_simulation__every_match_ends_with_one_winner() -> None:
    tally = Tally()
    state = play_match(4, "sim-4", tally, check_views=False)
    assert tally.violations == []
    assert state.phase == "match_over" and state.winner is not None
    assert [s for s in range(4) if state.in_match(s)] == [state.winner]
