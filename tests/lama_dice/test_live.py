"""LAMA Dice live: the class's guesses beside the exact answer, and the dice settling on it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.chips import LLAMA as L
from mathcards.lama_dice.dice import Case
from mathcards.lama_dice.live import (
    NAMED_MOMENTS,
    LiveGuessing,
    Question,
    named_moment,
    read_back,
    read_share,
)
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import last_player
from mathcards.room import LiveRefusal, Phase

ROW, LLAMA_ROW = (2, 2, 6), (1, 3, 5, L)


def test_the_exact_answer_is_the_chance_of_the_case_asked_about_or_the_better_choice() -> None:
    odds = roll_odds(ROW, LLAMA_ROW)
    assert Question(ROW, LLAMA_ROW, asks="bust").exact() == odds.bust
    assert Question(ROW, LLAMA_ROW, asks="discard").exact() == odds.discard
    assert Question(ROW, LLAMA_ROW, asks="three-llamas").exact() == odds.three_llamas
    assert (
        Question(ROW, LLAMA_ROW, asks="roll-or-quit").exact() == last_player(ROW, LLAMA_ROW).action
    )


def test_three_llamas_with_the_usual_dice_is_one_in_27() -> None:
    assert Question((6,), (), asks="three-llamas").exact() == Fraction(1, 27)


@pytest.mark.parametrize(
    ("typed", "share"),
    [("35", Fraction(35, 100)), ("35%", Fraction(7, 20)), (" 12,5 % ", Fraction(1, 8)),
     ("1/3", Fraction(1, 3)), ("0", Fraction(0)), ("100", Fraction(1))],
)  # fmt: skip
def test_a_guess_is_read_as_a_student_types_a_chance(typed: str, share: Fraction) -> None:
    assert read_share(typed) == share


def test_the_projectors_first_moment_asks_a_chance_strictly_between_0_and_1() -> None:
    first = named_moment(next(iter(NAMED_MOMENTS)))
    assert first.chance and 0 < first.exact() < 1  # type: ignore[operator]


@pytest.mark.parametrize("label", list(NAMED_MOMENTS))
def test_every_named_moment_asks_a_chance_strictly_between_0_and_1(label: str) -> None:
    asked = named_moment(label)
    exact = asked.exact()
    assert asked.chance and isinstance(exact, Fraction) and 0 < exact < 1
    lit = asked.lit()  # the reveal's grid counts the same rolls
    assert len(lit) == 216 and sum(counted for _faces, counted in lit) == exact * 216


def test_the_one_card_bust_lights_92_of_the_216_rolls() -> None:
    assert named_moment("Bust with one card left").exact() == Fraction(92, 216)


@pytest.mark.parametrize(
    ("typed", "share"),
    [("0,5", Fraction(1, 2)), ("0.25", Fraction(1, 4)), ("0,5%", Fraction(1, 200)),
     ("5,5", Fraction(55, 1000)), ("0", Fraction(0))],
)  # fmt: skip
def test_a_decimal_below_1_is_a_share_of_the_rolls_and_said_back(
    typed: str, share: Fraction
) -> None:
    assert read_share(typed) == share
    said = read_back(typed)
    assert ("50.0%" in said) if typed == "0,5" else (said == "" or "25.0%" in said)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [("", "percentage"), ("a lot", "percentage"), ("150", "at most 100%"), ("2/1", "at most"),
     ("1/0", "percentage"), ("-5", "percentage"), ("1e9", "percentage")],
)  # fmt: skip
def test_a_guess_that_is_not_a_chance_is_refused_saying_why(typed: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        read_share(typed)


def test_a_question_set_up_wrong_is_refused_with_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="asks one of"):
        Question(ROW, LLAMA_ROW, asks="jackpot")
    with pytest.raises(ValueError, match="at least one card"):
        Question((), LLAMA_ROW)
    with pytest.raises(ValueError, match="llama row"):
        Question(ROW, (1, 1))
    with pytest.raises(ValueError, match="roll or quit"):
        Question(ROW, LLAMA_ROW, asks="roll-or-quit").read("maybe")


def lesson(*names: str) -> LiveGuessing:
    live = LiveGuessing()
    for name in names:
        live.join(name)
    return live


def test_the_last_guess_of_each_student_counts_and_the_spread_counts_each_tenth() -> None:
    live = lesson("Ada", "Bolek", "Cyryl")
    live.ask(Question(ROW, LLAMA_ROW, asks="bust"))
    live.guess("Ada", "90", seq=1)
    live.guess("Ada", "15", seq=2)
    live.guess("Bolek", "12%", seq=3)
    live.guess("Cyryl", "100", seq=4)
    asked = live.current
    assert asked is not None and asked.guesses["Ada"].seq == 2
    assert asked.spread() == [0, 2, 0, 0, 0, 0, 0, 0, 0, 1]


def test_the_closest_guess_comes_first_and_of_equal_guesses_the_earlier() -> None:
    live = lesson("Ada", "Bolek", "Cyryl")
    question = Question(ROW, LLAMA_ROW, asks="bust")
    live.ask(question)
    exact = question.exact()
    assert isinstance(exact, Fraction)
    near = f"{float(exact) * 100:.1f}"
    live.guess("Bolek", near, seq=1)
    live.guess("Ada", "99", seq=2)
    live.guess("Cyryl", near, seq=3)
    assert [guess.name for guess in live.current.closest()] == ["Bolek", "Cyryl", "Ada"]  # type: ignore[union-attr]


def test_roll_or_quit_counts_the_choices_and_scores_the_right_one() -> None:
    live = lesson("Ada", "Bolek")
    question = Question(ROW, LLAMA_ROW, asks="roll-or-quit")
    live.ask(question)
    best = question.exact()
    other = "quit" if best == "roll" else "roll"
    live.guess("Ada", str(best), seq=1)
    live.guess("Bolek", other, seq=2)
    assert live.current.spread() == {best: 1, other: 1}  # type: ignore[union-attr]
    live.reveal()
    assert live.how_close() == {"Ada": 0, "Bolek": 1}


def test_how_close_each_student_was_is_their_average_distance_over_revealed_questions() -> None:
    live = lesson("Ada")
    for asks, typed in [("three-llamas", "0"), ("three-llamas", "10")]:
        live.ask(Question((6,), (), asks=asks))
        live.guess("Ada", typed, seq=0)
        live.reveal()
    live.ask(Question((6,), (), asks="bust"))
    live.guess("Ada", "100", seq=9)  # still open: not counted yet
    third = Fraction(1, 27)
    assert live.how_close() == {"Ada": (third + (Fraction(1, 10) - third)) / 2}


def test_no_guess_is_taken_before_a_question_after_its_reveal_or_from_outside_the_room() -> None:
    live = lesson("Ada")
    with pytest.raises(LiveRefusal) as refused:
        live.guess("Ada", "10", seq=1)
    assert refused.value.reason == "no-round"
    live.ask(Question(ROW, LLAMA_ROW))
    with pytest.raises(LiveRefusal, match="still open"):
        live.ask(Question(ROW, LLAMA_ROW))
    with pytest.raises(LiveRefusal) as refused:
        live.guess("Zenon", "10", seq=2)
    assert refused.value.reason == "not-joined"
    live.reveal()
    assert live.phase is Phase.REVEALED
    with pytest.raises(LiveRefusal):
        live.guess("Ada", "10", seq=3)


def test_the_dice_settle_on_the_exact_chance() -> None:
    question = Question(ROW, LLAMA_ROW, asks="bust")
    shares = question.rolled(10_000, seed=5)
    assert len(shares) == 10_000
    assert abs(shares[-1] - float(question.exact())) < 0.02  # type: ignore[arg-type]
    assert shares == question.rolled(10_000, seed=5)
    with pytest.raises(ValueError, match="rolls must be"):
        question.rolled(0)
    with pytest.raises(ValueError, match="only a question about a chance"):
        Question(ROW, LLAMA_ROW, asks="roll-or-quit").rolled(10)


@given(st.lists(st.integers(0, 100), min_size=1, max_size=30))
def test_every_guess_lands_in_exactly_one_bar(percents: list[int]) -> None:
    live = LiveGuessing()
    live.ask(Question(ROW, LLAMA_ROW, asks="discard"))
    for seq, percent in enumerate(percents):
        live.join(f"s{seq}")
        live.guess(f"s{seq}", str(percent), seq=seq)
    bars = live.current.spread()  # type: ignore[union-attr]
    assert isinstance(bars, list) and sum(bars) == len(percents)
    assert Case.DISCARD.value == "discard"


def test_the_dice_are_rolled_for_a_revealed_chance_the_same_on_every_page() -> None:
    lesson = LiveGuessing()
    lesson.ask(Question(ROW, LLAMA_ROW, asks="bust"))
    with pytest.raises(LiveRefusal) as early:
        lesson.roll(100, 5)
    assert early.value.reason == "not-revealed"
    lesson.reveal()
    shares = lesson.roll(1000, 5)
    assert shares == Question(ROW, LLAMA_ROW, asks="bust").rolled(1000, 5)
    assert lesson.current is not None and lesson.current.rolls == (1000, 5)
    lesson.ask(Question(ROW, LLAMA_ROW, asks="roll-or-quit"))
    lesson.reveal()
    with pytest.raises(LiveRefusal) as choice:
        lesson.roll(10, 1)
    assert choice.value.reason == "no-chance"
