"""LAMA Dice live over real HTTP, on a real class book: the teacher asks about a moment, the class
guesses (each student seeing only their own guess, the last one counting), the answer and the
spread are revealed, the dice are rolled the same for every page, and a restart gives the same
lesson back; MAM!'s live game goes on beside it."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.book.export import BOM
from mathcards.chips import LLAMA as L
from mathcards.classroom.live import rooms
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.protocol.lama_dice import share, value_of
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher
from mathcards.lama_dice.known import moment
from mathcards.lama_dice.live import Question
from tests.classroom import threaded
from tests.classroom.test_live import GAME, Wall
from tests.classroom.threaded import serving

MOMENT = {"row": [2, 2, 6], "llama_row": [1, 3, 5, L], "asks": "bust"}


class Lesson:
    """A class service with both live games on a port; calls by ticket."""

    def __init__(self, book_url: str) -> None:
        self.url, self.wall = book_url, Wall()

    def serve(self):
        self.service = ClassService(Book.create(self.url), "5b")
        self.rooms = rooms.open_rooms(self.service, self.wall)
        routes = [
            *book_calls.routes(self.service),
            *rooms.routes(self.rooms),
            *teacher.routes(self.service, "TEACHER7KQ"),
        ]
        return serving(lambda _port: tornado.web.Application(routes))

    def call(self, path: str, ticket: str, sent: Any = None, game: str = "lama_dice/"):
        if sent is None and path.split("?")[0] not in ("me", "state"):
            sent = {}  # a POST
        return threaded.call(self.port, f"{API}live/{game}{path}", sent, **{TICKET_HEADER: ticket})

    def ok(self, path: str, ticket: str, sent: Any = None, game: str = "lama_dice/") -> Any:
        code, answer = self.call(path, ticket, sent, game)
        assert code == 200, (path, code, answer)
        return answer["result"]

    def student(self, nickname: str) -> str:
        """A student's page: in the class book, and in the lesson if there is one."""
        ticket = self.service.tickets.issue(f"device-of-{nickname}-0123456789")
        joined = threaded.call(
            self.port, f"{API}join", {"nickname": nickname}, **{TICKET_HEADER: ticket}
        )
        assert joined == (200, {"result": nickname})  # the class book first, as a page joins
        code, answer = self.call("join", ticket, {})
        assert code == 200 or answer == {"error": "no-game"}
        return ticket

    def teacher(self) -> str:
        return self.service.tickets.issue("device-of-the-teacher-0123", teacher=True)


def test_the_class_guesses_the_answer_and_spread_are_revealed_and_the_dice_roll(lesson):
    teacher = lesson.teacher()
    assert lesson.ok("games", teacher)["phase"] == "lobby"
    ola, kim, ala = (lesson.student(name) for name in ("Ola", "Kim", "Ala"))
    asked = lesson.ok("questions", teacher, MOMENT)
    assert asked["phase"] == "open" and asked["question"]["row"] == [2, 2, 6]
    seen = lesson.ok("me", ola)["question"]
    assert seen["asks"] == "bust" and seen["exact"] is None and "guesses" not in seen

    lesson.ok("guesses", ola, {"text": "90"})
    assert lesson.ok("guesses", ola, {"text": "40%"})["value"] == share(
        Fraction(2, 5)
    )  # the last counts
    lesson.ok("guesses", kim, {"text": "1/2"})
    assert lesson.ok("state", teacher)["guessed"] == 2
    mine = lesson.ok("me", ola)
    assert mine["mine"]["value"] == share(Fraction(2, 5)) and "Kim" not in str(mine)
    assert str(share(Fraction(1, 2))) not in str(mine)  # never another student's guess

    revealed = lesson.ok("reveal", teacher)
    exact = Question((2, 2, 6), (1, 3, 5, L), asks="bust").exact()
    question = revealed["question"]
    assert value_of(question["exact"]) == exact
    assert sum(question["spread"]) == 2 and question["spread"][4] == 1
    off = {g["name"]: g["off"] for g in question["guesses"]}
    assert off["Ola"] == pytest.approx(float(abs(Fraction(2, 5) - exact)))
    assert question["closest"][0] == min(off, key=off.__getitem__)
    assert lesson.call("guesses", ala, {"text": "10"}) == (409, {"error": "no-round"})
    told = lesson.ok("me", kim)
    assert told["mine"]["off"] == off["Kim"] and told["how_close"] == off["Kim"]
    assert value_of(told["question"]["exact"]) == exact

    rolled = lesson.ok("rolls", teacher, {"count": 1000, "seed": 9})["question"]["rolls"]
    assert rolled == {"count": 1000, "seed": 9}
    assert lesson.ok("me", ala)["question"]["rolls"] == rolled  # every page rolls the same
    picked = lesson.ok("rolls", teacher, {"count": 100})["question"]["rolls"]
    assert picked["count"] == 100 and isinstance(picked["seed"], int)
    assert lesson.call("rolls", teacher, {"count": 7})[0] == 400


def test_a_moment_from_a_real_game_and_roll_or_quit(lesson):
    teacher, ola = lesson.teacher(), None
    lesson.ok("games", teacher)
    ola = lesson.student("Ola")
    asked = lesson.ok("questions", teacher, {"seed": 4, "moment": 2, "asks": "roll-or-quit"})
    row, llama_row = moment(4, 2)
    assert (tuple(asked["question"]["row"]), tuple(asked["question"]["llama_row"])) == (
        row,
        llama_row,
    )
    assert lesson.call("guesses", ola, {"text": "maybe"}) == (
        409,
        {"error": "bad-guess", "detail": "not-a-choice"},
    )
    lesson.ok("guesses", ola, {"text": "roll"})
    question = lesson.ok("reveal", teacher)["question"]
    assert question["exact"] in ("roll", "quit") and question["spread"]["roll"] == 1
    assert lesson.call("rolls", teacher, {"count": 10}) == (409, {"error": "no-chance"})


