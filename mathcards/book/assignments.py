"""The class's assignments in the class book (a part of `Book`): set for the whole class, listed,
removed, and each student's progress worked out from their answers (mathcards/book/progress.py
says the rules), in the class's time zone (mathcards/book/zones.py)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta, tzinfo

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from mathcards.book import names, zones
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownAssignment
from mathcards.book.models import (
    AssignmentRow,
    DecisionRow,
    PracticeSetRow,
    PracticeStepRow,
    SchoolClassRow,
    StudentRow,
)
from mathcards.book.progress import (
    Assignment,
    Goal,
    Progress,
    Skill,
    SkillAnswer,
    is_open,
    progress,
)
from mathcards.collation import name_key
from mathcards.i18n import N_, _

MOST_ASSIGNMENTS = 100  # in one class: a school year's, with room to spare
TITLE_LENGTH = 80
MOST = {Goal.DEALS: 200, Goal.DAYS: 60}  # the largest count of each goal
TOO_MANY = {
    Goal.DEALS: N_("an assignment asks for 1 to {most} deals solved, not {count!r}"),
    Goal.DAYS: N_("an assignment asks for 1 to {most} days of practice, not {count!r}"),
}
FURTHEST = timedelta(days=366)  # a deadline at most a year ahead
Answers = dict[tuple[int, Skill], list[SkillAnswer]]  # (student, skill) → their answers


class AssignmentBook(BookPart):
    """The class book's side of the assignments (a part of `Book`)."""

    @guarded
    def class_zone(self, class_name: str) -> str | None:
        """The time zone the teacher set for the class (None: the server's own)."""
        school = names.class_name(class_name)
        with self._reading() as session:
            return session.scalar(select(SchoolClassRow.zone).where(SchoolClassRow.name == school))

    @guarded
    def set_class_zone(self, class_name: str, zone: str | None) -> str | None:
        """Set the class's time zone (an IANA name; None: the server's own); what it is now."""
        chosen = None if zone is None or not str(zone).strip() else zones.zone_name(zone)
        with self._writing() as session:
            _made(session, class_name, self._now()).zone = chosen
        return chosen

    @guarded
    def class_today(self, class_name: str) -> date:
        """Today, in the class's time zone."""
        return zones.day_of(self._now(), zones.zone(self.class_zone(class_name)))

    @guarded
    def assign(
        self, class_name: str, title: str, skill: str, goal: str, count: int, due: date | str
    ) -> Assignment:
        """Set an assignment for the whole class: practise `skill` until `count` deals solved
        or days practised (`goal`), by the end of the day `due` in the class's time zone."""
        wanted = _checked(title, skill, goal, count, due)
        moment = self._now()
        with self._writing() as session:
            room = _made(session, class_name, moment)
            session.flush()
            today = zones.day_of(moment, zones.zone(room.zone))
            _in_time(wanted, today)
            held = select(func.count()).where(AssignmentRow.class_id == room.id)
            if (session.scalar(held) or 0) >= MOST_ASSIGNMENTS:
                message = _("the class has {most} assignments, as many as a class book keeps")
                raise BookError(message.format(most=MOST_ASSIGNMENTS))
            row = AssignmentRow(class_id=room.id, created=moment, **asdict(wanted))
            session.add(row)
            session.flush()
            return _assignment(row)

    @guarded
    def assignments(self, class_name: str) -> list[Assignment]:
        """The class's assignments, the first due first."""
        with self._reading() as session:
            room = _room(session, class_name)
            return [] if room is None else _assignments(session, room.id)

    @guarded
    def remove_assignment(self, class_name: str, number: int) -> Assignment:
        """Remove the class's assignment number `number` (the students' work stays); it."""
        with self._writing() as session:
            room = _room(session, class_name)
            row = None if room is None else session.get(AssignmentRow, int(number))
            if room is None or row is None or row.class_id != room.id:
                message = _("there is no assignment number {number} in the class {name}")
                raise UnknownAssignment(message.format(number=number, name=class_name))
            gone = _assignment(row)
            session.execute(delete(AssignmentRow).where(AssignmentRow.id == row.id))
            return gone

    @guarded
    def progress(self, class_name: str) -> list[tuple[Assignment, list[Progress]]]:
        """Every assignment of the class, the first due first, with every student's progress
        (by nickname)."""
        with self._reading() as session:
            room = _room(session, class_name)
            return [] if room is None else class_progress(session, room)

    @guarded
    def progress_of(self, class_name: str, student: int) -> list[tuple[Assignment, Progress]]:
        """The class's open assignments (their deadline's day not over), the first due first,
        each with this student's progress."""
        moment = self._now()
        with self._reading() as session:
            room = _room(session, class_name)
            row = session.get(StudentRow, student)
            if room is None or row is None or row.class_id != room.id:
                return []
            where, nickname = zones.zone(room.zone), row.nickname
            found = [a for a in _assignments(session, room.id) if is_open(a, where, moment)]
            answers = _answers(session, room.id, found, where, student)
        return [(task, _of(task, where, answers, student, nickname)) for task in found]


