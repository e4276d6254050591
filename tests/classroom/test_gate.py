"""The gate, driven over real HTTP in this process: a tornado server on a thread of its own,
with a wound clock. Wrong class codes are slowed per address, a device that came in is let
through, bodies are capped before they are read, and the class code never reaches the log."""

from __future__ import annotations

import http.client
import logging
import socket

import pytest
import tornado.web

from mathcards.classroom.server.clients import DEVICE_COOKIE, Throttle
from mathcards.classroom.server.codes import CODE_LENGTH, CODE_LETTERS, new_class_code
from mathcards.classroom.server.gate import CODE_COOKIE, MAX_BODY, ClassroomApplication
from tests.classroom.threaded import get, serving

CODE = "K7Q2HM"


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class NoKernels:
    def list_kernel_ids(self) -> list[str]:
        return []


class Lesson(tornado.web.RequestHandler):
    def get(self, page: str) -> None:
        self.finish(f"the lesson {page}")

    def post(self, page: str) -> None:
        self.finish(f"{len(self.request.body)} bytes")


def classroom(
    clock: Clock, said: list[str], port: int, code: str = CODE, **more: float
) -> ClassroomApplication:
    return ClassroomApplication(
        [(r"/voila/render/(.*)", Lesson)],
        hosts={f"127.0.0.1:{port}"},
        code=code,
        url="",
        max_kernels=0,
        landing="/voila/render/index.ipynb",
        throttle=Throttle(clock=clock),
        say=said.append,
        kernel_manager=NoKernels(),
        **more,
    )


def cookies_set(headers) -> dict[str, str]:
    pairs = (line.split(";")[0].split("=", 1) for line in headers.get_all("Set-Cookie", []))
    return {name: value for name, value in pairs}


def test_ten_wrong_codes_in_a_minute_refuse_the_address_for_a_minute():
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port)) as port:
        status, headers, _ = get(port, f"/?class={CODE}")  # a student comes in first
        student = cookies_set(headers)
        assert status == 302 and student[CODE_COOKIE] == CODE and DEVICE_COOKIE in student
        for guess in range(9):
            status, _, page = get(port, f"/?class=WRONG{guess}")
            assert status == 403 and "Ask your teacher" in page
        assert said == []
        clock.now += 30
        status, headers, page = get(port, "/?class=WRONGX")  # the 10th in a minute
        assert status == 429 and "Too many wrong class codes" in page
        assert headers["Retry-After"] == "60"
        assert said == ["10 wrong class codes from 127.0.0.1 in a minute: refused for a minute"]
        status, _, page = get(port, f"/?class={CODE}")
        assert status == 429, "the right code too: no telling right from wrong while refused"
        status, _, _ = get(port, "/voila/render/one.ipynb", {CODE_COOKIE: CODE})
        assert status == 429, "a guess in a cookie is refused alike"
        status, _, page = get(port, "/voila/render/one.ipynb", student)
        assert (status, page) == (200, "the lesson one.ipynb"), "the student who came in goes on"
        clock.now += 59
        assert get(port, f"/?class={CODE}")[0] == 429
        clock.now += 1
        status, headers, _ = get(port, f"/?class={CODE}")
        assert status == 302 and cookies_set(headers)[CODE_COOKIE] == CODE, "a minute later"
        assert len(said) == 1


def test_wrong_codes_spread_over_more_than_a_minute_are_not_refused():
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port)) as port:
        for _ in range(30):
            assert get(port, "/?class=NOTIT1")[0] == 403
            clock.now += 7  # 9 tries a minute
        assert said == []


def test_a_stale_class_cookie_counts_once_and_is_cleared():
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port)) as port:
        status, headers, _ = get(port, "/", {CODE_COOKIE: "YESTERDAY"})
        assert status == 403
        assert cookies_set(headers)[CODE_COOKIE] in ('""', ""), "the old code is forgotten"
        assert get(port, "/")[0] == 403, "no code at all is not a guess"


@pytest.mark.parametrize(
    ("accepted", "words"),
    [
        ("pl-PL,pl;q=0.9,en;q=0.8", "Poproś nauczyciela o adres klasy"),
        ("de-DE,de;q=0.9,pl;q=0.5,en;q=0.7", "Ask your teacher for the class address"),
        ("de, pl;q=0.3", "Poproś nauczyciela o adres klasy"),
        ("", "Ask your teacher for the class address"),
    ],
)
def test_a_refusal_speaks_the_readers_language(accepted, words):
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port)) as port:
        status, _, page = get(port, "/", **({"Accept-Language": accepted} if accepted else {}))
        assert status == 403 and words in page
        assert ('<html lang="pl">' in page) == words.startswith("Poproś")


