"""The class service's calls fuzzed as a script would (issue 30): random JSON bodies of every
size and type, and bodies that are no JSON at all, to every call of the class book and of both
live games, as a student and as the teacher. Never a 500, never a traceback, always one JSON
answer ({"result": …} or {"error": key}); and nothing stored that a page was not told was kept
(a refused call leaves the class book as it was). Issue 50: a call's valid body with any one
place in it (a field, a card in a row, a key of the settings) made odd, gone or joined by an
extra: NaN, Infinity, 10**400, a lone surrogate, a wrong type, a deep nest, a body too big.
Over real HTTP, on a real class book."""

from __future__ import annotations

import copy
import http.client
import json
import math
import sqlite3
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
import tornado.web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathcards.book import Book
from mathcards.classroom import protocol
from mathcards.classroom.live import lama_dice_room, mam_room, rooms
from mathcards.classroom.protocol import (
    API,
    MOST_BODY,
    TICKET_HEADER,
    BookPath,
    CallRefusal,
    Refusal,
)
from mathcards.classroom.protocol import book as protocol_book
from mathcards.classroom.protocol import lama_dice as protocol_lama_dice
from mathcards.classroom.protocol import mam as protocol_mam
from mathcards.classroom.server.clients import Pace
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher_page
from tests.classroom import threaded
from tests.classroom.threaded import serving

TEACHERS_CODE = "TEACHER7KQ"
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


