"""The live calls of the class service as a JupyterHub service, without a Hub (the Hub's word
on tokens played by tests/hub/test_service.py's stand-in, the class book a real SQLite file):
each page's kernel calls with its server's token; a student is their Hub user, joined under
their Hub name; the teacher is a Hub admin (or, with `--teachers-group`, a member of that
group), whose server's token makes the projector's calls; a student's token is refused them.
The real Hub, its proxy, PostgreSQL and Chromium are in tests/hub/test_hub_live.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HubClassService, HubUser, ServerTokens, Teachers
from mathcards.classroom.protocol import TICKET_HEADER
from mathcards.classroom.protocol.lama_dice import share
from tests.classroom import threaded
from tests.classroom.test_live import GAME, right, wrong
from tests.classroom.test_live_guess import MOMENT
from tests.classroom.threaded import run_apart, serving
from tests.hub.test_service import PREFIX, SERVICE, Clock, Hub, Login, server_token, token
from widgets.book import HUB_TOKEN_ENV, SERVICE_ENV
from widgets.live import LiveRefused
from widgets.mam.live import LiveClient

TEACHER_CALLS = ("games", "rounds", "reveal", "pause", "resume", "lock", "remove", "finish")


def teachers_hub() -> Hub:
    """The Hub's stand-in with the class's tokens: three students', the admin's, a helper's
    (in the Hub's group `teachers`, not an admin)."""
    stand_in = Hub()
    for name in ("chen", "teacher", "helper"):
        stand_in.tokens[f"{name}-server"] = server_token(name, SERVICE)
    stand_in.tokens["teacher-server"]["admin"] = True
    stand_in.tokens["helper-server"]["groups"] = ["teachers"]
    stand_in.tokens["chen-server"]["groups"] = ["5b"]
    return stand_in


class LiveHub:
    """The class service of 5b, as the Hub runs it, listening on a port."""

    def __init__(self, port: int, service: HubClassService) -> None:
        self.port, self.service = port, service

    def call(self, path: str, server: str, sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{PREFIX}api/live/{path}", sent, **token(server))

    def ok(self, path: str, server: str, sent: Any = None) -> Any:
        code, answer = self.call(path, server, sent)
        assert code == 200, (path, server, code, answer)
        return answer["result"]


def live_hub(tmp_path, group: str = ""):
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens = ServerTokens(teachers_hub(), teachers=Teachers(group), clock=Clock())

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=Login(), prefix=PREFIX)

    return class_service, serving(make)


@pytest.fixture
def class_hub(tmp_path):
    class_service, served = live_hub(tmp_path)
    with served as port:
        yield LiveHub(port, class_service)


def test_a_round_on_the_hub_each_student_under_their_hub_name(class_hub):
    started = class_hub.ok("games", "teacher-server", GAME)
    assert started["phase"] == "lobby" and started["settings"] == GAME
    # no name box on the Hub: each joins under their Hub name, a nickname asked for is not used
    ada = class_hub.ok("join", "ada-server", {"nickname": "Kim"})
    assert (ada["name"], ada["joined"]) == ("ada", True)
    assert class_hub.ok("join", "bruno-server", {})["name"] == "bruno school.example"
    assert class_hub.ok("join", "chen-server", {})["name"] == "chen"
    assert class_hub.ok("state", "teacher-server")["room"] == [
        "ada",
        "bruno school.example",
        "chen",
    ]

    opened = class_hub.ok("rounds", "teacher-server", {})
    seen = class_hub.ok("me", "chen-server")
    assert seen["round"] == opened["round"] and seen["name"] == "chen"
    mistake = class_hub.ok("answers", "chen-server", {"text": wrong(seen)})
    won = class_hub.ok("answers", "ada-server", {"text": right(seen)})
    late = class_hub.ok("answers", "bruno-server", {"text": right(seen)})
    assert not mistake["correct"] and won["first"] and late["correct"] and not late["first"]
    assert mistake["seq"] < won["seq"] < late["seq"]  # in order of arrival at the service

    board = class_hub.ok("state", "teacher-server")["board"]
    assert [(row["name"], row["correct"]) for row in board] == [
        ("chen", False),
        ("ada", True),
        ("bruno school.example", True),
    ]
    chens = class_hub.ok("me", "chen-server")  # her own answer, nobody else's
    assert [mine["text"] for mine in chens["mine"]] == [wrong(seen)]
    assert right(seen) not in str(chens) and "ada" not in str(chens)
    class_hub.ok("reveal", "teacher-server", {})
    over = class_hub.ok("finish", "teacher-server", {})
    assert over["phase"] == "over" and over["podium"][0]["name"] == "ada"
    assert class_hub.ok("me", "bruno-server")["podium"] == over["podium"]
    # the class book keeps them under their Hub users
    students = class_hub.service.book_of().students("5b")
    assert sorted(student.nickname for student in students) == [
        "ada",
        "bruno school.example",
        "chen",
    ]


def test_a_students_token_is_refused_every_teachers_call(class_hub):
    class_hub.ok("games", "teacher-server", GAME)
    class_hub.ok("join", "ada-server", {})
    before = class_hub.ok("state", "teacher-server")
    for server in ("ada-server", "chen-server", "helper-server"):  # no group named: no helper
        assert class_hub.call("state", server) == (403, {"error": "not-teacher"}), server
        for call in TEACHER_CALLS:
            refused = class_hub.call(call, server, {"name": "ada"})
            assert refused == (403, {"error": "not-teacher"}), (server, call)
    assert class_hub.ok("state", "teacher-server") == before  # nothing changed
    for headers in ({}, token("made-up"), token("culler"), {TICKET_HEADER: "a-ticket"}):
        path = f"{PREFIX}api/live/state"
        assert threaded.call(class_hub.port, path, **headers) == (401, {"error": "no-token"})
    # the teacher may play too: her own seat in the room, under her Hub name
    assert class_hub.ok("join", "teacher-server", {})["name"] == "teacher"


def test_the_members_of_the_teachers_group_teach_too(tmp_path):
    class_service, served = live_hub(tmp_path, group="teachers")
    with served as port:
        class_hub = LiveHub(port, class_service)
        assert class_hub.ok("games", "helper-server", GAME)["phase"] == "lobby"
        assert class_hub.ok("state", "teacher-server")["phase"] == "lobby"  # and the admin
        assert class_hub.call("rounds", "chen-server", {}) == (403, {"error": "not-teacher"})


def test_who_teaches_is_what_the_hub_says_of_the_user():
    admins_only, with_group = Teachers(), Teachers("teachers")
    admin = {"kind": "user", "name": "k", "admin": True, "groups": []}
    helper = {"kind": "user", "name": "h", "admin": False, "groups": ["teachers"]}
    student = {"kind": "user", "name": "s", "admin": False, "groups": ["5b"]}
    service = {"kind": "service", "name": "culler", "admin": True, "groups": ["teachers"]}
    assert [admins_only.include(m) for m in (admin, helper, student, service, None)] == [
        True,
        False,
        False,
        False,
        False,
    ]
    assert [with_group.include(m) for m in (admin, helper, student, service)] == [
        True,
        True,
        False,
        False,
    ]
    assert not with_group.include({"kind": "user", "name": "x", "admin": False})  # no groups


def test_a_token_remembered_remembers_whether_its_user_teaches():
    stand_in = teachers_hub()
    tokens = ServerTokens(stand_in, clock=Clock())

    async def users() -> list[HubUser | None]:
        return [await tokens.user(f"{name}-server") for name in ("teacher", "ada", "teacher")]

    assert run_apart(users()) == [
        HubUser("teacher", True),
        HubUser("ada"),
        HubUser("teacher", True),
    ]
    assert stand_in.asked == ["teacher-server", "ada-server"]


def test_the_teachers_group_is_a_command_option(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "the-service-s-own")
    assert hub.arguments([]).teachers_group == ""  # the Hub's admins only
    assert hub.arguments(["--teachers-group", "teachers"]).teachers_group == "teachers"


def test_a_member_of_the_teachers_group_sees_the_teachers_page(tmp_path):
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")
    login = Login()
    tokens = ServerTokens(Hub(), teachers=Teachers("teachers"))

    def make(_port: int) -> tornado.web.Application:
        return hub.application(HubClassService(book, "5b"), tokens, login, PREFIX)

    with serving(make) as port:
        login.user = {"kind": "user", "name": "helper", "admin": False, "groups": ["teachers"]}
        assert threaded.get(port, f"{PREFIX}teacher")[0] == 200
        login.user = {"kind": "user", "name": "ada", "admin": False, "groups": ["5b"]}
        assert threaded.get(port, f"{PREFIX}teacher")[0] == 403


def test_the_pages_kernels_play_through_the_hub_with_their_servers_tokens(class_hub):
    """widgets/live.py's LiveClient, as the projector's and a seat's kernels use it on the Hub."""

    def kernel(server: str) -> LiveClient:
        url = f"http://127.0.0.1:{class_hub.port}{PREFIX}api/"
        client = LiveClient.here({SERVICE_ENV: url, HUB_TOKEN_ENV: server})
        assert client is not None
        return client

    projector, ada = kernel("teacher-server"), kernel("ada-server")
    projector.new_game(**GAME)
    assert ada.me("mam")["student"] == "ada"  # the seat's class book bar: her Hub name
    ada.join_live()
    projector.open_round()
    seen = ada.seat()
    assert ada.answer(right(seen))["first"]
    assert [row["name"] for row in projector.state()["board"]] == ["ada"]
    with pytest.raises(LiveRefused) as refused:
        ada.state()
    assert refused.value.reason == "not-teacher"
    with pytest.raises(LiveRefused):
        ada.open_round()


def test_the_class_guesses_through_the_hub_and_only_the_teacher_asks(class_hub):
    """LAMA Dice live on the Hub: the laptop's calls, under prefix/api/live/lama_dice/."""
    guess = "lama_dice/"
    assert class_hub.call(f"{guess}games", "ada-server", {}) == (403, {"error": "not-teacher"})
    class_hub.ok(f"{guess}games", "teacher-server", {})
    assert class_hub.ok(f"{guess}join", "ada-server", {})["name"] == "ada"
    class_hub.ok(f"{guess}questions", "teacher-server", MOMENT)
    assert class_hub.call(f"{guess}reveal", "ada-server", {}) == (403, {"error": "not-teacher"})
    assert class_hub.ok(f"{guess}guesses", "ada-server", {"text": "40%"})["value"] == share(
        Fraction(2, 5)
    )
    revealed = class_hub.ok(f"{guess}reveal", "teacher-server", {})["question"]
    assert [g["name"] for g in revealed["guesses"]] == ["ada"]
    assert class_hub.ok(f"{guess}me", "ada-server")["mine"]["value"] == share(Fraction(2, 5))


def test_on_the_hub_a_forget_from_the_command_line_and_a_closed_class_reach_the_live_game(
    class_hub,
):
    """Issue #50 on the Hub: `mathcards book forget` in another process takes the student off
    the wall at once and keeps nothing more under her; a class closed to new names lets its Hub
    users back in and refuses one it has never seen."""
    class_hub.ok("games", "teacher-server", {**GAME, "scoring": "every"})
    class_hub.ok("join", "ada-server", {})
    class_hub.ok("join", "chen-server", {})
    seen = class_hub.ok("rounds", "teacher-server", {})
    class_hub.ok("answers", "ada-server", {"text": wrong(seen)})
    with Book(class_hub.service.book_of().url) as elsewhere:  # the command line's own book
        elsewhere.forget("5b", "ada")
        elsewhere.close_class("5b")
    assert class_hub.ok("state", "teacher-server")["room"] == ["chen"]
    assert class_hub.call("answers", "ada-server", {"text": right(seen)})[0] == 409
    assert class_hub.call("join", "bruno-server", {}) == (403, {"error": "class-closed"})
    assert class_hub.call("join", "ada-server", {}) == (403, {"error": "class-closed"})
    assert class_hub.ok("join", "chen-server", {})["name"] == "chen", "her class lets her in"
    kept = class_hub.service.book_of().newest_live("5b", "mam")
    assert kept is not None and {e.name for e in kept.events if e.name} == {"chen"}
