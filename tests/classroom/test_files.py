"""The classroom server raises its own limit of open files to the system's (issue #50): under
the usual `ulimit -n 1024`, a script's thousand idle connections left no file for a class."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from tests.classroom.threaded import get
from tests.servers import free_port, wait_for

resource = pytest.importorskip("resource")  # not on Windows


def test_the_server_may_open_as_many_files_as_the_system_allows():
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = 256 if hard == resource.RLIM_INFINITY else min(256, hard)
    script = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({low}, {hard}))\n"
        "from mathcards.classroom.__main__ import more_files\n"
        "print(more_files(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    said, now = (int(word) for word in ran.stdout.split())
    assert said == now and now > low
    if sys.platform == "linux" and hard != resource.RLIM_INFINITY:
        assert now == hard


SERVER = """
import asyncio, logging, resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
logging.basicConfig(level=logging.WARNING)
import tornado.web
from mathcards.classroom.server.gate import ClassroomApplication

class Lesson(tornado.web.RequestHandler):
    def get(self):
        self.finish("the lesson")

class NoKernels:
    def list_kernel_ids(self):
        return []

async def main():
    port = int(sys.argv[1])
    app = ClassroomApplication(
        [("/lesson", Lesson)], hosts={f"127.0.0.1:{port}"}, code="", url="", max_kernels=0,
        landing="/lesson", kernel_manager=NoKernels(), silent_seconds=float(sys.argv[2]),
        connections_per_address=int(sys.argv[3]),
    )
    app.listen(port, "127.0.0.1")
    print("listening", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def test_out_of_files_the_server_waits_says_so_once_and_answers_again(tmp_path):
    """Under `ulimit -n 64`, a hundred silent connections leave the server no file: it stops
    accepting for a second and says so, never spinning on a traceback; once the gate has closed
    them, a classmate's page answers."""
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "w") as written:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), "1", "0"],
            stdout=subprocess.PIPE,
            stderr=written,
        )
    try:
        assert server.stdout is not None and server.stdout.readline() == b"listening\n"
        held = []
        for _ in range(100):
            try:
                held.append(socket.create_connection(("127.0.0.1", port), timeout=10))
            except OSError:
                break  # the backlog is full: as many as the server can be made to hold
        assert len(held) > 64, "more connections than the server has files"
        assert wait_for(lambda: answered(port), 60), "a classmate's page answers again"
        for connection in held:
            connection.close()
    finally:
        server.terminate()
        server.wait(60)
    said = log.read_text()
    assert "Accepting no connection for 1.0 s: Too many open files" in said
    assert "Traceback" not in said and said.count("Too many open files") < 10, said[-2000:]


def answered(port: int) -> bool:
    try:
        return get(port, "/lesson")[2] == "the lesson"
    except OSError:
        return False


def asked_from(source: str, port: int) -> bytes:
    """The lesson asked for from `source`, a loopback address of its own: the answer's bytes."""
    with socket.create_connection(("127.0.0.1", port), 10, (source, 0)) as connection:
        connection.sendall(f"GET /lesson HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        connection.shutdown(socket.SHUT_WR)
        return b"".join(iter(lambda: connection.recv(4096), b""))


def lesson_from(source: str, port: int) -> bool:
    try:
        return b"the lesson" in asked_from(source, port)
    except OSError:
        return False  # closed at once: the server has not yet seen the others close


@pytest.mark.skipif(sys.platform != "linux", reason="127.0.0.2 is this machine on Linux only")
def test_one_address_holds_its_share_of_connections_and_a_classmate_is_answered(tmp_path):
    """A script's silent connections from one address: the server keeps ten open, closes the
    others at once (saying so once), and a classmate at another address is answered."""
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "w") as written:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), "300", "10"],
            stdout=subprocess.PIPE,
            stderr=written,
        )
    try:
        assert server.stdout is not None and server.stdout.readline() == b"listening\n"
        held = [socket.create_connection(("127.0.0.1", port), 10) for _ in range(30)]
        closed = 0
        for connection in held[10:]:
            closed += connection.recv(1) == b""  # closed by the server, not kept silent
        assert closed == 20
        assert b"the lesson" in asked_from("127.0.0.2", port), "a classmate is answered"
        for connection in held[:10]:
            connection.setblocking(False)
            with pytest.raises(BlockingIOError):
                connection.recv(1)  # the first ten held open: nothing said, not closed
        for connection in held:
            connection.close()
        assert wait_for(lambda: lesson_from("127.0.0.1", port), 60), "room again, once closed"
    finally:
        server.terminate()
        server.wait(60)
    said = log.read_text()
    assert said.count("Closing connections from 127.0.0.1") == 1, said[-2000:]
    assert "Traceback" not in said
