"""The school is the data controller: a student is forgotten everywhere on request, and what is
older than the days the school keeps records is deleted (`KEEP_DAYS` unless it says otherwise)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import Delete, and_, delete, exists, or_, select
from sqlalchemy.orm import Session

from mathcards.book import copies, names
from mathcards.book.errors import BookError, UnknownStudent
from mathcards.book.models import (
    AccommodationRow,
    Decision,
    Device,
    Game,
    GameMove,
    LiveEventRow,
    LiveGameRow,
    PracticeSet,
    PracticeStep,
    RatingChange,
    SchoolClass,
    Student,
    StudentRating,
)
from mathcards.i18n import _


def find(session: Session, class_name: str | None, nickname: str) -> Student:
    """The student with this nickname (in this class, or the only class that has one)."""
    query = (
        select(Student, SchoolClass.name)
        .join(SchoolClass, SchoolClass.id == Student.class_id)
        .where(Student.nickname_key == names.key(nickname))
    )
    if class_name is not None:
        query = query.where(SchoolClass.name == names.class_name(class_name))
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
    student: Student = found[0][0]
    return student


def holder(session: Session, class_id: int, nickname: str) -> str | None:
    """The nickname, as kept, of whoever in the class has this one whatever its case."""
    return session.scalar(
        select(Student.nickname).where(
            Student.class_id == class_id, Student.nickname_key == names.key(nickname)
        )
    )


def forget(session: Session, student: Student) -> int:
    """Delete a student and everything they did (their live games' events too, by their id:
    whoever takes their name next inherits nothing); how many records went."""
    sets = select(PracticeSet.id).where(PracticeSet.student_id == student.id)
    games = select(Game.id).where(Game.student_id == student.id)
    return _deleted(
        session,
        delete(LiveEventRow).where(LiveEventRow.student_id == student.id),
        delete(PracticeStep).where(PracticeStep.set_id.in_(sets)),
        delete(PracticeSet).where(PracticeSet.student_id == student.id),
        delete(GameMove).where(GameMove.game_id.in_(games)),
        delete(Game).where(Game.student_id == student.id),
        delete(Decision).where(Decision.student_id == student.id),
        delete(AccommodationRow).where(AccommodationRow.student_id == student.id),
        delete(RatingChange).where(RatingChange.student_id == student.id),
        delete(StudentRating).where(StudentRating.student_id == student.id),
        delete(Device).where(Device.student_id == student.id),
        delete(Student).where(Student.id == student.id),
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
    changes and live games (with their events), then students (with their ratings) and classes
    left with nothing newer. How many records went."""
    if not isinstance(keep_days, int) or keep_days < 0:
        message = _("records are kept for a whole number of days, not {days}")
        raise BookError(message.format(days=repr(keep_days)))
    cut = moment - timedelta(days=keep_days)
    newer_step = exists().where(PracticeStep.set_id == PracticeSet.id, PracticeStep.at >= cut)
    old_sets = select(PracticeSet.id).where(
        PracticeSet.started < cut,
        or_(PracticeSet.finished.is_(None), PracticeSet.finished < cut),
        ~newer_step,
    )
    old_ids = list(session.scalars(old_sets))
    old_live = select(LiveGameRow.id).where(LiveGameRow.started < cut)
    deleted = _deleted(
        session,
        delete(PracticeStep).where(PracticeStep.set_id.in_(old_ids)),
        delete(PracticeSet).where(PracticeSet.id.in_(old_ids)),
        delete(GameMove).where(GameMove.game_id.in_(select(Game.id).where(Game.at < cut))),
        delete(Game).where(Game.at < cut),
        delete(Decision).where(Decision.at < cut),
        delete(RatingChange).where(RatingChange.at < cut),
        delete(LiveEventRow).where(LiveEventRow.live_id.in_(old_live)),
        delete(LiveGameRow).where(LiveGameRow.started < cut),
    )
    idle = and_(
        Student.created < cut,
        ~exists().where(PracticeSet.student_id == Student.id),
        ~exists().where(Game.student_id == Student.id),
        ~exists().where(Decision.student_id == Student.id),
        ~exists().where(LiveEventRow.student_id == Student.id),
        ~exists().where(RatingChange.student_id == Student.id),
        ~exists().where(Device.student_id == Student.id, Device.used >= cut),
    )
    gone = list(session.scalars(select(Student.id).where(idle)))
    deleted += _deleted(
        session,
        delete(AccommodationRow).where(AccommodationRow.student_id.in_(gone)),
        delete(StudentRating).where(StudentRating.student_id.in_(gone)),
        delete(Device).where(Device.student_id.in_(gone)),
        delete(Student).where(Student.id.in_(gone)),
    )
    empty = and_(
        SchoolClass.created < cut,
        ~exists().where(Student.class_id == SchoolClass.id),
        ~exists().where(LiveGameRow.class_id == SchoolClass.id),
    )
    return deleted + _deleted(session, delete(SchoolClass).where(empty))


def _deleted(session: Session, *deletions: Delete) -> int:
    connection = session.connection()
    return sum(connection.execute(deletion).rowcount for deletion in deletions)
