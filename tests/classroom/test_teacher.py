"""The laptop's teacher's page (mathcards/classroom/teacher/) over a real class book: the
teacher's code in the address once, then a cookie; without it, refused; its links and forms
under its own address (on the Hub the same page lives elsewhere: tests/hub/test_service.py).
Served on a thread of its own (tests/classroom/threaded.py)."""

from __future__ import annotations

import json

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher
from tests.classroom.threaded import get, serving

CODE = "TEACHER7KQ"


@pytest.fixture
def port(tmp_path):
    """The teacher's page of class 5b, Ola in its book, listening on this port."""
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")
    book.join("5b", "Ola", "device-of-ola-0123456789")

    def make(_port: int) -> tornado.web.Application:
        return tornado.web.Application(teacher.routes(ClassService(book, "5b"), CODE))

    with serving(make) as listening:
        yield listening


def test_the_teachers_code_once_then_a_cookie(port):
    status, headers, _ = get(port, f"{teacher.TEACHER}?code={CODE}")
    assert status == 302 and headers["Location"] == teacher.TEACHER
    cookie = headers["Set-Cookie"].split(";")[0]
    status, _, page = get(port, teacher.TEACHER, Cookie=cookie)
    assert status == 200 and ">Ola</a></td>" in page  # the name links to her page
    assert f"action='{teacher.TEACHER}'" in page
    assert f"href='{teacher.TEACHER}/export?format=json'" in page


def test_without_the_teachers_code_the_page_is_refused(port):
    for address in (
        teacher.TEACHER,
        f"{teacher.TEACHER}?code=WRONG",
        "/mathcards/teacher/export",
    ):
        status, _, refused = get(port, address)
        assert status == 403 and "For the teacher only" in refused
        assert "Ola" not in refused
    assert get(port, teacher.TEACHER, cookies={"mathcards-teacher": "WRONG"})[0] == 403


def test_the_export_of_a_class_no_one_joined_yet_is_an_empty_file(tmp_path):
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")

    def make(_port: int) -> tornado.web.Application:
        return tornado.web.Application(teacher.routes(ClassService(book, "5b"), CODE))

    with serving(make) as port:
        cookie = f"mathcards-teacher={CODE}"
        status, headers, text = get(port, f"{teacher.TEACHER}/export", Cookie=cookie)
        assert status == 200 and headers["Content-Type"] == "text/csv; charset=utf-8"
        assert text.splitlines()[0].startswith("\ufeffrecord,class,student")
        assert len(text.splitlines()) == 1
        status, _, text = get(port, f"{teacher.TEACHER}/export?format=json", Cookie=cookie)
        assert status == 200 and json.loads(text) == {"classes": []}


@pytest.mark.parametrize(
    "filters",
    [
        *("since=2026-12-01&until=2026-12-31", "until=9999-12-31", "until=0001-01-01"),
        *("since=0001-01-01&until=9999-12-31", "since=x"),
    ],
)
def test_days_at_the_ends_of_the_calendar_filter_never_fail(port, filters):
    """`?until=9999-12-31` was an OverflowError (a 500): the day after it is no date; and
    every day was a 500, a date where the class book compares moments."""
    cookie = f"mathcards-teacher={CODE}"
    status, _, page = get(port, f"{teacher.TEACHER}?{filters}", Cookie=cookie)
    assert status == 200 and "Traceback" not in page and ">Ola</a></td>" in page


def test_wrong_teachers_codes_are_slowed_as_wrong_class_codes_are(port):
    """2,000 wrong codes in a second were 2,000 403s: the tenth in a minute from one address
    now refuses that address for a minute (429), the right code too."""
    for wrong in range(9):
        assert get(port, f"{teacher.TEACHER}?code=WRONG{wrong}")[0] == 403
    status, headers, page = get(port, teacher.TEACHER, cookies={"mathcards-teacher": "WRONG"})
    assert status == 403
    for address in (f"{teacher.TEACHER}?code=WRONG", f"{teacher.TEACHER}?code={CODE}"):
        status, headers, page = get(port, address)
        assert status == 429 and int(headers["Retry-After"]) >= 1
        assert "Too many wrong codes" in page and "Ola" not in page
