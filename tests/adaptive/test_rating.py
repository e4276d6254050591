"""The rating model: the paper's scoring rule, its expectation, the update of both ratings after
an answer, the clock-off accommodation and hints (docs/design.md#the-rating-model)."""

import math
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.adaptive.rating import (
    LEARNING,
    STUDENT_VARIANCE,
    Attempt,
    Rating,
    chance,
    expected_chance,
    expected_score,
    score,
    update,
)

DEADLINE = 120.0
STUDENT, ITEM = Rating(0.5, 1.0), Rating(0.0, 0.5)


def integral(function, low, high, steps=20_000):
    """A midpoint rule: plain, sharing nothing with the model's own grid."""
    width = (high - low) / steps
    return sum(function(low + (k + 0.5) * width) for k in range(steps)) * width


@pytest.mark.parametrize(
    ("answer", "scored"),
    [
        (Attempt(True, 30), 0.75),  # right in a quarter of the time
        (Attempt(False, 30), -0.75),  # wrong as fast: as much lost
        (Attempt(True, 120), 0.0),  # right at the deadline: nothing won
        (Attempt(True, 500), 0.0),  # nor after it
        (Attempt(False, 0), -1.0),
        (Attempt(True, 30, hints=2), 0.0),  # a hinted right answer counts half right
        (Attempt(True, 30, hints=3, shown=True), -0.75),  # a shown one as wrong
        (Attempt(True, clock=False), 1.0),
        (Attempt(False, 10, clock=False), -1.0),  # the clock off: the seconds do not count
        (Attempt(True, hints=1, clock=False), 0.0),
    ],
)
def test_high_speed_high_stakes_scores(answer, scored):
    assert score(answer, DEADLINE) == pytest.approx(scored)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"right": 1, "seconds": 3}, "right or wrong"),
        ({"right": True, "seconds": -1}, "seconds must be a number, 0 or more"),
        ({"right": True, "seconds": "3"}, "seconds must be a number"),
        ({"right": True}, "needs its seconds"),
        ({"right": True, "seconds": 3, "hints": -1}, "hints must be a whole number"),
        ({"right": True, "seconds": 3, "hints": 1.5}, "hints must be a whole number"),
    ],
)
def test_a_bad_answer_is_refused_in_a_sentence(fields, words):
    with pytest.raises(ValueError, match=words):
        Attempt(**fields)


@pytest.mark.parametrize("difference", [-4.0, -1.0, -0.01, 0.0, 0.3, 1.0986, 2.5, 6.0])
def test_the_expected_score_is_the_mean_of_the_timed_model(difference):
    """With the clock the score S has the density e^(δS) on [−1, 1] (its right answers are
    S > 0): its mean is the paper's coth δ − 1/δ, its chance of a right answer the logistic."""
    density = integral(lambda s: math.exp(difference * s), -1, 1)
    mean = integral(lambda s: s * math.exp(difference * s), -1, 1) / density
    right = integral(lambda s: math.exp(difference * s), 0, 1) / density
    assert expected_score(difference) == pytest.approx(mean, abs=1e-7)
    assert chance(difference) == pytest.approx(right, abs=1e-7)
    assert expected_score(difference, clock=False) == pytest.approx(2 * right - 1, abs=1e-7)


def test_a_right_answer_lifts_the_student_and_eases_the_item():
    up = update(STUDENT, ITEM, Attempt(True, 20), DEADLINE)
    down = update(STUDENT, ITEM, Attempt(False, 20), DEADLINE)
    assert up.student.value > STUDENT.value > down.student.value
    assert up.item.value < ITEM.value < down.item.value
    for change in (up, down):
        assert change.student.variance < STUDENT.variance, "each answer makes both surer"
        assert change.item.variance < ITEM.variance
        assert change.student.answers == change.item.answers == 1
        # the move is shared by the variances (the student's grown by what they learn)
        moved = change.student.value - STUDENT.value
        shared = ITEM.variance / (STUDENT.variance + LEARNING)
        assert change.item.value - ITEM.value == pytest.approx(-moved * shared)


def test_the_update_is_the_exact_posterior_mean_and_variance():
    """The mean and variance of θ − β after the answer are those of the prior N(0.5, 1.5) times
    the answer's likelihood, integrated here on a fine grid of its own."""
    answer = Attempt(True, 45)
    change = update(STUDENT, ITEM, answer, DEADLINE)
    scored, prior_mean, prior_variance = score(answer, DEADLINE), 0.5, 1.0 + 0.5 + LEARNING

    def weight(d):
        gauss = math.exp(-((d - prior_mean) ** 2) / (2 * prior_variance))
        return gauss * math.exp(d * scored) * d / math.sinh(d) if d else gauss

    total = integral(weight, -12, 12)
    mean = integral(lambda d: d * weight(d), -12, 12) / total
    variance = integral(lambda d: (d - mean) ** 2 * weight(d), -12, 12) / total
    difference = change.student.value - change.item.value
    assert difference == pytest.approx(mean, abs=1e-4)
    own = STUDENT.variance + LEARNING
    shrunk = own - change.student.variance
    shrunk_item = ITEM.variance - change.item.variance
    spread = prior_variance - variance
    assert shrunk == pytest.approx(spread * ((own / prior_variance) ** 2), abs=1e-4)
    assert shrunk_item == pytest.approx(spread * ((0.5 / prior_variance) ** 2), abs=1e-4)


