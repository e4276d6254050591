"""The class book's schema, on SQLite and on PostgreSQL: a book made by the first revision is
upgraded to the newest with nothing lost (an SQLite file backed up first), an old or foreign
database is refused with a sentence saying what to do, and the migrations build exactly the
schema of the models and ship inside the package."""

from __future__ import annotations

import hashlib
import sqlite3
import tomllib
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from mathcards.book import Book, BookOutOfDate, NotABook, head, upgrade
from mathcards.book.database import book_url as parse
from mathcards.book.database import make_engine
from mathcards.book.models import Base
from mathcards.book.schema import MIGRATIONS, config, migrate

ROOT = Path(__file__).resolve().parents[2]
FIRST = "0001"
FIRST_LESSON = [  # what a class book of the first revision held, in its own SQL
    "INSERT INTO classes (id, name, created) VALUES (1, '5b', '2026-09-01 08:00:00')",
    "INSERT INTO students (id, class_id, nickname, nickname_key, created)"
    " VALUES (1, 1, 'Ann', 'ann', '2026-09-01 08:00:00')",
    "INSERT INTO devices (token_hash, student_id, created, used)"
    f" VALUES ('{hashlib.sha256(b'cookie-1').hexdigest()}', 1,"
    " '2026-09-01 08:00:00', '2026-09-01 08:00:00')",
    "INSERT INTO practice_sets (id, student_id, game, level, power, rounds, seed, started)"
    " VALUES (1, 1, 'mam', 'normal', false, 8, 1234, '2026-09-01 08:01:00')",
    "INSERT INTO practice_steps (id, set_id, seq, kind, deal, cards, target, typed, correct,"
    " verdict_kind, sentence, hints_used, seconds, at) VALUES (1, 1, 1, 'answer', 1,"
    " '[7, 6, 12, 2, 15]', 32, '15+12+7-2', true, 'correct', 'right', 0, 12.5,"
    " '2026-09-01 08:02:00')",
    "INSERT INTO games (id, student_id, game, players, scores, winners, seed, finished, at)"
    """ VALUES (1, 1, 'lama', '["Ann", "Bot"]', '{"Ann": 3}', '["Ann"]', 7, true,"""
    " '2026-09-01 08:03:00')",
]


