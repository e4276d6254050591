"""Practice at a student's level in the class book (a part of `Book`): each student's rating per
skill, each item's rating, and what every answer did to both (docs/design.md#practice-at-my-level).
The book works every change out itself, from the ratings it keeps and the answer; a student's
ratings and history are kept by their id, so a rename changes nothing and a forget takes them
away. An item's rating, learned from every class, names nobody and stays."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from mathcards.accommodations import Accommodation
from mathcards.adaptive.bank import bank
from mathcards.adaptive.rating import Attempt, Change, Rating, new_item, new_student, update
from mathcards.adaptive.skills import DEADLINES, SUCCESS, Skill, checked_success, skill
from mathcards.book import names
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownStudent
from mathcards.book.models import (
    AccommodationRow,
    ItemRatingRow,
    RatingChangeRow,
    SchoolClassRow,
    StudentRatingRow,
    StudentRow,
)
from mathcards.i18n import _

MOST_SECONDS = 24 * 3600.0  # an answer's seconds beyond a day are kept as a day


@dataclass(frozen=True)
class RatingStep:
    """One answer of a student's practice at their level, as the teacher's page draws it."""

    nickname: str
    skill: Skill
    item: str
    right: bool
    hints: int
    shown: bool
    rating: float  # the student's rating after it
    spread: float
    at: datetime
    difficulty: float  # the item's rating as it was dealt, which chose it


@dataclass(frozen=True)
class LevelSettings:
    """What the teacher set for the class's practice at each student's level: the share of
    right answers the items are chosen for, and whether time counts (off: only right or wrong
    counts, and no clock is shown)."""

    success: float = SUCCESS
    clock: bool = True


@dataclass(frozen=True)
class StudentClock:
    """Whether time counts in a student's practice at their level now (`counts`), and whether
    the student may turn it on or off (`theirs`: not when the teacher took it off, for the whole
    class or for them with no countdown)."""

    counts: bool
    theirs: bool


class RatingBook(BookPart):
    """The class book's side of practice at a student's level (a part of `Book`)."""

    @guarded
    def rate_answer(
        self, student: int, practised: Skill | str, item: str, answer: Attempt
    ) -> Change:
        """Keep an answer to an item of the skill's bank and what it does to both ratings, worked
        out from the ratings the book holds; the change, once committed."""
        chosen = _skill(practised)
        prior = _item(chosen, item)
        if answer.seconds is not None and answer.seconds > MOST_SECONDS:
            answer = Attempt(answer.right, MOST_SECONDS, answer.hints, answer.shown, answer.clock)
        with self._writing() as session:
            if session.get(StudentRow, student) is None:
                message = _("there is no student number {student} in the class book")
                raise UnknownStudent(message.format(student=student))
            own = session.scalar(
                select(StudentRatingRow)
                .where(StudentRatingRow.student_id == student, StudentRatingRow.skill == chosen)
                .with_for_update()
            )
            kept = session.scalar(
                select(ItemRatingRow)
                .where(ItemRatingRow.skill == chosen, ItemRatingRow.item == item)
                .with_for_update()
            )
            moment = self._now()
            change = update(
                _rating(own) if own else new_student(),
                _rating(kept) if kept else new_item(prior),
                answer,
                DEADLINES[chosen],
                moment,
            )
            if own is None:
                own = StudentRatingRow(student_id=student, skill=str(chosen))
                session.add(own)
            if kept is None:
                kept = ItemRatingRow(skill=str(chosen), item=item)
                session.add(kept)
            _keep(own, change.student)
            _keep(kept, change.item)
            session.add(_change_row(student, chosen, item, answer, change, moment))
            return change

    @guarded
    def level_settings(self, class_name: str) -> LevelSettings:
        """The class's settings for practice at each student's level (the defaults for a class
        the book does not hold yet)."""
        with self._reading() as session:
            room = session.scalar(
                select(SchoolClassRow).where(SchoolClassRow.name == names.class_name(class_name))
            )
            return _settings(room)

    @guarded
    def set_level_settings(
        self, class_name: str, *, success: float | None = None, clock: bool | None = None
    ) -> LevelSettings:
        """Set the share of right answers the class's items are chosen for (0.60 to 0.90),
        whether time counts for the whole class, or both; the settings now."""
        if success is not None:
            try:
                success = checked_success(success)
            except ValueError as wrong:
                raise BookError(str(wrong)) from None
        if clock is not None and not isinstance(clock, bool):
            raise BookError(_("the clock is on or off, not {x}").format(x=repr(clock)[:20]))
        school = names.class_name(class_name)
        with self._writing() as session:
            room = session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))
            if room is None:
                room = SchoolClassRow(name=school, created=self._now())
                session.add(room)
            if success is not None:
                room.success = success
            if clock is not None:
                room.clock = clock
            return _settings(room)

    @guarded
    def clock_for(self, student: int) -> bool:
        """Does time count in this student's practice at their level? Not when the teacher took
        the clock off for the whole class or for a student with no countdown, nor when the
        student turned it off themselves."""
        return self.clock_of(student).counts

    @guarded
    def clock_of(self, student: int) -> StudentClock:
        """Whether time counts in this student's practice at their level, and whether it is
        theirs to turn on or off (the teacher's word comes first)."""
        with self._reading() as session:
            return _clock(session, session.get(StudentRow, student))

    @guarded
    def set_own_clock(self, student: int, on: bool) -> StudentClock:
        """The student turns time on or off in their practice at their level; kept only when
        it is theirs to choose (the teacher's word comes first, and stays). The clock now."""
        if not isinstance(on, bool):
            raise BookError(_("the clock is on or off, not {x}").format(x=repr(on)[:20]))
        with self._writing() as session:
            row = session.get(StudentRow, student)
            if row is None:
                message = _("there is no student number {student} in the class book")
                raise UnknownStudent(message.format(student=student))
            if _clock(session, row).theirs:
                row.own_clock = on
            return _clock(session, row)

    @guarded
    def rating_history(
        self, student: int, practised: Skill | str
    ) -> list[tuple[datetime, float, float]]:
        """Every answer of the student's practice in the skill, oldest first: when, and their
        rating before and after it."""
        chosen = _skill(practised)
        with self._reading() as session:
            rows = session.execute(
                select(
                    RatingChangeRow.at,
                    RatingChangeRow.student_before,
                    RatingChangeRow.student_after,
                )
                .where(RatingChangeRow.student_id == student, RatingChangeRow.skill == chosen)
                .order_by(RatingChangeRow.at, RatingChangeRow.id)
            )
            return [(row.at, row.student_before, row.student_after) for row in rows]

    @guarded
    def student_rating(self, student: int, practised: Skill | str) -> Rating:
        """The student's rating in the skill (a new student's before their first answer)."""
        chosen = _skill(practised)
        with self._reading() as session:
            own = session.scalar(
                select(StudentRatingRow).where(
                    StudentRatingRow.student_id == student, StudentRatingRow.skill == chosen
                )
            )
            return _rating(own) if own else new_student()

    @guarded
    def item_ratings(self, practised: Skill | str) -> dict[str, Rating]:
        """Every item of the skill answered so far, with its rating."""
        chosen = _skill(practised)
        with self._reading() as session:
            rows = session.scalars(select(ItemRatingRow).where(ItemRatingRow.skill == chosen))
            return {row.item: _rating(row) for row in rows}

    @guarded
    def rating_steps(self, class_name: str, nickname: str | None = None) -> list[RatingStep]:
        """Every answer of the class's practice at their level (one student's, if named),
        oldest first, with the student's rating after it."""
        query = (
            select(RatingChangeRow, StudentRow.nickname)
            .join(StudentRow, StudentRow.id == RatingChangeRow.student_id)
            .join(SchoolClassRow, SchoolClassRow.id == StudentRow.class_id)
            .where(SchoolClassRow.name == names.class_name(class_name))
            .order_by(RatingChangeRow.at, RatingChangeRow.id)
        )
        if nickname is not None:
            query = query.where(StudentRow.nickname_key == names.key(nickname))
        with self._reading() as session:
            return [
                RatingStep(
                    name,
                    Skill(row.skill),
                    row.item,
                    row.right,
                    row.hints,
                    row.shown,
                    row.student_after,
                    row.student_variance**0.5,
                    row.at,
                    row.item_before,
                )
                for row, name in session.execute(query)
            ]


def _settings(room: SchoolClassRow | None) -> LevelSettings:
    if room is None:
        return LevelSettings()
    return LevelSettings(SUCCESS if room.success is None else room.success, room.clock is not False)


def _clock(session: Session, row: StudentRow | None) -> StudentClock:
    """The student's clock: off by the teacher (for the class, or no countdown), else theirs."""
    if row is None:
        return StudentClock(True, True)
    room = session.get(SchoolClassRow, row.class_id)
    no_countdown = session.scalar(
        select(AccommodationRow.id).where(
            AccommodationRow.student_id == row.id,
            AccommodationRow.kind == str(Accommodation.NO_COUNTDOWN),
        )
    )
    if (room is not None and room.clock is False) or no_countdown is not None:
        return StudentClock(False, False)
    return StudentClock(row.own_clock is not False, True)


def _skill(practised: object) -> Skill:
    try:
        return skill(practised)
    except ValueError as wrong:
        raise BookError(str(wrong)) from None


def _item(chosen: Skill, item: str) -> float:
    """The item's first difficulty, from the skill's bank (a BookError for an item not there)."""
    try:
        return bank(chosen).find(item).prior
    except ValueError as wrong:
        raise BookError(str(wrong)) from None


def _rating(row: StudentRatingRow | ItemRatingRow) -> Rating:
    return Rating(row.value, row.variance, row.answers, row.last)


def _keep(row: StudentRatingRow | ItemRatingRow, rating: Rating) -> None:
    row.value, row.variance, row.answers, row.last = (
        rating.value,
        rating.variance,
        rating.answers,
        rating.last,
    )


def _change_row(
    student: int, chosen: Skill, item: str, answer: Attempt, change: Change, moment: datetime
) -> RatingChangeRow:
    return RatingChangeRow(
        student_id=student,
        skill=str(chosen),
        item=item,
        right=answer.right,
        seconds=answer.seconds,
        hints=answer.hints,
        shown=answer.shown,
        clock=answer.clock,
        score=change.score,
        expected=change.expected,
        student_before=change.student_before.value,
        student_after=change.student.value,
        student_variance=change.student.variance,
        item_before=change.item_before.value,
        item_after=change.item.value,
        at=moment,
    )
