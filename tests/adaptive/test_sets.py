"""A set at the student's level (mathcards/adaptive/sets.py): a deal rated once, when it is
done (right, half right after a hint, wrong once the hints showed a whole answer, wrong when
gone on from unsolved), a wrong try before a right answer only costing time; a moment rated at
the choice; never an item twice; a set the class book kept, replayed, the same; the ladder a
student reads, never a rating in logits."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.adaptive.bank import Deal, bank
from mathcards.adaptive.ladder import RUNGS, height, polyline, rung, weekly
from mathcards.adaptive.sets import LevelSet, step_key
from mathcards.adaptive.skills import Skill
from mathcards.mam.hints import rungs
from mathcards.mam.solver import simplest

DEAL = "1,3,4,9,10=4"  # the first deal of the bank of MAM! without powers


def typed_right(deal: Deal) -> str:
    found = simplest(list(deal.cards), deal.target, power=deal.power)
    assert found is not None
    return str(found.pretty)


def a_set(*keys: str, skill: Skill = Skill.TARGET, rounds: int = 3) -> LevelSet:
    level = LevelSet(skill, rounds, 1)
    level.deal(keys[0] if keys else bank(skill).keys[100])
    return level


def test_a_right_answer_is_rated_once_with_its_seconds_and_a_wrong_try_costs_only_time():
    level = a_set()
    deal = level.item()
    assert isinstance(deal, Deal)
    wrong = level.take("answer", typed="1+1", seconds=10)
    assert not wrong.correct and wrong.attempt is None and wrong.verdict is not None
    right = level.take("answer", typed=typed_right(deal), seconds=25)
    assert right.correct and right.attempt is not None
    assert (right.attempt.right, right.attempt.seconds, right.attempt.credit) == (True, 25, 1.0)
    again = level.take("answer", typed=typed_right(deal), seconds=30)
    assert again.correct and again.attempt is None, "rated once"
    gone = level.take("next", seconds=31)
    assert gone.attempt is None and level.moved == 1 and level.wants_item


def test_a_hint_makes_a_right_answer_half_and_a_shown_answer_wrong():
    level = a_set(rounds=2)
    deal = level.item()
    assert isinstance(deal, Deal)
    level.take("hint")
    half = level.take("answer", typed=typed_right(deal), seconds=5, clock=False).attempt
    assert half is not None and half.credit == 0.5 and not half.clock
    level.take("next")
    level.deal(bank(Skill.TARGET).keys[200])
    shown = level.item()
    assert isinstance(shown, Deal)
    for _ in range(rungs(tuple(shown.cards), shown.target, False)):
        level.take("hint")
    with pytest.raises(ValueError, match="last hint"):
        level.take("hint")
    late = level.take("answer", typed=typed_right(shown), seconds=5).attempt
    assert late is not None and late.shown and late.credit == 0.0
    assert [one.credit for one in level.dealt] == [0.5, 0.0]


def test_a_deal_gone_on_from_unsolved_is_wrong_and_the_set_ends_at_its_rounds():
    level = a_set(rounds=1)
    level.take("hint")
    skipped = level.take("next", seconds=40)
    assert skipped.attempt is not None and skipped.attempt.credit == 0
    assert skipped.attempt.hints == 1 and level.finished and not level.wants_item
    with pytest.raises(ValueError, match="finished"):
        level.take("answer", typed="1")


def test_no_item_is_dealt_twice_in_a_set_nor_one_over_another():
    level = a_set(DEAL)
    with pytest.raises(ValueError, match="cannot be dealt"):
        level.deal(bank(Skill.TARGET).keys[5])  # the student is still at the first
    level.take("next")
    with pytest.raises(ValueError, match="cannot be dealt"):
        level.deal(DEAL)
    with pytest.raises(ValueError, match="no item"):
        level.deal("1,2,3,4,5=999")


@pytest.mark.parametrize(
    "kind, sent",
    [("choice", {"choice": "roll"}), ("answer", {"typed": 12}), ("dance", {}), (None, {})],
)
def test_a_step_a_deal_does_not_take_is_refused(kind, sent):
    with pytest.raises(ValueError, match="a step is"):
        a_set().take(kind, **sent)


@pytest.mark.parametrize("seconds", [True, "5", float("nan"), None])
def test_seconds_that_are_not_a_number_are_refused(seconds):
    with pytest.raises(ValueError, match="seconds"):
        a_set().take("next", seconds=seconds)


def test_seconds_are_kept_between_none_and_an_hour():
    level = a_set(rounds=2)
    assert level.take("next", seconds=-5).seconds == 0.0
    level.deal(DEAL)
    assert level.take("next", seconds=1e12).seconds == 3600.0


def test_a_moment_is_rated_at_the_choice_against_the_bank_s_better_one():
    moments = bank(Skill.ROLL_OR_QUIT)
    level = a_set(moments.keys[0], skill=Skill.ROLL_OR_QUIT)
    moment = level.item()
    taken = level.take("choice", choice=moment.best, seconds=3)  # type: ignore[union-attr]
    assert taken.correct and taken.best == moment.best  # type: ignore[union-attr]
    assert taken.attempt is not None and taken.attempt.credit == 1.0
    with pytest.raises(ValueError, match="decided"):
        level.take("choice", choice="quit")
    assert level.take("next").attempt is None, "rated at the choice"
    with pytest.raises(ValueError, match="a step is"):
        a_set(moments.keys[1], skill=Skill.ROLL_OR_QUIT).take("hint")


def test_a_kept_set_replayed_stands_where_it_stood():
    level = a_set(rounds=3)
    steps = []
    for typed in ("1+1", None):
        deal = level.item()
        assert isinstance(deal, Deal)
        answer = typed or typed_right(deal)
        level.take("hint")
        steps.append(("hint", level.moved + 1, deal.key, ""))
        level.take("answer", typed=answer)
        steps.append(("answer", level.moved + 1, deal.key, answer))
        level.take("next")
        steps.append(("next", level.moved, deal.key, ""))
        level.deal(bank(Skill.TARGET).keys[300 + len(steps)])
    again = LevelSet.replayed(Skill.TARGET, 1, 3, steps)
    assert again.dealt == level.dealt[:2] and again.moved == 2 and again.wants_item


@pytest.mark.parametrize("rounds", [0, 51, True, "8"])
def test_a_set_has_one_to_fifty_items(rounds):
    with pytest.raises(ValueError, match="1 to 50"):
        LevelSet(Skill.TARGET, rounds)


@pytest.mark.parametrize("skill", [Skill.TARGET, Skill.TARGET_POWERS])
def test_the_bank_says_how_many_hints_a_deal_has_as_the_hint_ladder_does(skill):
    """The bank's checker for what the service needs of a deal: its hints, without the solver."""
    deals = bank(skill)
    for place in random.Random(51).sample(range(len(deals)), 40):
        deal = deals.item(place)
        assert isinstance(deal, Deal)
        level = LevelSet(skill, 1)
        level.deal(deal.key)
        asked = rungs(tuple(deal.cards), deal.target, deal.power)
        for _ in range(asked):
            level.take("hint")
        with pytest.raises(ValueError, match="last hint"):
            level.take("hint")
        assert step_key(reversed(deal.cards), deal.target) == deal.key


