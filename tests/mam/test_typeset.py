"""The typed calculation as MathML, from its sympy expression: the child's order, ×, − and ÷
(: in Polish), powers as superscripts, brackets only where they are needed."""

import re
from html import unescape

import pytest
import sympy

from mathcards import i18n
from mathcards.mam.check import parse, preview
from mathcards.mam.typeset import expression, mathml


def symbols(text: str) -> str:
    """The MathML of a typed calculation, read in order without its tags."""
    shown = mathml(parse(text))
    assert shown.startswith("<math>") and shown.endswith("</math>")
    return unescape(re.sub("<[^>]+>", "", shown))


def test_the_expression_is_sympy_s_unevaluated_in_the_child_s_order():
    typed = expression(parse("7×6−12+2"))
    assert isinstance(typed, sympy.Expr)
    assert sympy.sstr(typed, order="none") == "(7*6 - 1*12) + 2"
    assert typed.doit() == 32


def test_a_power_is_a_superscript_with_brackets_only_around_a_whole_base():
    assert "<msup><mn>2</mn><mrow><mn>3</mn><mo>&#215;</mo><mn>2</mn></mrow></msup>" in mathml(
        parse("2^(3*2)")
    )
    assert symbols("2^(3*2)") == "23×2"  # the exponent needs no brackets: it is raised
    assert mathml(parse("(2+3)^2")).startswith("<math><msup><mrow><mo>(</mo>")
    assert symbols("(2^3)^2") == "(23)2" and symbols("2^3^2") == "232"


def test_division_is_the_sign_of_the_language():
    assert symbols("12/6") == symbols("12:6") == "12÷6"
    i18n.use("pl")
    try:
        assert symbols("12/6") == symbols("12÷6") == "12:6"
        assert preview("12:6").text == "12 : 6"
    finally:
        i18n.use("en")


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("(7*6)-12+2", "7×6−12+2"),
        ("7*(6-2)", "7×(6−2)"),
        ("12-(6-2)", "12−(6−2)"),
        ("12-(6+2)", "12−(6+2)"),
        ("(12-6)+2", "12−6+2"),
        ("(2+3)*4", "(2+3)×4"),
        ("(12:6):2", "12÷6÷2"),
        ("12:(6:2)", "12÷(6÷2)"),
        ("24:(2*3)", "24÷(2×3)"),
        ("((15))", "15"),
    ],
)
def test_brackets_only_where_they_are_needed(typed, shown):
    assert symbols(typed) == shown


def test_the_preview_gives_the_plain_text_beside_the_mathml():
    seen = preview("7*(6-2", power=False)  # unfinished: the bracket is closed for it
    assert seen.text == "7 × (6 − 2)" and seen.value == 28 and not seen.complete
    assert seen.mathml == mathml(parse("7*(6-2)"))
    assert preview("").mathml == "" and preview("").text == ""
