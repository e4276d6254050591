"""Counting calculations: sympy's formula against every calculation written out, the values
against the solver's, and the count with letters against OEIS A140606."""

import pytest

from mathcards.mam.counting import calculations, census, factors, formal_count
from mathcards.mam.solver import values
from widgets.mam.counting import render_count

# OEIS A140606, "number of inequivalent expressions involving n operands": +, −, ×, ÷ and
# brackets over n letters, each used once, two expressions the same when they are the same
# rational function ((a − b)/(c − d) is (b − a)/(d − c)). Negatives and fractions are allowed
# there; our rules forbid them, so a deal's count of different solutions is smaller.
A140606 = [1, 6, 68, 1170]


@pytest.mark.parametrize(("cards", "count"), [(1, 1), (2, 8), (3, 192), (4, 7680), (5, 430_080)])
def test_the_formula_is_orders_times_bracketings_times_operators(cards, count):
    assert calculations(cards) == count
    assert [int(f.doit()) for f in factors(5, power=True)] == [120, 14, 625]


@pytest.mark.parametrize("hand", [(3,), (3, 5), (2, 3, 5), (2, 2, 4), (2, 3, 5, 7), (0, 1, 4, 6)])
@pytest.mark.parametrize("power", [False, True])
def test_writing_every_calculation_out_gives_the_formula_and_the_solvers_values(hand, power):
    found = census(hand, power)
    assert found.written == calculations(len(hand), power)
    assert found.made == values(hand, power)
    assert found.agrees()


def test_two_cards_by_hand():
    found = census((3, 5))
    assert (found.written, found.allowed, found.made) == (8, 5, {8, 2, 15})


def test_the_count_with_letters_is_oeis_a140606():
    assert [formal_count(n) for n in range(1, len(A140606) + 1)] == A140606


def test_too_many_cards_to_write_out_are_refused_and_the_page_says_so():
    with pytest.raises(ValueError):
        census((1, 2, 3, 4, 5))
    assert "✓" not in render_count([1, 2, 3, 4, 5], power=False)
    assert "430,080" in render_count([1, 2, 3, 4, 5], power=False).replace("\u202f", ",")