def test_the_refusals_and_the_teachers_calls(lesson):
    teacher, ola = lesson.teacher(), lesson.student("Ola")
    assert lesson.call("guesses", ola, {"text": "5"}) == (409, {"error": "no-game"})
    assert lesson.call("questions", ola, MOMENT) == (403, {"error": "not-teacher"})
    assert lesson.call("state", ola) == (403, {"error": "not-teacher"})
    lesson.ok("games", teacher)
    assert lesson.call("guesses", ola, {"text": "5"}) == (409, {"error": "not-joined"})
    lesson.ok("join", ola, {})
    assert lesson.call("guesses", ola, {"text": "5"}) == (409, {"error": "no-round"})
    assert lesson.call("questions", teacher, {**MOMENT, "asks": "jackpot"})[0] == 400
    assert lesson.call("questions", teacher, {**MOMENT, "row": []})[0] == 400
    lesson.ok("questions", teacher, MOMENT)
    assert lesson.call("questions", teacher, MOMENT) == (409, {"error": "round-open"})
    assert lesson.call("rolls", teacher, {"count": 10}) == (409, {"error": "not-revealed"})
    assert lesson.call("guesses", ola, {"text": "150"}) == (
        409,
        {"error": "bad-guess", "detail": "above-one"},
    )
    lesson.ok("remove", teacher, {"name": "Ola"})
    assert lesson.call("guesses", ola, {"text": "5"}) == (409, {"error": "removed"})


def test_a_restart_gives_the_same_lesson_and_mam_goes_on_beside_it(lesson):
    teacher = lesson.teacher()
    lesson.ok("games", teacher, GAME, game="")  # MAM!'s live game, beside the lesson
    lesson.ok("games", teacher)
    ola, kim = lesson.student("Ola"), lesson.student("Kim")
    lesson.ok("questions", teacher, MOMENT)
    lesson.ok("guesses", ola, {"text": "30"})
    lesson.ok("guesses", kim, {"text": "70"})
    lesson.ok("reveal", teacher)
    lesson.ok("rolls", teacher, {"count": 10_000, "seed": 3})
    before = lesson.ok("state", teacher)
    assert lesson.ok("state", teacher, game="")["settings"]["seed"] == GAME["seed"]

    again = Lesson(lesson.url)
    with again.serve() as port:
        again.port = port
        assert again.ok("state", again.teacher()) == before
        ola_again = again.service.tickets.issue("device-of-Ola-0123456789")  # a reload
        me = again.ok("me", ola_again)
        assert me["joined"] and me["mine"]["value"] == share(Fraction(3, 10))
        assert again.ok("state", again.teacher(), game="")["game"] is not None


def test_the_teachers_page_shows_each_students_guesses_and_how_close(lesson):
    teacher_ticket = lesson.teacher()
    lesson.ok("games", teacher_ticket)
    ola, kim = lesson.student("Ola"), lesson.student("Kim")
    exact = Question((2, 2, 6), (1, 3, 5, L), asks="bust").exact()
    lesson.ok("questions", teacher_ticket, MOMENT)
    lesson.ok("guesses", ola, {"text": "30"})
    lesson.ok("guesses", kim, {"text": "70"})
    lesson.ok("reveal", teacher_ticket)
    lesson.ok("questions", teacher_ticket, {**MOMENT, "asks": "roll-or-quit"})
    lesson.ok("guesses", ola, {"text": "roll"})
    lesson.ok("reveal", teacher_ticket)
    lesson.ok("questions", teacher_ticket, MOMENT)  # open: not on the page yet
    lesson.ok("guesses", kim, {"text": "5"})

    cookie = {"mathcards-teacher": "TEACHER7KQ"}
    status, _headers, page = threaded.get(lesson.port, teacher.TEACHER, cookie)
    assert status == 200 and "LAMA Dice live: the class&#x27;s guesses" in page
    guesses = page[page.index("the class&#x27;s guesses") :]
    ola_row = guesses[guesses.index("<td>Ola</td>") :].split("</tr>")[0]
    kim_row = guesses[guesses.index("<td>Kim</td>") :].split("</tr>")[0]
    better = Question((2, 2, 6), (1, 3, 5, L), asks="roll-or-quit").exact()
    assert f"<td>{int(better == 'roll')} / 1</td>" in ola_row
    assert f"<td>{float(abs(Fraction(7, 10) - exact)) * 100:.1f}%</td>" in kim_row
    assert "<td>0 / 0</td>" in kim_row and "5.0%" not in kim_row
    # the student's line says how many guesses; the CSV holds every one of them
    students = page[: page.index("the class&#x27;s guesses")]
    ola_line = students[students.index(">Ola</a></td>") :].split("</tr>")[0]
    assert "<td>2</td>" in ola_line  # a chance and a roll-or-quit, revealed
    status, _headers, text = threaded.get(lesson.port, f"{teacher.TEACHER}/export", cookie)
    guessed = [
        line
        for line in csv.DictReader(io.StringIO(text.removeprefix(BOM)))
        if line["kind"] == "guess"
    ]
    assert [(line["student"], json.loads(line["payload"])["text"]) for line in guessed] == [
        ("Ola", "30"),
        ("Kim", "70"),
        ("Ola", "roll"),
        ("Kim", "5"),
    ]