LIVE_REVISION = "0003"  # the live games, their events' payloads kept as texts
LIVE_TEXTS = [  # (game, kind, name, text) as revision 0003 kept them, in order of arrival
    ("mam", "start", "", '{"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}'),
    ("mam", "join", "Ann", ""),
    ("mam", "lock", "", "1"),
    ("mam", "lock", "", "0"),
    ("mam", "open", "", "1000030.0"),
    ("mam", "answer", "Ann", "15+12+7-2"),
    ("mam", "pause", "", "20.0"),
    ("mam", "resume", "", "1000520.0"),
    ("mam", "close", "", ""),
    ("mam", "open", "", ""),
    ("mam", "pause", "", ""),
    ("mam", "reveal", "", ""),
    ("mam", "remove", "Ann", ""),
    ("mam", "finish", "", ""),
    ("lama_dice", "start", "", "{}"),
    (
        "lama_dice",
        "ask",
        "",
        '{"row": [2, 2, 6], "llama_row": [1, 3, 5, 7], "dice": '
        '[[1, 2, 3, 4, 5, 7]], "asks": "bust"}',
    ),
    ("lama_dice", "guess", "Ann", "35%"),
    ("lama_dice", "reveal", "", ""),
    ("lama_dice", "rolls", "", '{"count": 1000, "seed": 9}'),
]
LIVE_PAYLOADS = [  # the same events, as revision 0004 keeps them
    {"settings": {"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}},
    {},
    {"locked": True},
    {"locked": False},
    {"until": 1000030.0},
    {"text": "15+12+7-2"},
    {"left": 20.0},
    {"until": 1000520.0},
    {},
    {"until": None},
    {"left": None},
    {},
    {},
    {},
    {"settings": {}},
    {"row": [2, 2, 6], "llama_row": [1, 3, 5, 7], "dice": [[1, 2, 3, 4, 5, 7]], "asks": "bust"},
    {"text": "35%"},
    {},
    {"count": 1000, "seed": 9},
]


def live_lesson() -> list[str]:
    """A class's live MAM! game and LAMA Dice lesson, in revision 0003's SQL."""
    games = {"mam": 1, "lama_dice": 2}
    statements = [
        "INSERT INTO classes (id, name, created) VALUES (1, '5b', '2026-09-01 08:00:00')",
        "INSERT INTO students (id, class_id, nickname, nickname_key, created)"
        " VALUES (1, 1, 'Ann', 'ann', '2026-09-01 08:00:00')",
        "INSERT INTO live_games (id, class_id, game, settings, started) VALUES (1, 1, 'mam',"
        """ '{"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}',"""
        " '2026-09-01 08:00:00')",
        "INSERT INTO live_games (id, class_id, game, settings, started) VALUES (2, 1,"
        " 'lama_dice', '{}', '2026-09-01 09:00:00')",
    ]
    for seq, (game, kind, name, written) in enumerate(LIVE_TEXTS, start=1):
        quoted = written.replace("'", "''")
        statements.append(
            "INSERT INTO live_events (live_id, seq, kind, name, text, at) VALUES"
            f" ({games[game]}, {seq}, '{kind}', '{name}', '{quoted}', '2026-09-01 08:00:00')"
        )
    return statements


def at_first_revision(url: str):
    """A database made by the first revision with a lesson in it; its engine, still open (an
    SQLite file keeps the lesson in its write-ahead log, not yet in the file itself)."""
    engine = make_engine(parse(url))
    with engine.connect() as connection:
        migrate(connection, FIRST)
        for statement in FIRST_LESSON:
            connection.execute(text(statement))
        connection.commit()
    return engine


def test_a_book_of_the_first_revision_is_upgraded_with_nothing_lost(book_url, tmp_path):
    engine = at_first_revision(book_url)
    with pytest.raises(BookOutOfDate) as refused:
        Book(book_url)
    assert f"is at revision {FIRST}, this mathcards needs {head()}" in str(refused.value)
    assert "run `mathcards book upgrade`" in str(refused.value)
    done = upgrade(book_url)
    engine.dispose()
    assert (done.before, done.after) == (FIRST, head())
    if book_url.startswith("sqlite"):
        assert done.backup == tmp_path / f"classbook.sqlite.{FIRST}.bak"
        with sqlite3.connect(done.backup) as backup:  # the backup is the book as it was
            assert backup.execute("SELECT version_num FROM alembic_version").fetchall() == [
                (FIRST,)
            ]
            assert backup.execute("SELECT nickname FROM students").fetchall() == [("Ann",)]
    else:
        assert done.backup is None
    with Book(book_url) as book:
        ann = book.student_for("cookie-1")
        assert ann is not None and (ann.class_name, ann.nickname) == ("5b", "Ann")
        record = book.open_set(ann.id)
        assert record is not None and record.seed == 1234
        assert [(s.typed, s.correct, s.cards) for s in record.steps] == [
            ("15+12+7-2", True, [7, 6, 12, 2, 15])
        ]
        assert book.record_decision(ann.id, "lama", situation={}, choice="draw", best="quit")
        (line,) = book.students("5b")
        assert (line.answers, line.deals_solved, line.games, line.decisions) == (1, 1, 1, 1)
    again = upgrade(book_url)
    assert (again.before, again.after, again.backup) == (head(), head(), None)


def test_the_live_events_kept_as_texts_become_payloads_and_back(book_url):
    """Revision 0004 rewrites each event's text (its form hung on its kind) as a JSON object;
    a downgrade writes the texts again, as they were."""
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        migrate(connection, LIVE_REVISION)
        for statement in live_lesson():
            connection.execute(text(statement))
        connection.commit()
    engine.dispose()
    assert upgrade(book_url).after == head()
    with Book(book_url) as book:
        events = [e for game in ("mam", "lama_dice") for e in book.newest_live("5b", game).events]
    assert [(e.kind, e.name) for e in events] == [(k, n) for _g, k, n, _t in LIVE_TEXTS]
    assert [e.payload for e in events] == LIVE_PAYLOADS
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        command.downgrade(config(connection), LIVE_REVISION)
        texts = connection.execute(text("SELECT text FROM live_events ORDER BY seq")).scalars()
        assert list(texts) == [written for _g, _k, _n, written in LIVE_TEXTS]
        connection.commit()
    engine.dispose()


def test_a_second_upgrade_from_one_revision_keeps_the_first_backup(tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    at_first_revision(url).dispose()
    (tmp_path / f"classbook.sqlite.{FIRST}.bak").write_text("an earlier backup")
    assert upgrade(url).backup == tmp_path / f"classbook.sqlite.{FIRST}.1.bak"
    assert (tmp_path / f"classbook.sqlite.{FIRST}.bak").read_text() == "an earlier backup"


def test_the_migrations_build_the_schema_of_the_models(book_url):
    Book.create(book_url).close()
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_a_row_of_the_book_is_named_a_row():
    """A table's class ends in Row (docs/design.md#names): `StudentRow` is a row of `students`,
    `Student` the plain value the book hands out."""
    names = sorted(mapper.class_.__name__ for mapper in Base.registry.mappers)
    assert names and all(name.endswith("Row") for name in names), names


def test_only_create_makes_a_new_book(book_url, tmp_path):
    with pytest.raises(BookOutOfDate, match=r"there is no class book at .* yet"):
        Book(book_url)
    assert not (tmp_path / "classbook.sqlite").exists()  # opening made no empty file
    with Book.create(book_url) as book:
        book.join("5b", "Ann", "cookie-1")
    with Book.create(book_url) as book:  # a second start leaves the book as it is
        assert book.student_for("cookie-1") is not None


def test_an_sqlite_book_is_made_in_a_folder_that_does_not_exist_yet(tmp_path):
    url = f"sqlite:///{tmp_path / 'data' / 'mathcards' / 'classbook.sqlite'}"
    with Book.create(url) as book:
        assert book.where == str(tmp_path / "data" / "mathcards" / "classbook.sqlite")
        assert book.join("5b", "Ann", "cookie-1").id == 1


def test_a_database_that_is_not_a_class_book_is_refused(book_url):
    engine = make_engine(parse(book_url))
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    for attempt in (Book, Book.create, upgrade):
        with pytest.raises(NotABook, match="has tables but no class book in it"):
            attempt(book_url)


def test_a_book_newer_than_this_mathcards_is_refused(book_url):
    Book.create(book_url).close()
    engine = make_engine(parse(book_url))
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    for attempt in (Book, upgrade):
        with pytest.raises(BookOutOfDate, match="revision 9999, newer than this mathcards"):
            attempt(book_url)


def test_the_wheel_carries_the_migrations():
    """pyproject.toml's package-data names every file of migrations/ (the .py files of
    versions/ are in no package, and script.py.mako is no Python)."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = settings["tool"]["setuptools"]["package-data"]["mathcards"]
    package = ROOT / "mathcards"
    carried = {path for pattern in patterns for path in package.glob(pattern) if path.is_file()}
    shipped = {
        path for path in MIGRATIONS.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    }
    assert {MIGRATIONS / "env.py", MIGRATIONS / "script.py.mako"} <= shipped
    assert len(list((MIGRATIONS / "versions").glob("*.py"))) >= 2
    assert shipped <= carried, sorted(map(str, shipped - carried))


def test_the_assignments_come_with_nothing_of_a_class_lost_and_go_the_same_way(book_url):
    """Revision 0009 adds the class's time zone in place (a copy of `classes` would cascade to
    every student on SQLite) and the assignments' table; back to 0008, the class is whole."""
    engine = at_first_revision(book_url)
    with engine.connect() as connection:
        migrate(connection, "0008_class_roster")
        connection.commit()
    engine.dispose()
    assert upgrade(book_url).after == head()
    with Book(book_url) as book:
        assert book.class_zone("5b") is None and book.assignments("5b") == []
        assert book.nicknames("5b") == {"Ann"} and book.open_set(1) is not None
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        command.downgrade(config(connection), "0008_class_roster")
        connection.commit()
        assert connection.execute(text("SELECT nickname FROM students")).scalars().all() == ["Ann"]
        steps = connection.execute(text("SELECT count(*) FROM practice_steps")).scalar()
        assert steps == 1
    engine.dispose()


def test_a_student_s_own_clock_comes_with_nothing_lost_and_goes_the_same_way(book_url):
    """Revision 0014 adds the student's own clock in place (a copy of `students` would cascade
    to all they did on SQLite); back to 0013, the student and their practice are whole."""
    engine = at_first_revision(book_url)
    with engine.connect() as connection:
        migrate(connection, "0013_level_keep")
        connection.commit()
    engine.dispose()
    assert upgrade(book_url).after == head()
    with Book(book_url) as book:
        assert book.clock_of(1).counts and book.open_set(1) is not None
        assert not book.set_own_clock(1, False).counts
    engine = make_engine(parse(book_url))
    with engine.connect() as connection:
        command.downgrade(config(connection), "0013_level_keep")
        connection.commit()
        assert connection.execute(text("SELECT nickname FROM students")).scalars().all() == ["Ann"]
        steps = connection.execute(text("SELECT count(*) FROM practice_steps")).scalar()
        assert steps == 1
    engine.dispose()
