"""The rules of an assignment's progress (mathcards/book/progress.py): deals solved or different
days practised, counted from the assignment's setting to the end of its deadline's day in the
class's time zone; finished, on the way or not begun, with the days it began, was last
practised and was finished."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from mathcards.book.progress import Assignment, Goal, Skill, SkillAnswer, State, is_open, progress

WARSAW = ZoneInfo("Europe/Warsaw")
SET = datetime(2026, 12, 7, 8, tzinfo=UTC)  # a Monday morning


def task(goal: Goal = Goal.DEALS, count: int = 3, due: date = date(2026, 12, 11)) -> Assignment:
    return Assignment(1, "Friday's deals", Skill.TARGET, goal, count, due, SET)


def at(*moment: int) -> datetime:
    return datetime(*moment, tzinfo=UTC)


def test_deals_solved_count_until_the_deadline_s_midnight_in_the_class_s_zone():
    friday_night = at(2026, 12, 11, 22, 59, 59)  # 23:59:59 in Warsaw
    answers = [
        SkillAnswer(at(2026, 12, 7, 7), solved=True),  # before the assignment was set
        SkillAnswer(at(2026, 12, 8, 15), solved=True),
        SkillAnswer(at(2026, 12, 9, 15), solved=False),
        SkillAnswer(friday_night, solved=True),
        SkillAnswer(at(2026, 12, 11, 23), solved=True),  # midnight in Warsaw: too late
    ]
    seen = progress(task(), WARSAW, answers, 1, "Ola")
    assert (seen.state, seen.done, seen.count) == (State.ON_THE_WAY, 2, 3)
    assert (seen.began, seen.last, seen.finished) == (date(2026, 12, 8), date(2026, 12, 11), None)
    done = progress(task(count=2), WARSAW, answers, 1, "Ola")
    assert (done.state, done.finished) == (State.FINISHED, date(2026, 12, 11))
    in_utc = progress(task(count=3), ZoneInfo("Etc/UTC"), answers, 1, "Ola")
    assert in_utc.state is State.FINISHED, "in UTC, 23:00 on Friday is still Friday"


def test_days_are_the_class_s_days_whatever_the_clock_says_in_utc():
    late = [
        SkillAnswer(at(2026, 12, 7, 22, 30), solved=False),  # 23:30 Monday in Warsaw
        SkillAnswer(at(2026, 12, 7, 23, 30), solved=False),  # 00:30 Tuesday
        SkillAnswer(at(2026, 12, 8, 12), solved=False),  # Tuesday again
    ]
    seen = progress(task(Goal.DAYS, count=2), WARSAW, late, 1, "Ola")
    assert (seen.state, seen.done, seen.finished) == (State.FINISHED, 2, date(2026, 12, 8))
    assert progress(task(Goal.DAYS, 2), ZoneInfo("Etc/UTC"), late, 1, "Ola").done == 2
    tokyo = progress(task(Goal.DAYS, 2), ZoneInfo("Asia/Tokyo"), late, 1, "Ola")
    assert tokyo.done == 1, "07:30, 08:30 and 21:00 on Tuesday: one day"
    honolulu = progress(task(Goal.DAYS, 2), ZoneInfo("Pacific/Honolulu"), late, 1, "Ola")
    assert honolulu.done == 2, "12:30 and 13:30 on Monday, then 02:00 on Tuesday"


def test_the_night_the_clocks_go_back_is_one_day_of_25_hours():
    autumn = Assignment(
        2,
        "Daily",
        Skill.ROLL_OR_QUIT,
        Goal.DAYS,
        2,
        date(2026, 10, 26),
        SET.replace(month=10, day=20),
    )
    same_day = [
        SkillAnswer(at(2026, 10, 24, 22, 30), False),
        SkillAnswer(at(2026, 10, 25, 22, 30), False),
    ]
    # 00:30 CEST and 23:30 CET on Sunday 25 October: one day in Warsaw
    assert progress(autumn, WARSAW, same_day, 1, "Bo").done == 1
    assert progress(autumn, ZoneInfo("Etc/UTC"), same_day, 1, "Bo").done == 2


def test_nothing_done_is_not_begun_and_an_answer_that_solved_nothing_is_on_the_way():
    assert progress(task(), WARSAW, [], 1, "Kim").state is State.NOT_BEGUN
    tried = progress(task(), WARSAW, [SkillAnswer(at(2026, 12, 8, 9), False)], 1, "Kim")
    assert (tried.state, tried.done, tried.began) == (State.ON_THE_WAY, 0, date(2026, 12, 8))


def test_an_assignment_is_open_until_its_deadline_s_day_is_over_in_the_class_s_zone():
    assert is_open(task(), WARSAW, at(2026, 12, 11, 22, 59))
    assert not is_open(task(), WARSAW, at(2026, 12, 11, 23))
    assert is_open(task(), ZoneInfo("America/New_York"), at(2026, 12, 12, 4, 59))


@given(
    st.lists(
        st.tuples(st.integers(0, 10 * 24 * 60), st.booleans()),
        max_size=40,
    ),
    st.sampled_from([Goal.DEALS, Goal.DAYS]),
    st.integers(1, 8),
)
def test_progress_holds_together_for_any_answers(minutes, goal, count):
    answers = [SkillAnswer(SET + timedelta(minutes=m - 600), solved) for m, solved in minutes]
    seen = progress(task(goal, count), WARSAW, answers, 1, "Ola")
    inside = [a for a in answers if SET <= a.at < datetime(2026, 12, 11, 23, tzinfo=UTC)]
    assert (seen.state is State.NOT_BEGUN) == (not inside)
    assert (seen.state is State.FINISHED) == (seen.done >= count)
    assert seen.done <= len(inside)
    if seen.finished is not None:
        assert seen.began <= seen.finished <= seen.last <= date(2026, 12, 11)
