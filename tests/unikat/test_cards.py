"""The 81 cards and the board's laying rule (docs/rules.md#unikat-cards,
docs/rules.md#unikat-laying-rule)."""

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.unikat.board import (
    START,
    any_fits,
    check_table,
    fits,
    fitting_cards,
    frontier,
    lays,
    parse_cell,
    parse_placement,
    parse_table,
    places,
    random_table,
)
from mathcards.unikat.cards import (
    DECK,
    FEATURES,
    card,
    card_with,
    neighbours,
    parse_cards,
    touches,
)

swb1, cwb1, cwb2, swb2, qwb1 = parse_cards("swb1 cwb1 cwb2 swb2 qwb1")


def test_81_cards_each_once_3_x_3_x_3_x_3():
    assert len(DECK) == len(set(DECK)) == 3 * 3 * 3 * 3 == 81
    assert len({one.code for one in DECK}) == 81


def test_codes_and_names_in_words():
    assert card("swb1").name == "small blue star on white"
    assert card("QNY3").name == "large yellow square on navy"
    assert card(" crg2 ").code == "crg2" and str(card("crg2")) == "crg2"
    assert [f.name for f in FEATURES] == ["shape", "background", "colour", "size"]


@given(st.sampled_from(DECK))
def test_every_code_reads_back_as_its_card(one):
    assert card(one.code) == one and card(one) is one


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("swb", "four letters"),
        ("swb12", "four letters"),
        ("xwb1", "shape must be one of s/c/q, not 'x'"),
        ("sxb1", "background must be one of w/r/n"),
        ("swx1", "colour must be one of b/g/y"),
        ("swb4", "size must be one of 1/2/3"),
    ],
)
def test_a_code_that_is_not_a_card_says_why(code, says):
    with pytest.raises(ValueError, match=says):
        card(code)


def test_a_card_chosen_by_the_words_of_its_four_features():
    assert card_with(("star", "white", "blue", "small")) == card("swb1")
    assert all(card_with(one.words) == one for one in DECK)
    with pytest.raises(ValueError, match="a shape is star/circle/square, not 'hexagon'"):
        card_with(("hexagon", "white", "blue", "small"))


def test_touching_cards_differ_in_exactly_one_feature():
    assert touches(swb1, cwb1) and touches(swb1, swb2)
    assert not touches(swb1, cwb2), "two features differ"
    assert not touches(swb1, swb1), "no feature differs"


def test_every_card_has_8_neighbours_4_features_times_2_other_values():
    for one in DECK:
        found = neighbours(one)
        assert len(set(found)) == 8 and all(touches(one, other) for other in found)
        assert set(found) == {other for other in DECK if touches(one, other)}
    pairs = sum(touches(a, b) for a, b in combinations(DECK, 2))
    assert pairs == 81 * 8 // 2 == 324


def test_a_card_fits_an_empty_cell_next_to_a_card_touching_every_card_around_it():
    table = {START: swb1, (1, 0): cwb1}
    assert fits(table, swb2, (0, 1)) and fits(table, cwb2, (1, 1))
    assert not fits(table, swb2, START), "taken"
    assert not fits(table, swb2, (5, 5)), "next to no card"
    assert not fits(table, cwb2, (0, 1)), "differs from the start card in two features"
    table[(1, 1)] = cwb2
    assert fits(table, swb2, (0, 1)), "touches both cards around it"
    assert not fits(table, qwb1, (0, 1)), "touches the start card, but not cwb2"


def test_where_cards_may_go():
    table = {START: swb1}
    assert frontier(table) == [(0, -1), (-1, 0), (1, 0), (0, 1)]
    assert places(table, cwb1) == frontier(table)
    assert places(table, cwb2) == []
    assert places({**table, (1, 0): cwb1}, cwb2, after=(1, 0)) == [(1, -1), (2, 0), (1, 1)]
    assert lays(table, [cwb1, cwb2]) == [(cwb1, cell) for cell in frontier(table)]
    assert fitting_cards(table) == set(neighbours(swb1))


def test_reading_a_table():
    assert parse_placement("swb1@0,0") == (swb1, (0, 0))
    assert parse_cell("-2,3") == (-2, 3)
    assert parse_table(["swb1@0,0", "cwb1@1,0"]) == {START: swb1, (1, 0): cwb1}
    with pytest.raises(ValueError, match="CODE@X,Y"):
        parse_placement("swb1")
    with pytest.raises(ValueError, match="not a cell"):
        parse_placement("swb1@0")
    with pytest.raises(ValueError, match="two cards on cell 0,0"):
        parse_table(["swb1@0,0", "cwb1@0,0"])
    with pytest.raises(ValueError, match="swb1 lies twice"):
        parse_table(["swb1@0,0", "swb1@5,5"])
    with pytest.raises(ValueError, match="differ in 2 features"):
        parse_table(["swb1@0,0", "cwb2@0,1"])
    with pytest.raises(ValueError, match=r"^swb1 at 0,0 and cwb2 at 0,1 lie side by side"):
        parse_table(["swb1@0,0", "cwb2@0,1", "qwb1@7,7"])  # the cells of the pair, not the last
    check_table({START: swb1, (0, 1): swb2, (1, 1): cwb2})


@given(st.integers(0, 10**6), st.integers(1, 40), st.sets(st.sampled_from(DECK), max_size=12))
def test_some_card_fits_exactly_when_one_of_the_fitting_cards_is_among_them(seed, size, cards):
    table = random_table(random.Random(seed), size)
    assert any_fits(table, cards) == bool(fitting_cards(table) & cards)
    assert any_fits(table, fitting_cards(table)) == bool(fitting_cards(table))
    assert not any_fits({}, DECK), "on an empty table no card is next to another"


def test_a_random_table_is_laid_by_the_rules():
    table = random_table(random.Random(5), 30)
    assert len(table) == 30 and START in table
    check_table(table)
