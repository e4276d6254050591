"""Assignments on the Hub, without a Hub (the Hub's word on tokens and logins played by
tests/hub/test_service.py's stand-ins, the class book a real SQLite file): a teacher of the Hub
sets an assignment on the teacher's page under the service's prefix, a student's kernel asks
for it with their server's token (the laptop's call, routed under the prefix) and sees it move
on with their decisions; a student logged in cannot set one."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HubClassService, ServerTokens
from mathcards.classroom.service.judge import best_choice
from mathcards.classroom.teacher.page import DONE
from tests.classroom import threaded
from tests.classroom.threaded import serving
from tests.hub.test_accommodations_service import ADMIN, STUDENT
from tests.hub.test_live_service import teachers_hub
from tests.hub.test_service import PREFIX, Clock, Login
from widgets.book import ClassBook

SITUATION = {"row": [2, 2, 6], "llama_row": [1, 3, 5, 7]}


def test_a_hub_teacher_sets_an_assignment_and_a_student_s_kernel_sees_it_move_on(tmp_path):
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens, login = ServerTokens(teachers_hub(), clock=Clock()), Login()

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=login, prefix=PREFIX)

    with serving(make) as port:
        chen = ClassBook(f"http://127.0.0.1:{port}{PREFIX}api/", "", hub_token="chen-server")
        assert chen.me("lama_dice")["student"] == "chen", "joined under the Hub name"
        due = (class_service.book_of().class_today("5b") + timedelta(days=2)).isoformat()
        form = urlencode(
            {
                "do": "assign",
                "title": "Roll or quit",
                "skill": "roll-or-quit",
                "goal": "deals",
                "count": "2",
                "due": due,
            }
        )
        login.user = STUDENT
        assert threaded.post(port, f"{PREFIX}teacher", form)[0] == 403
        assert chen.assignments() == []

        login.user = ADMIN
        status, headers, _ = threaded.post(port, f"{PREFIX}teacher", form)
        assert status == 302
        (said,) = parse_qs(urlsplit(headers["Location"]).query)[DONE]
        assert said.startswith("“Roll or quit” is set for the whole class")
        (task,) = chen.assignments()
        assert (task["title"], task["done"], task["count"], task["days_left"]) == (
            "Roll or quit",
            0,
            2,
            2,
        )
        best = best_choice("lama_dice", SITUATION)
        worse = "quit" if best == "roll" else "roll"
        chen.record_decision(game="lama_dice", situation=SITUATION, choice=worse, best=worse)
        assert chen.assignments()[0]["done"] == 0, "the service works out the best choice"
        chen.record_decision(game="lama_dice", situation=SITUATION, choice=best, best=worse)
        assert chen.assignments()[0]["done"] == 1
