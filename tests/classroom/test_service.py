"""The class service over HTTP, as the pages' kernels call it, on a real class book (an SQLite
file): tickets, joining, a practice set kept step by step, refusals as words, 30 students
answering at once with nothing lost, and a book that is down answering 503, never hanging."""

from __future__ import annotations

import asyncio
import json
import tempfile
from typing import Any

import pytest
import tornado.web
from tornado.testing import AsyncHTTPTestCase, gen_test

from mathcards import i18n
from mathcards.book import Book
from mathcards.book.names import ANIMALS
from mathcards.classroom import service
from mathcards.classroom.clients import remember_device
from mathcards.classroom.service import TICKET_HEADER, ClassService, hand_ticket

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


class ServiceCase(AsyncHTTPTestCase):
    book_down = False

    def get_app(self) -> tornado.web.Application:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        url = f"sqlite:///{self.folder.name}/book.sqlite"
        book = None if self.book_down else Book.create(url)
        self.service = ClassService(book, "5b", problem="the database is down")
        return tornado.web.Application(service.routes(self.service))

    async def call(self, path: str, ticket: str | None, sent: Any = None) -> tuple[int, Any]:
        headers = {} if ticket is None else {TICKET_HEADER: ticket}
        response = await self.http_client.fetch(
            self.get_url(service.API + path),
            method="GET" if sent is None else "POST",
            body=None if sent is None else json.dumps(sent),
            headers=headers,
            raise_error=False,
        )
        return response.code, json.loads(response.body)

    def ticket(self, device: str) -> str:
        return self.service.tickets.issue(device)


class TestTheService(ServiceCase):
    @gen_test
    async def test_a_call_without_a_ticket_is_refused(self):
        assert await self.call("me", None) == (401, {"error": "no-ticket"})
        assert await self.call("me", "made-up") == (401, {"error": "no-ticket"})

    @gen_test
    async def test_a_student_joins_practises_and_finds_the_open_set_again(self):
        ticket = self.ticket("device-of-ola-0123456789")
        code, me = await self.call("me?game=mam", ticket)
        assert code == 200 and me["result"]["student"] is None and me["result"]["suggestion"]
        assert await self.call("join", ticket, {"nickname": "Ola"}) == (200, {"result": "Ola"})
        code, started = await self.call("sets", ticket, SET)
        set_id = started["result"]
        assert code == 200 and isinstance(set_id, int)
        assert (await self.call(f"sets/{set_id}/steps", ticket, STEP))[0] == 200
        hint = {**STEP, "kind": "hint", "typed": "", "correct": False}
        assert (await self.call(f"sets/{set_id}/steps", ticket, hint))[0] == 200

        later = self.ticket("device-of-ola-0123456789")  # the page opened again
        code, me = await self.call("me?game=mam", later)
        practice = me["result"]["practice"]
        assert me["result"]["student"] == "Ola" and practice["id"] == set_id
        assert (practice["level"], practice["rounds"], practice["seed"]) == ("normal", 8, 2026)
        assert [step["kind"] for step in practice["steps"]] == ["answer", "hint"]
        assert practice["steps"][0]["typed"] == "(9+1)*(4+1)"

        assert (await self.call(f"sets/{set_id}/finish", later, {}))[0] == 200
        assert (await self.call("me?game=mam", later))[1]["result"]["practice"] is None

    @gen_test
    async def test_the_name_suggested_is_in_the_pages_language(self):
        ticket = self.ticket("device-of-ola-0123456789")
        polish = i18n.catalogue("pl").gettext
        animals = {polish(animal) for animal in ANIMALS} - set(ANIMALS)
        for _ in range(5):
            suggested = (await self.call("me?game=mam&lang=pl", ticket))[1]["result"]["suggestion"]
            assert suggested.rsplit(" ", 1)[0] in animals, suggested
        english = (await self.call("me?game=mam&lang=xx", ticket))[1]["result"]["suggestion"]
        assert english.rsplit(" ", 1)[0] in ANIMALS

    @gen_test
    async def test_a_name_in_use_and_another_students_set_are_refused(self):
        ola, kim = self.ticket("device-of-ola-0123456789"), self.ticket("device-of-kim-0123456789")
        await self.call("join", ola, {"nickname": "Ola"})
        assert await self.call("join", kim, {"nickname": "Ola"}) == (409, {"error": "name-taken"})
        await self.call("join", kim, {"nickname": "Kim"})
        set_id = (await self.call("sets", ola, SET))[1]["result"]
        assert (await self.call(f"sets/{set_id}/steps", kim, STEP))[0] == 400
        assert (await self.call("sets", kim, "not an object"))[0] == 400

    @gen_test
    async def test_a_game_is_kept_when_dealt_and_finished_only_by_its_player(self):
        ola, kim = self.ticket("device-of-ola-0123456789"), self.ticket("device-of-kim-0123456789")
        await self.call("join", ola, {"nickname": "Ola"})
        await self.call("join", kim, {"nickname": "Kim"})
        dealt = {"game": "lama", "players": ["Ola", "Bot"], "seed": 5, "finished": False}
        code, kept = await self.call("games", ola, {**dealt, "scores": {}, "winners": []})
        assert code == 200
        ending = {"scores": {"Ola": 3, "Bot": 11}, "winners": ["Ola"]}
        assert (await self.call(f"games/{kept['result']}", kim, ending))[0] == 400
        assert (await self.call(f"games/{kept['result']}", ola, ending))[0] == 200
        (room,) = json.loads(self.service.book_of().export("5b", fmt="json"))["classes"]
        (game,) = next(s for s in room["students"] if s["nickname"] == "Ola")["games"]
        assert game["finished"] and game["winners"] == ["Ola"]

    @gen_test
    async def test_thirty_students_answering_in_the_same_moment_are_all_kept(self):
        tickets = [self.ticket(f"device-{n:02}-0123456789abcdef") for n in range(30)]
        for n, ticket in enumerate(tickets):
            await self.call("join", ticket, {"nickname": f"Student {n}"})
        sets = [(await self.call("sets", ticket, SET))[1]["result"] for ticket in tickets]
        answers = [
            self.call(f"sets/{set_id}/steps", ticket, {**STEP, "typed": f"answer {n}"})
            for n, (ticket, set_id) in enumerate(zip(tickets, sets, strict=True))
        ]
        assert {code for code, _ in await asyncio.gather(*answers)} == {200}
        kept = self.service.book_of().export("5b", fmt="json")
        assert all(f"answer {n}" in kept for n in range(30))


