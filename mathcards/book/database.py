"""Where the class book is and how it is reached: `--db URL`, else $MATHCARDS_DB, else an SQLite
file in the user's data directory; every connection bounded in time (SQLite's busy timeout,
PostgreSQL's connect, lock and statement timeouts), and every failure of the database one
sentence (`BookUnavailable`)."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import platformdirs
from sqlalchemy import create_engine, event
from sqlalchemy import exc as sql
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.orm import Session

from mathcards.book.errors import BookError, first_line, unavailable
from mathcards.book.records import ENVIRONMENT
from mathcards.i18n import _

FILE_NAME = "classbook.sqlite"
TIMEOUT = 5.0  # seconds a call may wait: SQLite's busy timeout, PostgreSQL's lock and statement
DRIVERS = {"sqlite": "sqlite", "sqlite+pysqlite": "sqlite", "postgresql": "postgresql+psycopg"}
DRIVERS["postgresql+psycopg"] = "postgresql+psycopg"


def default_url() -> str:
    """The SQLite file in the user's data directory (~/.local/share/mathcards on Linux)."""
    return f"sqlite:///{Path(platformdirs.user_data_dir('mathcards')) / FILE_NAME}"


def book_url(url: str | None = None, environ: Mapping[str, str] = os.environ) -> URL:
    """The class book's URL: the one given, else $MATHCARDS_DB, else the default SQLite file;
    `postgresql://` means psycopg 3."""
    text = url or environ.get(ENVIRONMENT) or default_url()
    try:
        parsed = make_url(text)
    except sql.ArgumentError:
        raise BookError(
            _("{url!r} is not a database URL: use sqlite:///FILE or postgresql://…").format(
                url=text
            )
        ) from None
    driver = DRIVERS.get(parsed.drivername)
    if driver is None:
        message = _("the class book lives in SQLite or PostgreSQL, not in {driver}")
        raise BookError(message.format(driver=parsed.drivername))
    if driver == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise BookError(_("an SQLite class book is a file: sqlite:///FILE"))
    return parsed.set(drivername=driver)


def sqlite_file(url: URL) -> Path | None:
    """The file of an SQLite class book, else None."""
    return Path(url.database or "").expanduser().absolute() if url.drivername == "sqlite" else None


def where(url: URL) -> str:
    """The class book's place as a teacher may read it: the file, or the URL without password."""
    file = sqlite_file(url)
    return str(file) if file else url.render_as_string(hide_password=True)


def make_engine(url: URL, timeout: float = TIMEOUT) -> Engine:
    """An engine whose every call is bounded by `timeout` seconds; SQLite in WAL mode with
    foreign keys on, each writing transaction taking the write lock at its start."""
    if url.drivername == "sqlite":
        return _sqlite_engine(url, timeout)
    options = (
        f"-c statement_timeout={round(timeout * 1000)} -c lock_timeout={round(timeout * 1000)}"
    )
    connect: dict[str, Any] = {"options": options}
    if "connect_timeout" not in url.query:
        connect["connect_timeout"] = max(2, math.ceil(timeout))
    engine = create_engine(
        url, connect_args=connect, pool_pre_ping=True, pool_timeout=timeout, pool_size=10
    )
    return plain_savepoints(engine)


def plain_savepoints(engine: Engine) -> Engine:
    """The engine saying its savepoints to the driver as they are, not as statements it compiles
    and runs as it would a query: the class service's writer takes two or three each batch, one
    each call of the class book it makes (the same SQL, for a fraction of the CPU)."""
    dialect, quote = engine.dialect, engine.dialect.identifier_preparer.quote

    def saying(words: str) -> Callable[[Connection, str], None]:
        def say(connection: Connection, name: str) -> None:
            connection.exec_driver_sql(f"{words} {quote(name)}")

        return say

    for method, words in SAVEPOINTS.items():
        setattr(dialect, method, saying(words))
    return engine


SAVEPOINTS = {  # the dialect's method → the SQL it says
    "do_savepoint": "SAVEPOINT",
    "do_release_savepoint": "RELEASE SAVEPOINT",
    "do_rollback_to_savepoint": "ROLLBACK TO SAVEPOINT",
}


def _sqlite_engine(url: URL, timeout: float) -> Engine:
    file = sqlite_file(url)
    engine = create_engine(
        url.set(database=str(file)),
        connect_args={"timeout": timeout, "check_same_thread": False},
        pool_size=10,
        pool_timeout=timeout * 4,
    )

    @event.listens_for(engine, "connect")
    def _settings(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy says BEGIN, not the driver
        cursor = dbapi_connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            f"busy_timeout={round(timeout * 1000)}",
            "foreign_keys=ON",
            "synchronous=FULL",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        writing = connection.get_execution_options().get("writing", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

    return plain_savepoints(engine)


@contextmanager
def guard(where: str) -> Iterator[None]:
    """Turn a failure of the database into one sentence (`BookUnavailable`), never a traceback."""
    try:
        yield
    except sql.IntegrityError as problem:
        message = _("the class book at {where} refused a record: {reason}")
        raise BookError(message.format(where=where, reason=first_line(problem))) from None
    except (sql.DBAPIError, sql.TimeoutError, OSError) as problem:
        raise unavailable(where, problem) from None


class Located(Protocol):
    where: str


class BookPart:
    """What each part of the class book (a mixin of `Book`) is given by `Book`: where the book
    is, a session to write in and one to read in, a connection to say Core statements on
    (`_said`), and the book's clock."""

    where: str
    _writing: Callable[[], AbstractContextManager[Session]]
    _reading: Callable[[], AbstractContextManager[Session]]
    _said: Callable[..., AbstractContextManager[Connection]]
    _now: Callable[[], datetime]


P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound=Located)


def guarded(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A method of an object with a `where` whose database failures are `guard`ed."""

    @wraps(method)
    def run(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        with guard(self.where):
            return method(self, *args, **kwargs)

    return run
