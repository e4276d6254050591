"""Who may be in a class (a part of `Book`): the class's roster number, which grows whenever a
student is renamed or forgotten, and whether the teacher has closed the class to new names.

The class service remembers which browser is which student; `mathcards book forget` runs in
another process, which the service hears nothing from. So the service reads the roster number
on every live call (one row by its key) and, when it has grown, reads its students again: a
forgotten student is out of every live game at once, their name free, inheriting nothing."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from mathcards.book import names
from mathcards.book.database import guarded
from mathcards.book.models import SchoolClassRow, StudentRow


class RosterBook:
    """The class book's side of who may be in a class."""

    where: str
    _writing: Callable[[], AbstractContextManager[Session]]
    _reading: Callable[[], AbstractContextManager[Session]]
    _now: Callable[[], datetime]

    @guarded
    def roster(self, class_name: str) -> int:
        """The class's roster number (0 for a class the book does not hold yet)."""
        school = names.class_name(class_name)
        with self._reading() as session:
            found = session.scalar(
                select(SchoolClassRow.roster).where(SchoolClassRow.name == school)
            )
        return found or 0

    @guarded
    def nicknames(self, class_name: str) -> set[str]:
        """The nickname of every student of the class."""
        school = select(SchoolClassRow.id).where(
            SchoolClassRow.name == names.class_name(class_name)
        )
        with self._reading() as session:
            return set(
                session.scalars(
                    select(StudentRow.nickname).where(
                        StudentRow.class_id == school.scalar_subquery()
                    )
                )
            )

    @guarded
    def class_closed(self, class_name: str) -> bool:
        """Has the teacher closed the class to new names?"""
        school = names.class_name(class_name)
        with self._reading() as session:
            return bool(
                session.scalar(select(SchoolClassRow.closed).where(SchoolClassRow.name == school))
            )

    @guarded
    def close_class(self, class_name: str, closed: bool = True) -> None:
        """Close the class to new names (only its students come in), or open it again."""
        school = names.class_name(class_name)
        with self._writing() as session:
            row = session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))
            if row is None:  # closed before anyone joined: the class is made, closed
                row = SchoolClassRow(name=school, created=self._now())
                session.add(row)
            row.closed = bool(closed)


def changed(session: Session, class_id: int | None = None) -> None:
    """A student of the class (of every class, if None) was renamed or forgotten."""
    grown = update(SchoolClassRow).values(roster=SchoolClassRow.roster + 1)
    if class_id is not None:
        grown = grown.where(SchoolClassRow.id == class_id)
    session.execute(grown)
