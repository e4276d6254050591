"""Forgetting forgets and renaming renames, during a live game (issue 30): the teacher's page
forgets Anna, and at once her browser is in no room, nothing more is kept under her name, and a
classmate who then joins as "Anna" starts with nothing of hers; a renamed student's next answers
are kept under the new name, which a forget then reaches. A student the teacher took out stays
out until the teacher lets them in: after a reload, under another nickname from the same
browser, and renamed. Over real HTTP, on a real class book."""

from __future__ import annotations

import json
from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.live import rooms
from mathcards.classroom.live.events import Answered
from mathcards.classroom.live.log import LiveLog, Pending
from mathcards.classroom.live.mam import MAM
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher_page
from tests.classroom import threaded
from tests.classroom.test_live import GAME, Wall, right, wrong
from tests.classroom.threaded import serving

CODE = "TEACHER7KQ"


class LiveClass:
    """The class service with MAM! live and the teacher's page, on a port."""

    def __init__(self, book_url: str) -> None:
        self.service = ClassService(Book.create(book_url), "5b")
        self.rooms = rooms.open_rooms(self.service, Wall())
        self.live = self.rooms.mam

    def app(self, _port: int) -> tornado.web.Application:
        routes = [
            *book_calls.routes(self.service),
            *rooms.routes(self.rooms),
            *teacher_page.routes(self.service, CODE),
        ]
        return tornado.web.Application(routes, cookie_secret="secret", xsrf_cookies=True)

    def call(self, path: str, ticket: str, sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{API}{path}", sent, **{TICKET_HEADER: ticket})

    def ok(self, path: str, ticket: str, sent: Any = None) -> Any:
        code, answer = self.call(path, ticket, sent)
        assert code == 200, (path, code, answer)
        return answer["result"]

    def student(self, nickname: str, device: str) -> str:
        ticket = self.service.tickets.issue(device)
        self.ok("live/join", ticket, {"nickname": nickname})
        return ticket

    def teacher_does(self, **form: str) -> str:
        """A form of the teacher's page sent (with its XSRF token); what the page then says."""
        cookies = {"mathcards-teacher": CODE, "_xsrf": "token"}
        body = "&".join(f"{k}={v}" for k, v in {**form, "_xsrf": "token"}.items())
        status, headers, _ = threaded.post(self.port, teacher_page.TEACHER, body, cookies)
        assert status == 302, status
        return headers["Location"]


@pytest.fixture
def live(tmp_path):
    served = LiveClass(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with serving(served.app) as port:
        served.port = port
        yield served


def test_a_forgotten_student_is_out_of_the_live_game_at_once_and_her_name_inherits_nothing(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    anna = live.student("Anna", "device-of-anna-0123456789")
    live.student("Bo", "device-of-bo-01234567890")
    view = live.ok("live/rounds", teacher, {})
    live.ok("live/answers", anna, {"text": right(view)})
    assert [row["name"] for row in live.ok("live/state", teacher)["board"]] == ["Anna"]

    live.teacher_does(do="forget", student="Anna")  # Remove, then yes
    state = live.ok("live/state", teacher)
    assert state["room"] == ["Bo"] and state["board"] == [], "gone from the game at once"
    assert "Anna" not in json.dumps(state)
    assert live.call("live/answers", anna, {"text": wrong(view)}) == (
        409,
        {"error": "not-joined"},
    ), "her browser is not in the room, and nothing is kept under her name"
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and all(event.name != "Anna" for event in kept.events)

    newcomer = live.student("Anna", "device-of-a-newcomer-01234")
    seen = live.ok("live/me", newcomer)
    assert seen["mine"] == [] and seen["points"] == 0, "the new Anna inherits nothing"


def test_a_renamed_student_answers_under_the_new_name_and_a_forget_of_it_reaches_them(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, {**GAME, "scoring": "every"})
    anna = live.student("Anna", "device-of-anna-0123456789")
    view = live.ok("live/rounds", teacher, {})
    live.ok("live/answers", anna, {"text": wrong(view)})
    live.teacher_does(do="rename", student="Anna", new="Hanna")
    state = live.ok("live/state", teacher)
    assert state["room"] == ["Hanna"] and [r["name"] for r in state["board"]] == ["Hanna"]
    live.ok("live/answers", anna, {"text": right(view)})
    assert live.ok("live/me", anna)["name"] == "Hanna"
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and {e.name for e in kept.events if e.name} == {"Hanna"}

    live.teacher_does(do="forget", student="Hanna")
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and not any(e.name for e in kept.events), "every event of hers"
    assert live.ok("live/state", teacher)["room"] == []


def test_a_student_the_teacher_took_out_stays_out_until_let_in(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ola = live.student("Ola", "device-of-ola-0123456789")
    live.ok("live/remove", teacher, {"name": "Ola"})
    assert live.call("live/join", ola, {}) == (409, {"error": "removed"})
    assert live.ok("live/state", teacher)["removed"] == ["Ola"]
    live.ok("live/admit", teacher, {"name": "Ola"})
    assert live.ok("live/state", teacher)["room"] == ["Ola"]
    assert live.ok("live/join", ola, {})["joined"]
    assert live.call("live/admit", ola, {"name": "Ola"}) == (403, {"error": "not-teacher"})


def test_a_removed_student_stays_out_across_a_reload_a_new_nickname_and_a_rename(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    live.student("Ola", "device-of-ola-0123456789")
    live.ok("live/remove", teacher, {"name": "Ola"})
    reloaded = live.service.tickets.issue("device-of-ola-0123456789")  # a new page, its ticket
    assert live.call("live/join", reloaded, {"nickname": "Ula"}) == (409, {"error": "removed"})
    live.teacher_does(do="rename", student="Ola", new="Ala")
    assert live.call("live/join", reloaded, {}) == (409, {"error": "removed"})
    state = live.ok("live/state", teacher)
    assert (state["room"], state["removed"]) == ([], ["Ala"]), "her events follow her id"
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and [(e.kind, e.name) for e in kept.events if e.name] == [
        ("join", "Ala"),
        ("remove", "Ala"),
    ]
    assert [line.nickname for line in live.service.book_of().students("5b")] == ["Ala"]


def ticket_from(live: LiveClass, device: str, address: str) -> str:
    """A ticket of a page asked for from this address, as the server hands it."""
    tickets = live.service.tickets
    return tickets.admit(tickets.new(device, address=address))


def test_a_removed_student_stays_out_from_a_new_browser_at_their_address_but_not_behind_a_nat(
    live,
):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    for nickname, device, address in (
        ("Ola", "device-of-ola-0123456789", "10.0.0.7"),
        ("Ada", "device-of-ada-0123456789", "10.0.0.1"),  # Ada and Bo behind one NAT
        ("Bo", "device-of-bo-01234567890", "10.0.0.1"),
    ):
        live.ok("live/join", ticket_from(live, device, address), {"nickname": nickname})
    live.ok("live/remove", teacher, {"name": "Ola"})
    live.ok("live/remove", teacher, {"name": "Ada"})
    private = ticket_from(live, "a-private-window-of-ola-01", "10.0.0.7")
    assert live.call("live/join", private, {"nickname": "Ula"}) == (409, {"error": "removed"})
    assert "Ula" not in [s.nickname for s in live.service.book_of().students("5b")], "not kept"
    behind_the_nat = ticket_from(live, "a-private-window-of-ada-01", "10.0.0.1")
    live.ok("live/join", behind_the_nat, {"nickname": "Ida"})  # Bo's address too: not shut
    live.ok("live/admit", teacher, {"name": "Ola"})
    live.ok("live/join", private, {"nickname": "Ula"})
    assert live.ok("live/state", teacher)["room"] == ["Ola", "Bo", "Ida", "Ula"]


def test_a_name_forgotten_from_the_command_line_while_serving_is_inherited_by_no_one(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    anna = live.student("Anna", "device-of-anna-0123456789")
    view = live.ok("live/rounds", teacher, {})
    live.ok("live/answers", anna, {"text": right(view)})
    live.service.book_of().forget("5b", "Anna")  # `mathcards book forget`: the server not told
    refused, _ = live.call("live/answers", anna, {"text": wrong(view)})
    kept = live.service.book_of().newest_live("5b", "mam")
    assert refused != 200 and kept is not None and all(e.name != "Anna" for e in kept.events)
    newcomer = live.student("Anna", "device-of-a-newcomer-01234")
    seen = live.ok("live/me", newcomer)
    assert seen["mine"] == [] and seen["points"] == 0, "the new Anna inherits nothing"
    assert live.call("live/answers", anna, {"text": right(view)}) == (409, {"error": "not-joined"})
    assert [row["name"] for row in live.ok("live/state", teacher)["board"]] == []


def test_a_forget_from_the_command_line_reaches_the_live_game_once_the_name_is_taken(live):
    """`mathcards book forget` runs in another process, which the server hears nothing from:
    a newcomer who then took the name through the class book (not the live game's door) saw
    the forgotten student's answers as their own, and her browser's next answer was kept under
    the newcomer (issue #50). A new student joining under a name the live game knows now has
    the game read again from the book."""
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, {**GAME, "scoring": "every"})
    anna = live.student("Anna", "device-of-anna-0123456789")
    view = live.ok("live/rounds", teacher, {})
    live.ok("live/answers", anna, {"text": wrong(view)})

    with Book(live.service.book_of().url) as elsewhere:  # the command line's own book
        elsewhere.forget("5b", "Anna")
    newcomer = live.service.tickets.issue("device-of-a-newcomer-01234")
    assert live.ok("join", newcomer, {"nickname": "Anna"}) == "Anna"  # the book's door
    seen = live.ok("live/me", newcomer)
    assert seen["mine"] == [] and seen["points"] == 0, "the new Anna inherits nothing"
    assert live.call("live/answers", anna, {"text": right(view)}) == (
        409,
        {"error": "not-joined"},
    ), "the forgotten browser's answer is kept under no one"
    assert [row["name"] for row in live.ok("live/state", teacher)["board"]] == []


def test_a_forget_from_the_command_line_reaches_the_live_game_at_once(live):
    """`mathcards book forget` in another process, and nobody takes the name: the projector's
    next look has her off the wall, her browser's next answer is refused and kept under no one,
    and her page's next poll finds her in no room (the roster number: mathcards/book/roster.py)."""
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, {**GAME, "scoring": "every"})
    anna = live.student("Anna", "device-of-anna-0123456789")
    live.student("Bo", "device-of-bo-01234567890")
    view = live.ok("live/rounds", teacher, {})
    live.ok("live/answers", anna, {"text": wrong(view)})
    assert "Anna" in live.ok("live/state", teacher)["room"]

    with Book(live.service.book_of().url) as elsewhere:  # the command line's own book
        elsewhere.forget("5b", "Anna")
    state = live.ok("live/state", teacher)
    assert state["room"] == ["Bo"] and "Anna" not in json.dumps(state), "off the wall at once"
    assert live.call("live/answers", anna, {"text": right(view)}) == (
        409,
        {"error": "not-joined"},
    )
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and not any(event.name == "Anna" for event in kept.events)
    assert live.ok("live/me", anna)["name"] in (None, "")


def test_an_answer_of_a_student_forgotten_meanwhile_is_refused_alone(live):
    """Answers that arrive together are kept in one commit: one of a student forgotten from the
    command line meanwhile is refused, and the classmates' answers with it are kept."""
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, {**GAME, "scoring": "every"})
    live.student("Anna", "device-of-anna-0123456789")
    live.student("Bo", "device-of-bo-01234567890")
    view = live.ok("live/rounds", teacher, {})
    log = LiveLog(live.service.book_of, "5b", MAM, Wall())  # the game as a second service has it
    log.load()
    with Book(live.service.book_of().url) as elsewhere:
        elsewhere.forget("5b", "Anna")
    batch = [Pending(Answered(wrong(view)), "Anna"), Pending(Answered(right(view)), "Bo")]
    anna, bo = log.changes(batch)
    assert anna.problem is not None and not anna.kept
    assert bo.problem is None and bo.kept
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None and [e.name for e in kept.events if e.kind == "answer"] == ["Bo"]
