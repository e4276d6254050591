"""The class book under load and faults, on SQLite and on PostgreSQL: 30 students answering at
once are all kept; an answer acknowledged before `kill -9` is there after it; a database that is
down, unreachable, busy or full is one sentence (`BookUnavailable`), never a traceback, and the
book works again when the database does."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import event

from mathcards.book import Book, BookError, BookUnavailable, Step, default_url
from mathcards.book.database import ENVIRONMENT, book_url
from tests.postgres import Server, programs
from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
CLASS = 30
DEAL = [7, 6, 12, 2, 15]


def answer(typed: str, correct: bool = False, deal: int = 1) -> Step:
    return Step("answer", deal, DEAL, 32, typed, correct, "total", "that makes 31, not 32")


def at_once(count: int, work: Callable[[int], object]) -> list[object]:
    """Run `work(0)` … `work(count - 1)` on as many threads, released together by a barrier; what
    each returned, or the exception it raised."""
    barrier = threading.Barrier(count, timeout=120)
    results: list[object] = [None] * count

    def client(number: int) -> None:
        barrier.wait()
        try:
            results[number] = work(number)
        except Exception as problem:  # the test reports every one
            results[number] = problem

    threads = [threading.Thread(target=client, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return results


def one_sentence(problem: BaseException) -> str:
    message = str(problem)
    assert "\n" not in message and "sqlalchemy" not in message.lower(), message
    assert "Traceback" not in message and "psycopg." not in message, message
    return message


def test_thirty_students_joining_and_answering_at_once_are_all_kept(book):
    def student(number: int) -> int:  # a brand-new class: everyone makes it at once
        ann = book.join("5b", f"Student {number}", f"cookie-{number}")
        practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=number)
        return book.record_step(practice, answer(f"{number}+1"))

    results = at_once(CLASS, student)
    assert results == [1] * CLASS, [r for r in results if not isinstance(r, int)]
    lines = book.students("5b")
    assert len(lines) == CLASS and all(line.answers == 1 for line in lines)
    assert sorted(line.nickname for line in lines) == sorted(f"Student {n}" for n in range(CLASS))


def test_thirty_answers_into_one_set_at_once_are_numbered_in_their_order(book):
    ann = book.join("5b", "Ann", "cookie-1")
    practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
    results = at_once(CLASS, lambda number: book.record_step(practice, answer(str(number))))
    assert sorted(results) == list(range(1, CLASS + 1)), results  # type: ignore[type-var]
    record = book.open_set(ann.id)
    assert record is not None and [step.seq for step in record.steps] == list(range(1, CLASS + 1))
    assert sorted(int(step.typed) for step in record.steps) == list(range(CLASS))


def test_thirty_students_picking_one_new_nickname_at_once_get_it_once(book):
    results = at_once(CLASS, lambda number: book.join("5b", "Lama 7", f"cookie-{number}"))
    kept = [result for result in results if not isinstance(result, Exception)]
    refused = [result for result in results if isinstance(result, Exception)]
    assert len(kept) == 1 and len(refused) == CLASS - 1, results
    assert all("already called Lama 7" in str(problem) for problem in refused)


ANSWER_THEN_WAIT = """
import sys
from mathcards.book import Book, Step
book = Book(sys.argv[1])
ann = book.join("5b", "Ann", "cookie-1")
practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
step = Step("answer", 1, [7, 6, 12, 2, 15], 32, "15+12+7-2", True, "correct", "right")
print(practice, book.record_step(practice, step), flush=True)  # the acknowledgement
sys.stdin.read()  # the server goes on, until it is killed
"""


def test_an_answer_acknowledged_before_kill_9_is_kept(book_url, tmp_path):
    Book.create(book_url).close()
    server = subprocess.Popen(
        [sys.executable, "-c", ANSWER_THEN_WAIT, book_url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        acknowledged = server.stdout.readline().split()  # type: ignore[union-attr]
        assert len(acknowledged) == 2, "the server died before it acknowledged the answer"
        if book_url.startswith("sqlite"):  # the answer is in the write-ahead log, not yet merged
            assert (tmp_path / "classbook.sqlite-wal").stat().st_size > 0
        os.kill(server.pid, signal.SIGKILL)
        assert server.wait(timeout=60) == -signal.SIGKILL
    finally:
        server.kill()
        server.wait(timeout=60)
    with Book(book_url) as book:
        ann = book.student_for("cookie-1")
        assert ann is not None
        record = book.open_set(ann.id)
        assert record is not None and str(record.id) == acknowledged[0]
        assert [(step.seq, step.typed, step.correct) for step in record.steps] == [
            (int(acknowledged[1]), "15+12+7-2", True)
        ]


def test_an_unreachable_postgresql_is_one_sentence():
    nobody_there = f"postgresql+psycopg://teacher:secret@127.0.0.1:{free_port()}/mathcards"
    for attempt in (Book, Book.create):
        with pytest.raises(BookUnavailable) as refused:
            attempt(nobody_there)
        message = one_sentence(refused.value)
        assert message.startswith("the class book at postgresql+psycopg://teacher:***@127.0.0.1")
        assert "cannot be reached" in message and "refused" in message
        assert "secret" not in message


def test_a_postgresql_that_never_answers_is_given_up_after_the_connect_timeout():
    with socket.socket() as silent:  # it accepts the connection and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        with pytest.raises(BookUnavailable) as refused:
            Book(f"postgresql://mathcards@127.0.0.1:{port}/mathcards?connect_timeout=2")
    assert "cannot be reached" in one_sentence(refused.value)
    assert "timeout" in str(refused.value).lower()


@pytest.mark.server
@pytest.mark.skipif(programs() is None, reason="no PostgreSQL: `make postgres` installs it")
def test_a_postgresql_that_goes_down_is_one_sentence_and_the_book_comes_back():
    own = Server(programs())  # type: ignore[arg-type]
    try:
        own.start()
        with Book.create(own.database(), timeout=2) as book:
            ann = book.join("5b", "Ann", "cookie-1")
            practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
            assert book.record_step(practice, answer("1")) == 1
            own.halt()
            with pytest.raises(BookUnavailable, match="cannot be reached") as refused:
                book.record_step(practice, answer("2"))
            one_sentence(refused.value)
            with pytest.raises(BookUnavailable):
                book.students("5b")
            own.start()
            assert book.record_step(practice, answer("3")) == 2  # nothing half-kept
            assert [step.typed for step in book.open_set(ann.id).steps] == ["1", "3"]
    finally:
        own.stop()


def test_a_book_locked_too_long_is_busy_and_then_works_again(book_url):
    Book.create(book_url).close()
    with Book(book_url, timeout=0.5) as book:
        ann = book.join("5b", "Ann", "cookie-1")
        practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
        with held_lock(book_url):
            with pytest.raises(BookUnavailable, match="is busy and did not answer in time") as busy:
                book.record_step(practice, answer("1"))
            one_sentence(busy.value)
        assert book.record_step(practice, answer("2")) == 1


class held_lock:
    """Another program holding the write lock (SQLite) or the practice sets' table (PostgreSQL)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __enter__(self) -> None:
        if self.url.startswith("sqlite"):
            self.holder = sqlite3.connect(self.url.removeprefix("sqlite:///"), isolation_level=None)
            self.holder.execute("BEGIN EXCLUSIVE")
        else:
            self.holder = psycopg.connect(self.url.replace("postgresql+psycopg", "postgresql"))
            self.holder.execute("LOCK TABLE practice_sets IN ACCESS EXCLUSIVE MODE")

    def __exit__(self, *problem: object) -> None:
        self.holder.rollback()
        self.holder.close()


