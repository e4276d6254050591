"""A student's answer or guess and their page's long-poll, answered at the kernels' door's lanes
(`mathcards.classroom.service.quick`): whatever a kernel (or a student with a script) sends,
the same answer as the calls' tornado handlers give, refusals and all."""

from __future__ import annotations

import http.client
import json
import logging
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from mathcards.book import Book
from mathcards.classroom.live import rooms
from mathcards.classroom.protocol import API, LAMA_DICE_LIVE, MAM_LIVE, MOST_TYPED, TICKET_HEADER
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Door
from tests.classroom.threaded import AtTheDoor, on_loop, serving
from tests.servers import free_port

MAM, GUESS = API + MAM_LIVE, API + LAMA_DICE_LIVE
SHOWN = ("Content-Type", "Cache-Control", "Retry-After")  # the headers a kernel reads


class TwoDoors:
    """One class service behind two kernels' doors: one with the lanes, as `mathcards serve`
    has it, and one without (every call through its tornado handler)."""

    def __init__(self, service: ClassService) -> None:
        opened = rooms.open_rooms(service)
        self.rooms = opened
        routes = [*book_calls.routes(service), *rooms.routes(opened)]
        self.quick, self.handled = Door(routes, lanes=rooms.lanes(opened)), Door(routes)
        self.other = free_port()

    def listen(self, port: int, host: str) -> TwoDoors:
        self.served = [AtTheDoor(self.quick), AtTheDoor(self.handled)]
        for door, at in zip(self.served, (port, self.other), strict=True):
            door.listen(at, host)
        return self

    def stop(self) -> None:
        for door in self.served:
            door.stop()


class Served:
    """The two doors on their ports, the class service and a page's ticket of each kind."""

    def __init__(self, service: ClassService, doors: TwoDoors, port: int) -> None:
        self.service, self.doors, self.ports = service, doors, (port, doors.other)
        self.teacher = service.tickets.issue("device-of-the-teacher-0123", teacher=True)
        self.ola = self.page("Ola")

    def page(self, nickname: str) -> str:
        ticket = self.service.tickets.issue(f"device-of-{nickname}-0123456789")
        assert self.send(0, "POST", f"{API}join", ticket, json.dumps({"nickname": nickname}))
        return ticket

    def send(self, door: int, method: str, path: str, ticket: str, body: str | None = None):
        """One request to a door (0: with the lanes, 1: without): its status, the headers a
        kernel reads, and its JSON."""
        connection = http.client.HTTPConnection("127.0.0.1", self.ports[door], timeout=30)
        headers = {TICKET_HEADER: ticket} if ticket else {}
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            shown = {name: answer.headers.get(name) for name in SHOWN}
            return answer.status, shown, json.loads(answer.read()), answer.headers.get("Date")
        finally:
            connection.close()

    def both(self, method: str, path: str, ticket: str, body: str | None = None):
        """The same request to both doors: their answers, which are the same."""
        quick, handled = (self.send(door, method, path, ticket, body) for door in (0, 1))
        assert quick[:3] == handled[:3], (path, body)
        assert quick[3] and handled[3], "each answer has its Date"
        return quick[:3]


@pytest.fixture
def served(tmp_path) -> Iterator[Served]:
    service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    doors = TwoDoors(service)
    with serving(lambda _port: doors) as port:
        yield Served(service, doors, port)


def json_of(status: int, error: str) -> tuple[int, Any]:
    return status, {"error": error}


REFUSED = [  # (method, path, body): (status, error), for a student of the class
    ("POST", f"{MAM}answers", "{"),
    ("POST", f"{MAM}answers", "[1]"),
    ("POST", f"{MAM}answers", '{"text": NaN}'),
    ("POST", f"{MAM}answers", '{"text": "\\ud800"}'),
    ("POST", f"{MAM}answers", '{"text": 12}'),
    ("POST", f"{MAM}answers", json.dumps({"text": "1" * (MOST_TYPED + 1)})),
    ("POST", f"{MAM}answers", '{"text": "1+2", "team": "1"}'),
    ("POST", f"{MAM}answers", '{"text": "1+2", "team": true}'),
    ("POST", f"{MAM}answers", json.dumps({"text": "1+2"})),  # no game yet
    ("POST", f"{MAM}answers", "[" * 100 + "]" * 100),
    ("POST", f"{MAM}answers", "\xff"),
    ("GET", f"{MAM}me?after=soon", None),
    ("GET", f"{MAM}me?after=%FF", None),
    ("GET", f"{MAM}answers", None),  # no such call: only POST
    ("POST", f"{GUESS}guesses", "{"),
    ("POST", f"{GUESS}guesses", '{"text": 3, "team": 1}'),
    ("POST", f"{GUESS}guesses", json.dumps({"text": "7"})),  # no lesson yet
    ("GET", f"{GUESS}me?after=x", None),
    ("GET", f"{MAM}state", None),  # the teacher's
    ("GET", f"{GUESS}state?after=1", None),
]


