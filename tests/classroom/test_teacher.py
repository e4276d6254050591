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