@settings(max_examples=60, deadline=None)
@given(st.floats(-8, 8), st.floats(-8, 8), st.sampled_from(list(Skill)))
def test_the_ladder_climbs_with_the_rating_from_one_to_ten(low, high, skill):
    low, high = sorted((low, high))
    assert 1 <= height(skill, low) <= height(skill, high) <= RUNGS
    assert rung(skill, low) <= rung(skill, high) and 1 <= rung(skill, high) <= RUNGS


def test_a_new_student_stands_low_on_the_ladder_and_a_strong_one_near_its_top():
    assert rung(Skill.TARGET, 0.0) in (3, 4, 5)
    assert rung(Skill.TARGET, 5.0) == RUNGS and rung(Skill.TARGET, -6.0) == 1


def test_each_week_keeps_its_last_value_by_its_monday_in_the_zone():
    from zoneinfo import ZoneInfo

    warsaw = ZoneInfo("Europe/Warsaw")
    sunday_night = datetime(2026, 12, 6, 23, 30, tzinfo=UTC)  # Monday 00:30 in Warsaw
    moments = [
        (sunday_night - timedelta(days=1), 1.0),
        (sunday_night, 2.0),
        (sunday_night + timedelta(days=1), 3.0),
        (sunday_night + timedelta(days=9), 4.0),
    ]
    found = weekly(moments, warsaw)
    assert [(day.isoformat(), value) for day, value in found] == [
        ("2026-11-30", 1.0),
        ("2026-12-07", 3.0),
        ("2026-12-14", 4.0),
    ]
    assert [day.isoformat() for day, _ in weekly(moments, UTC)][:2] == ["2026-11-30", "2026-12-07"]


def test_a_chart_s_points_run_left_to_right_bottom_to_top():
    assert polyline([1, 10], 100, 50) == "0.0,50.0 100.0,0.0"
    assert polyline([5.5], 100, 50) == "50.0,25.0"
    assert polyline([], 100, 50) == ""
    assert polyline([0, 20], 10, 10) == "0.0,10.0 10.0,0.0", "kept inside the box"


def test_a_set_kept_as_plain_data_is_restored_the_same_and_nonsense_refused():
    moments = bank(Skill.ROLL_OR_QUIT)
    level = a_set(moments.keys[0], skill=Skill.ROLL_OR_QUIT, rounds=3)
    level.take("choice", choice="quit", seconds=7)
    level.take("next")
    level.deal(moments.keys[1])
    again = LevelSet.restored(Skill.ROLL_OR_QUIT, 1, 3, "", level.kept(), level.moved)
    assert again.dealt == level.dealt and again.moved == 1 and again.current == level.current
    with pytest.raises(ValueError):
        LevelSet.restored(Skill.ROLL_OR_QUIT, 1, 3, "", [{"key": "no such moment"}], 0)
    with pytest.raises(ValueError):
        LevelSet.restored(Skill.ROLL_OR_QUIT, 1, 3, "", level.kept() * 2, 0)
    with pytest.raises(ValueError):
        LevelSet.restored(Skill.ROLL_OR_QUIT, 1, 3, "", level.kept(), 5)
