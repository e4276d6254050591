"""The school is the data controller: a student is forgotten everywhere on request, and what is
older than the days the school keeps records is deleted (`KEEP_DAYS` unless it says otherwise)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import Delete, and_, delete, exists, or_, select
from sqlalchemy.orm import Session

from mathcards.book import copies, names, roster
from mathcards.book.errors import BookError, UnknownStudent
from mathcards.book.models import (
    AccommodationRow,
    AssignmentRow,
    DecisionRow,
    DeviceRow,
    GameMoveRow,
    GameRow,
    LevelSetRow,
    LiveEventRow,
    LiveGameRow,
    PlayDecisionRow,
    PlayMoveRow,
    PlaySeatRow,
    PlayTableRow,
    PracticeSetRow,
    PracticeStepRow,
    RatingChangeRow,
    SchoolClassRow,
    StudentRatingRow,
    StudentRow,
)
from mathcards.book.play import forget_seats
from mathcards.i18n import _


def find(session: Session, class_name: str | None, nickname: str) -> StudentRow:
    """The student with this nickname (in this class, or the only class that has one)."""
    query = (
        select(StudentRow, SchoolClassRow.name)
        .join(SchoolClassRow, SchoolClassRow.id == StudentRow.class_id)
        .where(StudentRow.nickname_key == names.key(nickname))
    )
    if class_name is not None:
        query = query.where(SchoolClassRow.name == names.class_name(class_name))
    found = session.execute(query).all()
    if not found and class_name is not None:
        message = _("there is no student called {nickname} in the class {name}")
        raise UnknownStudent(message.format(nickname=nickname, name=class_name))
    if not found:
        message = _("there is no student called {nickname} in the class book")
        raise UnknownStudent(message.format(nickname=nickname))
    if len(found) > 1:
        message = _("there is a {nickname} in several classes ({names}): say which class")
        classes = ", ".join(sorted(name for _row, name in found))
        raise BookError(message.format(nickname=nickname, names=classes))
    student: StudentRow = found[0][0]
    return student


def holder(session: Session, class_id: int, nickname: str) -> str | None:
    """The nickname, as kept, of whoever in the class has this one whatever its case."""
    return session.scalar(
        select(StudentRow.nickname).where(
            StudentRow.class_id == class_id, StudentRow.nickname_key == names.key(nickname)
        )
    )


def forget(session: Session, student: StudentRow) -> int:
    """Delete a student and everything they did (their live games' events too, by their id:
    whoever takes their name next inherits nothing; their seats at tables keep their
    classmates' games, under the seat's number); how many records went."""
    sets = select(PracticeSetRow.id).where(PracticeSetRow.student_id == student.id)
    games = select(GameRow.id).where(GameRow.student_id == student.id)
    roster.changed(session, student.class_id)
    return forget_seats(session, student.id) + _deleted(
        session,
        delete(LiveEventRow).where(LiveEventRow.student_id == student.id),
        delete(PracticeStepRow).where(PracticeStepRow.set_id.in_(sets)),
        delete(PracticeSetRow).where(PracticeSetRow.student_id == student.id),
        delete(GameMoveRow).where(GameMoveRow.game_id.in_(games)),
        delete(GameRow).where(GameRow.student_id == student.id),
        delete(DecisionRow).where(DecisionRow.student_id == student.id),
        delete(AccommodationRow).where(AccommodationRow.student_id == student.id),
        delete(RatingChangeRow).where(RatingChangeRow.student_id == student.id),
        delete(StudentRatingRow).where(StudentRatingRow.student_id == student.id),
        delete(LevelSetRow).where(LevelSetRow.student_id == student.id),
        delete(DeviceRow).where(DeviceRow.student_id == student.id),
        delete(StudentRow).where(StudentRow.id == student.id),
    )


def forget_in_copies(backups: list[Path], student: int, joined: datetime, nickname: str) -> None:
    """Forget the student in each copy `mathcards book upgrade` made; a copy that cannot be
    changed is named, for the school to delete."""
    for copy in backups:
        try:
            copies.forget(copy, student, joined)
        except (sqlite3.Error, OSError):
            message = _(
                "{nickname} is forgotten in the class book, but the copy {copy} could not be "
                "changed: delete it"
            )
            raise BookError(message.format(nickname=nickname, copy=copy)) from None


def purge(session: Session, moment: datetime, keep_days: int) -> int:
    """Delete every record older than `keep_days` days before `moment`: practice sets last
    touched before then (with their steps), games (with their moves), decisions, ratings'
    changes, sets at a student's level, live games (with their events), tables last played
    before then (with their seats, moves and decisions) and assignments due before then, then
    students (with their ratings) and classes left with nothing newer. How many records went."""
    if not isinstance(keep_days, int) or keep_days < 0:
        message = _("records are kept for a whole number of days, not {days}")
        raise BookError(message.format(days=repr(keep_days)))
    cut = moment - timedelta(days=keep_days)
    newer_step = exists().where(
        PracticeStepRow.set_id == PracticeSetRow.id, PracticeStepRow.at >= cut
    )
    old_sets = select(PracticeSetRow.id).where(
        PracticeSetRow.started < cut,
        or_(PracticeSetRow.finished.is_(None), PracticeSetRow.finished < cut),
        ~newer_step,
    )
    old_ids = list(session.scalars(old_sets))
    old_live = select(LiveGameRow.id).where(LiveGameRow.started < cut)
    old_tables = select(PlayTableRow.id).where(PlayTableRow.at < cut)
    deleted = _deleted(
        session,
        delete(PracticeStepRow).where(PracticeStepRow.set_id.in_(old_ids)),
        delete(PracticeSetRow).where(PracticeSetRow.id.in_(old_ids)),
        delete(GameMoveRow).where(
            GameMoveRow.game_id.in_(select(GameRow.id).where(GameRow.at < cut))
        ),
        delete(GameRow).where(GameRow.at < cut),
        delete(DecisionRow).where(DecisionRow.at < cut),
        delete(RatingChangeRow).where(RatingChangeRow.at < cut),
        delete(LevelSetRow).where(LevelSetRow.at < cut),
        delete(LiveEventRow).where(LiveEventRow.live_id.in_(old_live)),
        delete(LiveGameRow).where(LiveGameRow.started < cut),
        delete(PlayDecisionRow).where(PlayDecisionRow.table_id.in_(old_tables)),
        delete(PlayMoveRow).where(PlayMoveRow.table_id.in_(old_tables)),
        delete(PlaySeatRow).where(PlaySeatRow.table_id.in_(old_tables)),
        delete(PlayTableRow).where(PlayTableRow.at < cut),
        delete(AssignmentRow).where(AssignmentRow.due < cut.date()),
    )
    idle = and_(
        StudentRow.created < cut,
        ~exists().where(PracticeSetRow.student_id == StudentRow.id),
        ~exists().where(GameRow.student_id == StudentRow.id),
        ~exists().where(DecisionRow.student_id == StudentRow.id),
        ~exists().where(LiveEventRow.student_id == StudentRow.id),
        ~exists().where(PlaySeatRow.student_id == StudentRow.id),
        ~exists().where(RatingChangeRow.student_id == StudentRow.id),
        ~exists().where(LevelSetRow.student_id == StudentRow.id),
        ~exists().where(DeviceRow.student_id == StudentRow.id, DeviceRow.used >= cut),
    )
    gone = list(session.scalars(select(StudentRow.id).where(idle)))
    if gone:
        roster.changed(session)
    deleted += _deleted(
        session,
        delete(AccommodationRow).where(AccommodationRow.student_id.in_(gone)),
        delete(StudentRatingRow).where(StudentRatingRow.student_id.in_(gone)),
        delete(DeviceRow).where(DeviceRow.student_id.in_(gone)),
        delete(StudentRow).where(StudentRow.id.in_(gone)),
    )
    empty = and_(
        SchoolClassRow.created < cut,
        ~exists().where(StudentRow.class_id == SchoolClassRow.id),
        ~exists().where(LiveGameRow.class_id == SchoolClassRow.id),
        ~exists().where(PlayTableRow.class_id == SchoolClassRow.id),
        ~exists().where(AssignmentRow.class_id == SchoolClassRow.id),
    )
    return deleted + _deleted(session, delete(SchoolClassRow).where(empty))


def _deleted(session: Session, *deletions: Delete) -> int:
    connection = session.connection()
    return sum(connection.execute(deletion).rowcount for deletion in deletions)
