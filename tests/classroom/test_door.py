"""The kernels' door (`mathcards.classroom.service.door`): a kernel's calls on one connection,
answered in order; what it cannot read refused in one answer and closed; a connection left
unused closed, one waiting for its answer never; as many open as it allows, no more. And the
kernel's end of it (`widgets.line`): a thread's calls on one connection, let go when unused,
a GET asked again on a new one when the door closed it, a POST never."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import tornado.web
from hypothesis import given, settings
from hypothesis import strategies as st
from tornado.httputil import HTTPHeaders, HTTPInputError, HTTPServerRequest, RequestStartLine

from mathcards.classroom.protocol import MOST_BODY
from mathcards.classroom.service import door as door_module
from mathcards.classroom.service.door import (
    IDLE_SECONDS,
    MOST_HEAD,
    MOST_UNREAD,
    Door,
    Entry,
    headers_of,
    hosted,
)
from tests.classroom.threaded import AtTheDoor, on_loop, serving
from widgets.line import IDLE_SECONDS as LINE_IDLE
from widgets.line import ServiceLine


class Echo(tornado.web.RequestHandler):
    """Answers with what was sent, and how many calls it has answered."""

    answered = 0

    def compute_etag(self) -> None:
        return None

    def get(self) -> None:
        Echo.answered += 1
        self.finish({"asked": self.request.path})

    def post(self) -> None:
        Echo.answered += 1
        self.finish({"sent": json.loads(self.request.body), "from": self.request.remote_ip})


class Held(tornado.web.RequestHandler):
    """A long-poll: says it `started`, answered once `release` is set."""

    started = threading.Event()
    release: asyncio.Event

    async def get(self) -> None:
        Held.started.set()
        await Held.release.wait()
        self.finish({"released": True})


class Broken(tornado.web.RequestHandler):
    """A handler that cannot even be made: a fault of the service's."""

    def initialize(self) -> None:
        raise RuntimeError("broken on purpose")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def door() -> Iterator[tuple[Door, int, Clock]]:
    clock = Clock()
    kernels_door = Door([("/echo", Echo), ("/held", Held), ("/broken", Broken)], clock)
    Held.release, Echo.answered = asyncio.Event(), 0
    Held.started.clear()
    with serving(lambda _port: AtTheDoor(kernels_door)) as port:
        yield kernels_door, port, clock


