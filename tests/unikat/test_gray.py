"""One chain through all 81 cards, the 9 × 9 snake it lays, and the 2 × 2 squares."""

from itertools import combinations, pairwise

import pytest

from mathcards.unikat.board import check_table
from mathcards.unikat.cards import DECK, neighbours, parse_cards, touches
from mathcards.unikat.gray import (
    SIDE,
    Flaw,
    changed_feature,
    gray_chain,
    gray_code,
    is_square,
    snake,
    square_features,
    square_flaw,
    squares,
)


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


@pytest.mark.parametrize(
    ("codes", "flaw"),
    [
        ("swb1 swb2 srb1 srb2", None),
        ("swb1 cwb2 srb1 srb2", Flaw.TOP),
        ("swb1 swb2 srb1 crb3", Flaw.BOTTOM),
        ("swb1 swb2 crb1 crb2", Flaw.LEFT),
        ("swb1 swb2 srb1 srb3", Flaw.RIGHT),
        ("swb1 swb2 swb2 swb3", Flaw.TWICE),
    ],
)
def test_what_keeps_four_cards_from_lying_as_a_square(codes, flaw):
    four = parse_cards(codes)
    assert square_flaw(*four) is flaw and is_square(*four) == (flaw is None)


def test_a_card_twice_is_no_square_though_each_side_touches():
    a, b, c, d = parse_cards("swb1 swb2 swb2 swb3")
    assert touches(a, b) and touches(b, d) and touches(d, c) and touches(c, a)
    assert not is_square(a, b, c, d), "every card is unique: one card cannot lie twice"


def test_the_first_side_that_does_not_touch_is_named():
    assert square_flaw(*parse_cards("swb1 cwb2 srb1 crb3")) is Flaw.TOP, "top, then bottom"
