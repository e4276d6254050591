"""A tornado application on a thread of its own, with its own event loop, driven over real
HTTP from the test's thread: never the test's own loop, which a browser test's Playwright may
hold for the whole session."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mathcards.classroom.service.door import Door, listening
from tests.servers import free_port

LOOPS: dict[int, asyncio.AbstractEventLoop] = {}  # a port served here → its server's loop


@contextmanager
def serving(make: Any) -> Iterator[int]:
    """The application `make(port)` listening (its own `listen`) on a thread of its own."""
    port = free_port()
    app = make(port)
    ready, box = threading.Event(), {}

    async def run() -> None:
        stop = asyncio.Event()
        box["loop"], box["stop"] = asyncio.get_running_loop(), stop
        LOOPS[port] = box["loop"]
        server = app.listen(port, "127.0.0.1")
        ready.set()
        await stop.wait()
        server.stop()

    thread = threading.Thread(target=asyncio.run, args=(run(),), daemon=True)
    thread.start()
    assert ready.wait(30), "the server started"
    try:
        yield port
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(30)
        LOOPS.pop(port, None)


class AtTheDoor:
    """A kernels' door (`Door`) served as `serving` serves an application."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def listen(self, port: int, host: str) -> AtTheDoor:
        sock = listening(port, host)  # listening from now: a call waits for the door to open
        self.opening = asyncio.get_running_loop().create_task(self.door.start(sock))
        return self

    def stop(self) -> None:
        self.door.close()


def on_loop(port: int, call: Any, *args: Any) -> Any:
    """`call(*args)` on the loop of the server at `port` (as the server's own notices run),
    once it has run."""

    async def run() -> Any:
        return call(*args)

    return asyncio.run_coroutine_threadsafe(run(), LOOPS[port]).result(30)


def get(port: int, path: str, cookies: dict[str, str] | None = None, **headers: str):
    """One GET: (status, headers, body)."""
    return send(port, "GET", path, None, cookies, **headers)


def post(port: int, path: str, form: str, cookies: dict[str, str] | None = None, **headers: str):
    """One POST of a form (`do=remove&student=ada`): (status, headers, body)."""
    headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    return send(port, "POST", path, form, cookies, **headers)


def send(
    port: int,
    method: str,
    path: str,
    body: str | None,
    cookies: dict[str, str] | None = None,
    **headers: str,
):
    """One request, never following a redirect: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    try:
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read().decode()
    finally:
        connection.close()


def call(port: int, path: str, sent: Any = None, **headers: str) -> tuple[int, Any]:
    """One GET (or a POST of `sent` as JSON): (status, the JSON answer)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = None if sent is None else json.dumps(sent)
    try:
        connection.request("GET" if sent is None else "POST", path, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def run_apart(coroutine: Any, seconds: float = 60) -> Any:
    """Run a coroutine to its end in an event loop of its own, on a thread of its own."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["result"] = asyncio.run(coroutine)
        except BaseException as problem:  # to the test's thread
            outcome["problem"] = problem

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if "problem" in outcome:
        raise outcome["problem"]
    return outcome["result"]
