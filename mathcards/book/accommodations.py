"""The accommodations the teacher sets for a student, in the class book (a part of `Book`):
one row each, kept by the student's id, so that a rename changes nothing and a forget takes
them away (mathcards.accommodations says what each does)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, select

from mathcards.accommodations import Accommodation, Accommodations, accommodations
from mathcards.book import names, privacy
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError
from mathcards.book.models import AccommodationRow, SchoolClassRow, StudentRow
from mathcards.collation import name_key


class AccommodationBook(BookPart):
    """The class book's side of the accommodations (a part of `Book`)."""

    @guarded
    def accommodations(self, class_name: str) -> dict[str, Accommodations]:
        """Every student of the class by nickname, with the accommodations set for them."""
        school = select(SchoolClassRow.id).where(
            SchoolClassRow.name == names.class_name(class_name)
        )
        with self._reading() as session:
            rows = session.execute(
                select(StudentRow.nickname, AccommodationRow.kind)
                .outerjoin(AccommodationRow, AccommodationRow.student_id == StudentRow.id)
                .where(StudentRow.class_id == school.scalar_subquery())
            )
            found: dict[str, set[Accommodation]] = {}
            for nickname, kind in sorted(rows, key=lambda row: name_key(row[0])):
                held = found.setdefault(nickname, set())
                if kind in set(Accommodation):
                    held.add(Accommodation(kind))
            return {nickname: frozenset(held) for nickname, held in found.items()}

    @guarded
    def accommodate(
        self, class_name: str, nickname: str, chosen: Iterable[object]
    ) -> Accommodations:
        """Set the student's accommodations to these (none: none any more); what they are now."""
        try:
            held = accommodations(chosen)
        except ValueError as wrong:
            raise BookError(str(wrong)) from None
        with self._writing() as session:
            student = privacy.find(session, class_name, nickname)
            session.execute(
                delete(AccommodationRow).where(AccommodationRow.student_id == student.id)
            )
            moment = self._now()
            session.add_all(
                AccommodationRow(student_id=student.id, kind=str(one), at=moment) for one in held
            )
        return held
