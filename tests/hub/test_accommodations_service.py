"""The accommodations on the Hub, without a Hub (the Hub's word on tokens and logins played by
tests/hub/test_service.py's stand-ins, the class book a real SQLite file): a teacher of the Hub
sets one on the teacher's page under the service's prefix, and at once the student's seat view,
asked with their server's token, carries it; a student logged in cannot set one."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HubClassService, ServerTokens
from mathcards.classroom.teacher.page import DONE
from tests.classroom import threaded
from tests.classroom.test_live import GAME
from tests.classroom.threaded import serving
from tests.hub.test_live_service import LiveHub, teachers_hub
from tests.hub.test_service import PREFIX, SERVICE, Clock, Login

ADMIN = {"kind": "user", "name": "teacher", "admin": True, "scopes": [SERVICE]}
STUDENT = {"kind": "user", "name": "chen", "admin": False, "scopes": [SERVICE]}


def test_a_hub_teacher_sets_no_countdown_and_the_students_seat_view_carries_it(tmp_path):
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens, login = ServerTokens(teachers_hub(), clock=Clock()), Login()

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=login, prefix=PREFIX)

    with serving(make) as port:
        live = LiveHub(port, class_service)
        live.ok("games", "teacher-server", GAME)
        assert live.ok("join", "chen-server", {})["accommodations"] == []
        form = urlencode(
            [("do", "accommodate"), ("student", "chen"), ("accommodation", "no-countdown")]
        )
        login.user = STUDENT
        assert threaded.post(port, f"{PREFIX}teacher", form)[0] == 403
        assert live.ok("me", "chen-server")["accommodations"] == []

        login.user = ADMIN
        status, headers, _ = threaded.post(port, f"{PREFIX}teacher", form)
        assert status == 302
        assert parse_qs(urlsplit(headers["Location"]).query)[DONE] == ["chen: no countdown."]
        live.ok("rounds", "teacher-server", {"seconds": 30})
        seen = live.ok("me", "chen-server")
        assert seen["accommodations"] == ["no-countdown"] and seen["round"]["seconds_left"] is None
