"""The bench's goals (bench/adaptive.py) at a fixed seed: after 40 answers each the ratings rank
a class as its true abilities do, and the share of right answers in answers 21 to 40 is within
0.05 of the aim (docs/design.md#practice-at-my-level)."""

import random
import statistics

import pytest

from mathcards.adaptive.rating import chance, expected_score
from mathcards.adaptive.simulation import simulate, spearman, timed


def test_a_class_of_200_after_40_answers_each_is_ranked_and_kept_at_three_in_four():
    simulated = simulate(students=200, answers=40, seed=51)
    assert simulated.correlation >= 0.9
    assert simulated.success == pytest.approx(0.75, abs=0.05)
    assert all(len(answers) == 20 for answers in simulated.later.values())


def test_with_the_clock_off_too():
    simulated = simulate(students=120, clock=False, seed=51)
    assert simulated.correlation >= 0.9
    assert simulated.success == pytest.approx(0.75, abs=0.05)


@pytest.mark.parametrize("aim", [0.6, 0.9])
def test_the_share_right_follows_the_teachers_aim(aim):
    assert simulate(students=80, success=aim, seed=51).success == pytest.approx(aim, abs=0.05)


@pytest.mark.parametrize("skill", ["mam-powers", "roll-or-quit"])
def test_every_skill_keeps_its_class_at_the_aim(skill):
    simulated = simulate(skill, students=80, seed=51)
    assert simulated.correlation >= 0.9
    assert simulated.success == pytest.approx(0.75, abs=0.05)


@pytest.mark.parametrize("difference", [-2.0, 0.0, 1.1, 3.0])
def test_the_simulated_seconds_follow_the_timed_model(difference):
    """Right with the logistic chance, then the seconds drawn: the mean score is the paper's
    expectation, and the able answer right faster than wrong."""
    rng, deadline, scores, right_times, wrong_times = random.Random(7), 100.0, [], [], []
    for _ in range(40_000):
        right = rng.random() < chance(difference)
        seconds = timed(rng, difference, right, deadline)
        assert 0 <= seconds <= deadline
        (right_times if right else wrong_times).append(seconds)
        scores.append((1 if right else -1) * (deadline - seconds) / deadline)
    assert statistics.mean(scores) == pytest.approx(expected_score(difference), abs=0.01)
    if difference > 0:
        assert statistics.mean(right_times) < statistics.mean(wrong_times)


def test_spearman_ranks_with_ties():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(0.9486833, abs=1e-6)
