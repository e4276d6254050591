"""Who may be in a class (a part of `Book`): the class's roster number, which grows whenever a
student is renamed or forgotten, whether the teacher has closed the class to new names, and the
class list: names the teacher gave, each a student no browser has taken yet until one picks it.

The class service remembers which browser is which student; `mathcards book forget` runs in
another process, which the service hears nothing from. So the service reads the roster number
on every live call (one row by its key) and, when it has grown, reads its students again: a
forgotten student is out of every live game at once, their name free, inheriting nothing."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import cast

from sqlalchemy import Table, bindparam, exists, select, update
from sqlalchemy.orm import Session

from mathcards.book import names
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError
from mathcards.book.models import DeviceRow, SchoolClassRow, StudentRow
from mathcards.collation import sorted_names
from mathcards.i18n import _

MOST_LISTED = 600  # names in a class list: as many as a class book keeps in a class
CLASSES = cast(Table, SchoolClassRow.__table__)
ROSTER = select(CLASSES.c.roster).where(CLASSES.c.name == bindparam("school"))  # every batch of
# a live game's changes asks it: built once, said by Core


class RosterBook(BookPart):
    """The class book's side of who may be in a class."""

    @guarded
    def roster(self, class_name: str) -> int:
        """The class's roster number (0 for a class the book does not hold yet)."""
        school = names.class_name(class_name)
        with self._said() as connection:
            found = connection.scalar(ROSTER, {"school": school})
        return int(found or 0)

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
    def student_ids(self, class_name: str) -> dict[str, int]:
        """Each student of the class: their nickname → their id."""
        school = select(SchoolClassRow.id).where(
            SchoolClassRow.name == names.class_name(class_name)
        )
        with self._reading() as session:
            found = session.execute(
                select(StudentRow.nickname, StudentRow.id).where(
                    StudentRow.class_id == school.scalar_subquery()
                )
            )
            return {nickname: student for nickname, student in found}

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

    @guarded
    def class_list(self, class_name: str, lines: Iterable[str]) -> list[str]:
        """Give the class these names (one a line, blank lines skipped), each checked as a
        nickname is, then close the class to other names: students pick theirs from the list.
        The names added (those the class had already are kept as they are)."""
        listed = _listed(lines)
        school = names.class_name(class_name)
        with self._writing() as session:
            room = session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))
            if room is None:
                room = SchoolClassRow(name=school, created=self._now())
                session.add(room)
                session.flush()
            kept = session.execute(
                select(StudentRow.nickname).where(StudentRow.class_id == room.id)
            ).scalars()
            known = {names.key(name): name for name in kept}
            looks = {names.looks(name): name for name in known.values()}
            added = []
            for line, name in listed:
                if names.key(name) in known:
                    continue
                if names.looks(name) in looks:
                    _look_alike(line, name, looks[names.looks(name)])
                if len(known) >= MOST_LISTED:
                    message = _("a class list has at most {most} names")
                    raise BookError(message.format(most=MOST_LISTED))
                session.add(
                    StudentRow(
                        class_id=room.id,
                        nickname=name,
                        nickname_key=names.key(name),
                        created=self._now(),
                    )
                )
                known[names.key(name)], looks[names.looks(name)] = name, name
                added.append(name)
            room.closed = True
        return added

    @guarded
    def free_names(self, class_name: str) -> list[str]:
        """The names of the class no browser has taken yet (of its class list), in order."""
        school = select(SchoolClassRow.id).where(
            SchoolClassRow.name == names.class_name(class_name)
        )
        taken = exists().where(DeviceRow.student_id == StudentRow.id)
        with self._reading() as session:
            free = session.scalars(
                select(StudentRow.nickname).where(
                    StudentRow.class_id == school.scalar_subquery(), ~taken
                )
            )
            return sorted_names(free)[:MOST_LISTED]


def names_of_file(data: bytes) -> list[str]:
    """The lines of a class list file: UTF-8 (a byte-order mark or not), else as a Polish
    Excel saves a CSV (Windows-1250)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1250", errors="replace")
    return names_in(text)


def names_in(text: str) -> list[str]:
    """The lines of a class list as pasted or imported: one name a line; in a CSV file (cells
    parted by , ; or a tab), a line's cells joined by a space ("Ola;Nowak": "Ola Nowak")."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    if not any(mark in text for mark in ",;\t"):
        return lines
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        return lines
    return [
        " ".join(c.strip() for c in row if c.strip())
        for row in csv.reader(lines, delimiter=dialect.delimiter)
    ]


def _listed(lines: Iterable[str]) -> list[tuple[int, str]]:
    """The names of a class list, each with its line's number, checked as nicknames are."""
    found = []
    for number, line in enumerate(lines, start=1):
        if number > 2 * MOST_LISTED:
            raise BookError(_("a class list has at most {most} names").format(most=MOST_LISTED))
        if not line.strip():
            continue
        try:
            found.append((number, names.nickname(line)))
        except BookError as problem:
            message = _("line {line} of the class list: {problem}")
            raise BookError(message.format(line=number, problem=problem)) from None
    if not found:
        raise BookError(_("the class list has no names: write one name a line"))
    return found


def _look_alike(line: int, name: str, other: str) -> None:
    """Refuse a name that looks like another of the class (two students could not be told
    apart)."""
    message = _("line {line} of the class list: {name} looks like {other}: write them apart")
    raise BookError(message.format(line=line, name=name, other=other))


def changed(session: Session, class_id: int | None = None) -> None:
    """A student of the class (of every class, if None) was renamed or forgotten."""
    grown = update(SchoolClassRow).values(roster=SchoolClassRow.roster + 1)
    if class_id is not None:
        grown = grown.where(SchoolClassRow.id == class_id)
    session.execute(grown)
