"""The laptop's teacher's page (mathcards/classroom/teacher.py) over a real class book: the
teacher's code in the address once, then a cookie; without it, refused; its links and forms
under its own address (on the Hub the same page lives elsewhere: tests/hub/test_service.py)."""

from __future__ import annotations

import tempfile

import tornado.web
from tornado.testing import AsyncHTTPTestCase

from mathcards.book import Book
from mathcards.classroom import teacher
from mathcards.classroom.service import ClassService

CODE = "TEACHER7KQ"


class TestTheTeachersPage(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        book = Book.create(f"sqlite:///{folder.name}/book.sqlite")
        book.join("5b", "Ola", "device-of-ola-0123456789")
        return tornado.web.Application(teacher.routes(ClassService(book, "5b"), CODE))

    def test_the_teachers_code_once_then_a_cookie(self):
        sent = self.fetch(f"{teacher.TEACHER}?code={CODE}", follow_redirects=False)
        assert sent.code == 302 and sent.headers["Location"] == teacher.TEACHER
        cookie = sent.headers["Set-Cookie"].split(";")[0]
        page = self.fetch(teacher.TEACHER, headers={"Cookie": cookie})
        assert page.code == 200 and "<td>Ola</td>" in page.body.decode()
        assert f"action='{teacher.TEACHER}'" in page.body.decode()
        assert f"href='{teacher.TEACHER}/export?format=json'" in page.body.decode()

    def test_without_the_teachers_code_the_page_is_refused(self):
        for address in (
            teacher.TEACHER,
            f"{teacher.TEACHER}?code=WRONG",
            "/mathcards/teacher/export",
        ):
            refused = self.fetch(address, follow_redirects=False)
            assert refused.code == 403 and "For the teacher only" in refused.body.decode()
            assert "Ola" not in refused.body.decode()
        forged = self.fetch(teacher.TEACHER, headers={"Cookie": "mathcards-teacher=WRONG"})
        assert forged.code == 403
