"""The class service over HTTP, as the pages' kernels call it, on a real class book (an SQLite
file), served on a thread of its own: tickets, joining, a practice set kept step by step,
refusals as words, 30 students answering at once with nothing lost, and a book that is down
answering 503, never hanging."""

from __future__ import annotations

import http.client
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import tornado.web

from mathcards import i18n
from mathcards.book import Book
from mathcards.book.names import ANIMALS
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.server.clients import Pace, remember_device
from mathcards.classroom.server.seats import PageKernels, Places
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.tickets import Tickets, hand_ticket
from mathcards.engine import NextRound, make_move
from mathcards.mam import level
from mathcards.mam.practice import PracticeSet
from mathcards.mam.solver import simplest
from mathcards.replay import dealt, move_json
from tests.classroom import threaded
from tests.classroom.threaded import serving

STEP = {
    "kind": "answer",
    "deal": 1,
    "cards": [9, 1, 1, 4, 3],
    "target": 50,
    "typed": "(9+1)*(4+1)",
    "correct": True,
    "verdict_kind": "correct",
    "sentence": "Correct!",
    "hints_used": 0,
    "seconds": 12.5,
}
SET = {"game": "mam", "level": "normal", "power": False, "rounds": 8, "seed": 2026}


class Served:
    """The class service of class 5b listening on a port, and the calls of a kernel to it."""

    def __init__(self, class_service: ClassService, port: int) -> None:
        self.service, self.port = class_service, port

    def call(self, path: str, ticket: str | None, sent: Any = None) -> tuple[int, Any]:
        headers = {} if ticket is None else {TICKET_HEADER: ticket}
        return threaded.call(self.port, API + path, sent, **headers)

    def ticket(self, device: str) -> str:
        return self.service.tickets.issue(device)


def served(class_service: ClassService):
    return serving(lambda _port: tornado.web.Application(book_calls.routes(class_service)))


@pytest.fixture
def classbook(tmp_path):
    class_service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    with served(class_service) as port:
        yield Served(class_service, port)


def test_a_call_without_a_ticket_is_refused(classbook):
    assert classbook.call("me", None) == (401, {"error": "no-ticket"})
    assert classbook.call("me", "made-up") == (401, {"error": "no-ticket"})


def test_a_student_joins_practises_and_finds_the_open_set_again(classbook):
    ticket = classbook.ticket("device-of-ola-0123456789")
    code, me = classbook.call("me?game=mam", ticket)
    assert code == 200 and me["result"]["student"] is None and me["result"]["suggestion"]
    assert classbook.call("join", ticket, {"nickname": "Ola"}) == (200, {"result": "Ola"})
    code, started = classbook.call("sets", ticket, SET)
    set_id = started["result"]
    assert code == 200 and isinstance(set_id, int)
    assert classbook.call(f"sets/{set_id}/steps", ticket, STEP)[0] == 200
    hint = {**STEP, "kind": "hint", "typed": "", "correct": False}
    assert classbook.call(f"sets/{set_id}/steps", ticket, hint)[0] == 200

    later = classbook.ticket("device-of-ola-0123456789")  # the page opened again
    code, me = classbook.call("me?game=mam", later)
    practice = me["result"]["practice"]
    assert me["result"]["student"] == "Ola" and practice["id"] == set_id
    assert (practice["level"], practice["rounds"], practice["seed"]) == ("normal", 8, 2026)
    assert [step["kind"] for step in practice["steps"]] == ["answer", "hint"]
    assert practice["steps"][0]["typed"] == "(9+1)*(4+1)"

    assert classbook.call(f"sets/{set_id}/finish", later, {})[0] == 200
    assert classbook.call("me?game=mam", later)[1]["result"]["practice"] is None


def test_the_name_suggested_is_in_the_pages_language(classbook):
    ticket = classbook.ticket("device-of-ola-0123456789")
    polish = i18n.catalogue("pl").gettext
    animals = {polish(animal) for animal in ANIMALS} - set(ANIMALS)
    for _ in range(5):
        suggested = classbook.call("me?game=mam&lang=pl", ticket)[1]["result"]["suggestion"]
        assert suggested.rsplit(" ", 1)[0] in animals, suggested
    english = classbook.call("me?game=mam&lang=xx", ticket)[1]["result"]["suggestion"]
    assert english.rsplit(" ", 1)[0] in ANIMALS


