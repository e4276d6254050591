"""What an assignment asks of every student of a class, and how far each of them is: worked out
from what the class book keeps (practice answers, decisions), never kept itself, so a forget or
a purge reaches it at once (docs/design.md#assignments-and-the-class-list).

An assignment asks for a number of deals solved (a MAM! deal answered right before a hint had
shown a whole answer; a LAMA Dice decision taken as the best player would), or for practice on
a number of different days (a day with at least one answer, in the class's time zone), between
the moment it was set and the end of its deadline's day in the class's zone."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from enum import StrEnum

from mathcards.adaptive.skills import LABELS, Skill
from mathcards.book.zones import day_of, end_of

SKILLS = LABELS  # each skill as a teacher and a student read it


class Goal(StrEnum):
    """What an assignment counts."""

    DEALS = "deals"  # deals solved (decisions taken right, for LAMA Dice)
    DAYS = "days"  # different days with practice


class State(StrEnum):
    """Where a student stands with an assignment."""

    FINISHED = "finished"
    ON_THE_WAY = "on-the-way"
    NOT_BEGUN = "not-begun"


@dataclass(frozen=True)
class Assignment:
    """An assignment for the whole class: practise `skill` until `count` of `goal`, by the end
    of the day `due` in the class's time zone; set at `created`."""

    id: int
    title: str
    skill: Skill
    goal: Goal
    count: int
    due: date
    created: datetime


@dataclass(frozen=True)
class SkillAnswer:
    """One answer a student gave in an assignment's skill: when, and whether it solved a deal
    (each deal solved counts once: a later answer to it is not `solved`)."""

    at: datetime
    solved: bool


@dataclass(frozen=True)
class Progress:
    """How far a student is with an assignment: `done` of its count (deals solved, or days
    practised), and the days (in the class's zone) they began, last practised and finished."""

    student: int
    nickname: str
    state: State
    done: int
    count: int
    began: date | None = None
    last: date | None = None
    finished: date | None = None


def progress(
    assignment: Assignment,
    where: tzinfo,
    answers: Iterable[SkillAnswer],
    student: int,
    nickname: str,
) -> Progress:
    """The student's progress with the assignment, from their answers in its skill (any
    order): only those from its setting to the end of its deadline's day count."""
    due = end_of(assignment.due, where)
    inside = sorted(
        (answer for answer in answers if assignment.created <= answer.at < due),
        key=lambda answer: answer.at,
    )
    counted = _counted(assignment.goal, where, inside)
    done = len(counted)
    if not inside:
        return Progress(student, nickname, State.NOT_BEGUN, 0, assignment.count)
    began, last = day_of(inside[0].at, where), day_of(inside[-1].at, where)
    if done < assignment.count:
        return Progress(student, nickname, State.ON_THE_WAY, done, assignment.count, began, last)
    finished = day_of(counted[assignment.count - 1], where)
    return Progress(
        student, nickname, State.FINISHED, done, assignment.count, began, last, finished
    )


def _counted(goal: Goal, where: tzinfo, answers: list[SkillAnswer]) -> list[datetime]:
    """The moments the count went up: each deal solved, or each day's first answer."""
    if goal is Goal.DEALS:
        return [answer.at for answer in answers if answer.solved]
    firsts: dict[date, datetime] = {}
    for answer in answers:
        firsts.setdefault(day_of(answer.at, where), answer.at)
    return list(firsts.values())


def is_open(assignment: Assignment, where: tzinfo, now: datetime) -> bool:
    """Is the assignment's deadline still to come (its day not over in the class's zone)?"""
    return now < end_of(assignment.due, where)
