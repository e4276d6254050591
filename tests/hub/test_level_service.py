"""Practice at a student's level on the Hub, without a Hub (the Hub's word on tokens played by
tests/hub/test_service.py's stand-ins, the class book a real SQLite file): a student's kernel
asks for its set with its server's token (the laptop's calls, routed under the prefix), answers,
and the service judges and rates it as on the laptop; a teacher of the Hub sets the class's aim
on the teacher's page and sees the student's weeks, a student cannot."""

from __future__ import annotations

import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HubClassService, ServerTokens
from mathcards.mam.solver import simplest
from tests.classroom import threaded
from tests.classroom.threaded import serving
from tests.hub.test_accommodations_service import ADMIN, STUDENT
from tests.hub.test_live_service import teachers_hub
from tests.hub.test_service import PREFIX, Clock, Login
from widgets.book import ClassBook


def test_a_hub_student_practises_at_their_level_through_the_service_s_prefix(tmp_path):
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens, login = ServerTokens(teachers_hub(), clock=Clock()), Login()

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=login, prefix=PREFIX)

    with serving(make) as port:
        chen = ClassBook(f"http://127.0.0.1:{port}{PREFIX}api/", "", hub_token="chen-server")
        assert chen.me("mam")["student"] == "chen"
        view = chen.level(skill="mam")
        deal = view["deal"]
        assert deal is not None and view["position"] == 0
        found = simplest(deal["cards"], deal["target"])
        assert found is not None
        answered = chen.level_step(
            skill="mam", set=view["set"], kind="answer", typed=str(found.pretty), seconds=9
        )
        assert answered["judged"] == {"kind": "answer", "correct": True, "rated": True}
        (kept,) = class_service.book_of().rating_steps("5b", "chen")
        assert kept.right and kept.item == deal["key"]

        login.user = STUDENT
        assert threaded.post(port, f"{PREFIX}teacher", "do=level&success=0.6")[0] == 403
        login.user = ADMIN
        assert threaded.post(port, f"{PREFIX}teacher", "do=level&success=0.8&clock=on")[0] == 302
        assert class_service.book_of().level_settings("5b").success == 0.8
        status, _, shown = threaded.get(port, f"{PREFIX}teacher")
        assert status == 200 and "aria-label='chen: step " in shown
