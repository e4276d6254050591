"""The dice's generating functions: the coefficient of x^t is the number of pairs that roll t."""

from collections import Counter
from fractions import Fraction

import pytest

from mathcards.mam import LEVELS
from mathcards.mam.cards import RED, Level
from mathcards.mam.generating import ways
from widgets.mam.generating import render_generating


@pytest.mark.parametrize("name", list(LEVELS))
def test_the_coefficients_count_the_rolls_and_give_the_levels_odds(name):
    level = LEVELS[name]
    first, second = level.dice
    assert ways(level) == dict(sorted(Counter(a + b for a in first for b in second).items()))
    assert {t: Fraction(n, 36) for t, n in ways(level).items()} == level.targets()


def test_equal_faces_add_up_and_the_page_shows_the_product_as_mathml():
    level = Level("red", dice=(RED, RED))
    assert ways(level) == {0: 4, 10: 8, 20: 12, 30: 8, 40: 4}
    shown = render_generating(level)
    assert "<math>" in shown and "12" in shown and "x^20" in shown