def test_the_step_shrinks_as_a_rating_becomes_certain():
    unsure, sure = Rating(0.0, 1.5), Rating(0.0, 0.05)
    answer = Attempt(True, 20)
    first = update(unsure, ITEM, answer, DEADLINE).student.value
    later = update(sure, ITEM, answer, DEADLINE).student.value
    assert first > later > 0
    steps = []
    student = Rating(0.0, STUDENT_VARIANCE)
    for _ in range(10):  # right, wrong, right, wrong: each step smaller than the last
        for right in (True, False):
            moved = update(student, Rating(0.0, 0.01), Attempt(right, 40), DEADLINE).student
            steps.append(abs(moved.value - student.value))
            student = moved
    assert steps[-1] < steps[0] / 3


def test_fast_and_right_counts_more_than_slow_and_right():
    fast = update(STUDENT, ITEM, Attempt(True, 5), DEADLINE).student.value
    slow = update(STUDENT, ITEM, Attempt(True, 110), DEADLINE).student.value
    assert fast > slow
    quick_slip = update(STUDENT, ITEM, Attempt(False, 5), DEADLINE).student.value
    slow_miss = update(STUDENT, ITEM, Attempt(False, 110), DEADLINE).student.value
    assert quick_slip < slow_miss, "a fast wrong answer costs more"


def test_with_the_clock_off_only_right_or_wrong_counts():
    fast = update(STUDENT, ITEM, Attempt(True, 5, clock=False), DEADLINE)
    slow = update(STUDENT, ITEM, Attempt(True, 110, clock=False), DEADLINE)
    untimed = update(STUDENT, ITEM, Attempt(True, clock=False), DEADLINE)
    assert fast == slow == untimed
    assert fast.score == 1 and fast.expected == pytest.approx(2 * chance(0.5) - 1)
    wrong = update(STUDENT, ITEM, Attempt(False, clock=False), DEADLINE)
    assert wrong.student.value < STUDENT.value < fast.student.value


def test_a_hinted_answer_counts_half_and_a_shown_one_as_wrong():
    for clock in (True, False):
        right = update(STUDENT, ITEM, Attempt(True, 30, clock=clock), DEADLINE).student.value
        hinted = update(STUDENT, ITEM, Attempt(True, 30, 1, clock=clock), DEADLINE).student.value
        wrong = update(STUDENT, ITEM, Attempt(False, 30, clock=clock), DEADLINE)
        shown = update(STUDENT, ITEM, Attempt(True, 30, 3, shown=True, clock=clock), DEADLINE)
        assert wrong.student.value < hinted < right
        assert shown == wrong


def test_days_away_make_a_rating_unsurer_up_to_a_new_students():
    monday = datetime(2025, 3, 3, 9)
    sure = Rating(1.0, 0.05, 30, monday)
    answer = Attempt(True, 30)
    next_day = update(sure, ITEM, answer, DEADLINE, monday + timedelta(days=1))
    next_month = update(sure, ITEM, answer, DEADLINE, monday + timedelta(days=30))
    same_day = update(sure, ITEM, answer, DEADLINE, monday + timedelta(hours=1))
    assert same_day.student.variance < next_day.student.variance < next_month.student.variance
    assert next_month.student.variance < STUDENT_VARIANCE
    assert next_day.student.last == monday + timedelta(days=1)


def test_a_bad_deadline_is_refused():
    with pytest.raises(ValueError, match="above 0 seconds"):
        update(STUDENT, ITEM, Attempt(True, 3), 0)


def test_the_expected_chance_counts_the_uncertainty():
    sure, unsure = Rating(1.1, 0.0), Rating(1.1, 2.0)
    assert expected_chance(sure, Rating(0.0, 0.0)) == pytest.approx(chance(1.1))
    assert 0.5 < expected_chance(unsure, Rating(0.0, 0.0)) < chance(1.1)


ratings = st.builds(Rating, st.floats(-5, 5), st.floats(0.001, 3), st.integers(0, 500), st.none())
answers = st.builds(
    Attempt,
    st.booleans(),
    st.floats(0, 300),
    st.integers(0, 5),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=200)
@given(ratings, ratings, answers)
def test_any_answer_keeps_both_ratings_finite_and_surer(student, item, answer):
    change = update(student, item, answer, DEADLINE)
    for after in (change.student, change.item):
        assert math.isfinite(after.value) and after.variance > 0
    assert change.student.variance <= student.variance + LEARNING + 1e-12
    assert change.item.variance <= item.variance + 1e-12
    assert -1 <= change.score <= 1 and -1 < change.expected < 1


@settings(max_examples=100)
@given(ratings, ratings, st.floats(0, 119), st.booleans())
def test_a_better_answer_never_leaves_a_lower_rating(student, item, seconds, clock):
    values = [
        update(student, item, Attempt(right, seconds, hints, clock=clock), DEADLINE).student.value
        for right, hints in ((False, 0), (True, 1), (True, 0))
    ]
    assert values == sorted(values)
