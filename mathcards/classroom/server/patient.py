"""Accepting connections when the process has no file left to open (EMFILE): tornado's accept
loop raises, the listening socket stays readable, and the server spins at full CPU writing the
same traceback to its log until its disk is full (seen). Here the server stops accepting for
`PAUSE_SECONDS`, says so once, and accepts again; the connections waiting meanwhile wait in
the backlog, and the idle ones the gate closes (`gate.SILENT_SECONDS`) free their files."""

from __future__ import annotations

import errno
import ipaddress
import logging
import socket
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

PAUSE_SECONDS = 1.0  # no accepting, once the process has no file left
AT_ONCE = 128  # connections accepted in one turn of the event loop, at most (as tornado's)
NO_ROOM = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
log = logging.getLogger("mathcards.classroom")


class PatientServer(HTTPServer):
    """tornado's HTTP server, accepting patiently (`accept_patiently`), and holding at most
    `most_per_address` connections from one address (0: no bound): a script's thousand silent
    connections take that address's share, and its other connections are closed at once, while
    a classmate at another address is answered."""

    most_per_address = 0
    more_from_here = 0  # and this machine more: its kernels call the class service on this port

    def initialize(self, *args: Any, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.open_from: Counter[str] = Counter()  # an address → its connections open now
        self.said_full: set[str] = set()  # the addresses the log said were full

    def handle_stream(self, stream: IOStream, address: Any) -> None:
        host = host_of(address)
        most = self.most_per_address + (self.more_from_here if loopback(host) else 0)
        if self.most_per_address and self.open_from[host] >= most:
            if host not in self.said_full:  # once, until that address has room again
                log.warning("Closing connections from %s: it holds %d", host, self.open_from[host])
                self.said_full.add(host)
            stream.close()
            return
        self.open_from[host] += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        host = host_of(getattr(getattr(server_conn, "context", None), "address", None))
        if self.open_from[host] <= 1:
            del self.open_from[host]
            self.said_full.discard(host)
        else:
            self.open_from[host] -= 1
        super().on_close(server_conn)

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


def host_of(address: Any) -> str:
    """A connection's address without its port (a Unix socket's: "")."""
    return str(address[0]) if isinstance(address, tuple) and address else ""


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
