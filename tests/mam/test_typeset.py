"""The typed calculation as MathML, from its sympy expression: the child's order, ×, − and ÷
(: in Polish), powers as superscripts, brackets only where they are needed."""

import re
from html import unescape

import pytest
import sympy

from mathcards import i18n
from mathcards.mam.checker import check, evaluate, parse, preview
from mathcards.mam.expression import Sentence
from mathcards.mam.expression import step as step_form
from mathcards.mam.hints import hint_ladder
from mathcards.mam.solver import simplest, solve
from mathcards.mam.typeset import (
    Unconfirmed,
    confirm,
    exact,
    expression,
    html,
    mathml,
    plain,
    sentence,
)


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


# ---------------------------------------------------------------- solutions, sentences, sympy


def test_a_power_solution_is_typeset_from_its_form_with_a_superscript():
    power = next(s for s in solve([7, 6, 12, 2, 15], 32, power=True) if s.text == "7^(12/6)-15-2")
    shown = power.mathml
    assert shown.startswith("<math><mrow><mrow><msup><mn>7</mn><mrow><mn>12</mn><mo>&#247;</mo>")
    assert unescape(re.sub("<[^>]+>", "", shown)) == "712÷6−15−2"
    assert plain(power.form) == power.pretty == "7^(12 ÷ 6) − 15 − 2"
    assert mathml(power.form) == mathml(parse("7^(12:6)-15-2"))  # one printer for both


def test_a_form_is_read_in_its_printed_order_with_brackets_only_where_needed():
    found = {s.pretty: s.form for s in solve([7, 6, 12, 2, 15], 32)}
    for written in found:  # the plain text and the MathML agree, symbol for symbol
        assert unescape(re.sub("<[^>]+>", "", mathml(found[written]))) == written.replace(" ", "")
    assert "(15 + 7 + 6 − 12) × 2" in found


def test_a_page_shows_the_mathml_with_its_plain_text_beside_it():
    form = simplest([12, 6, 5], 2).form
    assert html(form) == (
        f'<span aria-hidden="true">{mathml(form)}</span><span class="mc-said">12 ÷ 6</span>'
    )
    i18n.use("pl")
    try:
        assert '<mo lspace="0.2222em" rspace="0.2222em">:</mo>' in mathml(form)
        assert html(form).endswith(">12 : 6</span>")
    finally:
        i18n.use("en")
    assert "<mo>&#247;</mo>" in mathml(form)  # each language keeps its own sign


def test_a_sentence_typesets_the_calculations_it_writes_out():
    said = Sentence("Correct! 112 + 7 − 2 > 12 + 7 − 2 = 17", (form_of("12+7-2"), form_of("5")))
    shown = sentence(said)
    assert shown.count("<math>") == 1 and shown.endswith("12 + 7 − 2</span> = 17")
    assert shown.startswith("Correct! 112 + 7 − 2 &gt; <span aria-hidden")  # 112 is not 12
    assert sentence("nothing to typeset, <b>") == "nothing to typeset, &lt;b&gt;"
    assert sentence("just 5", [form_of("5")]) == "just 5"  # a lone card stays a number
    alone = sentence(said, typeset=mathml)  # for a command: MathML, no hidden text
    assert alone.endswith(f"&gt; {mathml(form_of('12+7-2'))} = 17")


def test_sympy_confirms_a_solution_and_refuses_one_that_is_not_its_value():
    solution = simplest([12, 6, 5], 2)
    assert exact(solution.form) == 2 and solution.confirmed(2) is solution
    with pytest.raises(Unconfirmed, match=r"sympy makes 12 ÷ 6 2, not 3"):
        solution.confirmed(3)
    assert exact(parse("15/2")) == sympy.Rational(15, 2)  # exact: no whole-number rounding
    with pytest.raises(Unconfirmed):
        confirm(form_of("15*2"), 31)


def test_verdicts_and_hints_carry_the_calculations_they_write_out():
    right = check("7×6−12+2", [7, 6, 12, 2, 15], 32)
    assert right.calculations == (right.form,) and right.confirmed() is right
    step = check("15:2", [15, 2], 7)
    assert step.calculations == (step_form(15, "/", 2),)
    assert sentence(step.message).startswith('<span aria-hidden="true"><math><mrow><mn>15</mn>')
    power = check("2^30", [2, 30], 4, power=True)
    assert "<msup><mn>2</mn><mn>30</mn></msup>" in sentence(power.message)
    assert check("7×6−12", [7, 6, 12], 32).calculations == ()  # "that makes 30, not 32"
    ladder = hint_ladder([7, 6, 12, 2, 15], 32)
    assert [len(getattr(rung, "calculations", ())) for rung in ladder] == [0, 1, 1]
    assert all(sentence(rung).count("<math>") == 1 for rung in ladder[1:])


def form_of(text: str) -> tuple:
    """The canonical form of a calculation."""
    return evaluate(parse(text), power=True)[1]