def raw(port: int, sent: bytes) -> bytes:
    """What the door answers to `sent`, read until it closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(sent)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


def call(connection: http.client.HTTPConnection, sent: Any) -> tuple[int, Any]:
    connection.request("POST", "/echo", body=json.dumps(sent), headers={"X-Test": "1"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def test_a_kernels_calls_share_one_connection_each_answered(door):
    kernels_door, port, _ = door
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    answers = [call(connection, {"n": n}) for n in range(3)]
    assert answers == [(200, {"sent": {"n": n}, "from": "127.0.0.1"}) for n in range(3)]
    assert kernels_door.opened == 1
    connection.close()


def test_calls_sent_together_on_one_connection_are_answered_in_order(door):
    one = b'{"n": 1}'
    request = b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\n" + one
    closing = request.replace(b"HTTP/1.1\r\n", b"HTTP/1.1\r\nConnection: close\r\n")
    answer = raw(door[1], request * 2 + closing)
    assert answer.count(b"HTTP/1.1 200 OK") == 3
    assert answer.endswith(b'{"sent": {"n": 1}, "from": "127.0.0.1"}')
    assert b"Connection: close" in answer.rsplit(b"HTTP/1.1 200", 1)[1]


@pytest.mark.parametrize(
    ("sent", "status", "error"),
    [
        (b"POST /echo HTTP/1.1\r\nX: " + b"a" * MOST_HEAD, 431, "too-long"),
        (
            b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (MOST_BODY + 1)
            + b" " * (MOST_BODY + 1),  # read and dropped, so that its sender reads the refusal
            413,
            "too-long",
        ),
        (
            b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (MOST_UNREAD + 1),
            413,  # too long even to be read: closed at once
            "too-long",
        ),
        (
            b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
            400,
            "bad-request",
        ),
        (b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, "bad-request"),
        (b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n", 400, "bad-request"),
        (b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \xd9\xa3\r\n\r\n", 400, "bad-request"),
        (b"HELLO\r\n\r\n", 400, "bad-request"),
        (b"GET /echo HTTP/2\r\n\r\n", 400, "bad-request"),
        (b"GET /echo HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n", 400, "bad-request"),
        (b"GET /echo HTTP/1.1\r\nX: no host\r\n\r\n", 400, "bad-request"),
    ],
)
def test_what_the_door_cannot_read_is_refused_in_one_answer_and_closed(door, sent, status, error):
    answer = raw(door[1], sent)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d " % status)
    assert b"Connection: close" in head
    assert json.loads(body) == {"error": error}
    assert Echo.answered == 0, "nothing the door could not read reaches a call"


def test_a_connection_unused_too_long_is_closed_one_waiting_for_its_answer_never(door):
    kernels_door, port, clock = door
    unused = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    assert call(unused, {})[0] == 200
    waiting = socket.create_connection(("127.0.0.1", port), timeout=30)
    waiting.sendall(b"GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
    assert Held.started.wait(30), "the long-poll is being answered"
    clock.now += IDLE_SECONDS + 1
    on_loop(port, kernels_door.sweep)
    assert unused.sock is not None and unused.sock.recv(1) == b"", "closed by the door"
    on_loop(port, Held.release.set)
    assert waiting.recv(65536).endswith(b'{"released": true}')
    waiting.close()
    assert not any(entry.busy for entry in kernels_door.open)


def test_no_more_connections_are_kept_than_the_door_allows(door, monkeypatch):
    kernels_door, port, _ = door
    monkeypatch.setattr(door_module, "MOST_OPEN", 2)
    kept = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(2)]
    for connection in kept:
        assert call(connection, {})[0] == 200
    try:
        refused = raw(port, b"POST /echo HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
    except ConnectionResetError:
        refused = b""
    assert refused == b"", "closed at once, unanswered"
    assert kernels_door.opened == 2
    for connection in kept:
        assert call(connection, {})[0] == 200, "those open are served as before"
        connection.close()


def test_a_call_the_service_cannot_even_begin_is_answered_as_its_fault_and_logged(door, caplog):
    answer = raw(door[1], b"GET /broken HTTP/1.1\r\nHost: x\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 500 ") and json.loads(body) == {"error": "server"}
    assert "broken on purpose" in caplog.text


def test_a_request_in_http_1_0_is_answered_then_closed(door):
    answer = raw(door[1], b"POST /echo HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}")
    assert answer.startswith(b"HTTP/1.1 200 OK") and b"Connection: close" in answer


def test_a_threads_calls_share_its_line_s_connection_and_each_thread_has_its_own(door):
    kernels_door, port, _ = door
    line = ServiceLine(f"http://127.0.0.1:{port}/")
    for n in range(3):
        assert line.send("POST", "/echo", b"[%d]" % n, {}, 30)[0] == 200
    other = threading.Thread(target=line.send, args=("GET", "/echo", None, {}, 30))
    other.start()
    other.join(30)
    assert Echo.answered == 4
    assert kernels_door.opened == 2, "one connection this thread's, one the other's"


def test_a_line_unused_too_long_opens_a_new_connection_before_the_door_closes_it(door):
    kernels_door, port, _ = door
    clock = Clock()
    line = ServiceLine(f"http://127.0.0.1:{port}/", clock)
    line.send("GET", "/echo", None, {}, 30)
    clock.now += LINE_IDLE + 1
    assert LINE_IDLE < IDLE_SECONDS
    assert line.send("GET", "/echo", None, {}, 30) == (200, b'{"asked": "/echo"}')
    assert kernels_door.opened == 2


def test_a_get_is_asked_again_when_the_door_closed_the_line_a_post_never(door):
    kernels_door, port, clock = door
    line = ServiceLine(f"http://127.0.0.1:{port}/")
    line.send("GET", "/echo", None, {}, 30)
    clock.now += IDLE_SECONDS + 1
    on_loop(port, kernels_door.sweep)  # closed by the door, the line does not know yet
    assert line.send("GET", "/echo", None, {}, 30)[0] == 200, "asked again"
    clock.now += IDLE_SECONDS + 1
    on_loop(port, kernels_door.sweep)
    with pytest.raises(OSError):
        line.send("POST", "/echo", b"{}", {}, 30)  # the door may have kept it: not sent twice
    assert Echo.answered == 2
    assert line.send("POST", "/echo", b"{}", {}, 30)[0] == 200, "the next call opens a new one"


def test_a_line_is_only_to_an_http_address():
    with pytest.raises(ValueError, match="address"):
        ServiceLine("in-process://service/")


class Wire:
    """A connection's other end, in memory: what the door wrote, and whether it closed."""

    def __init__(self) -> None:
        self.sent, self.closed = b"", False

    def write(self, data: bytes) -> None:
        self.sent += data

    def close(self) -> None:
        self.closed = True

    abort = close

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def get_extra_info(self, _name: str) -> tuple[str, int]:
        return ("127.0.0.1", 1)


