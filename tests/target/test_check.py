"""Checking a child's answer: right answers written many ways, and every kind of mistake."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.reference import enumerate_solutions
from mathcards.target.check import AnswerSyntaxError, check, parse

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
    assert verdict.kind == "correct"
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
    ],
)
def test_every_kind_of_mistake_is_named(answer, cards, kind, message):
    verdict = check(answer, cards, 32)
    assert not verdict.correct
    assert verdict.kind == kind
    assert message in verdict.message


def test_powers_that_break_the_rules():
    assert "0^0" in check("(2-2)^(3-3)", [2, 2, 3, 3], 1, power=True).message
    too_big = check("2^(15+6)", [2, 15, 6], 32, power=True)
    assert "bigger than 1,000,000" in too_big.message
    assert check("2^5", [2, 5], 32, power=True, max_power=31).kind == "step"


def test_syntax_errors_say_where_reading_stopped():
    assert check("7 + + 6", RULEBOOK, 32).position == 4
    assert check("2+13", RULEBOOK, 32).position == 2


def test_powers_group_to_the_right():
    assert check("2^3^2", [2, 3, 2], 512, power=True).correct


@settings(max_examples=300)
@given(st.text(max_size=60))
def test_never_raises_on_any_text(answer):
    verdict = check(answer, RULEBOOK, 32, power=True)
    assert isinstance(verdict.message, str) and verdict.message


@settings(max_examples=300)
@given(st.text(alphabet="0123456789+-*/^()×÷: x−", max_size=30))
def test_never_raises_on_calculator_like_text(answer):
    check(answer, RULEBOOK, 32, power=True)


def test_very_long_or_deep_answers_are_refused_kindly():
    assert "too long" in check("(" * 5000 + "2" + ")" * 5000, [2], 2).message
    assert "too long" in check("9" * 5000, [2], 2).message


expressions = st.recursive(
    st.sampled_from(["7", "6", "12", "2", "15"]),
    lambda inner: st.tuples(inner, st.sampled_from("+-*/^"), inner).map(
        lambda parts: f"({parts[0]}{parts[1]}{parts[2]})"
    ),
    max_leaves=5,
)


@settings(max_examples=300, deadline=None)
@given(expressions, st.sampled_from([32, 0, 1, 9, 49]))
def test_never_accepts_a_wrong_answer(answer, target):
    verdict = check(answer, RULEBOOK, target, power=True)
    if verdict.correct:
        assert verdict.form in enumerate_solutions(RULEBOOK, target, power=True)


def test_parse_raises_a_value_error_for_the_api():
    with pytest.raises(ValueError, match="never closed"):
        parse("(1+2")
    assert isinstance(AnswerSyntaxError("x", 0), ValueError)


def test_bad_cards_or_target_are_value_errors():
    with pytest.raises(ValueError, match="no cards"):
        check("1", [], 1)
    with pytest.raises(ValueError, match="target"):
        check("1", [1], -1)
