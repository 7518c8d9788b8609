"""``python -m games.engine.simulate paigow`` plays bot coups and checks every rule."""

from __future__ import annotations

from games.engine import simulate


def test_the_simulator_finds_the_engine_and_reports_no_violation(capsys: object) -> None:
    assert "paigow" in simulate.ENGINES
    assert simulate.main(["paigow", "--coups", "40", "--seed", "t", "--table-coups", "10"]) == 0
