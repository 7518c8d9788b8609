"""``python -m games.engine.simulate golfo``: bot hands with every rule checked after every move."""

from __future__ import annotations

import pytest

from games.engine.golfo import simulation
from games.engine.simulate import main


def test_a_short_simulation_passes_its_checks_and_reports_how_hands_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["golfo", "--hands", "120", "--seed", "5"]) == 0
    printed = capsys.readouterr().out
    assert "hands: 120" in printed
    assert "actions/s" in printed
    assert "fold-out:" in printed and "showdown:" in printed
    assert "violations: 0" in printed


def test_a_table_kind_can_be_fixed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["golfo", "--hands", "40", "--players", "3", "--stakes", "freezeout", "--tie", "split"]
    assert main(argv) == 0
    assert "hands: 40" in capsys.readouterr().out


def test_a_broken_rule_stops_the_simulation_with_a_failure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulation, "violations", lambda state: ["chips: 1 too many"])
    assert main(["golfo", "--hands", "5"]) == 1
    assert "VIOLATION" in capsys.readouterr().err
