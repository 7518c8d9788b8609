"""What the house keeps of a win is a ledger entry of its own (docs/house-tables.md, "Chips"): the
payout is the whole win, then the levy (Monte's tenth on a first-card match) or the commission
(Pai Gow's 5%) goes back to the house, both booked to the coup. The fixed deals are the browser
suite's, whose results are known: +9 at Monte, +19 at Pai Gow."""

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import override_settings

from games.models import LedgerEntry, User
from games.tables import wallet
from tests.support.house import bet, match_of, open_house_table

pytestmark = pytest.mark.django_db

Reason = LedgerEntry.Reason
DEALS = {
    # The grid, then the cards drawn: the ace of cups matches the first card in Primeras.
    "monte": {"seed": "levy-monte", "decks": {"1": "AO 2C 3E 4B AC 3C"}},
    # Ana's seven (four aces, two kings, a two), then the bank's (no pair).
    "paigow": {"seed": "levy-paigow", "decks": {"1": "AO AC AE AB KO KC 2E 3O 5C 7E 9B JO 4C 8E"}},
    # Ana's three and the two common cards: three aces.
    "stud": {"seed": "levy-stud", "decks": {"1": {"hands": ["AO AC 2E"], "common": "AE 7B"}}},
}


@pytest.fixture(autouse=True)
def fixed_deals() -> Iterator[None]:
    with override_settings(CARDROOM_DEALS={**settings.CARDROOM_DEALS, **DEALS}):
        yield


def entries(user: User) -> list[tuple[str, int, int | None]]:
    rows = LedgerEntry.objects.filter(account__user=user).order_by("id")
    return list(rows.values_list("reason", "amount", "hand"))


def test_montes_levy_on_a_first_card_match_follows_the_whole_payout(ana: User) -> None:
    table = open_house_table(ana, "monte")
    bet(table, ana, {"kind": "bet", "bet": "cartas", "cards": [0], "against": [1], "amount": 10})

    bet(table, ana, {"kind": "done"})

    assert entries(ana)[-3:] == [(Reason.BET, -10, 1), (Reason.PAYOUT, 20, 1), (Reason.LEVY, -1, 1)]
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS + 9
    assert wallet.audit() == []


def test_pai_gows_commission_on_a_win_follows_the_whole_payout(ana: User) -> None:
    table = open_house_table(ana, "paigow")
    bet(table, ana, {"kind": "bet", "amount": 20})

    bet(table, ana, {"kind": "house_way"})

    assert match_of(table)[1].house_take() == [1]
    assert entries(ana)[-3:] == [(Reason.BET, -20, 1), (Reason.PAYOUT, 40, 1), (Reason.LEVY, -1, 1)]
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS + 19
    assert wallet.audit() == []


def test_the_stud_pays_its_table_in_full(ana: User) -> None:
    table = open_house_table(ana, "stud")
    bet(table, ana, {"kind": "bet", "amount": 10})
    for _decision in range(2):
        bet(table, ana, {"kind": "ride"})

    assert match_of(table)[1].stage == "hand_over"
    assert Reason.LEVY not in [reason for reason, _amount, _hand in entries(ana)]
    assert wallet.balance(ana) > wallet.WELCOME_CHIPS
