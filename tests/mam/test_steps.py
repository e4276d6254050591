"""The arithmetic rules of one step, and their two fast forms used by the solver."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.mam.steps import (
    OPERATORS,
    StepError,
    apply,
    combine_values,
    partners,
    power,
)

numbers = st.integers(0, 400)
max_powers = st.sampled_from([1, 10, 1000, 10**6])


def allowed(op, a, b, max_power):
    try:
        return apply(op, a, b, powers=True, max_power=max_power)
    except StepError:
        return None


@pytest.mark.parametrize(
    ("op", "a", "b", "message"),
    [
        ("-", 5, 7, "5 − 7 goes below zero"),
        ("/", 15, 4, "15 ÷ 4 is not a whole number"),
        ("/", 3, 0, "divide by zero"),
        ("^", 0, 0, "0^0"),
        ("^", 2, 20, "bigger than 1,000,000"),
    ],
)
def test_a_broken_step_says_which_rule_it_breaks(op, a, b, message):
    with pytest.raises(StepError, match=re.escape(message)):
        apply(op, a, b, powers=True)


def test_powers_need_the_exponent_variant():
    with pytest.raises(StepError, match="exponent variant"):
        apply("^", 2, 3)
    assert apply("^", 2, 3, powers=True) == 8


def test_allowed_steps():
    assert apply("+", 3, 4) == 7
    assert apply("-", 7, 7) == 0
    assert apply("*", 0, 9) == 0
    assert apply("/", 0, 9) == 0
    assert apply("/", 12, 6) == 2
    assert apply("^", 0, 5, powers=True) == 0
    assert apply("^", 5, 0, powers=True) == 1
    assert apply("^", 10, 6, powers=True) == 10**6


def test_power_never_computes_a_huge_number():
    assert power(2, 10**9) is None
    assert power(1, 10**9) == 1


@given(numbers, numbers, st.booleans(), max_powers)
def test_combine_values_is_every_allowed_step(a, b, powers, max_power):
    ops = OPERATORS if powers else OPERATORS[:-1]
    expected = {
        result
        for op in ops
        for x, y in ((a, b), (b, a))
        if (result := allowed(op, x, y, max_power)) is not None
    }
    made = combine_values(frozenset({a}), frozenset({b}), powers=powers, max_power=max_power)
    assert made == expected


@given(numbers, st.integers(0, 1200), max_powers, st.integers(0, 60))
def test_partners_are_exactly_the_inverse_of_apply(a, result, max_power, largest):
    expected = {
        (op, a_is_left, b)
        for b in range(largest + 1)
        for op in OPERATORS
        for a_is_left in (True, False)
        if allowed(op, *((a, b) if a_is_left else (b, a)), max_power) == result
        and (op not in "+*" or a_is_left)  # + and * are listed once, `a` on the left
    }
    listed = {
        (op, a_is_left, b)
        for op, a_is_left, candidates in partners(a, result, powers=True, max_power=max_power)
        for b in range(largest + 1)
        if (candidates(b) if callable(candidates) else b in candidates)
    }
    assert listed == expected
