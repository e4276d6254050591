"""Practice at a student's level through its Python API: deals follow the answers, never twice
in a set, and every input is checked (docs/design.md#practice-at-my-level)."""

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mathcards.adaptive import AdaptivePractice, Deal, Moment, Rating, Skill
from mathcards.adaptive.rating import ITEM_VARIANCE, new_student


def answered(practice, student, right, count=10):
    """The difficulty (as rated when dealt) of each of `count` deals answered alike, each in a
    third of the deadline."""
    dealt = []
    for _ in range(count):
        item = practice.next_item(student)
        dealt.append(practice.difficulty(item).value)
        practice.record(student, item, right=right, seconds=practice.deadline / 3)
    return dealt


@pytest.mark.parametrize("skill", list(Skill))
@pytest.mark.parametrize("clock", [True, False])
def test_only_right_answers_bring_harder_deals_within_ten(skill, clock):
    practice = AdaptivePractice(skill, clock=clock, seed=4)
    dealt = answered(practice, "Ala", right=True)
    assert dealt[-1] > dealt[0] + 1.5
    assert min(dealt[5:]) > max(dealt[:2])


@pytest.mark.parametrize("skill", list(Skill))
@pytest.mark.parametrize("clock", [True, False])
def test_only_wrong_answers_bring_easier_deals_within_ten(skill, clock):
    practice = AdaptivePractice(skill, clock=clock, seed=4)
    dealt = answered(practice, "Bolek", right=False)
    assert dealt[-1] < dealt[0] - 1.5
    assert max(dealt[5:]) < min(dealt[:2]), "down to the easiest deals of the bank"


def test_the_rating_follows_the_answers_and_counts_them():
    practice = AdaptivePractice(seed=1)
    assert practice.rating("Ala") == new_student()
    answered(practice, "Ala", right=True, count=5)
    answered(practice, "Ola", right=False, count=5)
    ala, ola = practice.rating("Ala"), practice.rating("Ola")
    assert ala.value > 1 > -1 > ola.value
    assert ala.answers == ola.answers == 5 and ala.spread < new_student().spread
    assert len(practice.items) == 10, "every item answered has learned a rating"


def test_a_deal_is_never_dealt_twice_in_a_set_and_may_be_in_the_next():
    practice = AdaptivePractice(seed=2)
    keys = [practice.next_deal("Ala").key for _ in range(50)]
    assert len(set(keys)) == 50
    practice.new_set("Ala")
    assert "Ala" not in practice.dealt
    again = AdaptivePractice(seed=2)
    assert [again.next_deal("Ala").key for _ in range(50)] == keys, "the seed repeats the set"


def test_the_items_are_the_skills_own():
    assert isinstance(AdaptivePractice("mam", seed=1).next_deal("Ala"), Deal)
    powered = AdaptivePractice(Skill.TARGET_POWERS, seed=1).next_deal("Ala")
    assert isinstance(powered, Deal) and powered.power
    moment = AdaptivePractice("roll-or-quit", seed=1).next_item("Ala")
    assert isinstance(moment, Moment) and moment.best in ("roll", "quit")


def test_a_higher_aim_deals_an_easier_deal():
    easier, harder = AdaptivePractice(success=0.9, seed=3), AdaptivePractice(success=0.6, seed=3)
    assert (
        easier.difficulty(easier.next_deal("Ala")).value
        < harder.difficulty(harder.next_deal("Ala")).value
    )
    assert easier.chance("Ala", easier.dealt["Ala"][0]) == pytest.approx(0.9, abs=0.03)
    harder.success = 0.75
    with pytest.raises(ValueError, match=r"from 60% to 90%, not 0\.5"):
        harder.success = 0.5
    assert harder.success == 0.75


def test_with_the_clock_off_no_seconds_are_needed():
    practice = AdaptivePractice(clock=False, seed=1)
    deal = practice.next_deal("Ala")
    change = practice.record("Ala", deal, right=True)
    assert change.score == 1
    timed = AdaptivePractice(seed=1)
    with pytest.raises(ValueError, match="needs its seconds"):
        timed.record("Ala", deal, right=True)
    assert timed.record("Ala", deal, right=True, clock=False).score == 1


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda p: p.record("Ala", "1,2=3", right=True, seconds=3), "there is no item '1,2=3'"),
        (lambda p: p.next_deal(""), "a student is named by some text"),
        (lambda p: p.rating(7), "a student is named by some text, not 7"),
        (lambda p: p.record("Ala", p.next_deal("Ala"), right=True, seconds=-2), "0 or more"),
        (lambda p: p.record("Ala", p.next_deal("Ala"), right="yes", seconds=2), "right or wrong"),
        (lambda p: AdaptivePractice("chess"), "a skill is one of"),
        (lambda p: AdaptivePractice(clock="off"), "the clock is on"),
        (lambda p: AdaptivePractice(success=0.95), "from 60% to 90%"),
        (lambda p: AdaptivePractice(items={"nothing": Rating(0, 1)}), "no item 'nothing'"),
    ],
)
def test_bad_input_is_refused_in_a_sentence(call, words):
    with pytest.raises(ValueError, match=words):
        call(AdaptivePractice(seed=1))


def test_ratings_kept_from_before_are_taken_up():
    first = AdaptivePractice(seed=5)
    answered(first, "Ala", right=True, count=6)
    later = AdaptivePractice(seed=5, students=first.students, items=first.items)
    assert later.rating("Ala") == first.rating("Ala")
    key = next(iter(first.items))
    assert later.difficulty(key) == first.items[key] != Rating(0, ITEM_VARIANCE)
    for item in [*first.items, *first.bank.keys[:100]]:
        assert later.chance("Ala", item) == first.chance("Ala", item)


def test_days_away_are_counted_when_the_answers_say_when():
    practice = AdaptivePractice(seed=6)
    monday = datetime(2025, 3, 3, 9)
    for day in (0, 0, 0):
        deal = practice.next_deal("Ala")
        practice.record("Ala", deal, right=True, seconds=20, at=monday + timedelta(days=day))
    sure = practice.rating("Ala")
    assert sure.last == monday
    deal = practice.next_deal("Ala")
    after_a_month = practice.record(
        "Ala", deal, right=True, seconds=20, at=monday + timedelta(days=30)
    )
    assert after_a_month.student.value - sure.value > 0.1, "an unsurer rating moves further"


def test_the_simulation_in_the_readme_rates_a_class_in_the_order_of_its_abilities(capsys):
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Practice at my level", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.splitlines()) <= 15, "the issue asks for a 15-line simulation"
    exec(code, {})
    rated = [
        float(line.split("rated ")[1].split(" ")[0])
        for line in capsys.readouterr().out.splitlines()
    ]
    assert len(rated) == 5 and rated == sorted(rated)
