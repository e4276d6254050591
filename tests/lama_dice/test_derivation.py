"""LAMA Dice's chances derived die by die in sympy equal the enumeration of all 216 rolls."""

from fractions import Fraction
from itertools import combinations

import pytest

from mathcards.chips import LLAMA
from mathcards.lama_dice.derivation import at_least_one, cases, chance_shows, three_llamas, value
from mathcards.lama_dice.dice import LAYOUTS, VALUES, Case, parse_dice
from mathcards.lama_dice.odds import roll_odds, shows
from mathcards.lama_dice.odds import three_llamas as enumerated_three_llamas

ROWS = [(), (1,), (6, 6, LLAMA), (2, 3), (LLAMA,), (1, 2, 3, 4, 5, 6, LLAMA)]
LLAMA_ROWS = [(), (2, 3), (LLAMA,), (1, 5, LLAMA), (1, 2, 3, 4, 5, 6, LLAMA)]


def exactly(expr) -> Fraction:
    return Fraction(str(value(expr)))


@pytest.mark.parametrize("layout", list(LAYOUTS.values()))
def test_at_least_one_die_and_three_llamas_match_the_enumeration(layout):
    dice = parse_dice(layout)
    for face in VALUES:
        assert Fraction(str(chance_shows(dice, face))) == shows(dice, face)
    assert exactly(three_llamas(dice)) == enumerated_three_llamas(dice)


@pytest.mark.parametrize("layout", list(LAYOUTS.values()))
def test_every_case_a_bust_among_them_matches_the_enumeration(layout):
    dice = parse_dice(layout)
    rows = ROWS + [pair for pair in combinations(VALUES, 2)]
    for row in rows:
        for llama_row in LLAMA_ROWS:
            derived = cases(dice, row, llama_row)
            odds = roll_odds(row, llama_row, dice)
            assert {case: exactly(derived[case]) for case in Case} == {
                case: odds.of(case) for case in Case
            }, (row, llama_row)
            assert sum(exactly(expr) for expr in derived.values()) == 1


def test_the_formula_in_letters_and_for_the_usual_dice():
    assert str(at_least_one()) == "1 - (1 - a/6)*(1 - b/6)*(1 - c/6)"
    usual = parse_dice(LAYOUTS["The usual dice"])
    assert chance_shows(usual, 6) == Fraction(11, 36)
    assert exactly(cases(usual, (6, 6, LLAMA), (2, 3))[Case.BUST]) == Fraction(1, 27)
