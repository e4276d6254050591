"""The teacher's page's assignments (templates/assignments.html): a form that sets one for the
whole class (a title, a skill, a goal of deals solved or days practised, a deadline day), each
assignment with who finished, who is on the way and who has not begun, with their days; an
assignment removed once the teacher has said yes a second time; the class's time zone, which
decides the days (docs/design.md#assignments-and-the-class-list)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from mathcards import i18n
from mathcards.book import Assignment, Goal, Progress, State
from mathcards.book.progress import SKILLS
from mathcards.book.zones import zone_said
from mathcards.classroom.service.classservice import ClassService
from mathcards.i18n import N_, _, ngettext

SET, ASK, REMOVE, ZONE = "assign", "unassign", "unassign-yes", "zone"  # the forms' `do`
DOES = (SET, ASK, REMOVE, ZONE)
ASKING = "assignment"  # the query parameter of the page that asks before removing one
FIELDS = ("title", "skill", "goal", "count", "due")  # the form's, kept when it is refused
SENT = (*FIELDS, "number", "zone")  # every field the forms send
STATES = {  # each state as the teacher reads it, in the order the table lists them
    State.FINISHED: N_("finished"),
    State.ON_THE_WAY: N_("on the way"),
    State.NOT_BEGUN: N_("not begun"),
}
GOALS = {Goal.DEALS: N_("deals solved"), Goal.DAYS: N_("different days of practice")}


@dataclass(frozen=True)
class AssignmentsFound:
    """What the class book holds for the section: every assignment with each student's
    progress, the class's time zone (None: the server's own) and today there."""

    progress: list[tuple[Assignment, list[Progress]]]
    zone: str | None
    today: date


@dataclass(frozen=True)
class AssignmentLine:
    """An assignment as the page shows it: what it asks, how many students stand where, and a
    row a student."""

    number: int
    title: str
    asks: str
    counts: str
    rows: list[list[object]]


@dataclass(frozen=True)
class Section:
    """The section in the page's language."""

    lines: list[AssignmentLine]
    columns: list[str]
    skills: list[tuple[str, str]]
    goals: list[tuple[str, str]]
    zone: str
    zone_set: str
    today: str
    asking: AssignmentLine | None
    typed: dict[str, str]


async def found(service: ClassService) -> AssignmentsFound | None:
    """The assignments, the zone and today from the class book (None when it cannot say)."""
    book, school = service.book_of, service.class_name

    def look() -> AssignmentsFound:
        return AssignmentsFound(
            book().progress(school), book().class_zone(school), book().class_today(school)
        )

    try:
        return await service.run(look)
    except ValueError:
        return None


def section(held: AssignmentsFound | None, asked: str, typed: dict[str, str]) -> Section | None:
    """The section in the page's language: the assignment `asked` about (its number) in a box
    that asks before removing it; the form filled with what was `typed` before a refusal."""
    if held is None:
        return None
    lines = [line(task, everyone, held.today) for task, everyone in held.progress]
    return Section(
        lines=lines,
        columns=[
            _("student"),
            _("where they are"),
            _("how far"),
            _("began on"),
            _("last practised on"),
            _("finished on"),
        ],
        skills=[(str(skill), _(label)) for skill, label in SKILLS.items()],
        goals=[(str(goal), _(label)) for goal, label in GOALS.items()],
        zone=zone_said(held.zone),
        zone_set=held.zone or "",
        today=held.today.isoformat(),
        asking=next((one for one in lines if str(one.number) == asked), None),
        typed={name: typed.get(name, "") for name in FIELDS},
    )


def line(task: Assignment, everyone: list[Progress], today: date) -> AssignmentLine:
    """An assignment's line: what it asks and until when, how many stand where, and each
    student's row (the finished first, then the furthest on the way, then the rest)."""
    order = list(STATES)
    ranked = sorted(everyone, key=lambda one: (order.index(one.state), -one.done))
    counts = " · ".join(
        f"{_(label)}: {sum(one.state is state for one in everyone)}"
        for state, label in STATES.items()
    )
    return AssignmentLine(
        task.id, task.title, asks(task, today), counts, [row(one) for one in ranked]
    )


def asks(task: Assignment, today: date) -> str:
    """What an assignment asks, and until when: "MAM! with powers · 8 deals solved · due
    Friday 11 December"."""
    if task.goal is Goal.DAYS:
        goal = ngettext("practice on {n} day", "practice on {n} different days", task.count)
    else:
        goal = ngettext("{n} deal solved", "{n} deals solved", task.count)
    due = _("due {day}") if task.due >= today else _("was due {day}")
    return " · ".join(
        [_(SKILLS[task.skill]), goal.format(n=task.count), due.format(day=i18n.day(task.due))]
    )


def row(one: Progress) -> list[object]:
    """A student's row: name, where they stand, how far, and the days."""
    far = _("{done} of {count}").format(done=min(one.done, one.count), count=one.count)
    return [one.nickname, _(STATES[one.state]), far, *map(day, (one.began, one.last, one.finished))]


def day(when: date | None) -> str:
    return "—" if when is None else i18n.day(when)


async def act(service: ClassService, do: str, form: dict[str, str]) -> tuple[str, Any]:
    """Do what the form asks; what was done (`do`, and the assignment or zone it was done to;
    for ASK, the number of the assignment to ask about once more), or ("", the refusal)."""
    book, school = service.book_of, service.class_name
    try:
        if do == ASK:
            return do, _number(form.get("number", ""))
        if do == REMOVE:
            number = _number(form.get("number", ""))
            return do, await service.run(lambda: book().remove_assignment(school, number))
        if do == ZONE:
            zone = form.get("zone", "").strip() or None
            return do, await service.run(lambda: book().set_class_zone(school, zone))
        count = _number(form.get("count", ""))
        title, skill, goal, due = (form.get(name, "") for name in ("title", "skill", "goal", "due"))
        return do, await service.run(lambda: book().assign(school, title, skill, goal, count, due))
    except ValueError as refusal:
        return "", (str(refusal), do)


def query(done: tuple[str, Any], form: dict[str, str], said_key: str) -> dict[str, Any]:
    """The query of the page shown next (in the page's language): what was done said under
    `said_key`; the box that asks before removing; a refused assignment typed again."""
    do, what = done
    if do == ASK:
        return {ASKING: what}
    if not do:
        refusal, asked = what
        typed = {name: form.get(name, "")[:100] for name in FIELDS} if asked == SET else {}
        return {said_key: refusal, **typed}
    return {said_key: said(do, what)}


def said(do: str, done: Any) -> str:
    """What the page says it has done (in the page's language)."""
    if do == REMOVE:
        sentence = _("The assignment “{title}” is removed; the students' work stays.")
        return sentence.format(title=done.title)
    if do == ZONE:
        return _("The class's time zone is now {zone}.").format(zone=zone_said(done))
    sentence = _("“{title}” is set for the whole class, due {day}.")
    return sentence.format(title=done.title, day=i18n.day(done.due))


def _number(text: str) -> int:
    """A whole number a form sent, of at most 9 digits (a ValueError says it is not one)."""
    if not 0 < len(text.strip()) <= 9 or not (text.strip().isascii() and text.strip().isdigit()):
        raise ValueError(_("“{text}” is not a whole number").format(text=text[:20]))
    return int(text)
