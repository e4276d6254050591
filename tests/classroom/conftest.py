"""The class services the classroom's tests call over HTTP, each on a class book of its own:
`room` serves the live MAM! game (tests/classroom/test_live.py's `Class`), `lesson` both live
games and the class book's calls (tests/classroom/test_live_guess.py's `Lesson`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.classroom.test_live import Class
from tests.classroom.test_live_guess import Lesson


@pytest.fixture
def room(tmp_path) -> Iterator[Class]:
    live_class = Class(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with live_class.serve() as port:
        live_class.port = port
        yield live_class


@pytest.fixture
def lesson(tmp_path) -> Iterator[Lesson]:
    served = Lesson(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with served.serve() as port:
        served.port = port
        yield served