def test_a_name_in_use_and_another_students_set_are_refused(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    kim = classbook.ticket("device-of-kim-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    assert classbook.call("join", kim, {"nickname": "Ola"}) == (409, {"error": "name-taken"})
    classbook.call("join", kim, {"nickname": "Kim"})
    set_id = classbook.call("sets", ola, SET)[1]["result"]
    assert classbook.call(f"sets/{set_id}/steps", kim, STEP)[0] == 400
    assert classbook.call("sets", kim, "not an object")[0] == 400


def test_a_game_is_kept_when_dealt_and_finished_only_by_its_player(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    kim = classbook.ticket("device-of-kim-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    classbook.call("join", kim, {"nickname": "Kim"})
    settings = {
        "players": ["Ola", "Bot"],
        "computers": {"Bot": "bold"},
        "preset": "classic",
        "llama_scoring": "once",
        "lama20": False,
        "starter": "left-of-dealer",
    }
    code, kept = classbook.call("games", ola, {"game": "lama", "seed": 5, "settings": settings})
    assert code == 200
    played, seq = dealt("lama", settings, 5), 0
    while not played.over:  # everyone quits at once, round after round
        move = NextRound() if played.round_over else played.legal_actions()[-1]
        make_move(played, move)
        seq += 1
        sent = {"seq": seq, "move": move_json("lama", move)}
        assert classbook.call(f"games/{kept['result']}/moves", ola, sent) == (200, {"result": seq})
    ending = {"scores": {"Ola": 3, "Bot": 11}, "winners": ["Ola"]}
    assert classbook.call(f"games/{kept['result']}", kim, ending)[0] == 400
    assert classbook.call(f"games/{kept['result']}", ola, ending)[0] == 200
    (room,) = json.loads(classbook.service.book_of().export("5b", fmt="json"))["classes"]
    (game,) = next(s for s in room["students"] if s["nickname"] == "Ola")["games"]
    assert game["finished"] and game["winners"] == played.winners()


def test_thirty_students_answering_in_the_same_moment_are_all_kept(classbook):
    tickets = [classbook.ticket(f"device-{n:02}-0123456789abcdef") for n in range(30)]
    for n, ticket in enumerate(tickets):
        classbook.call("join", ticket, {"nickname": f"Student {n}"})
    sets = [classbook.call("sets", ticket, SET)[1]["result"] for ticket in tickets]

    def answer(n: int) -> int:
        step = {**STEP, "typed": f"answer {n}"}
        return classbook.call(f"sets/{sets[n]}/steps", tickets[n], step)[0]

    with ThreadPoolExecutor(max_workers=30) as students:  # 30 connections open at once
        assert set(students.map(answer, range(30))) == {200}
    kept = classbook.service.book_of().export("5b", fmt="json")
    assert all(f"answer {n}" in kept for n in range(30))


def test_a_book_that_is_down_says_so_to_every_call():
    class_service = ClassService(None, "5b", problem="the database is down")
    with served(class_service) as port:
        down = Served(class_service, port)
        ticket = down.ticket("device-of-ola-0123456789")
        assert down.call("me", ticket) == (503, {"error": "book-down"})
        assert down.call("join", ticket, {"nickname": "Ola"}) == (503, {"error": "book-down"})


class Page(tornado.web.RequestHandler):
    def get(self) -> None:
        tickets = self.application.settings["service"].tickets
        ticket = hand_ticket(self, tickets, remember_device(self))
        tickets.admit(ticket)  # the page has its kernel (here: none to end)
        self.finish({"ticket": self.request.headers.get(TICKET_HEADER, "")})


def test_a_page_hands_its_kernel_a_ticket_for_its_browser_never_the_browsers_own():
    class_service = ClassService(None, "5b")

    def pages(_port: int) -> tornado.web.Application:
        return tornado.web.Application([("/", Page)], service=class_service)

    with serving(pages) as port:
        status, headers, body = threaded.get(port, "/", **{TICKET_HEADER: "forged"})
        assert status == 200
        ticket = json.loads(body)["ticket"]
        assert ticket != "forged" and class_service.tickets.device(ticket)
        cookie = headers["Set-Cookie"]
        assert "mathcards-device=" in cookie and "HttpOnly" in cookie
        device = cookie.split("=", 1)[1].split(";")[0]
        assert class_service.tickets.device(ticket) == device
        _, _, again = threaded.get(port, "/", cookies={"mathcards-device": device})
        assert class_service.tickets.device(json.loads(again)["ticket"]) == device


def test_old_tickets_are_forgotten_first():
    tickets = Tickets(most=3)
    issued = [tickets.issue(f"device {n}") for n in range(5)]
    assert [tickets.device(t) for t in issued] == [None, None, "device 2", "device 3", "device 4"]


class Kernels:
    """The kernels of the pages, as the seats and the tickets see them."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def list_kernel_ids(self) -> list[str]:
        return list(self.ids)

    def __contains__(self, kernel: str) -> bool:
        return kernel in self.ids

    async def start_kernel(self, **kwargs: Any) -> str:
        self.ids.append(f"kernel-{len(self.ids)}")
        return self.ids[-1]


class LessonPage(tornado.web.RequestHandler):
    """A lesson page as `ClassroomPage` opens it: a ticket handed, a seat taken; the ticket
    kept only once the page has its kernel, and only a page that exists gets one."""

    async def get(self, name: str) -> None:
        settings = self.application.settings
        ticket = hand_ticket(self, settings["service"].tickets, remember_device(self))
        places = settings["places"]
        opening = places.take("client", ticket)
        try:
            if name != "practice.ipynb":
                raise tornado.web.HTTPError(404)
            await PageKernels(settings["kernels"], places, opening).start_kernel()
            self.finish({"ticket": ticket.key})
        finally:
            places.leave(opening)


def test_a_flood_of_requests_for_pages_that_do_not_exist_takes_no_page_s_ticket(tmp_path):
    class_service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    class_service.tickets.teacher_code = "the-teachers-code"
    kernels = Kernels()
    class_service.tickets.running = kernels.__contains__
    places = Places(0, kernels, tickets=class_service.tickets)
    routes = [*book_calls.routes(class_service), (r"/voila/render/(.*)", LessonPage)]

    def app(_port: int) -> tornado.web.Application:
        return tornado.web.Application(
            routes, service=class_service, places=places, kernels=kernels
        )

    with serving(app) as port:
        page = Served(class_service, port)

        def opened(cookies: dict[str, str]) -> str:
            status, _, body = threaded.get(port, "/voila/render/practice.ipynb", cookies)
            assert status == 200
            return json.loads(body)["ticket"]

        ola = opened({"mathcards-device": "device-of-ola-0123456789"})
        teacher = opened({"mathcards-teacher": "the-teachers-code"})
        assert page.call("join", ola, {"nickname": "Ola"}) == (200, {"result": "Ola"})
        set_id = page.call("sets", ola, SET)[1]["result"]
        flood = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for n in range(10_001):
            flood.request("GET", f"/voila/render/nothing-{n}.ipynb")
            answer = flood.getresponse()
            answer.read()
            assert answer.status == 404
        flood.close()
        assert page.call(f"sets/{set_id}/steps", ola, STEP)[0] == 200, "the page still saves"
        assert class_service.tickets.is_teacher(teacher), "the projector keeps its controls"
        assert len(class_service.tickets.held) == 2, "only the pages with a kernel hold one"
        kernels.ids.remove("kernel-0")  # Ola's page closed: its kernel ended
        assert page.call("me", ola) == (401, {"error": "no-ticket"})


def test_a_browser_s_calls_are_paced_but_not_the_teachers(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    teacher = classbook.service.tickets.issue("device-of-the-teacher-01", teacher=True)
    most = classbook.service.calls.most
    assert all(classbook.call("me", ola)[0] == 200 for _ in range(most))
    assert classbook.call("me", ola) == (429, {"error": "too-fast"})
    assert all(classbook.call("me", teacher)[0] == 200 for _ in range(most + 5))


def test_pace_counts_requests_in_a_sliding_window():
    now = [0.0]
    pace = Pace(3, window=60.0, clock=lambda: now[0])
    assert [pace.allows("ann") for _ in range(4)] == [True, True, True, False]
    assert pace.allows("bo"), "another client has its own pace"
    assert pace.wait("ann") == 60.0
    now[0] = 60.5
    assert pace.allows("ann") and pace.wait("ann") == 0.0


def test_a_forged_correct_is_not_counted_the_service_judges_each_step(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    set_id = classbook.call("sets", ola, SET)[1]["result"]
    forged = {**STEP, "typed": "lol", "correct": True, "verdict_kind": "correct"}
    for _ in range(50):
        assert classbook.call(f"sets/{set_id}/steps", ola, forged)[0] == 200
    book = classbook.service.book_of()
    (ola_line,) = book.students("5b")
    assert (ola_line.answers, ola_line.deals_solved) == (50, 0), "50 'lol's solve nothing"
    kept = book.practice_record(set_id)
    practice = PracticeSet(level("normal"), rounds=8, seed=2026)
    deal = practice.exercises[0]
    assert kept.steps[0].cards == deal.cards and kept.steps[0].target == deal.target
    assert kept.steps[0].correct is False and kept.steps[0].sentence != "Correct!"
    solution = simplest(deal.cards, deal.target).text
    sent = {**STEP, "typed": solution, "correct": False, "verdict_kind": "total"}
    assert classbook.call(f"sets/{set_id}/steps", ola, sent)[0] == 200
    assert book.students("5b")[0].deals_solved == 1, "a right answer counts, whatever is said"


def test_a_practice_set_judged_again_after_a_restart_and_never_past_its_end(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    set_id = classbook.call("sets", ola, {**SET, "rounds": 2})[1]["result"]
    step = {"kind": "next", "deal": 1, "cards": [], "target": 0}
    assert classbook.call(f"sets/{set_id}/steps", ola, step)[0] == 200
    classbook.service.practices.clear()  # as after a restart: the set replayed from the book
    assert classbook.call(f"sets/{set_id}/steps", ola, step)[0] == 200
    assert classbook.call(f"sets/{set_id}/steps", ola, step) == (400, {"error": "bad-request"})
    assert [s.deal for s in classbook.service.book_of().practice_record(set_id).steps] == [1, 2]
    assert classbook.call("sets", ola, {**SET, "seed": "x"})[0] == 400
    assert classbook.call("sets", ola, {**SET, "level": "impossible"})[0] == 400


def test_a_decision_s_best_choice_is_worked_out_by_the_service(classbook):
    ola = classbook.ticket("device-of-ola-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    situation = {
        "dice": "3456LL,1256LL,1234LL",
        "row": [2, 2, 6],
        "llama_row": [1, 2, 3, 4, 5, 6, 7],
    }
    forged = {"game": "lama_dice", "situation": situation, "choice": "roll", "best": "roll"}
    assert classbook.call("decisions", ola, forged)[0] == 200
    honest = {**forged, "choice": "quit", "best": "roll"}
    assert classbook.call("decisions", ola, honest)[0] == 200
    assert classbook.call("decisions", ola, {**forged, "choice": "maybe"})[0] == 400
    (line,) = classbook.service.book_of().students("5b")
    assert (line.decisions_right, line.decisions) == (1, 2), "quitting is best at 2 2 6"


def test_an_answer_too_long_is_refused_as_too_long_and_the_set_goes_on(classbook):
    """The page says "too long" for it (not "the book cannot be reached"), and keeps going."""
    ola = classbook.ticket("device-of-ola-0123456789")
    classbook.call("join", ola, {"nickname": "Ola"})
    set_id = classbook.call("sets", ola, SET)[1]["result"]
    long = {**STEP, "typed": "1+" * 100 + "1"}
    assert classbook.call(f"sets/{set_id}/steps", ola, long) == (413, {"error": "too-long"})
    assert classbook.call(f"sets/{set_id}/steps", ola, STEP)[0] == 200
    kept = classbook.service.book_of().practice_record(set_id).steps
    assert [step.typed for step in kept] == [STEP["typed"]]
