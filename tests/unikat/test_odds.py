"""Counting the cards, and the odds of touching the start card: exact, and simulated."""

from fractions import Fraction
from itertools import combinations
from math import sqrt

import pytest

from mathcards.unikat.cards import DECK, touches
from mathcards.unikat.odds import (
    against_exact,
    can_lay_first,
    can_lay_first_by_size,
    expected_neighbours,
    simulate_can_lay_first,
    touching_odds,
    touching_pairs,
)


def test_324_pairs_of_cards_may_touch():
    assert touching_pairs() == 81 * 8 // 2 == 324


@pytest.mark.parametrize("rack_size", [1, 2])
def test_the_odds_match_every_deal_counted(rack_size):
    hits = deals = 0
    for start in DECK:
        others = [one for one in DECK if one != start]
        for rack in combinations(others, rack_size):
            deals += 1
            hits += any(touches(start, one) for one in rack)
    assert can_lay_first(rack_size) == Fraction(hits, deals)


def test_the_odds_in_closed_form():
    assert can_lay_first(1) == Fraction(1, 10) and expected_neighbours(1) == Fraction(1, 10)
    assert can_lay_first(10) == 1 - Fraction(72 * 71 * 70 * 69 * 68 * 67 * 66 * 65 * 64 * 63) / (
        80 * 79 * 78 * 77 * 76 * 75 * 74 * 73 * 72 * 71
    )
    assert can_lay_first(72) < 1 and can_lay_first(73) == 1 == can_lay_first(80)
    assert expected_neighbours(10) == 1 and expected_neighbours(80) == 8


@pytest.mark.parametrize("rack_size", [1, 5, 10, 40, 75, 80])
def test_the_number_of_touching_cards_is_hypergeometric(rack_size):
    odds = touching_odds(rack_size)
    assert sum(odds.values()) == 1
    assert sum(k * p for k, p in odds.items()) == expected_neighbours(rack_size)
    assert 1 - odds.get(0, Fraction(0)) == can_lay_first(rack_size)


@pytest.mark.parametrize("bad", [0, 81, -3])
def test_a_rack_holds_1_to_80_cards(bad):
    with pytest.raises(ValueError, match="1 to 80 cards"):
        can_lay_first(bad)


def test_simulation_agrees_with_the_exact_odds():
    deals = simulate_can_lay_first(10, 20_000, seed=4)
    p = float(can_lay_first(10))
    assert abs(sum(deals) / len(deals) - p) < 4 * sqrt(p * (1 - p) / len(deals))
    assert simulate_can_lay_first(10, 50, seed=4) == deals[:50], "seeded"


def test_the_odds_for_every_rack_size_rise_from_one_in_ten_to_certain():
    odds = can_lay_first_by_size()
    assert list(odds) == list(range(1, 81)) and odds[10] == can_lay_first(10)
    assert odds[1] == Fraction(1, 10) and list(odds.values()) == sorted(odds.values())
    assert odds[72] < 1 == odds[73], "certain from 73 cards on"


def test_simulated_deals_are_compared_with_the_exact_chance():
    share, gap = against_exact([True, False, False, False], rack_size=1)
    assert share == 0.25 and gap == pytest.approx(0.25 - 0.1)
    share, gap = against_exact([False] * 10, rack_size=1)
    assert share == 0 and gap == pytest.approx(-0.1)