def test_a_full_disk_is_one_sentence_and_nothing_half_kept(tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        ann = book.join("5b", "Ann", "cookie-1")
        practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
        pages = sqlite3.connect(tmp_path / "classbook.sqlite").execute("PRAGMA page_count")
        full = pages.fetchone()[0]

        def no_room(connection, record) -> None:  # SQLite's own "database or disk is full"
            connection.execute(f"PRAGMA max_page_count = {full}")

        event.listen(book._engine, "connect", no_room)
        book._engine.dispose()
        with pytest.raises(
            BookUnavailable, match="is full: nothing more can be written"
        ) as full_disk:
            book.record_step(practice, answer("x" * 100_000))
        one_sentence(full_disk.value)
        event.remove(book._engine, "connect", no_room)
        book._engine.dispose()
        assert book.record_step(practice, answer("1")) == 1
        assert [step.typed for step in book.open_set(ann.id).steps] == ["1"]


def test_the_book_is_found_by_its_url_the_environment_or_the_data_directory(tmp_path):
    assert book_url(None, {}).render_as_string() == default_url()
    assert default_url().startswith("sqlite:///") and default_url().endswith(
        "mathcards/classbook.sqlite"
    )
    chosen = {ENVIRONMENT: "postgresql://teacher@db.school/mathcards"}
    assert book_url(None, chosen).drivername == "postgresql+psycopg"
    assert book_url(f"sqlite:///{tmp_path}/b.sqlite", chosen).drivername == "sqlite"


@pytest.mark.parametrize(
    ("url", "sentence"),
    [
        ("mysql://teacher@db/mathcards", "SQLite or PostgreSQL, not in mysql"),
        ("not a url", "is not a database URL"),
        ("sqlite://", "an SQLite class book is a file"),
        ("sqlite:///:memory:", "an SQLite class book is a file"),
    ],
)
def test_a_url_that_is_no_class_book_is_one_sentence(url, sentence):
    with pytest.raises(BookError, match=sentence):
        Book(url)


def test_an_sqlite_book_in_a_folder_that_cannot_be_made_is_one_sentence(tmp_path):
    (tmp_path / "a-file").write_text("")
    with pytest.raises(BookError) as refused:
        Book.create(f"sqlite:///{tmp_path / 'a-file' / 'classbook.sqlite'}")
    one_sentence(refused.value)
