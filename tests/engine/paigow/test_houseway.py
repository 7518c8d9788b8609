"""The house way of docs/paigow.md, rule by rule: the bank's split and the suggestion a player
(or a bot, or a player out of time) gets."""

from __future__ import annotations

import pytest

from games.engine.cards import parse
from games.engine.paigow import house_way, is_foul


@pytest.mark.parametrize(
    ("seven", "low"),
    [
        ("* AO AC AE AB KC KE", "KC KE"),  # five aces high, the other two low
        ("* AO AC AE AB 9B 7C", "9B 7C"),
        ("* AO AC AE 9B 7C 3E", "* AO"),  # the joker with three aces: four aces, split
        ("5O 5C 5E 5B KC 9E 3B", "KC 9E"),  # four 5s stay together
        ("9O 9C 9E 9B KC 7E 3B", "9O 9C"),  # four 9s are split
        ("9O 9C 9E 9B AC 7E 3B", "AC 7E"),  # ...unless an ace single is held
        ("AO AC AE AB KC 7E 3B", "AO AC"),  # four aces are always split
        ("9O 9C 9E 9B 3C 3E KB", "3C 3E"),  # a pair beside the four goes low
        ("KO KC KE 7B 7C 7E 2B", "KO KC"),  # two sets of three: the higher split
        ("QO QC QE 7B 7C 4E 2B", "7B 7C"),  # full house: the pair low
        ("QO QC QE 7B 5C 4E 2B", "7B 5C"),  # three of a kind: the best singles low
        ("AO AC * 9B 5C 4E 2B", "AO 9B"),  # three aces: one ace low with the best single
        ("QO QC 7E 7B 4C 4E AB", "QO QC"),  # three pairs: the highest pair low
        ("QO QC 7E 7B KC 4E 2B", "7E 7B"),  # two pairs: split
        ("9O 9C 7E 7B AC 4E 2B", "AC 4E"),  # ...both high with an ace single, tens or lower
        ("JO JC 7E 7B AC 4E 2B", "7E 7B"),  # ...jacks are split even with the ace
        ("8O 8C KE 9B 5C 4E 2B", "KE 9B"),  # one pair high, the best singles low
        ("8O 8C 9E 7B 6C 5E KB", "8O KB"),  # one pair and a straight: the straight, best low
        ("AO JC 9E 7B 5C 4E 2B", "JC 9E"),  # no pair: second and third cards low
        ("KO QO 9O 5O 2O AC JE", "AC JE"),  # a flush with the best 2-card hand left
    ],
)
def test_the_house_way_sets_the_two_card_hand(seven: str, low: str) -> None:
    cards = parse(seven)
    chosen = house_way(cards)
    assert sorted(map(str, chosen)) == sorted(low.split())
    assert not is_foul([card for card in cards if card not in chosen], chosen)