SETTINGS = {
    "players": ["You", "Ada (plays boldly)"],
    "computers": {"Ada (plays boldly)": "bold"},
    "preset": "classic",
    "llama_scoring": "once",
    "lama20": False,
    "starter": "left-of-dealer",
}
SITUATION = {"dice": "3456LL,1256LL,1234LL", "row": [2, 2, 6], "llama_row": [1, 2, 3, 4, 5, 6]}
VALID: dict[str, dict[str, Any]] = {  # a body each call takes, as a page sends it
    "join": {"nickname": "Fuzz"},
    "sets": {"game": "mam", "level": "normal", "power": False, "rounds": 8, "seed": 2026},
    "sets/{set_id}/steps": {
        **{"kind": "answer", "deal": 1, "cards": [9, 1, 1, 4, 3], "target": 50},
        **{"typed": "(9+1)*(4+1)", "correct": True, "verdict_kind": "correct"},
        **{"sentence": "Correct!", "hints_used": 0, "seconds": 3.5},
    },
    "games": {"game": "lama", "seed": 31, "settings": SETTINGS},
    "games/{game_id}/moves": {"seq": 1, "move": {"move": "play", "card": 6}},
    "games/{game_id}": {"scores": {"Fuzz": 3}, "winners": ["Fuzz"]},
    "decisions": {"game": "lama_dice", "situation": SITUATION, "choice": "roll", "best": "roll"},
    "live/games": {"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7},
    "live/rounds": {"seconds": 30},
    "live/time": {"more": 30},
    "live/answers": {"text": "7*6-12+2"},
    "live/lama_dice/questions": {"row": [2, 2, 6], "llama_row": [1, 3, 5], "asks": "bust"},
    "live/lama_dice/rolls": {"count": 100, "seed": 9},
    "live/lama_dice/guesses": {"text": "1/2"},
    **{f"{live}join": {"nickname": "Fuzz"} for live in ("live/", "live/lama_dice/")},
    **{f"{live}lock": {"locked": True} for live in ("live/", "live/lama_dice/")},
    **{f"{live}{who}": {"name": "Fuzz"} for live in ("live/", "live/lama_dice/")
       for who in ("remove", "admit")},
}  # fmt: skip
SPECIAL = [  # the numbers and texts no page sends, which made faults
    *(math.nan, math.inf, -math.inf, 1e308, 5e-324, -0.0, 3.5),
    *(10**400, -(10**400), 10**4000, 2**63, 2**64, -(2**63) - 1, -1, 0),
    *("\ud800", "a\udfff", "\udbff\udc00", "", "x" * 300, "NaN", "1e999", "😀"),
    *(True, False, None, [], {}, [[[[[[[[[[]]]]]]]]]], {"": {"": {"": None}}}),
]
ODD = st.one_of(
    st.sampled_from(SPECIAL),
    st.sampled_from(SPECIAL),
    st.text(st.characters(categories=["Cs", "L", "N", "P", "S"]), max_size=20),
    JSON,
)
WHERE = st.integers(0, 10**6)  # which place of the body is made odd (modulo how many it has)


def places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a body: its fields, and what lists and objects in it hold."""
    if not isinstance(value, dict | list):
        return []
    inner = value.items() if isinstance(value, dict) else enumerate(value)
    return [place for key, held in inner for place in ((*at, key), *places(held, (*at, key)))]


def changed(body: dict[str, Any], where: int, how: str, odd: Any) -> Any:
    """The body with one of its places made odd, gone, or joined by an extra field."""
    body = copy.deepcopy(body)
    if how == "extra" or not body:
        return {**body, "extra": odd}
    if how == "whole":
        return odd
    at = places(body)[where % len(places(body))]
    holder = body
    for key in at[:-1]:
        holder = holder[key]
    if how == "gone":
        del holder[at[-1]]
    else:
        holder[at[-1]] = odd
    return body


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

    def path(self, path: str) -> str:
        """A call's path, for this student's practice set and game at a table (a set of its
        own for each step: a finished set would refuse a step before reading it)."""
        if "{set_id}/steps" in path:
            started = encoded(VALID["sets"])
            self.set_id = json.loads(self.send("POST", "sets", started, self.student)[1])["result"]
        return path.format(set_id=self.set_id, game_id=self.game_id)

    def call(self, path: str, body: Any, who: str, method: str = "POST") -> tuple[int, Any]:
        """One call answered well (never a fault, nothing kept when refused): its status, and
        what it said."""
        path, sent = self.path(path), None if method == "GET" else encoded(body)
        before = self.counts()
        status, answer = self.send(method, path, sent, self.of(who))
        answered_well(self, status, answer, before)
        return status, json.loads(answer)

    def of(self, who: str) -> str:
        """The ticket of the student's page or of the teacher's."""
        return {"student": self.student, "teacher": self.teacher}[who]

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
    routes += teacher_page.routes(service, TEACHERS_CODE)
    app = tornado.web.Application(routes, cookie_secret="secret", xsrf_cookies=True)
    with serving(lambda _port: app) as port:
        served = Fuzzed(url, port, service)
        served.student = service.tickets.issue("device-of-a-fuzzer-0123456789")
        served.teacher = service.tickets.issue("device-of-the-teacher-01234", teacher=True)
        served.send("POST", "join", json.dumps({"nickname": "Fuzz"}).encode(), served.student)
        started = {"game": "mam", "level": "easy", "power": False, "rounds": 3, "seed": 5}
        _status, body = served.send("POST", "sets", json.dumps(started).encode(), served.student)
        served.set_id = json.loads(body)["result"]
        _status, body = served.send("POST", "games", encoded(VALID["games"]), served.student)
        served.game_id = json.loads(body)["result"]
        for live, started in (("live/", VALID["live/games"]), ("live/lama_dice/", {})):
            served.send("POST", f"{live}games", encoded(started), served.teacher)
        served.newcomers = 0
        yield served


def encoded(body: Any) -> bytes:
    """The body as a script sends it: NaN and Infinity as Python writes them, a lone
    surrogate as its JSON escape."""
    return body if isinstance(body, bytes) else json.dumps(body).encode()


REFUSALS = {str(refusal) for refusal in (*CallRefusal, *Refusal)}


def answered_well(fuzzed: Fuzzed, status: int, answer: str, before: dict[str, int]) -> None:
    """One JSON answer, never a fault: a result, or a refusal the page knows (and nothing
    kept)."""
    assert status < 500, (status, answer)
    assert "Traceback" not in answer and 'File "' not in answer
    said = json.loads(answer)
    assert set(said) in ({"result"}, {"error"}, {"error", "detail"}), said
    if status != 200:
        assert 400 <= status < 500 and said["error"] in REFUSALS, (status, said)
        assert fuzzed.counts() == before, said


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


DECIDED = VALID["decisions"]
FOUND = [  # what made a 500, or was kept where no database keeps it, before issue 50: pinned
    ("student", "sets/{set_id}/steps", {**VALID["sets/{set_id}/steps"], "seconds": 10**400}, 200),
    ("student", "sets/{set_id}/steps", b'{"kind": "hint", "seconds": NaN}', 400),
    ("student", "decisions", {**DECIDED, "situation": {**SITUATION, "row": [math.inf]}}, 400),
    ("student", "decisions", {**DECIDED, "situation": {**SITUATION, "x": math.nan}}, 400),
    ("student", "decisions", {**DECIDED, "situation": {**SITUATION, "x": "\ud800"}}, 400),
    ("teacher", "live/lama_dice/questions", {"moment": math.inf}, 400),
    ("teacher", "live/lama_dice/questions", {"moment": 2, "seed": -math.inf}, 400),
    ("teacher", "live/lama_dice/rolls", {"count": 100, "seed": 10**400}, 400),
    ("teacher", "live/games", {**VALID["live/games"], "seed": 10**4000}, 400),
    ("student", "live/answers", {"text": "\ud800"}, 400),
    ("student", "join", {"nickname": "Anna\ud800"}, 400),
]  # fmt: skip


@pytest.mark.parametrize(("who", "path", "body", "status"), FOUND)
def test_what_made_a_fault_is_answered(fuzzed, who, path, body, status):
    answered = fuzzed.call(path, body, who)
    assert answered[0] == status, answered


@settings(
    max_examples=400,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    path=st.sampled_from(sorted(VALID)),
    where=WHERE,
    how=st.sampled_from(["odd", "odd", "odd", "gone", "extra", "whole"]),
    odd=ODD,
    who=st.sampled_from(["student", "teacher"]),
)
def test_a_valid_body_with_any_place_made_odd_is_answered_never_a_fault(
    fuzzed, path, where, how, odd, who
):
    body = changed(VALID[path], where, how, odd)
    fuzzed.call(path, body, who)


TEACHERS = {"games", "rounds", "time", "lock", "remove", "admit", "questions", "rolls"}
BODIES_DECLARED = [  # every body the protocol declares, a union's members each
    member
    for module in (protocol, protocol_book, protocol_mam, protocol_lama_dice)
    for name, body in vars(module).items()
    if name.endswith("Body")
    for member in getattr(body, "__args__", (body,))
]
EVERY_FIELD = sorted({field for body in BODIES_DECLARED for field in body.__annotations__})


def sweep(path: str) -> list[Any]:
    """The call's valid body with each place in it (and each field of the protocol) made
    each of the numbers and texts that made faults."""
    worst = [math.nan, math.inf, -math.inf, 10**400, "\ud800", [], {"": {}}, None]
    body = VALID[path]
    return [
        *(changed(body, where, "odd", odd) for where in range(len(places(body))) for odd in worst),
        *({**body, field: odd} for field in EVERY_FIELD for odd in (math.inf, 10**400, "\ud800")),
    ]


def caller(path: str) -> str:
    """Who makes the call: the teacher the live games' teacher's calls, a student the rest."""
    live = path.startswith("live/")
    return "teacher" if live and path.rpartition("/")[2] in TEACHERS else "student"


@pytest.mark.parametrize("path", sorted(VALID))
def test_every_place_of_every_call_made_odd_is_answered_never_a_fault(fuzzed, path):
    """Deterministic, beside the fuzz: each call, each place, each number that made a fault."""
    for body in sweep(path):
        fuzzed.call(path, body, caller(path))


@settings(
    max_examples=100,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    path=st.sampled_from([str(BookPath.ME), str(BookPath.OPEN_GAME), *LIVE]),
    query=st.dictionaries(
        st.sampled_from(["after", "game", "lang", "table"]),
        st.sampled_from(["-1", "NaN", "inf", "1e999", "9" * 5000, "1.5", "%ED%A0%80", "%00"])
        | st.text(max_size=40),
        max_size=4,
    ),
    who=st.sampled_from(["student", "teacher"]),
)
def test_any_query_of_a_call_is_answered_never_a_fault(fuzzed, path, query, who):
    asked = "&".join(
        f"{key}={quote(value.encode('utf-8', 'surrogatepass'), safe='%')}"
        for key, value in query.items()
    )
    fuzzed.call(f"{path}?{asked}", None, who, "GET")


@pytest.mark.parametrize("size", [MOST_BODY + 1, 10 * MOST_BODY])
@pytest.mark.parametrize("path", sorted(VALID))
def test_a_body_past_the_bound_is_too_long_at_every_call(fuzzed, path, size):
    body = json.dumps({**VALID[path], "extra": "x" * size}).encode()
    status, answer = fuzzed.send("POST", fuzzed.path(path), body, fuzzed.teacher)
    assert (status, json.loads(answer)) == (413, {"error": "too-long"})


@settings(
    max_examples=30,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    page=st.sampled_from(["", "/export", "/student"]),
    query=st.dictionaries(
        st.sampled_from(["format", "since", "until", "game", "name", "done", "confirm"]),
        st.sampled_from(["json", "csv", "9999-12-31", "0001-01-01", "+99999-01-01", "Fuzz"])
        | st.text(st.characters(categories=["Cs", "L", "N", "P", "S"]), max_size=30),
        max_size=5,
    ),
)
def test_the_teachers_page_and_its_json_export_answer_any_query(fuzzed, page, query):
    """The teacher's page takes forms, not JSON; its one JSON answer is the export."""
    asked = "&".join(f"{k}={quote(v.encode('utf-8', 'surrogatepass'))}" for k, v in query.items())
    cookies = {"mathcards-teacher": TEACHERS_CODE}
    status, _headers, text = threaded.get(
        fuzzed.port, f"{teacher_page.TEACHER}{page}?{asked}", cookies
    )
    assert status < 500 and "Traceback" not in text, (status, text[-500:])
    if page == "/export" and query.get("format") == "json" and status == 200:
        assert "classes" in json.loads(text)
