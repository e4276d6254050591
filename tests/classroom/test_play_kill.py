"""A `kill -9` of `mathcards serve` mid-game loses no acknowledged move at a table (issue 53): the
real server in a process group of its own, the teacher and three students each a browser of
their own (a cookie jar) whose page's ticket is read from a page the server renders, the tables
started and played over HTTP as the pages' kernels call them; the server and everything it
started killed with SIGKILL, started again on the same class book, each student finds the game
at exactly the moves acknowledged, the book holds each at its number, and the game goes on."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import re
import signal
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import nbformat
import pytest

from mathcards.book import Book
from mathcards.classroom.protocol import API, TICKET_ENV, TICKET_HEADER
from tests.servers import Served, serving, stop, wait_for

pytestmark = pytest.mark.server
STUDENTS = ("Ola", "Kim", "Zed")
BEFORE, AFTER = 7, 3  # the moves acknowledged before the kill, and made after it
CALL_SECONDS = 60  # longer than a table's long-poll (10 s)
# the server keeps a page's kernel (and its ticket) this long: the page here never connects
OPTIONS = ("--warm", "none", "--keep-kernel", "600")
TICKET_PAGE = f"import os\nprint('ticket=' + os.environ.get({TICKET_ENV!r}, ''))"


def lessons(folder: Path) -> Path:
    """A landing page and a page that shows its kernel's ticket, as a lesson's kernel holds it."""
    (folder / "en").mkdir(parents=True)
    for name, source in (("en/index.ipynb", "print('lessons')"), ("ticket.ipynb", TICKET_PAGE)):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nbformat.write(notebook, folder / name)
    return folder


class Browser:
    """A browser of its own (its cookies: its device, the teacher's) and its page's ticket."""

    def __init__(self) -> None:
        self.cookies = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        self.http = urllib.request.build_opener(self.cookies)
        self.ticket = ""

    def opens(self, url: str) -> str:
        with self.http.open(url, timeout=CALL_SECONDS) as answer:
            return answer.read().decode()

    def opens_page(self, served: Served) -> None:
        """The page is rendered by its kernel, which holds the ticket the server handed it."""
        found = re.search(
            r"ticket=([\w-]+)", self.opens(f"{served.base}/voila/render/ticket.ipynb")
        )
        assert found, "the page shows its kernel's ticket"
        self.ticket = found.group(1)

    def call(self, served: Served, path: str, sent: Any = None) -> tuple[int, Any]:
        """A call of the class service as this page's kernel makes it."""
        body = None if sent is None else json.dumps(sent).encode()
        request = urllib.request.Request(
            f"{served.base}{API}{path}", body, {TICKET_HEADER: self.ticket}
        )
        try:
            with urllib.request.urlopen(request, timeout=CALL_SECONDS) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"{}")

    def ok(self, served: Served, path: str, sent: Any = None) -> Any:
        code, answer = self.call(served, path, sent)
        assert code == 200, (path, code, answer)
        return answer["result"]


class Asking(threading.Thread):
    """A student's page waiting on its table (`play/me` long-polls, one after another), as an
    open page does: it keeps them in the room. It ends when the server does."""

    def __init__(self, browser: Browser, served: Served) -> None:
        super().__init__(daemon=True)
        self.browser, self.served = browser, served

    def run(self) -> None:
        after = -1
        while True:
            try:
                code, answer = self.browser.call(self.served, f"play/me?after={after}")
            except (OSError, http.client.HTTPException):  # the server is gone
                return
            if code != 200:
                return
            after = answer["result"]["version"]


def at_table(browser: Browser, served: Served) -> dict[str, Any]:
    return browser.ok(served, "play/me")


def moves_once(students: dict[str, Browser], served: Served) -> tuple[int, dict[str, Any]]:
    """Whoever's turn it is (the first seat deals the next round) makes their first legal
    move; its number and the move, once the server has acknowledged it."""
    table = at_table(students[STUDENTS[0]], served)["table"]
    name = (table["to_move"] or [table["seats"][0]["player"]])[0]
    view = at_table(students[name], served)
    move, seen = view["legal"][0], view["table"]["moves"]
    answer = students[name].ok(served, "play/moves", {"move": move, "seen": seen})
    assert answer["table"]["moves"] == seen + 1, "the move is made"
    return seen + 1, move


def test_a_kill_9_of_the_server_loses_no_acknowledged_move(tmp_path):
    folder, book = lessons(tmp_path / "lessons"), f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    teacher, students = Browser(), {name: Browser() for name in STUDENTS}
    acknowledged: dict[int, dict[str, Any]] = {}
    (tmp_path / "first").mkdir()
    with serving(folder, tmp_path / "first", *OPTIONS, db=book) as served:
        teacher.opens(served.teacher_url())  # the teacher's cookie
        teacher.opens_page(served)
        for name, student in students.items():
            student.opens_page(served)
            student.ok(served, "join", {"nickname": name})
            Asking(student, served).start()

        def all_here() -> bool:
            return len(teacher.ok(served, "play/wall")["room"]) == len(STUDENTS)

        assert wait_for(all_here, CALL_SECONDS), "the three pages are in the room"
        sitting = {
            "game": "lama_dice",
            "tables": [list(STUDENTS)],
            "size": 3,
            "computers": False,
            "away_seconds": 3600,  # no computer moves for anyone: every move is a student's
        }
        (table,) = teacher.ok(served, "play/tables", sitting)["tables"]
        for _move in range(BEFORE):
            number, move = moves_once(students, served)
            acknowledged[number] = move
        stop(served.process, signal.SIGKILL)  # kill -9: no time to keep anything more
        assert served.process.returncode == -signal.SIGKILL

    (tmp_path / "again").mkdir()
    with serving(folder, tmp_path / "again", *OPTIONS, db=book) as served:
        for student in students.values():  # each page opened again, by the same browser
            student.opens_page(served)
            seen = at_table(student, served)
            assert seen["table"]["table"] == table["table"]
            assert seen["table"]["moves"] == len(acknowledged) == BEFORE
        kept = Book(book).table_record(table["table"]).moves
        assert {number: kept[number - 1] for number in acknowledged} == acknowledged
        for _move in range(AFTER):  # the game goes on
            number, move = moves_once(students, served)
            acknowledged[number] = move
        assert Book(book).table_record(table["table"]).moves == [
            acknowledged[number] for number in sorted(acknowledged)
        ]
