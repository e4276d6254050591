"""The class book's tests run against a real SQLite file and a real PostgreSQL server (started
by the suite, tests/postgres.py): `book_url` is one of each, and `book` is opened on it with a
school clock that moves only when a test winds it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from mathcards.book import Book
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.server)]


class SchoolClock:
    """The book's clock in a test: a moment that moves only by `wind`."""

    def __init__(self) -> None:
        self.now = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def wind(self, **elapsed: float) -> datetime:
        self.now += timedelta(**elapsed)
        return self.now


@pytest.fixture(params=BACKENDS)
def book_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """A brand-new class book's URL: an SQLite file, and a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    return str(request.getfixturevalue("postgres").database())


@pytest.fixture
def school_clock() -> SchoolClock:
    return SchoolClock()


@pytest.fixture
def book(book_url: str, school_clock: SchoolClock) -> Iterator[Book]:
    opened = Book.create(book_url, clock=school_clock)
    yield opened
    opened.close()
