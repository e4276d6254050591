"""Checking a child's answer: right answers written many ways, and every kind of mistake."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.mam.checker import VerdictKind, check, parse
from tests.mam.reference import form_of, solutions_by_target

RULEBOOK = [7, 6, 12, 2, 15]


@pytest.mark.parametrize(
    "answer",
    [
        "7×6−12+2",
        "7*6-12+2",
        "7 x 6 - 12 + 2",
        "7X6–12+2",
        "7·6 - 12 + 2 = 32",
        "(7*6)-12+2",
        "2+7*6-12",
        "6×7+2−12",
        "12+15+7−2",
        "[12 + 15] + (7 - 2)",
        "  15 + 12 + 7 - 2  ",
    ],
)
def test_right_answers_written_many_ways(answer):
    verdict = check(answer, RULEBOOK, 32)
    assert verdict.correct, verdict.message
    assert verdict.kind is VerdictKind.CORRECT
    assert verdict.value == 32
    assert verdict.message.startswith("Correct!")
    assert "4 cards" in verdict.message


def test_the_rulebook_exponent_answer():
    verdict = check("7^(12÷6)−15−2", RULEBOOK, 32, power=True)
    assert verdict.correct
    assert "5 cards" in verdict.message
    assert check("7**(12:6)-15-2", RULEBOOK, 32, power=True).correct


def test_one_card_is_a_whole_answer():
    verdict = check("15", [15, 3], 15)
    assert verdict.correct and verdict.message.endswith("uses 1 card.")


@pytest.mark.parametrize(
    ("answer", "cards", "kind", "message"),
    [
        ("13+19", RULEBOOK, "not-on-table", "13 is not on the table"),
        ("7+7+6+12", RULEBOOK, "used-too-often", "you used 7 twice, but there is only one 7"),
        ("4+4+4+4", [4, 4, 1], "used-too-often", "you used 4 4 times, but there are only 2"),
        ("15/4+2", [15, 4, 2], "step", "15 ÷ 4 is not a whole number"),
        ("2-7+37", [2, 7, 37], "step", "2 − 7 goes below zero"),
        ("7/(2-2)", [7, 2, 2], "step", "divide by zero"),
        ("2^5", [2, 5], "step", "only allowed in the exponent variant"),
        ("7*6-12", RULEBOOK, "total", "that makes 30, not 32"),
        ("7*6-12+2=31", RULEBOOK, "total", "that makes 32, not 31"),
        ("", RULEBOOK, "empty", "type a calculation first"),
        ("7+", RULEBOOK, "syntax", "a number is missing after the last “+”"),
        ("7+*6", RULEBOOK, "syntax", "a number is missing before “×”"),
        ("(7*6", RULEBOOK, "syntax", "never closed"),
        ("7*6)", RULEBOOK, "syntax", "no ( before it"),
        ("2(15+1)", RULEBOOK, "syntax", "put an operator before “(”"),
        ("-7+39", RULEBOOK, "syntax", "can't start with −"),
        ("7 & 6", RULEBOOK, "syntax", "I can't read “&”"),
        ("()", RULEBOOK, "syntax", "nothing between ( and )"),
        ("7+6=", RULEBOOK, "syntax", "after = write the number"),
        ("[7*6)-12+2", RULEBOOK, "syntax", "the bracket [ is closed with ): close it with ]"),
        ("{7*6]-12+2", RULEBOOK, "syntax", "close it with }"),
        ("7*6-12+2=²", RULEBOOK, "syntax", "after = write the number"),
        ("7*6-12+2=٣٢", RULEBOOK, "syntax", "after = write the number"),
        ("7*6-12+2=" + "3" * 5000, RULEBOOK, "syntax", "too long"),
        ("7*6-12+2=" + "3" * 40, RULEBOOK, "syntax", "far too long"),
        ("٧*6-12+2", RULEBOOK, "syntax", "I can't read “٧”"),
    ],
)
def test_every_kind_of_mistake_is_named(answer, cards, kind, message):
    verdict = check(answer, cards, 32)
    assert not verdict.correct
    assert verdict.kind is VerdictKind(kind)
    assert message in verdict.message


def test_powers_that_break_the_rules():
    assert "0^0" in check("(2-2)^(3-3)", [2, 2, 3, 3], 1, power=True).message
    too_big = check("2^(15+6)", [2, 15, 6], 32, power=True)
    assert "bigger than 1,000,000" in too_big.message
    assert check("2^5", [2, 5], 32, power=True, max_power=31).kind is VerdictKind.STEP


def test_syntax_errors_say_where_reading_stopped():
    assert check("7 + + 6", RULEBOOK, 32).position == 4
    assert check("2+13", RULEBOOK, 32).position == 2


def test_powers_group_to_the_right():
    assert check("2^3^2", [2, 3, 2], 512, power=True).correct


@settings(max_examples=300)
@given(st.text(max_size=60))
def test_never_raises_on_any_text(answer):
    verdict = check(answer, RULEBOOK, 32, power=True)
    assert verdict.message.strip()
    assert verdict.correct == (verdict.kind is VerdictKind.CORRECT)


@settings(max_examples=300)
@given(st.text(alphabet="0123456789+-*/^()×÷: x−", max_size=30))
def test_never_raises_on_calculator_like_text(answer):
    check(answer, RULEBOOK, 32, power=True)


def test_very_long_or_deep_answers_are_refused_kindly():
    assert "too long" in check("(" * 5000 + "2" + ")" * 5000, [2], 2).message
    assert "too long" in check("9" * 5000, [2], 2).message


def _value(tree, max_power=1_000_000):
    """The value of a calculation under the game's rules, worked out without the checker:
    every step a whole number, 0 or more; None when a step breaks a rule."""
    if isinstance(tree, int):
        return tree
    op, left, right = tree
    a, b = _value(left, max_power), _value(right, max_power)
    if a is None or b is None:
        return None
    if op == "+":
        return a + b
    if op == "-":
        return a - b if a >= b else None
    if op == "*":
        return a * b
    if op == "/":
        return a // b if b and a % b == 0 else None
    if (a, b) == (0, 0) or (a > 1 and b > 20) or a**b > max_power:
        return None
    return a**b


def _text(tree):
    if isinstance(tree, int):
        return str(tree)
    op, left, right = tree
    return f"({_text(left)}{op}{_text(right)})"


@st.composite
def calculations(draw):
    """A calculation from some of the rulebook's cards, each used at most once."""
    cards = draw(st.permutations(RULEBOOK))[: draw(st.integers(1, 5))]
    trees = list(cards)
    while len(trees) > 1:
        i = draw(st.integers(0, len(trees) - 2))
        op = draw(st.sampled_from("+-*/^"))
        trees[i : i + 2] = [(op, trees[i], trees[i + 1])]
    return trees[0]


@settings(max_examples=400, deadline=None)
@given(calculations(), st.integers(-40, 40).filter(bool))
def test_never_accepts_a_wrong_answer(tree, miss):
    value = _value(tree)
    if value is None:
        assert not check(_text(tree), RULEBOOK, 32, power=True).correct
        return
    wrong = value + miss if value + miss >= 0 else value - miss
    assert not check(_text(tree), RULEBOOK, wrong, power=True).correct
    right = check(_text(tree), RULEBOOK, value, power=True)
    assert right.correct, right.message
    assert form_of(_text(tree)) in solutions_by_target(tuple(RULEBOOK), power=True)[value]


def test_parse_raises_a_value_error_for_the_api():
    with pytest.raises(ValueError, match="never closed"):
        parse("(1+2")


def test_bad_cards_or_target_are_value_errors():
    with pytest.raises(ValueError, match="no cards"):
        check("1", [], 1)
    with pytest.raises(ValueError, match="target"):
        check("1", [1], -1)
