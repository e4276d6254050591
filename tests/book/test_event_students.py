"""Live events keyed by the student's id (issue 30), on SQLite and PostgreSQL: a book of revision
0005, whose events carry nicknames, is upgraded with each event matched to its student in its
own class (an event no student has any more goes); then a rename changes nothing in the events
(the nickname is read through the id), a forget deletes them by id, and whoever takes the
forgotten name inherits nothing, in the book and in the copy the upgrade made."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest
from alembic import command
from sqlalchemy import text

from mathcards.book import Book, LiveEvent, UnknownStudent, upgrade
from mathcards.book.database import book_url as parse
from mathcards.book.database import make_engine
from mathcards.book.schema import config, migrate

BEFORE = "0005_game_moves"
AT = "'2026-09-01 08:00:00'"
SETTINGS = '{"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}'
DEVICE = hashlib.sha256(b"cookie-of-zuzanna").hexdigest()
LESSON = [  # two classes, each with a Bo; their live games as revision 0005 kept them
    f"INSERT INTO classes (id, name, created) VALUES (1, '5b', {AT}), (2, '6a', {AT})",
    "INSERT INTO students (id, class_id, nickname, nickname_key, created) VALUES"
    f" (1, 1, 'Zuzanna', 'zuzanna', {AT}), (2, 1, 'Bo', 'bo', {AT}), (3, 2, 'Bo', 'bo', {AT})",
    "INSERT INTO devices (token_hash, student_id, created, used)"
    f" VALUES ('{DEVICE}', 1, {AT}, {AT})",
    "INSERT INTO live_games (id, class_id, game, settings, started) VALUES"
    f" (1, 1, 'mam', '{SETTINGS}', {AT}), (2, 2, 'mam', '{SETTINGS}', {AT})",
    "INSERT INTO live_events (live_id, seq, kind, name, payload, at) VALUES"
    f" (1, 1, 'start', '', '{{}}', {AT}), (1, 2, 'join', 'Zuzanna', '{{}}', {AT}),"
    f" (1, 3, 'join', 'bo', '{{}}', {AT}),"
    f" (1, 4, 'answer', 'Zuzanna', '{{\"text\": \"9\"}}', {AT}),"
    f" (1, 5, 'join', 'Gone', '{{}}', {AT}),"
    f" (2, 6, 'start', '', '{{}}', {AT}), (2, 7, 'join', 'Bo', '{{}}', {AT})",
]
KEPT = [("start", ""), ("join", "Zuzanna"), ("join", "Bo"), ("answer", "Zuzanna")]


@pytest.fixture
def upgraded(book_url: str) -> str:
    """A class book of revision 0005 with live games in it, upgraded to this mathcards'."""
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        migrate(connection, BEFORE)
        for statement in LESSON:
            connection.execute(text(statement))
        connection.commit()
    engine.dispose()
    upgrade(book_url)
    return book_url


def named(book: Book, class_name: str) -> list[tuple[str, str]]:
    record = book.newest_live(class_name, "mam")
    assert record is not None
    return [(event.kind, event.name) for event in record.events]


def kept_rows(url: str) -> list[tuple[int, int | None]]:
    engine = make_engine(parse(url))
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT seq, student_id FROM live_events ORDER BY seq"))
        found = [(seq, student) for seq, student in rows]
    engine.dispose()
    return found


def test_the_upgrade_matches_each_event_to_its_student_in_its_own_class(upgraded):
    with Book(upgraded) as book:
        assert named(book, "5b") == KEPT, "Gone's event, no one's any more, went"
        assert named(book, "6a") == [("start", ""), ("join", "Bo")]
    assert kept_rows(upgraded) == [(1, None), (2, 1), (3, 2), (4, 1), (6, None), (7, 3)]


def test_the_downgrade_writes_the_nicknames_again(upgraded):
    engine = make_engine(parse(upgraded))
    with engine.connect() as connection:
        command.downgrade(config(connection), BEFORE)
        names = connection.execute(text("SELECT name FROM live_events ORDER BY seq")).scalars()
        assert list(names) == ["", "Zuzanna", "Bo", "Zuzanna", "", "Bo"]
        connection.commit()
    engine.dispose()


def test_a_rename_changes_nothing_in_the_events_and_a_forget_takes_them_by_id(upgraded):
    rows = kept_rows(upgraded)
    with Book(upgraded) as book:
        book.rename("5b", "Zuzanna", "Hanna")
        assert kept_rows(upgraded) == rows, "not one event rewritten"
        hers = [("start", ""), ("join", "Hanna"), ("join", "Bo"), ("answer", "Hanna")]
        assert named(book, "5b") == hers, "read through her id"
        assert book.forget("5b", "Hanna") == 2 + 1 + 1  # her two events, her device, her
        assert named(book, "5b") == [("start", ""), ("join", "Bo")]
        newcomer = book.join("5b", "Zuzanna", "cookie-of-a-newcomer")
        live = book.newest_live("5b", "mam")
        assert live is not None
        book.record_live(live.id, LiveEvent(8, "join", "Zuzanna"))
        assert named(book, "5b") == [("start", ""), ("join", "Bo"), ("join", "Zuzanna")]
        assert book.forget("5b", "Zuzanna") == 1 + 1 + 1, "only her own event: nothing inherited"
        assert newcomer.id not in {student for _seq, student in kept_rows(upgraded)}
        assert named(book, "6a") == [("start", ""), ("join", "Bo")], "the other class's Bo"


def test_nothing_is_kept_under_a_name_no_student_of_the_class_has(upgraded):
    with Book(upgraded) as book:
        live = book.newest_live("6a", "mam")
        assert live is not None
        with pytest.raises(UnknownStudent, match="no student called Zuzanna"):
            book.record_live(live.id, LiveEvent(8, "join", "Zuzanna"))  # she is of 5b
        assert named(book, "6a") == [("start", ""), ("join", "Bo")]


def test_a_forget_reaches_the_copy_the_upgrade_made_though_she_was_renamed_since(
    upgraded, tmp_path
):
    if not upgraded.startswith("sqlite"):
        pytest.skip("PostgreSQL: the upgrade makes no copy")
    (copy,) = tmp_path.glob("classbook.sqlite.*.bak")
    assert b"Zuzanna" in copy.read_bytes()
    with Book(upgraded) as book:
        book.rename("5b", "Zuzanna", "Hanna")
        assert book.backups() == [copy]
        book.forget("5b", "Hanna")
    with sqlite3.connect(copy) as kept:
        assert kept.execute("SELECT id, nickname FROM students").fetchall() == [
            (2, "Bo"),
            (3, "Bo"),
        ]
        names = {name for (name,) in kept.execute("SELECT name FROM live_events")}
        assert names == {"", "bo", "Bo", "Gone"}, "hers went, every other stayed"
        assert kept.execute("SELECT count(*) FROM devices").fetchall() == [(0,)]
    kept.close()
    written = copy.read_bytes()
    assert b"Zuzanna" not in written and DEVICE.encode() not in written, "gone from the file"