def class_progress(
    session: Session, room: SchoolClassRow
) -> list[tuple[Assignment, list[Progress]]]:
    """Every assignment of the class, the first due first, with every student's progress."""
    found = _assignments(session, room.id)
    people = sorted(
        session.execute(
            select(StudentRow.id, StudentRow.nickname).where(StudentRow.class_id == room.id)
        ).all(),
        key=lambda who: (name_key(who.nickname), who.id),
    )
    where = zones.zone(room.zone)
    answers = _answers(session, room.id, found, where)
    return [
        (task, [_of(task, where, answers, who.id, who.nickname) for who in people])
        for task in found
    ]


@dataclass(frozen=True)
class Wanted:
    """An assignment's fields as the book keeps them."""

    title: str
    skill: str
    goal: str
    count: int
    due: date


def _checked(title: str, skill: str, goal: str, count: int, due: date | str) -> Wanted:
    """An assignment's fields as kept, each checked: a BookError names what is wrong."""
    tidy = " ".join(str(title).split())
    if not 0 < len(tidy) <= TITLE_LENGTH or not tidy.isprintable():
        message = _("an assignment's title has 1 to {most} characters, not {title!r}")
        raise BookError(message.format(most=TITLE_LENGTH, title=str(title)[:TITLE_LENGTH]))
    if skill not in set(Skill):
        message = _("an assignment practises one of {skills}, not {skill!r}")
        raise BookError(message.format(skills=", ".join(Skill), skill=str(skill)[:20]))
    if goal not in set(Goal):
        message = _("an assignment's goal is one of {goals}, not {goal!r}")
        raise BookError(message.format(goals=", ".join(Goal), goal=str(goal)[:20]))
    most = MOST[Goal(goal)]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
        raise BookError(_(TOO_MANY[Goal(goal)]).format(most=most, count=count))
    try:
        day = due if type(due) is date else date.fromisoformat(str(due))
    except ValueError:
        message = _("a deadline is a day, as 2026-12-11, not {due!r}")
        raise BookError(message.format(due=str(due)[:20])) from None
    return Wanted(tidy, skill, goal, count, day)


def _in_time(wanted: Wanted, today: date) -> None:
    """Refuse a deadline past, too far ahead, or too soon for its days."""
    due = wanted.due
    if due < today:
        message = _("the deadline {due} has passed: today is {today} in the class's time zone")
        raise BookError(message.format(due=due, today=today))
    if due > today + FURTHEST:
        raise BookError(_("a deadline is at most a year ahead, not {due}").format(due=due))
    days = (due - today).days + 1
    if wanted.goal == Goal.DAYS and wanted.count > days:
        message = _("from today to {due} there are {days} days: ask for at most that many")
        raise BookError(message.format(due=due, days=days))


