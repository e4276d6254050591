"""The class book's one writer thread commits the calls that arrive together in one transaction
(group commit), on a real SQLite file and a real PostgreSQL server: fewer commits than calls,
each call answered only once its commit is made, a call that fails taking back only its own
writes, and a commit that fails keeping and acknowledging none of them."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import event

from mathcards.book import (
    Book,
    BookError,
    BookUnavailable,
    LiveEvent,
    NameTaken,
    Step,
    UnknownSet,
)
from mathcards.classroom.live.events import Joined
from mathcards.classroom.live.log import LiveLog
from mathcards.classroom.live.mam import MAM
from mathcards.classroom.service.writer import Writer
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.server)]
STEP = Step("answer", 1, [9, 1, 1, 4, 3], 50, "(9+1)*(4+1)", True, "correct", "Correct!", 0, 1.0)


@pytest.fixture(params=BACKENDS)
def book(request: pytest.FixtureRequest, tmp_path) -> Iterator[Book]:
    """A brand-new class book: an SQLite file, and a PostgreSQL database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    else:
        url = str(request.getfixturevalue("postgres").database())
    opened = Book.create(url)
    yield opened
    opened.close()


def played(scenario: Coroutine[Any, Any, Any]) -> Any:
    """A scenario run in an event loop of its own, on a thread of its own (never the test's
    loop, which a browser test's Playwright may hold)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario).result(timeout=120)


class Commits:
    """The book's commits of what it wrote, counted; `hold()` makes the next one wait, just
    before it is made, until `release()`."""

    def __init__(self, book: Book) -> None:
        self.made = 0
        self.held, self.reached = threading.Event(), threading.Event()
        self.held.set()
        event.listen(book._engine, "commit", self.commit)

    def commit(self, connection: Any) -> None:
        if not writing(connection):
            return
        self.reached.set()
        assert self.held.wait(60), "the test released the commit"
        self.made += 1

    def hold(self) -> None:
        self.held.clear()

    def release(self) -> None:
        self.held.set()


def writing(connection: Any) -> bool:
    """Is this a connection that writes (not one that only read)?"""
    return bool(connection.get_execution_options().get("writing"))


def joining(book: Book, n: int) -> Callable[[], str]:
    return lambda: book.join("5b", f"Student {n}", f"device-{n:03}-0123456789").nickname


async def queued_behind(writer: Writer, calls: list[Callable[[], Any]]) -> list[asyncio.Future]:
    """The calls queued while the writer is busy with another (so they arrive together)."""
    busy, free = threading.Event(), threading.Event()

    def hold() -> None:
        busy.set()
        assert free.wait(60)

    holder = asyncio.ensure_future(writer.run(hold))
    await asyncio.get_running_loop().run_in_executor(None, busy.wait)
    waiting = [asyncio.ensure_future(writer.run(call)) for call in calls]
    free.set()
    await holder
    return waiting


def test_calls_that_arrive_together_are_one_commit_each_answered_only_once_it_is_made(book):
    commits = Commits(book)
    writer = Writer(lambda: book)

    async def scenario() -> None:
        commits.hold()
        waiting = await queued_behind(writer, [joining(book, n) for n in range(30)])
        await asyncio.get_running_loop().run_in_executor(None, commits.reached.wait)
        for _ in range(10):  # the event loop runs whatever the writer may have told it
            await asyncio.sleep(0)
        assert not any(call.done() for call in waiting), "answered before the commit"
        assert book.students("5b") == [], "nothing seen before the commit"
        commits.release()
        assert await asyncio.gather(*waiting) == [f"Student {n}" for n in range(30)]

    played(scenario())
    assert commits.made == 1, "30 calls arriving together: one commit"
    kept = Book(book.url.render_as_string(hide_password=False))
    assert sorted(s.nickname for s in kept.students("5b")) == sorted(
        f"Student {n}" for n in range(30)
    )
    kept.close()


def test_a_call_that_fails_in_a_batch_leaves_the_others_kept(book):
    ola = book.join("5b", "Ola", "device-of-ola-0123456789")
    practice = book.start_set(ola.id, level="normal", power=False, rounds=8, seed=1)
    live = book.start_live("5b", "mam", {}, LiveEvent(1, "start"))
    commits = Commits(book)
    writer = Writer(lambda: book)
    calls = [
        joining(book, 1),
        lambda: book.record_step(practice, STEP),
        lambda: book.record_step(practice + 99, STEP),  # no such set: refused
        joining(book, 2),
        lambda: book.record_live(live, LiveEvent(1, "join", "Ola")),  # seq 1 again: refused
        lambda: book.join("5b", "Ola", "device-of-another-0123456789"),  # taken: refused
        lambda: book.record_live(live, LiveEvent(2, "join", "Ola")),
        lambda: book.record_step(practice, STEP),
    ]

    async def scenario() -> list[Any]:
        waiting = await queued_behind(writer, calls)
        return await asyncio.gather(*waiting, return_exceptions=True)

    answers = played(scenario())
    assert answers[:2] == ["Student 1", 1] and answers[3] == "Student 2"
    assert isinstance(answers[2], UnknownSet)
    assert isinstance(answers[4], BookError) and "refused a record" in str(answers[4])
    assert isinstance(answers[5], NameTaken)
    assert answers[6:] == [None, 2]
    assert commits.made == 1
    kept = Book(book.url.render_as_string(hide_password=False))
    assert {s.nickname for s in kept.students("5b")} == {"Ola", "Student 1", "Student 2"}
    assert [s.seq for s in kept.practice_record(practice).steps] == [1, 2]
    record = kept.newest_live("5b", "mam")
    assert record is not None and [e.seq for e in record.events] == [1, 2]
    kept.close()


def test_a_commit_that_fails_keeps_and_acknowledges_none_of_its_calls(book):
    lost = threading.Event()
    writer = Writer(lambda: book, lost.set)
    failed = threading.Event()

    def fail_once(connection: Any) -> None:
        if writing(connection) and not failed.is_set():
            failed.set()
            raise OSError("the disk went away")

    event.listen(book._engine, "commit", fail_once)

    async def scenario() -> list[Any]:
        waiting = await queued_behind(writer, [joining(book, n) for n in range(3)])
        return await asyncio.gather(*waiting, return_exceptions=True)

    answers = played(scenario())
    assert all(isinstance(answer, Exception) for answer in answers), answers
    assert lost.is_set(), "memory is had again from the book"
    assert book.students("5b") == []
    assert played(writer.run(joining(book, 0))) == "Student 0", "the next commit is made"


def test_once_the_book_cannot_be_reached_the_rest_of_the_batch_is_told_at_once(book):
    """(Each would otherwise wait out its own connect timeout before the batch is answered.)"""
    writer = Writer(lambda: book)

    def down() -> None:
        raise BookUnavailable("the class book cannot be reached")

    async def scenario() -> list[Any]:
        waiting = await queued_behind(writer, [joining(book, 1), down, joining(book, 2)])
        return await asyncio.gather(*waiting, return_exceptions=True)

    first, refused, rest = played(scenario())
    assert first == "Student 1" and isinstance(refused, BookUnavailable) and rest is refused
    assert [s.nickname for s in book.students("5b")] == ["Student 1"], "the rest never ran"


def test_a_live_change_is_shown_only_once_its_batch_is_committed(tmp_path):
    book = Book.create(f"sqlite:///{tmp_path / 'classbook.sqlite'}")
    log = LiveLog(lambda: book, "5b", MAM)
    log.start({"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7})
    book.join("5b", "Ola", "device-of-ola-0123456789")
    shown = log.snapshot
    with book.together():
        log.change(Joined(), "Ola")
        assert log.snapshot is shown, "shown before it is committed"
    assert "Ola" in log.snapshot.students, "shown once committed"
    book.close()


def test_the_calls_next_to_each_other_for_one_batch_are_handed_to_it_together():
    """One queue: a live game's changes wait with every other call; those that arrive next to
    each other reach their batch together, in order; a call between them parts them; what the
    batch raises reaches each change it did not answer."""
    handed: list[list[Any]] = []

    def batch(calls: list[Any]) -> None:
        handed.append([call.item for call in calls])
        for call in calls:
            if call.item == "boom":
                raise RuntimeError("the batch broke")
            call.outcome = call.item.upper()

    async def scenario() -> list[Any]:
        writer = Writer(lambda: None)
        gate = threading.Event()
        first = asyncio.ensure_future(writer.run(gate.wait))  # holds the writer: the rest queue
        queued = [
            writer.together("a", batch),
            writer.together("b", batch),
            writer.run(lambda: "alone"),
            writer.together("c", batch),
            writer.together("boom", batch),
        ]
        tasks = [asyncio.ensure_future(call) for call in queued]
        await asyncio.sleep(0)  # each task puts its call on the queue, in order
        gate.set()
        await first
        return await asyncio.gather(*tasks, return_exceptions=True)

    outcomes = played(scenario())
    assert outcomes[:4] == ["A", "B", "alone", "C"]
    assert isinstance(outcomes[4], RuntimeError)
    assert handed == [["a", "b"], ["c", "boom"]]
