"""A coup at a house table (Monte, the three-bet stud, Pai Gow Poker) is a hand as in the other
games: played through the services from a fixed deck, it is replayed step by step to each player
and to a spectator as each saw it, its export tells the same and no more, and the moves are told
in words (the bets, "no va más", the settling) in the replay and in the table's move log."""

import json
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from games.models import Hand, Table, User
from games.tables.history import replay_steps
from tests.support.house_coups import (
    COUPS,
    LANGUAGES,
    Coup,
    client_of,
    leaked,
    play_step,
    seated_pair,
    shows,
)

pytestmark = pytest.mark.django_db

MOVES = re.compile(r'<section id="table-moves".*?</section>', re.DOTALL)
LINE = re.compile(r'<li class="move-line[^"]*">(.*?)</li>', re.DOTALL)

TOLD = {
    "monte": [
        "Ana apuesta 10: VIS a la primera carta",
        "Bruno apuesta 10: VIS a la primera carta",
        "Ana no apuesta más",
        "Bruno no apuesta más",
        "No va más: sale el as de copas, Camo de la primera carta. La banca paga 0 y cobra 20",
        "No va más: sale el 3 de oros, Viudo de la tercera carta",
    ],
    "stud": [
        "Ana apuesta 3 × 1",
        "Bruno apuesta 3 × 1",
        "No va más: se reparten las cartas",
        "Ana deja en juego la apuesta 1",
        "Bruno deja en juego la apuesta 1",
        "Ana deja en juego la apuesta 2",
        "Bruno deja en juego la apuesta 2. La banca paga 3 y cobra 3",
    ],
    "paigow": [
        "Ana apuesta 20",
        "Bruno apuesta 20. No va más",
        "Ana pone sus manos",
        "Bruno pone sus manos. La banca paga 19 y cobra 20",
    ],
}
"""The coup's moves as the spectator reads them in Spanish: Monte's VIS bets lose to the camo of
the as de oros; at the stud Ana's pair of tens wins even money on her three bets and Bruno loses
his; at Pai Gow Ana's aces win 20 less the commission, Bruno's nothing loses."""


def played(coup: Coup, ana: User, bruno: User) -> tuple[Table, Hand]:
    """Ana's and Bruno's coup of ``coup``'s game, played to its end; the hand it left."""
    with override_settings(CARDROOM_DEALS={coup.game: coup.deal}):
        table = seated_pair(coup, ana, bruno)
        for step in coup.steps:
            play_step(table, step, {"ana": ana, "bruno": bruno})
    hand = Hand.objects.filter(table=table).order_by("number").last()
    assert hand is not None and [player["user"] for player in hand.game.players] == [
        ana.pk,
        bruno.pk,
    ]
    return table, hand


def viewers(ana: User, bruno: User, carmen: User) -> dict[str, User | None]:
    return {"ana": ana, "bruno": bruno, "carmen": carmen, "anonymous": None}


def phases(hand: Hand) -> list[str]:
    """The coup's phase at each step of its replay."""
    return [str(step.view["phase"]) for step in replay_steps(hand, viewer=None)]


def replay_page(hand: Hand, user: User | None, language: str, step: int) -> str:
    url = reverse("hand_replay", kwargs={"table_id": hand.table_id, "number": hand.number})
    response = client_of(user, language).get(url, {"step": step})
    assert response.status_code == 200
    return response.content.decode()


def export(hand: Hand, user: User | None) -> dict:
    url = reverse("hand_export", kwargs={"table_id": hand.table_id, "number": hand.number})
    response = client_of(user, "es").get(url)
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize("game", sorted(COUPS))
def test_no_step_of_a_house_coups_replay_nor_its_export_shows_a_hidden_card(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    coup = COUPS[game]
    _table, hand = played(coup, ana, bruno)
    at = phases(hand)

    assert at[-1] == list(coup.hidden)[-1] and len(at) > len(coup.steps)
    for name, user in viewers(ana, bruno, carmen).items():
        steps = export(hand, user)["steps"]
        assert "seed" not in json.dumps(steps) and len(steps) == len(at)
        for number, phase in enumerate(at):
            hidden = coup.hidden[phase][name]
            for language in LANGUAGES:
                page = replay_page(hand, user, language, number)
                assert not leaked(page, hidden), f"{name}'s replay step {number} ({language})"
            entry = json.dumps(steps[number])
            assert not leaked(entry, hidden), f"{name}'s export step {number}"


@pytest.mark.parametrize("game", sorted(COUPS))
def test_a_house_coup_is_replayed_to_each_viewer_as_he_saw_it(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    """A player's replay shows him his own cards once they are dealt; at the last step the
    spectator's shows what the showdown showed everybody."""
    coup = COUPS[game]
    _table, hand = played(coup, ana, bruno)
    at = phases(hand)
    first, last = list(coup.hidden)[0], list(coup.hidden)[-1]

    for name, user in (("ana", ana), ("bruno", bruno)):
        for number, phase in enumerate(at):
            if phase in ("betting", "primeras"):
                continue
            page = replay_page(hand, user, "es", number)
            own = coup.own.get(name, frozenset())
            assert all(shows(page, face) for face in own), f"{name}, step {number}"
    shown_at_the_end = coup.hidden[first]["carmen"] - coup.hidden[last]["carmen"]
    end = replay_page(hand, carmen, "en", len(at) - 1)
    assert shown_at_the_end and all(shows(end, face) for face in shown_at_the_end)


@pytest.mark.parametrize("game", sorted(COUPS))
def test_a_house_coups_moves_are_told_in_words_in_its_replay_and_the_tables_log(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    table, hand = played(COUPS[game], ana, bruno)

    replayed = [step["move"] for step in export(hand, carmen)["steps"]]
    page = client_of(carmen, "es").get(table.get_absolute_url()).content.decode()
    moves = MOVES.search(page)
    assert moves is not None
    logged = LINE.findall(moves.group(0))[::-1]

    assert replayed == ["", *TOLD[game]]
    assert logged == TOLD[game]
