"""Choosing the next item: the chance nearest the aim, never one dealt in the set, a little
chance among near-equals; and the skills and the success a teacher may aim at."""

import random

import pytest

from mathcards.adaptive.choosing import NEAR, choose
from mathcards.adaptive.rating import Rating, chance, expected_chance
from mathcards.adaptive.skills import Skill, checked_success, label, skill

SURE = Rating(0.0, 0.0)
LADDER = [step / 10 - 3 for step in range(61)]  # items from −3 to 3, a tenth apart


def chosen(student, values, aim=0.75, seed=1, dealt=(), variances=None):
    variances = variances or [0.0] * len(values)
    return choose(student, values, variances, aim, random.Random(seed), set(dealt))


@pytest.mark.parametrize("aim", [0.6, 0.75, 0.9])
def test_the_item_chosen_has_the_chance_nearest_the_aim(aim):
    for seed in range(20):
        place = chosen(SURE, LADDER, aim, seed)
        best = min(abs(chance(-value) - aim) for value in LADDER)
        assert abs(chance(-LADDER[place]) - aim) <= best + NEAR


def test_a_stronger_student_gets_a_harder_item():
    weak = LADDER[chosen(Rating(-1.0, 0.0), LADDER)]
    strong = LADDER[chosen(Rating(1.5, 0.0), LADDER)]
    assert strong - weak == pytest.approx(2.5, abs=0.3)


def test_an_unsure_rating_aims_at_an_easier_item():
    """Uncertainty pulls every chance towards one half: to be right 75% of the time when
    unsure, the item must be easier."""
    sure = LADDER[chosen(SURE, LADDER, seed=3)]
    unsure = LADDER[chosen(Rating(0.0, 2.0), LADDER, seed=3)]
    assert unsure < sure
    item = Rating(unsure, 0.0)
    assert expected_chance(Rating(0.0, 2.0), item) == pytest.approx(0.75, abs=NEAR + 0.02)


def test_an_item_dealt_in_the_set_is_never_dealt_again():
    values = [0.0] * 5 + [-1.1]
    dealt = []
    for _ in range(6):
        dealt.append(chosen(SURE, values, dealt=dealt, seed=len(dealt)))
    assert sorted(dealt) == list(range(6)), "the nearest first, then the others, each once"
    assert dealt[0] == 5
    with pytest.raises(ValueError, match="start a new set"):
        chosen(SURE, values, dealt=dealt)


def test_near_equals_are_chosen_at_random_and_the_seed_repeats_it():
    values = [-1.1] * 10 + [3.0] * 10
    picks = [chosen(SURE, values, seed=seed) for seed in range(40)]
    assert set(picks) == set(range(10)), "any of the ten equals, never a far one"
    assert picks == [chosen(SURE, values, seed=seed) for seed in range(40)]


def test_an_items_own_uncertainty_counts():
    values, variances = [-1.1, -1.1], [0.0, 3.0]
    for seed in range(10):
        assert chosen(SURE, values, seed=seed, variances=variances) == 0


@pytest.mark.parametrize("target", [0.6, 0.75, 0.9, 0.6000, 1 / 1.25])
def test_a_teacher_may_aim_from_60_to_90_percent(target):
    assert checked_success(target) == target


@pytest.mark.parametrize("target", [0.59, 0.91, 0, 1, 75, True, "0.7", None])
def test_any_other_aim_is_refused_in_a_sentence(target):
    with pytest.raises(ValueError, match="from 60% to 90%"):
        checked_success(target)


def test_the_skills_are_named_and_checked():
    assert [skill(name) for name in ("mam", "mam-powers", "roll-or-quit")] == list(Skill)
    assert label(Skill.ROLL_OR_QUIT) == "LAMA Dice: roll or quit?"
    with pytest.raises(ValueError, match="a skill is one of mam, mam-powers, roll-or-quit"):
        skill("chess")
