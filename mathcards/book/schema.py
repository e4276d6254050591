"""The class book's schema revision: checked when a book is opened, made at the newest revision
in a brand-new database, and upgraded by `mathcards book upgrade` (an SQLite file backed up
first, as JupyterHub does). Alembic runs from the package's own migrations/, no alembic.ini."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import URL, Connection

from mathcards.book.database import TIMEOUT, book_url, guard, make_engine, sqlite_file, where
from mathcards.book.errors import BookOutOfDate, NotABook
from mathcards.i18n import _

MIGRATIONS = Path(__file__).with_name("migrations")


@dataclass(frozen=True)
class Upgrade:
    """What `upgrade` did: the book's place, its revision before and after, and the backup."""

    where: str
    before: str | None
    after: str
    backup: Path | None


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the class book's migrations, on this connection."""
    settings = Config()
    settings.set_main_option("script_location", str(MIGRATIONS))
    settings.attributes["connection"] = connection
    return settings


def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The revision this mathcards needs."""
    newest = scripts().get_current_head()
    assert newest is not None, f"no migrations in {MIGRATIONS}"
    return newest


def known(*also: str | None) -> set[str | None]:
    """Every revision of the migrations (and `also`)."""
    return {script.revision for script in scripts().walk_revisions()} | set(also)


def revision_of(connection: Connection) -> str | None:
    """The revision a database is at (None when Alembic never touched it)."""
    return MigrationContext.configure(connection).get_current_revision()


def is_empty(connection: Connection) -> bool:
    """Whether the database has no tables at all (a brand-new one)."""
    return not inspect(connection).get_table_names()


def check(connection: Connection, place: str) -> None:
    """Refuse a database that is not a class book at this mathcards' revision, saying what to do."""
    found, needed = revision_of(connection), head()
    if found == needed:
        return
    if found is None and not is_empty(connection):
        raise NotABook(
            _("the database at {where} has tables but no class book in it").format(where=place)
        )
    if found is None:
        message = _("there is no class book at {where} yet: run `mathcards book upgrade`")
        raise BookOutOfDate(message.format(where=place))
    if found not in known():
        message = _(
            "the class book at {where} is at revision {found}, newer than this mathcards knows "
            "({needed}): upgrade mathcards"
        )
        raise BookOutOfDate(message.format(where=place, found=found, needed=needed))
    message = _(
        "the class book at {where} is at revision {found}, this mathcards needs {needed}: "
        "run `mathcards book upgrade`"
    )
    raise BookOutOfDate(message.format(where=place, found=found, needed=needed))


def migrate(connection: Connection, to: str = "head") -> None:
    """Run the migrations up to a revision, in the connection's transaction."""
    command.upgrade(config(connection), to)


def create(url: URL, timeout: float = TIMEOUT) -> None:
    """Make the tables at the newest revision if the database is brand-new (else leave it)."""
    with guard(where(url)):
        _make_folder(sqlite_file(url))
    engine = make_engine(url, timeout)
    try:
        with guard(where(url)), engine.connect() as connection:
            if revision_of(connection) is None and is_empty(connection):
                migrate(connection)
                connection.commit()
    finally:
        engine.dispose()


def upgrade(url: str | None = None, *, timeout: float = TIMEOUT) -> Upgrade:
    """Bring the class book to the newest revision (a new one is made there); an SQLite file is
    first copied to `<file>.<revision>.bak`."""
    address = book_url(url)
    place, file = where(address), sqlite_file(address)
    with guard(place):
        _make_folder(file)
    engine = make_engine(address, timeout)
    try:
        with guard(place), engine.connect() as connection:
            before = revision_of(connection)
            if (before is None and not is_empty(connection)) or before not in known(None):
                check(connection, place)  # not a class book, or a newer one: say so
            if before == head():
                return Upgrade(place, before, before, None)
            backup = back_up(file, before) if file and before else None
            migrate(connection)
            connection.commit()
            return Upgrade(place, before, head(), backup)
    finally:
        engine.dispose()


def _make_folder(file: Path | None) -> None:
    """The folder of an SQLite class book, made if it is not there yet."""
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)


def back_up(file: Path, revision: str) -> Path:
    """A consistent copy of an SQLite class book (its WAL included) beside it, never overwriting
    an earlier backup."""
    backup = file.with_name(f"{file.name}.{revision}.bak")
    number = 1
    while backup.exists():
        backup = file.with_name(f"{file.name}.{revision}.{number}.bak")
        number += 1
    source, copy = sqlite3.connect(file), sqlite3.connect(backup)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return backup
