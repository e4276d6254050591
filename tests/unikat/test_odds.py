"""Counting the cards, the odds of touching the start card, and one chain through all 81."""

from fractions import Fraction
from itertools import combinations, pairwise
from math import sqrt

import pytest

from mathcards.unikat.board import check_table
from mathcards.unikat.cards import DECK, neighbours, touches
from mathcards.unikat.gray import (
    SIDE,
    changed_feature,
    gray_chain,
    gray_code,
    is_square,
    snake,
    square_features,
    squares,
)
from mathcards.unikat.odds import (
    can_lay_first,
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


def test_the_gray_code_counts_every_base_3_number_one_step_at_a_time():
    code = gray_code(2)
    assert code == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]
    for before, after in pairwise(code):
        assert sum(abs(a - b) for a, b in zip(before, after, strict=True)) == 1


def test_one_chain_through_all_81_cards():
    chain = gray_chain()
    assert len(chain) == len(set(chain)) == 81 and set(chain) == set(DECK)
    assert all(touches(a, b) for a, b in pairwise(chain))
    assert changed_feature(chain[0], chain[1]) == "size"
    with pytest.raises(ValueError, match="not differ in exactly one"):
        changed_feature(chain[0], chain[0])


def test_the_snake_is_a_legal_9_by_9_table():
    table = snake()
    assert set(table) == {(x, y) for x in range(SIDE) for y in range(SIDE)}
    check_table(table)
    assert table[(8, 0)] == gray_chain()[8] and table[(8, 1)] == gray_chain()[9]


def test_every_2_by_2_square_changes_two_different_features():
    found = set()
    for a in DECK:
        for b, c in combinations(neighbours(a), 2):
            for d in set(neighbours(b)) & set(neighbours(c)) - {a}:
                assert is_square(a, b, c, d)
                across, down = square_features(a, b, c, d)
                assert across != down, "one feature cannot go round a square"
                found.add(frozenset((a, b, c, d)))
    assert len(found) == len(squares()) == 486 == 81 * 6
    assert all(is_square(*square) for square in squares())
