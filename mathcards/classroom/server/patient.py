"""Accepting connections when the process has no file left to open (EMFILE): tornado's accept
loop raises, the listening socket stays readable, and the server spins at full CPU writing the
same traceback to its log until its disk is full (seen). Here the server stops accepting for
`PAUSE_SECONDS`, says so once, and accepts again; the connections waiting meanwhile wait in
the backlog, and the idle ones the gate closes (`gate.SILENT_SECONDS`) free their files."""

from __future__ import annotations

import errno
import logging
import socket
from collections.abc import Callable, Iterable
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

PAUSE_SECONDS = 1.0  # no accepting, once the process has no file left
AT_ONCE = 128  # connections accepted in one turn of the event loop, at most (as tornado's)
NO_ROOM = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
log = logging.getLogger("mathcards.classroom")


class PatientServer(HTTPServer):
    """tornado's HTTP server, accepting patiently (`accept_patiently`)."""

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for listening in sockets:
            self._sockets[listening.fileno()] = listening
            self._handlers[listening.fileno()] = accept_patiently(
                listening, self._handle_connection
            )


def accept_patiently(
    listening: socket.socket,
    connected: Callable[[socket.socket, Any], None],
    pause: float = PAUSE_SECONDS,
) -> Callable[[], None]:
    """Accept `listening`'s connections as tornado does, but for a process out of files: no
    accepting for `pause` seconds, said once until a connection is accepted again. The
    function that stops accepting for good."""
    loop = IOLoop.current()
    state = {"removed": False, "said": False}

    def accept(_fd: Any, _events: int) -> None:
        for _ in range(AT_ONCE):
            if state["removed"]:
                return
            try:
                connection, address = listening.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as problem:
                if problem.errno not in NO_ROOM:
                    raise
                wait(problem)
                return
            state["said"] = False
            connected(connection, address)

    def wait(problem: OSError) -> None:
        if not state["said"]:
            log.warning("Accepting no connection for %s s: %s", pause, problem.strerror)
            state["said"] = True
        loop.update_handler(listening, 0)
        loop.call_later(pause, again)

    def again() -> None:
        if not state["removed"]:
            loop.update_handler(listening, IOLoop.READ)

    def remove() -> None:
        loop.remove_handler(listening)
        state["removed"] = True

    loop.add_handler(listening, accept, IOLoop.READ)
    return remove