@pytest.mark.parametrize(("method", "path", "body"), REFUSED)
def test_what_a_student_sends_is_answered_at_both_doors_alike(served, method, path, body):
    status, headers, sent = served.both(method, path, served.ola, body)
    assert status >= 400 and set(sent) <= {"error", "detail"}, sent
    assert headers["Content-Type"] == "application/json; charset=UTF-8"


def test_a_call_without_a_ticket_or_too_fast_is_refused_at_both_doors_alike(served, monkeypatch):
    no_ticket = served.both("POST", f"{MAM}answers", "", '{"text": "1"}')
    assert no_ticket[::2] == json_of(401, "no-ticket")
    assert served.both("GET", f"{MAM}me", "made-up")[::2] == json_of(401, "no-ticket")
    monkeypatch.setattr(served.service.calls, "allows", lambda device: False)
    monkeypatch.setattr(served.service.calls, "wait", lambda device: 4.4)
    for method, path, body in (("POST", f"{MAM}answers", "{}"), ("GET", f"{GUESS}me", None)):
        status, headers, sent = served.both(method, path, served.ola, body)
        assert (status, sent, headers["Retry-After"]) == (429, {"error": "too-fast"}, "4")


@pytest.mark.parametrize("host", [None, "two,hosts", "a host"])
def test_a_request_without_its_one_host_is_refused_at_both_doors_alike(served, host):
    """A lane reads the door's own request, not tornado's: its `Host` checked as tornado's is."""
    named = f"Host: {host}\r\n" if host is not None else ""
    head = f"GET {MAM}me HTTP/1.1\r\n{named}{TICKET_HEADER}: {served.ola}\r\n\r\n"
    for port in served.ports:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(head.encode())
            answer = http.client.HTTPResponse(sock)
            answer.begin()
            assert (answer.status, json.loads(answer.read())) == json_of(400, "bad-request")


def test_a_race_is_answered_at_both_doors_alike(served):
    lucja = served.page("Łucja")  # her name in UTF-8 at one door, escaped at the other
    game = {"level": "normal", "rounds": 1, "scoring": "every", "seed": 7}
    served.send(0, "POST", f"{MAM}games", served.teacher, json.dumps(game))
    for ticket in (served.ola, lucja):
        assert served.send(0, "POST", f"{MAM}join", ticket, "{}")[0] == 200
    opened = served.send(0, "POST", f"{MAM}rounds", served.teacher, "{}")[2]["result"]
    one, two = opened["round"]["cards"][:2]
    wrong = f"{one}+{two}" if one + two != opened["round"]["target"] else f"{one}*{two}"
    answers = [
        served.send(door, "POST", f"{MAM}answers", ticket, json.dumps({"text": wrong}))
        for door, ticket in ((0, served.ola), (1, lucja))
    ]
    (quick, _, theirs, _), (handled, _, hers, _) = answers
    assert quick == handled == 200
    assert theirs["result"]["verdict"] == hers["result"]["verdict"], "the same verdict"
    assert theirs["result"]["seat"]["name"] == "Ola" and hers["result"]["seat"]["name"] == "Łucja"
    seats = [served.send(door, "GET", f"{MAM}me", served.ola)[2] for door in (0, 1)]
    assert seats[0] == seats[1], "the same view of the same student"
    assert [mine["text"] for mine in seats[0]["result"]["mine"]] == [wrong]
    walls = [served.send(door, "GET", f"{MAM}state?after=1", served.teacher) for door in (0, 1)]
    assert walls[0][:3] == walls[1][:3], "the same projector"
    assert [row["name"] for row in walls[0][2]["result"]["board"]] == ["Ola", "Łucja"]


def test_a_fault_of_the_service_is_answered_as_its_own_and_logged(served, monkeypatch, caplog):
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a fault of the service's")

    monkeypatch.setattr(served.doors.rooms.mam, "seat", broken)
    with caplog.at_level(logging.ERROR, "mathcards.classroom"):
        assert served.both("GET", f"{MAM}me", served.ola)[::2] == json_of(500, "server")
    faults = [r for r in caplog.records if r.exc_info and "a fault" in str(r.exc_info[1])]
    assert len(faults) == 2, "logged at each door"


def test_the_lanes_take_the_race_s_calls_from_tornado_s_handlers(served):
    lanes = served.doors.quick.lanes
    assert set(lanes) == {
        ("POST", f"{MAM}answers"),
        ("GET", f"{MAM}me"),
        ("GET", f"{MAM}state"),
        ("POST", f"{GUESS}guesses"),
        ("GET", f"{GUESS}me"),
        ("GET", f"{GUESS}state"),
    }
    assert on_loop(served.ports[0], lambda: served.doors.handled.lanes) == {}
