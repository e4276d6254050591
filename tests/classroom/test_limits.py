"""What a mischievous student's script tries against the class service, each refused with a key
the page says in its own words (issue 30): an answer of 900,000 spaces, 21 answers in a round,
1,000 names from one device, look-alike names, a nickname with a `!`, a class of too many, a
guess that took the parser quadratic time; over real HTTP, on a real class book."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from mathcards.book import Book, ClassFull, NameTaken
from mathcards.book import store as book_store
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.teacher import page as teacher_page
from mathcards.classroom.teacher.page import speaking
from mathcards.lama_dice import live
from mathcards.lama_dice.live import read_share
from mathcards.room import MOST_TRIES
from tests.classroom import threaded
from tests.classroom.test_forget_live import CODE, LiveClass
from tests.classroom.test_live import GAME, Class, right, wrong
from tests.classroom.test_live_guess import MOMENT
from tests.classroom.threaded import serving
from widgets.book import refusal_for


def join(room: Class, ticket: str, nickname: object) -> tuple[int, object]:
    """This browser joins the class book (the book's call, not the live game's)."""
    sent = {"nickname": nickname}
    return threaded.call(room.port, API + "join", sent, **{TICKET_HEADER: ticket})


def test_an_answer_of_900000_spaces_is_refused_and_never_reaches_the_projector(room):
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    ola = room.student("Ola")
    view = room.ok("rounds", teacher, {})
    padded = right(view) + " " * 900_000
    assert room.call("answers", ola, {"text": padded}) == (413, {"error": "too-long"})
    assert room.call("answers", ola, {"text": right(view) + " " * 201}) == (
        413,
        {"error": "too-long"},
    )
    state = room.ok("state", teacher)
    assert state["board"] == [] and len(str(state)) < 5_000
    assert room.ok("answers", ola, {"text": right(view)})["correct"], "a real answer still counts"


def test_a_student_sends_at_most_ten_answers_a_round(room):
    teacher = room.teacher()
    room.ok("games", teacher, {**GAME, "scoring": "every"})
    ola = room.student("Ola")
    view = room.ok("rounds", teacher, {})
    codes = [room.call("answers", ola, {"text": wrong(view)})[0] for _ in range(21)]
    assert codes == [200] * MOST_TRIES + [409] * (21 - MOST_TRIES)
    assert room.call("answers", ola, {"text": right(view)}) == (409, {"error": "too-many"})
    assert len(room.ok("state", teacher)["board"]) == MOST_TRIES


def test_a_student_guesses_at_most_ten_times_a_question(lesson):
    teacher = lesson.teacher()
    lesson.ok("games", teacher)
    ola = lesson.student("Ola")
    lesson.ok("questions", teacher, MOMENT)
    assert all(lesson.call("guesses", ola, {"text": f"{n}%"})[0] == 200 for n in range(10))
    assert lesson.call("guesses", ola, {"text": "50%"}) == (409, {"error": "too-many"})
    assert lesson.call("guesses", ola, {"text": "5" + " " * 8000}) == (413, {"error": "too-long"})


def test_one_device_joins_under_one_name_not_a_thousand(room):
    device = room.service.tickets.issue("device-of-a-script-0123456789")
    assert join(room, device, "Name 0")[0] == 200
    taken = [join(room, device, f"Name {n}") for n in range(1, 20)]
    assert all(refused == (409, {"error": "one-name", "detail": "Name 0"}) for refused in taken), (
        taken
    )
    assert join(room, device, "Name 0")[0] == 200, "its own name again"
    zofia = room.service.tickets.issue("device-of-zofia-0123456789")
    assert join(room, zofia, "Zofia")[0] == 200, "Zofia is free for Zofia"
    sentence = str(refusal_for("one-name", "Name 0"))
    assert "Name 0" in sentence and "teacher" in sentence


@pytest.mark.parametrize("look_alike", ["\u0410nna", "Ａｎｎａ", "ANNA", "anna"])
def test_a_look_alike_of_a_classmate_s_name_is_refused(room, look_alike):
    anna = room.service.tickets.issue("device-of-anna-0123456789")
    assert join(room, anna, "Anna")[0] == 200
    other = room.service.tickets.issue("device-of-other-0123456789")
    code, refusal = join(room, other, look_alike)
    assert code == 409 and refusal["error"] in ("name-look-alike", "name-taken")
    if refusal["error"] == "name-look-alike":
        assert refusal["detail"] == "Anna"
        assert "Anna" in str(refusal_for(refusal["error"], refusal["detail"]))
    assert join(room, other, "Hanna")[0] == 200, "another name is free"


def test_the_teacher_cannot_rename_onto_a_look_alike_either(tmp_path):
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")
    book.join("5b", "Anna", "device-of-anna-0123456789")
    book.join("5b", "Bo", "device-of-bo-01234567890")
    with pytest.raises(NameTaken, match="Anna"):
        book.rename("5b", "Bo", "\u0410nna")
    book.rename("5b", "Bo", "Bob")
    assert book.join("5b", "Ａｎｎａ", "device-of-anna-0123456789").nickname == "Anna"


def test_a_nickname_refusal_says_what_is_wrong_with_the_name(room):
    ticket = room.service.tickets.issue("device-of-kim-0123456789")
    assert join(room, ticket, "Kim!") == (
        400,
        {"error": "name-character", "detail": "!"},
    )
    assert join(room, ticket, "x" * 31) == (400, {"error": "name-too-long"})
    assert join(room, ticket, "   ") == (400, {"error": "name-empty"})
    assert join(room, ticket, 7) == (400, {"error": "bad-request"})
    said = str(refusal_for("name-character", "!"))
    assert "“!” (U+0021)" in said and "cannot be reached" not in said
    assert "30" in str(refusal_for("name-too-long"))


def test_a_class_holds_at_most_so_many_students(tmp_path, monkeypatch):
    monkeypatch.setattr(book_store, "MOST_STUDENTS", 3)
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")
    for n in range(3):
        book.join("5b", f"Student {n}", f"device-{n}-0123456789abcdef")
    with pytest.raises(ClassFull):
        book.join("5b", "One too many", "device-x-0123456789abcdef")
    assert book.join("5b", "Student 1", "device-1-0123456789abcdef").nickname == "Student 1"
    assert book.join("6a", "Elsewhere", "device-x-0123456789abcdef").nickname == "Elsewhere"


def test_the_guess_reader_reads_a_long_text_in_one_pass(monkeypatch):
    """Quadratic before (0.57 s at 8,000 characters): now the text is squeezed in one pass and
    no pattern is ever tried on more than a guess's few characters, however long the text."""
    tried: list[int] = []

    class Spy:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern = pattern

        def fullmatch(self, text: str) -> re.Match[str] | None:
            tried.append(len(text))
            return self.pattern.fullmatch(text)

    monkeypatch.setattr(live, "PERCENT", Spy(live.PERCENT))
    monkeypatch.setattr(live, "SHARE", Spy(live.SHARE))
    for long in ("35" + " " * 200_000 + "x", "1" * 200_000, "12,5" + " %" * 100_000):
        with pytest.raises(ValueError, match="type a chance as a percentage"):
            read_share(long)
    assert tried and max(tried) <= live.MOST_GUESS
    assert read_share(" 12,5 % ") == read_share("12.5%") and read_share("1 / 3") * 3 == 1