VALID = b'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\n{"n": 1}'


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=200),
        st.builds(lambda cut, junk: VALID[:cut] + junk, st.integers(0, len(VALID)), st.binary()),
        st.lists(st.sampled_from(VALID.split(b"\r\n")), max_size=8).map(b"\r\n".join),
    )
)
def test_whatever_a_kernel_sends_is_answered_or_waited_for_never_a_fault(sent):
    async def through() -> Wire:
        entry, wire = Entry(Door([("/echo", Echo)])), Wire()
        entry.connection_made(wire)  # type: ignore[arg-type]
        entry.data_received(sent)
        await asyncio.sleep(0)  # the call's handler, if one was reached, answers
        return wire

    with ThreadPoolExecutor(1) as elsewhere:  # a loop of its own: a browser test's may run here
        wire = elsewhere.submit(asyncio.run, through()).result(timeout=30)
    assert wire.sent == b"" or wire.sent.startswith(b"HTTP/1.1 ")
    assert not wire.sent or wire.closed or b"Content-Length: " in wire.sent


CHARACTERS = st.sampled_from('Ab-_:;, \t\r\n\x00\x7f\xe9\x80"(@9')
LINE = st.one_of(  # any line, or one whose name may be a token and whose value anything
    st.text(CHARACTERS, max_size=12),
    st.builds("{}:{}".format, st.text(st.sampled_from("Ab-_9("), max_size=4), st.text(CHARACTERS)),
)


@given(st.lists(LINE, max_size=4))
def test_the_door_reads_headers_as_tornado_does_but_for_a_bare_lf(lines):
    """The door reads a request's headers itself (`headers_of`): the same headers as tornado's
    `HTTPHeaders.parse`, or refused alike (a line ending in a lone LF, which tornado still
    takes, is refused: no kernel sends one)."""
    text = "\r\n".join(lines)
    try:
        theirs: Any = sorted(HTTPHeaders.parse(text).get_all())
    except HTTPInputError:
        theirs = HTTPInputError
    try:
        ours: Any = sorted(headers_of(text).get_all())
    except HTTPInputError:
        ours = HTTPInputError
    lone_lf = "\n" in text.replace("\r\n", "")
    assert ours == (HTTPInputError if lone_lf else theirs)


HOSTS = st.one_of(
    st.none(),
    st.text(st.sampled_from("a9.-:[]%Ff,@_~!$'()*+;= \t\x7f\xe9/"), max_size=10),
)


@given(HOSTS, st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0"]))
def test_the_door_takes_a_requests_host_as_tornado_does(host, version):
    """A lane's request is the door's own (`LaneRequest`), not tornado's, and its `Host` is checked
    as tornado checks it (`hosted`): one host and port, else none only in HTTP/1.0."""
    headers = HTTPHeaders() if host is None else HTTPHeaders({"Host": host})
    start = RequestStartLine("GET", "/", version)
    try:
        HTTPServerRequest(start_line=start, headers=headers)
        theirs = True
    except HTTPInputError:
        theirs = False
    assert hosted(start, headers) == theirs
