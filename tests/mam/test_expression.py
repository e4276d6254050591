"""Canonical forms: which calculations are the same solution, and how a solution is printed."""

import pytest
import sympy

from mathcards.mam.checker import evaluate, parse
from mathcards.mam.expression import describe, latex, pretty, text


def form(answer):
    return evaluate(parse(answer), power=True)[1]


def test_reordering_and_regrouping_sums_is_the_same_solution():
    assert form("12+15+7-2") == form("7+15+12-2") == form("(12+15)+(7-2)")


def test_reordering_products_is_the_same_solution():
    assert form("2*(3+4)") == form("(4+3)*2")


def test_subtracting_a_difference_adds_its_second_term():
    assert form("12-(7-2)") == form("12+2-7")
    assert form("12/(6/2)") == form("12*2/6")
    assert form("15-7-2") == form("15-(7+2)")


def test_different_calculations_are_different_solutions():
    assert form("2*3+4") != form("2*(3+4)")
    assert form("2^3") != form("3^2")
    assert form("6/3") != form("6-3")


def test_printing_adds_before_subtracting_and_multiplies_before_dividing():
    assert text(form("7*6-12+2")) == "7*6+2-12"
    assert text(form("12/6*15")) == "15*12/6"
    assert pretty(form("12/6*15")) == "15 × 12 ÷ 6"


def test_printing_uses_the_fewest_brackets():
    assert text(form("((7*6))+(2)")) == "7*6+2"
    assert text(form("(6+2)*(12+7-15)")) == "(6+2)*(12+7-15)"
    assert text(form("7^(12/6)-15-2")) == "7^(12/6)-15-2"
    assert text(form("(2^3)^2")) == "(2^3)^2"
    assert text(form("2^(3^2)")) == "2^3^2"
    assert text(form("20/(2+3)")) == "20/(3+2)"


def test_latex_uses_times_and_div():
    assert latex(form("(6+2)*12/4")) == r"12 \times \left(6 + 2\right) \div 4"
    assert latex(form("2^(3*2)")) == r"2^{3 \times 2}"


def test_printed_text_reads_back_to_the_same_form():
    for answer in ["(6+2)*(12+7-15)", "2^3^2", "(15*12+2)/7+6", "(2^3)^2", "20/(2+3)"]:
        assert form(text(form(answer))) == form(answer)


def test_sympy_keeps_the_value():
    from mathcards.mam.typeset import to_sympy

    for answer in ["(6+2)*(12+7-15)", "7^(12/6)-15-2", "20/(2+3)", "12*2/6"]:
        expr = to_sympy(form(answer))
        assert expr.doit() == sympy.sympify(answer.replace("^", "**"))


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("12 + 15 + 7 - 2", "add 15, 12 and 7, take away 2"),
        ("(12+15)+(7-2)", "add 15, 12 and 7, take away 2"),
        ("7*6+2-12", "add (7 × 6) and 2, take away 12"),
        ("7^(12/6)-15-2", "start from (7^(12 ÷ 6)), take away 15 and 2"),
        ("12/6", "start from 12, divide by 6"),
        ("2*(3+4)", "multiply (4 + 3) and 2"),
        ("15", "just the card 15"),
    ],
)
def test_a_solution_described_in_words(answer, words):
    assert describe(form(answer)) == words