def test_one_address_brings_a_lesson_no_more_new_students_than_its_seats(room):
    """Invented cookies from one address (private windows, a script) were new students each
    (the class book full in ten minutes): an address now brings at most `newcomers.most` new
    students an hour; a student already in the book comes back, another address joins."""
    room.service.newcomers.most = 3
    tickets = room.service.tickets

    def from_address(device: str, address: str) -> str:
        return tickets.admit(tickets.new(device, address=address))

    codes = [
        join(room, from_address(f"invented-cookie-{n:02}-0123456789", "10.0.0.66"), f"Fake {n}")
        for n in range(5)
    ]
    assert [code for code, _ in codes] == [200, 200, 200, 429, 429]
    assert codes[3][1] == {"error": "new-names"}
    again = from_address("invented-cookie-00-0123456789", "10.0.0.66")
    assert join(room, again, "Fake 0") == (200, {"result": "Fake 0"}), "a student comes back"
    classmate = from_address("device-of-a-classmate-0123456789", "10.0.0.7")
    assert join(room, classmate, "Ola")[0] == 200
    assert "this network" in str(refusal_for("new-names"))


FILLED = [  # issue 50: three "Anna"s at the same width on the teacher's page, and markup
    ("\u115fAnna", "\u115f", "an invisible character (U+115F)"),
    ("Anna\u3164", "\u3164", "an invisible character (U+3164)"),
    ("Anna😀", "😀", "“😀” (U+1F600)"),
    ("<b>Anna</b>", "<", "“<” (U+003C)"),
]


@pytest.mark.parametrize(("nickname", "character", "said"), FILLED)
def test_a_name_unicode_does_not_allow_is_refused_at_every_door(
    tmp_path, nickname, character, said
):
    """The book's join, the live game's join and the teacher's rename each refuse it, naming the
    character; the page says so in its language, the teacher's page in the server's."""
    doors = LiveClass(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with serving(doors.app) as port:
        doors.port = port
        teacher = doors.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
        doors.ok("live/games", teacher, GAME)
        ticket = doors.service.tickets.issue("device-of-a-filler-0123456")
        refused = (400, {"error": "name-character", "detail": character})
        assert doors.call("join", ticket, {"nickname": nickname}) == refused
        assert doors.call("live/join", ticket, {"nickname": nickname}) == refused
        assert str(refusal_for("name-character", character)) == f"A name cannot hold {said}."
        with speaking("pl"):
            assert "Nazwa nie może zawierać" in str(refusal_for("name-character", character))

        doors.student("Ola", "device-of-ola-0123456789")
        form = urlencode({"do": "rename", "student": "Ola", "new": nickname, "_xsrf": "token"})
        cookies = {"mathcards-teacher": CODE, "_xsrf": "token"}
        status, headers, _ = threaded.post(port, teacher_page.TEACHER, form, cookies)
        assert status == 302
        done = parse_qs(urlsplit(headers["Location"]).query)[teacher_page.DONE]
        assert done == [f"A name cannot hold {said}."]
        assert [line.nickname for line in doors.service.book_of().students("5b")] == ["Ola"]
