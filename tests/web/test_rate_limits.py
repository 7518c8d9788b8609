"""The per-socket message budget forgets messages older than its window."""

from games.live.rate_limits import MessageBudget


def test_budget_refuses_past_its_limit_and_recovers_after_the_window() -> None:
    now = [0.0]
    budget = MessageBudget(limit=2, window=5.0, clock=lambda: now[0])

    first = [budget.spend(), budget.spend(), budget.spend()]
    now[0] = 4.9
    still_full = budget.spend()
    now[0] = 5.0
    recovered = [budget.spend(), budget.spend(), budget.spend()]

    assert first == [True, True, False]
    assert still_full is False
    assert recovered == [True, True, False]
