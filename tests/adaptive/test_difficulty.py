"""An item's difficulty before anyone answered it: a deal's features from the solver, the
formula over them, and a roll-or-quit moment's from how close its choices are
(docs/design.md#difficulty-of-a-deal)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from mathcards.adaptive.bank import Features
from mathcards.adaptive.difficulty import features, forward_steps, moment_prior, prior
from mathcards.mam import solve

TYPICAL = Features("normal", answers=20, fewest=3, division=False, power=False, forward=2)


@pytest.mark.parametrize(
    ("cards", "target", "power", "steps"),
    [
        ((2, 3, 4, 8, 10), 10, False, 0),  # the target is a card
        ((1, 1, 1, 3, 9), 27, False, 1),  # 3 × 9
        ((2, 5, 11, 13, 17), 32, False, 2),  # 17 + 13, then + 2
        ((2, 5, 11, 13, 17), 32, True, 1),  # 2 ^ 5
        ((2, 6, 7, 12, 15), 32, False, None),  # 15 × 2 = 30, then nothing gets nearer
        ((1, 3, 6, 7, 8), 0, False, None),  # 1, the nearest, and no step lands nearer
    ],
)
def test_the_forward_search_takes_the_step_that_lands_nearest(cards, target, power, steps):
    assert forward_steps(cards, target, power) == steps


def test_the_rulebook_deal_has_the_features_the_solver_knows():
    found = features((7, 6, 12, 2, 15), 32, "normal", False)
    answers = solve((7, 6, 12, 2, 15), 32)
    assert found == Features("normal", len(answers), 4, False, False, None)
    assert min(len(answer.cards) for answer in answers) == 4


def test_every_answer_needing_a_division_or_a_power_is_seen():
    division = features((4, 6, 6, 6, 10), 25, "easy", False)
    assert division.division and division.answers == 2 and division.fewest == 4
    assert all("/" in answer.operators for answer in solve((4, 6, 6, 6, 10), 25))
    assert not features((4, 6, 6, 6, 10), 22, "easy", False).division  # 6 + 6 + 10
    powered = features((1, 6, 10, 16, 19), 74, "normal", True)
    assert powered.power and powered.answers == 1
    assert not features((2, 5, 11, 13, 17), 32, "normal", True).power, "also 17 + 13 + 2"


def test_a_deal_without_an_answer_is_refused():
    with pytest.raises(ValueError, match="cannot make"):
        features((1, 1, 1, 1, 1), 90, "normal", False)


@pytest.mark.parametrize(
    "harder",
    [
        replace(TYPICAL, fewest=4),
        replace(TYPICAL, answers=5),
        replace(TYPICAL, division=True),
        replace(TYPICAL, power=True),
        replace(TYPICAL, forward=None),
        replace(TYPICAL, forward=4),
        replace(TYPICAL, level="hard"),
    ],
)
def test_each_feature_moves_the_difficulty_its_way(harder):
    assert prior(harder) > prior(TYPICAL) > prior(replace(TYPICAL, level="easy"))


def test_the_formula_as_docs_design_writes_it():
    assert prior(TYPICAL) == pytest.approx(-0.3 * 2.995732 + 0.15, abs=1e-3)
    hardest = Features("hard", 1, 5, True, False, None)
    assert prior(hardest) == pytest.approx(0.6 + 1.2 + 0.6 + 0.8, abs=1e-3)


def test_a_moment_is_harder_the_closer_its_two_choices_are():
    close = moment_prior(Fraction(10), Fraction(21, 2))
    far = moment_prior(Fraction(10), Fraction(20))
    assert close > moment_prior(Fraction(10), Fraction(11)) > far
    assert moment_prior(Fraction(20), Fraction(10)) == far, "either way round"
    assert moment_prior(Fraction(10), Fraction(10)) == moment_prior(Fraction(0), Fraction(1, 100))