def test_guessing_cannot_find_the_code_within_a_lesson():
    """A guesser as fast as the network allows, for a whole 90-minute lesson: the throttle lets
    at most about 10 guesses a minute through, out of 24⁶ codes."""
    codes = len(CODE_LETTERS) ** CODE_LENGTH
    assert codes == 24**6 == 191_102_976 and len(new_class_code()) == CODE_LENGTH
    clock = Clock()
    throttle = Throttle(clock=clock)
    checked, lesson_ends = 0, clock.now + 90 * 60
    while clock.now < lesson_ends:
        if not throttle.refused("10.0.0.7"):
            checked += 1  # this guess is compared with the code
            throttle.wrong("10.0.0.7")
        clock.now += 0.01  # 100 tries a second
    assert checked <= 10 * 91
    assert checked / codes < 1e-5, "one guesser: under 1 chance in 100,000"
    assert 30 * checked / codes < 1e-3, "a whole class guessing: under 1 in 1,000"


def test_a_big_body_is_refused_before_it_is_read():
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port, code="")) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
            raw.sendall(
                f"POST /voila/render/x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Length: {90 * 2**20}\r\n\r\n".encode()
            )
            assert raw.recv(100).startswith(b"HTTP/1.1 400"), "90 MB announced: refused at once"
        with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
            raw.sendall(
                f"POST /voila/render/x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Transfer-Encoding: chunked\r\n\r\n".encode()
            )
            chunk = b"%x\r\n%s\r\n" % (2**16, b"x" * 2**16)
            answer = b""
            try:
                for _ in range(2 * MAX_BODY // 2**16):
                    raw.sendall(chunk)
                raw.sendall(b"0\r\n\r\n")
                answer = raw.recv(100)
            except OSError:
                pass  # the server hung up on the body
            assert not answer.startswith(b"HTTP/1.1 200"), "2 MB in chunks: never read to the end"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/voila/render/x", body=b"x" * 1000)
        assert connection.getresponse().read() == b"1000 bytes", "a small body is read"
        connection.close()


def test_the_class_code_is_never_written_to_the_log(caplog):
    clock, said = Clock(), []
    caplog.set_level(logging.DEBUG)
    with serving(lambda port: classroom(clock, said, port)) as port:
        assert get(port, f"/?class={CODE}&lang=pl")[0] == 302
        assert get(port, f"/voila/render/x?class={CODE}", {CODE_COOKIE: CODE})[0] == 302
        assert get(port, "/?class=WRONG1")[0] == 403
    access = [r.getMessage() for r in caplog.records if "GET" in r.getMessage()]
    assert len(access) == 3 and all("class=[secret]" in line for line in access), access
    assert CODE not in caplog.text and "WRONG1" not in caplog.text


def test_a_live_page_s_short_address_leads_to_it_once_the_class_code_is_in():
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port)) as port:
        status, headers, _ = get(port, f"/pl/mam?class={CODE}")
        assert status == 302 and headers["Location"] == "/pl/mam"
        code = cookies_set(headers)[CODE_COOKIE]
        status, headers, _ = get(port, "/pl/mam", {CODE_COOKIE: code})
        assert status == 302
        assert headers["Location"] == "/voila/render/pl/live/1-mam-live.ipynb"
        assert get(port, "/pl/mam")[0] == 403, "not without the class code"
        assert get(port, "/pl/mam/more", {CODE_COOKIE: code})[0] == 404


def hung_up(raw: socket.socket) -> bool:
    """Does the server close this connection (before the socket's own minute runs out)?"""
    try:
        return raw.recv(100) == b""
    except TimeoutError:
        return False


def test_a_silent_connection_is_closed_and_a_talking_one_answered():
    """A connection that sends nothing, stops in its headers or in its body is closed (a
    script's thousand of them would take every file the server may open); the server still
    answers the next one."""
    clock, said = Clock(), []
    with serving(lambda port: classroom(clock, said, port, code="", silent_seconds=1)) as port:
        host = f"Host: 127.0.0.1:{port}\r\n"
        beginnings = [
            b"",
            f"GET /voila/render/x HTTP/1.1\r\n{host}".encode(),
            f"POST /voila/render/x HTTP/1.1\r\n{host}Content-Length: 10\r\n\r\n12".encode(),
        ]
        for beginning in beginnings:
            with socket.create_connection(("127.0.0.1", port), timeout=60) as raw:
                raw.sendall(beginning)
                assert hung_up(raw), beginning
        assert get(port, "/voila/render/x")[0] == 200
