"""The class service's calls fuzzed as a script would (issue 30): random JSON bodies of every
size and type, and bodies that are no JSON at all, to every call of the class book and of both
live games, as a student and as the teacher. Never a 500, never a traceback, always one JSON
answer ({"result": …} or {"error": key}); and nothing stored that a page was not told was kept
(a refused call leaves the class book as it was). Over real HTTP, on a real class book."""

from __future__ import annotations

import http.client
import json
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
import tornado.web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathcards.book import Book
from mathcards.classroom.live import lama_dice_room, mam_room, rooms
from mathcards.classroom.protocol import API, TICKET_HEADER, BookPath
from mathcards.classroom.server.clients import Pace
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from tests.classroom.threaded import serving

TABLES = ("students", "devices", "practice_sets", "practice_steps", "games", "decisions")
LIVE = [
    *(f"live/{path}" for path in mam_room.CALLS),
    *(f"live/lama_dice/{path}" for path in lama_dice_room.CALLS),
]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=300),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=20,
)
FIELDS = (
    *("nickname", "text", "kind", "typed", "correct", "seed", "level", "rounds", "power"),
    *("game", "name", "locked", "seconds", "count", "row", "llama_row", "asks", "situation"),
    "choice",
)
WORDS = st.from_regex(r"[A-Za-z0-9 %/+*]{0,34}", fullmatch=True)  # what a page might send
PLAUSIBLE = st.fixed_dictionaries({f: WORDS | JSON for f in FIELDS})  # every field a call reads
BODIES = (
    PLAUSIBLE
    | st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=8)
    | JSON
    | st.binary(max_size=400)
    | st.builds(lambda n: {"text": "8+7=15" + " " * n}, st.integers(0, 40_000))
    | st.builds(lambda n: b"[" * n + b"]" * n, st.integers(1, 8000))  # nested past any stack
    | st.builds(lambda n: b'{"text": ' + b"[" * n + b"]" * n + b"}", st.integers(1, 8000))
)


class Fuzzed:
    """The class service of class 5b, both live games, a student and the teacher."""

    def __init__(self, book_url: str, port: int, service: ClassService) -> None:
        self.url, self.port, self.service = book_url, port, service

    def send(self, method: str, path: str, body: bytes | None, ticket: str) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, API + path, body=body, headers={TICKET_HEADER: ticket})
            answer = connection.getresponse()
            return answer.status, answer.read().decode()
        finally:
            connection.close()

    def counts(self) -> dict[str, int]:
        """How many rows each table holds (a round closed by its timer is no page's)."""
        with sqlite3.connect(self.url.removeprefix("sqlite:///")) as book:
            found = {t: book.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
            found["live_events"] = book.execute(
                "SELECT count(*) FROM live_events WHERE kind != 'close'"
            ).fetchone()[0]
            found["live_games"] = book.execute("SELECT count(*) FROM live_games").fetchone()[0]
        return found


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory) -> Iterator[Fuzzed]:
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'book.sqlite'}"
    service = ClassService(Book.create(url), "5b")
    service.calls = Pace(10**9)  # the pace is tested elsewhere: here every call is judged
    routes = [
        *book_calls.routes(service),
        *rooms.routes(rooms.open_rooms(service)),
    ]
    with serving(lambda _port: tornado.web.Application(routes)) as port:
        served = Fuzzed(url, port, service)
        served.student = service.tickets.issue("device-of-a-fuzzer-0123456789")
        served.teacher = service.tickets.issue("device-of-the-teacher-01234", teacher=True)
        served.send("POST", "join", json.dumps({"nickname": "Fuzz"}).encode(), served.student)
        started = {"game": "mam", "level": "easy", "power": False, "rounds": 3, "seed": 5}
        _status, body = served.send("POST", "sets", json.dumps(started).encode(), served.student)
        served.set_id = json.loads(body)["result"]
        served.newcomers = 0
        yield served


def encoded(body: Any) -> bytes:
    return body if isinstance(body, bytes) else json.dumps(body).encode()


@settings(max_examples=500, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from([str(p) for p in BookPath] + LIVE),
    body=BODIES,
    who=st.sampled_from(["student", "teacher", "newcomer"]),
    get=st.booleans(),
)
def test_no_call_fails_and_none_keeps_what_it_refused(fuzzed, path, body, who, get):
    path = path.format(set_id=fuzzed.set_id, game_id=1)
    fuzzed.newcomers += 1
    newcomer = f"device-of-newcomer-{fuzzed.newcomers:05}-0123456789"
    ticket = {
        "student": fuzzed.student,
        "teacher": fuzzed.teacher,
        "newcomer": fuzzed.service.tickets.issue(newcomer),
    }[who]
    if get:
        path += "?after=-1&game=mam"
    before = fuzzed.counts()
    status, answer = fuzzed.send(
        "GET" if get else "POST", path, None if get else encoded(body), ticket
    )
    assert status < 500, (status, answer)
    assert "Traceback" not in answer and 'File "' not in answer
    said = json.loads(answer)
    assert set(said) in ({"result"}, {"error"}, {"error", "detail"}), said
    if status != 200:
        assert fuzzed.counts() == before, (path, body, said)


@pytest.mark.parametrize("depth", [9, 3000, 8000])
def test_a_body_nested_deep_is_a_bad_request_never_a_fault(fuzzed, depth):
    """3,000 lists deep overflowed the JSON parser's stack (a RecursionError, a 500); a body
    is at most `MOST_DEPTH` deep."""
    for body in (b"[" * depth + b"]" * depth, b'{"text": ' + b"[" * depth + b"]" * depth + b"}"):
        status, answer = fuzzed.send("POST", "live/answers", body, fuzzed.student)
        assert (status, json.loads(answer)) == (400, {"error": "bad-request"})
