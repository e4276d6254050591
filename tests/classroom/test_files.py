"""The classroom server raises its own limit of open files to the system's (issue #50): under
the usual `ulimit -n 1024`, a script's thousand idle connections left no file for a class."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest

from tests.classroom.threaded import get
from tests.servers import free_port

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
        landing="/lesson", kernel_manager=NoKernels(), silent_seconds=1,
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
            [sys.executable, "-c", SERVER, str(port)], stdout=subprocess.PIPE, stderr=written
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


def wait_for(condition, seconds: float) -> bool:
    """Whether `condition()` comes true within `seconds` (asked every tenth of a second)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()