def _room(session: Session, class_name: str) -> SchoolClassRow | None:
    school = names.class_name(class_name)
    return session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))


def _made(session: Session, class_name: str, moment: datetime) -> SchoolClassRow:
    """The class of this name, made if the book has none yet."""
    room = _room(session, class_name)
    if room is None:
        room = SchoolClassRow(name=names.class_name(class_name), created=moment)
        session.add(room)
    return room


def _assignments(session: Session, room: int) -> list[Assignment]:
    rows = session.scalars(
        select(AssignmentRow)
        .where(AssignmentRow.class_id == room)
        .order_by(AssignmentRow.due, AssignmentRow.id)
    )
    return [_assignment(row) for row in rows]


def _assignment(row: AssignmentRow) -> Assignment:
    return Assignment(
        row.id, row.title, Skill(row.skill), Goal(row.goal), row.count, row.due, row.created
    )


def _of(task: Assignment, where: tzinfo, answers: Answers, student: int, name: str) -> Progress:
    return progress(task, where, answers.get((student, task.skill), []), student, name)


def _answers(
    session: Session,
    room: int,
    tasks: list[Assignment],
    where: tzinfo,
    student: int | None = None,
) -> Answers:
    """The answers of the class's students (of one, if `student`) in the assignments' skills,
    from the first setting to the last deadline: each MAM! deal solved once (right before a
    hint had shown a whole answer), each LAMA Dice decision taken right."""
    found: Answers = defaultdict(list)
    if not tasks:
        return found
    since = min(task.created for task in tasks)
    until = max(zones.end_of(task.due, where) for task in tasks)
    whose = [StudentRow.class_id == room, *([StudentRow.id == student] if student else [])]
    if {Skill.TARGET, Skill.TARGET_POWERS} & {task.skill for task in tasks}:
        _practice(session, found, whose, since, until)
    if Skill.ROLL_OR_QUIT in {task.skill for task in tasks}:
        rows = session.execute(
            select(DecisionRow.student_id, DecisionRow.correct, DecisionRow.at)
            .join(StudentRow, StudentRow.id == DecisionRow.student_id)
            .where(*whose, DecisionRow.game == "lama_dice")
            .where(DecisionRow.at >= since, DecisionRow.at < until)
        )
        for row in rows:
            found[row.student_id, Skill.ROLL_OR_QUIT].append(SkillAnswer(row.at, bool(row.correct)))
    return found


def _practice(
    session: Session, found: Answers, whose: list, since: datetime, until: datetime
) -> None:
    """The practice answers, by student and skill (with powers or without)."""
    # the solver, for a deal whose hints may have shown its answer: 24 ms at first import
    from mathcards.mam.hints import answer_shown

    rows = session.execute(
        select(
            PracticeStepRow.set_id,
            PracticeStepRow.deal,
            PracticeStepRow.cards,
            PracticeStepRow.target,
            PracticeStepRow.correct,
            PracticeStepRow.hints_used,
            PracticeStepRow.at,
            PracticeSetRow.student_id,
            PracticeSetRow.power,
        )
        .join(PracticeSetRow, PracticeSetRow.id == PracticeStepRow.set_id)
        .join(StudentRow, StudentRow.id == PracticeSetRow.student_id)
        .where(*whose, PracticeSetRow.game == "mam", PracticeStepRow.kind == "answer")
        .where(PracticeStepRow.at >= since, PracticeStepRow.at < until)
        .order_by(PracticeStepRow.at, PracticeStepRow.id)
    )
    solved: set[tuple[int, int]] = set()
    for row in rows:
        deal = (row.set_id, row.deal)
        right = bool(row.correct) and deal not in solved
        if right and answer_shown(row.cards, row.target, row.hints_used, power=row.power):
            right = False
        if right:
            solved.add(deal)
        skill = Skill.TARGET_POWERS if row.power else Skill.TARGET
        found[row.student_id, skill].append(SkillAnswer(row.at, right))
