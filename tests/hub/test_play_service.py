"""Playing at tables on the class service as a JupyterHub service, without a Hub (the Hub's word
on tokens played by tests/hub/test_service.py's stand-in, the class book a real SQLite file):
each student's page calls with their server's token and plays under their Hub name; the
teacher (a Hub admin) starts the tables and reads the wall with theirs; a student's token is
refused the teacher's calls; the tables play to their end and every student has a review."""

from __future__ import annotations

from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HubClassService, ServerTokens, Teachers
from mathcards.classroom.server.clients import Pace
from tests.classroom import threaded
from tests.classroom.threaded import serving
from tests.hub.test_live_service import teachers_hub
from tests.hub.test_service import PREFIX, Clock, Login, token

STUDENTS = {"ada-server": "ada", "bruno-server": "bruno school.example", "chen-server": "chen"}


class PlayHub:
    """The class service of 5b as the Hub runs it, listening on a port."""

    def __init__(self, port: int) -> None:
        self.port = port

    def call(self, path: str, server: str, sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{PREFIX}api/play/{path}", sent, **token(server))

    def ok(self, path: str, server: str, sent: Any = None) -> Any:
        code, answer = self.call(path, server, sent)
        assert code == 200, (path, server, code, answer)
        return answer["result"]


@pytest.fixture
def play_hub(tmp_path):
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    class_service.calls = Pace(100_000, 10.0)  # these students play faster than fingers
    tokens = ServerTokens(teachers_hub(), teachers=Teachers(), clock=Clock())

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=Login(), prefix=PREFIX)

    with serving(make) as port:
        yield PlayHub(port)


def test_a_table_of_three_plays_lama_dice_on_the_hub_each_student_under_their_hub_name(play_hub):
    for server, name in STUDENTS.items():
        seen = play_hub.ok("me", server)
        assert (seen["name"], seen["table"]) == (name, None)
    assert play_hub.call("wall", "ada-server") == (403, {"error": "not-teacher"})
    assert play_hub.call("tables", "chen-server", {"game": "lama_dice"})[0] == 403
    wall = play_hub.ok("wall", "teacher-server")
    assert wall["room"] == list(STUDENTS.values()), "the teacher is not in the room"

    started = play_hub.ok("tables", "teacher-server", {"game": "lama_dice", "size": 3})
    (table,) = started["tables"]
    assert sorted(seat["player"] for seat in table["seats"]) == sorted(STUDENTS.values())
    server_of = {name: server for server, name in STUDENTS.items()}
    for _move in range(3000):
        table = play_hub.ok("wall", "teacher-server")["tables"][0]
        if table["over"]:
            break
        mover = table["to_move"][0] if table["to_move"] else table["seats"][0]["player"]
        view = play_hub.ok("me", server_of[mover])
        assert view["player"] == mover and view["view"]["viewer"] == mover
        sent = {"move": view["legal"][-1], "seen": view["table"]["moves"]}  # quit, or the last
        play_hub.ok("moves", server_of[mover], sent)
    else:
        raise AssertionError("the table never ended")

    reviews = {name: play_hub.ok("me", server)["review"] for server, name in STUDENTS.items()}
    assert all(review is not None for review in reviews.values())
    debrief = play_hub.ok("wall", "teacher-server")["debrief"]
    assert debrief["tables_over"] == 1
    assert debrief["decisions"] == sum(review["decisions"] for review in reviews.values())
    frame = play_hub.ok("review?frame=0", "ada-server")
    assert frame["number"] == 0 and frame["player"] is None and frame["view"]["viewer"] == "ada"