class TestABookThatIsDown(ServiceCase):
    book_down = True

    @gen_test
    async def test_every_call_says_the_book_is_down(self):
        ticket = self.ticket("device-of-ola-0123456789")
        assert await self.call("me", ticket) == (503, {"error": "book-down"})
        assert await self.call("join", ticket, {"nickname": "Ola"}) == (503, {"error": "book-down"})


class Page(tornado.web.RequestHandler):
    def get(self) -> None:
        hand_ticket(self, self.application.settings["service"], remember_device(self))
        self.finish(self.request.headers.get(TICKET_HEADER, ""))


class TestTickets(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        self.service = ClassService(None, "5b")
        return tornado.web.Application([("/", Page)], service=self.service)

    def test_a_page_hands_its_kernel_a_ticket_for_its_browser_never_the_browsers_own(self):
        response = self.fetch("/", headers={TICKET_HEADER: "forged"})
        ticket = response.body.decode()
        assert ticket != "forged" and self.service.tickets.device(ticket)
        cookie = response.headers["Set-Cookie"]
        assert "mathcards-device=" in cookie and "HttpOnly" in cookie
        device = cookie.split("=", 1)[1].split(";")[0]
        assert self.service.tickets.device(ticket) == device
        again = self.fetch("/", headers={"Cookie": f"mathcards-device={device}"})
        assert self.service.tickets.device(again.body.decode()) == device


@pytest.mark.parametrize("most", [3])
def test_old_tickets_are_forgotten_first(most):
    tickets = service.Tickets(most=most)
    issued = [tickets.issue(f"device {n}") for n in range(5)]
    assert [tickets.device(t) for t in issued] == [None, None, "device 2", "device 3", "device 4"]
