"""The class book's transactions: each call of the book in one of its own, committed before the
call returns; or, in the class service's writer thread, the calls that arrive together in one
(`together`, group commit): each read and write of theirs in a savepoint of its own, so that one
that fails takes back only what it wrote, and what waits for the commit (`when_kept`) done once
it is made (docs/design.md#the-writer-thread-commit-then-acknowledge)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

log = logging.getLogger("mathcards.book")


class Transactions:
    """The sessions of one class book: `engine` to read, `writer` to write (its transactions
    take the write lock from their start)."""

    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer
        self.local = threading.local()  # this thread's batch: its session, what waits for it

    def batch(self) -> Session | None:
        """The session of this thread's batch, if one is open."""
        return getattr(self.local, "session", None)

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One transaction that holds the write lock from its start, committed at the end; in a
        batch, a savepoint of the batch's transaction."""
        batch = self.batch()
        if batch is not None:
            with saved(batch) as session:
                yield session
        else:
            with Session(self.writer, expire_on_commit=False) as session, session.begin():
                yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """One transaction to read in; in a batch, a savepoint of the batch's, which sees what
        the calls before it wrote."""
        batch = self.batch()
        if batch is not None:
            with saved(batch) as session:
                yield session
        else:
            with Session(self.engine) as session, session.begin():
                yield session

    @contextmanager
    def said(self, writing: bool = False) -> Iterator[Connection]:
        """A connection to say Core statements on (no ORM rows: what a hall's live answers
        ask at each batch, for a fraction of the CPU), in a transaction of its own (holding
        the write lock from its start if `writing`) committed at the end; in a batch, in a
        savepoint of the batch's."""
        batch = self.batch()
        if batch is not None:
            connection = batch.connection()
            with connection.begin_nested():
                yield connection
        else:
            with (self.writer if writing else self.engine).begin() as connection:
                yield connection

    @contextmanager
    def together(self) -> Iterator[None]:
        """Every call of the book made inside, in this thread, in one transaction committed at
        the end; then what waits for that commit, each once."""
        if self.batch() is not None:  # in a batch already: one commit, the batch's
            yield
            return
        waiting: dict[Callable[[], object], None] = {}
        with Session(self.writer, expire_on_commit=False) as session:
            self.local.session, self.local.waiting = session, waiting
            try:
                with session.begin():
                    yield
            finally:
                self.local.session = self.local.waiting = None
        for hook in waiting:
            try:
                hook()
            except Exception:  # kept already: what shows it must not undo that
                log.exception("after a commit of the class book")

    def when_kept(self, hook: Callable[[], object]) -> None:
        """`hook()` once what this thread's batch wrote is committed (once a batch, however
        many calls ask); at once outside a batch, whose calls are committed as they return."""
        waiting = getattr(self.local, "waiting", None)
        if waiting is None:
            hook()
        else:
            waiting[hook] = None


@contextmanager
def saved(session: Session) -> Iterator[Session]:
    """A savepoint of the batch's transaction: taken back alone if what runs in it fails. The
    session forgets its rows after it, as a call's own session would be closed."""
    try:
        with session.begin_nested():
            yield session
    finally:
        session.expunge_all()
