"""The class book's one writer thread, and the one queue between a call and the class book: the
writer commits the calls that arrive together in one transaction (group commit): the calls
waiting when it is free, at most `MOST_TOGETHER`, run one after another in their order of
arrival, each read and write of theirs in a savepoint of its own (a call that fails takes back
only what it wrote), then one commit for them all; each call is answered only once that commit
is made. Calls next to each other in the queue that name the same `batch` (a live game's
changes) are handed to it together, to be judged in order and kept in one write. A commit that
fails keeps none of them: each is refused, and what memory held of them is had again from the
book (`lost`) (docs/design.md#the-writer-thread-commit-then-acknowledge)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from mathcards.book import Book, BookUnavailable

MOST_TOGETHER = 64  # calls in one transaction: a hall's calls in a few commits, none waits long
Result = TypeVar("Result")
log = logging.getLogger("mathcards.classroom")


@dataclass
class Call:
    """A call waiting for the writer (`work`, or `item` for its `batch`, from the event loop
    `loop`), and what became of it."""

    work: Callable[[], Any] | None
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    outcome: Any = None
    problem: BaseException | None = None
    item: Any = None
    batch: Callable[[list[Call]], None] | None = None  # takes the calls next to it together

    def run(self) -> None:
        try:
            assert self.work is not None
            self.outcome = self.work()
        except BaseException as problem:  # whatever it is, its caller hears it, not the writer
            self.problem = problem

    def settle(self) -> None:
        if self.future.done():
            return
        if self.problem is not None:
            self.future.set_exception(self.problem)
        else:
            self.future.set_result(self.outcome)


class Writer:
    """The one thread that writes the class book `book_of()` (None: no book, each call run by
    itself), at most `most` calls a commit; `lost()` when a commit failed."""

    def __init__(
        self,
        book_of: Callable[[], Book | None],
        lost: Callable[[], None] = lambda: None,
        most: int = MOST_TOGETHER,
    ) -> None:
        self.book_of, self.lost, self.most = book_of, lost, most
        self.waiting: queue.SimpleQueue[Call] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.starting = threading.Lock()

    async def run(self, work: Callable[[], Result]) -> Result:
        """`work()` in the writer thread, in its turn; what it returns once what it wrote is
        committed (or what it raised)."""
        loop = asyncio.get_running_loop()
        return cast(Result, await self.queue(Call(work, loop, loop.create_future())))

    async def together(self, item: Any, batch: Callable[[list[Call]], None]) -> Any:
        """`item` in the writer thread, in its turn, handed to `batch` with the calls next to
        it in the queue that name the same batch; what `batch` made of it once committed."""
        loop = asyncio.get_running_loop()
        return await self.queue(Call(None, loop, loop.create_future(), item=item, batch=batch))

    async def queue(self, call: Call) -> Any:
        self.start()
        self.waiting.put(call)
        return await call.future

    def start(self) -> None:
        with self.starting:
            if self.thread is None:
                self.thread = threading.Thread(target=self.work, name="classbook", daemon=True)
                self.thread.start()

    def work(self) -> None:
        while True:
            together = self.take()
            try:
                self.commit(together)
            except Exception:  # not the calls' fault: every one is told
                log.exception("the class book's writer")
            answer(together)

    def take(self) -> list[Call]:
        """The calls waiting now, in order of arrival (at least one: waits for it), at most
        `most`."""
        together = [self.waiting.get()]
        while len(together) < self.most:
            try:
                together.append(self.waiting.get_nowait())
            except queue.Empty:
                break
        return together

    def commit(self, together: list[Call]) -> None:
        """The calls run in one transaction, committed at the end. If the commit fails, none is
        kept: each is refused with why, and `lost()` has memory again from the book."""
        book = self.book_of()
        if book is None:
            for group in batches(together):
                run_group(group)
            return
        try:
            with book.together():
                self.run_all(together)
        except Exception as problem:
            for call in together:
                call.problem = call.problem or problem
            self.lost()

    @staticmethod
    def run_all(together: list[Call]) -> None:
        """Each call in its turn; once the book cannot be reached (or is busy past its
        timeout), the rest are refused with that at once, not each after its own wait."""
        down: BookUnavailable | None = None
        for group in batches(together):
            if down is not None:
                for call in group:
                    call.problem = down
                continue
            run_group(group)
            down = next((c.problem for c in group if isinstance(c.problem, BookUnavailable)), None)


def answer(together: list[Call]) -> None:
    """Tell each caller, in its own event loop: one wake-up of a loop for all its calls, not
    one a call (a loop gone: no one to tell)."""
    loops: dict[asyncio.AbstractEventLoop, list[Call]] = {}
    for call in together:
        loops.setdefault(call.loop, []).append(call)
    for loop, calls in loops.items():
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle_all, calls)


def settle_all(calls: list[Call]) -> None:
    for call in calls:
        call.settle()


def batches(together: list[Call]) -> list[list[Call]]:
    """The calls in their order, those next to each other that name the same batch together."""
    groups: list[list[Call]] = []
    for call in together:
        if groups and call.batch is not None and groups[-1][0].batch == call.batch:
            groups[-1].append(call)
        else:
            groups.append([call])
    return groups


def run_group(group: list[Call]) -> None:
    """A call by itself, or the calls of a batch handed to it (whatever it raises told to each
    call it did not answer)."""
    batch = group[0].batch
    if batch is None:
        group[0].run()
        return
    try:
        batch(group)
    except BaseException as problem:
        for call in group:
            if call.problem is None and call.outcome is None:
                call.problem = problem
