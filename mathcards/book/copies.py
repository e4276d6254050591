"""The copies `mathcards book upgrade` makes of an SQLite class book (`<file>.<revision>.bak`,
the book as it was before): a student forgotten in the book is forgotten in every copy too,
whatever its revision, then the copy is rewritten (VACUUM) so that nothing of theirs stays in
the file. A student is the same in a copy by their id and the moment they joined, which a
rename does not change."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from mathcards.book.play import unnamed

OWN = ("practice_sets", "games", "decisions", "devices")  # the tables that name the student
LATER = (
    "accommodations",
    "student_ratings",
    "rating_changes",
    "level_sets",
)  # theirs, in later revisions
IN_SETS = "DELETE FROM practice_steps WHERE set_id IN (SELECT id FROM practice_sets WHERE {who})"
IN_GAMES = "DELETE FROM game_moves WHERE game_id IN (SELECT id FROM games WHERE {who})"
SEATED = (  # a student's seats at tables, in revision 0008 and after
    "SELECT play_seats.id, table_id, seat, settings, scores, winners FROM play_seats"
    " JOIN play_tables ON play_tables.id = play_seats.table_id WHERE student_id = ?"
)
RENAMED = "UPDATE play_tables SET settings = ?, scores = ?, winners = ? WHERE id = ?"
NAMED = (  # the live events of a class, in revisions 0003 to 0005: kept under a nickname
    "SELECT live_events.id, name FROM live_events JOIN live_games"
    " ON live_games.id = live_events.live_id WHERE class_id = ?"
)


def of(file: Path | None) -> list[Path]:
    """The copies made of the SQLite class book `file` (none for PostgreSQL: no file)."""
    return [] if file is None else sorted(file.parent.glob(f"{file.name}.*.bak"))


def forget(copy: Path, student: int, joined: datetime) -> bool:
    """Delete the student and everything they did from one copy, then rewrite it; whether the
    copy held them (sqlite3.Error if it is no class book or cannot be written)."""
    with closing(sqlite3.connect(copy)) as book:
        found = book.execute(
            "SELECT class_id, nickname, created FROM students WHERE id = ?", (student,)
        ).fetchone()
        if found is None or _moment(found[2]) != _moment(joined):
            return False
        class_id, nickname, _created = found
        tables = {row[0] for row in book.execute("SELECT name FROM sqlite_master")}
        with book:  # one transaction
            for statement, values in _deletions(book, tables, student, class_id, nickname):
                book.execute(statement, values)
        book.execute("VACUUM")
    return True


def _deletions(
    book: sqlite3.Connection, tables: set[str], student: int, class_id: int, nickname: str
) -> list[tuple[str, tuple[object, ...]]]:
    """What deletes the student's records from a copy of this revision (its `tables`)."""
    who, mine = "student_id = ?", (student,)
    done: list[tuple[str, tuple[object, ...]]] = [(IN_SETS.format(who=who), mine)]
    if "game_moves" in tables:
        done.append((IN_GAMES.format(who=who), mine))
    done += [(f"DELETE FROM {table} WHERE {who}", mine) for table in OWN]
    for table in LATER:
        if table in tables:
            done.append((f"DELETE FROM {table} WHERE {who}", mine))
    if "live_events" in tables:
        columns = {row[1] for row in book.execute("PRAGMA table_info(live_events)")}
        if "student_id" in columns:
            done.append((f"DELETE FROM live_events WHERE {who}", mine))
        else:
            events = book.execute(NAMED, (class_id,)).fetchall()
            theirs = [(i,) for i, name in events if name.casefold() == nickname.casefold()]
            done += [("DELETE FROM live_events WHERE id = ?", event) for event in theirs]
    if "play_seats" in tables:
        done += _seats(book, student)
    return [*done, ("DELETE FROM students WHERE id = ?", mine)]


def _seats(book: sqlite3.Connection, student: int) -> list[tuple[str, tuple[object, ...]]]:
    """The student's decisions at tables deleted, each seat they had kept under its number."""
    done: list[tuple[str, tuple[object, ...]]] = [
        ("DELETE FROM play_decisions WHERE student_id = ?", (student,))
    ]
    for seat_id, table_id, seat, settings, scores, winners in book.execute(SEATED, (student,)):
        kept = unnamed(json.loads(settings), json.loads(scores), json.loads(winners), seat)
        done.append((RENAMED, (*(json.dumps(part) for part in kept), table_id)))
        done.append(("UPDATE play_seats SET student_id = NULL WHERE id = ?", (seat_id,)))
    return done


def _moment(value: datetime | str) -> datetime:
    """A moment as the book keeps it: in UTC, without a zone, from its text in a copy."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
