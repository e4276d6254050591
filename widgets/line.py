"""A page's kernel's line to the class service: HTTP/1.1, each thread's connection kept open
between its calls (a long-poll has a thread of its own), so that a call costs the service
neither a new connection nor tornado's server (docs/design.md#the-kernels-door).

A connection unused for `IDLE_SECONDS` is let go before the service would close it; one that
the service closed all the same (it was restarted) is opened again for a GET, whose asking
twice changes nothing, never for a POST, which the service may have kept: that one fails
(OSError), as a call to a service that is down does."""

from __future__ import annotations

import http.client
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping

IDLE_SECONDS = 30.0  # below the kernels' door's (`door.IDLE_SECONDS`) and tornado's (an hour)
GONE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class ServiceLine:
    """Calls to the service at `url` (http or https), from any thread of the kernel; `clock`
    tells how long a connection has been unused (a test winds it)."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not a class service's address: {url!r}")
        self.secure, self.host, self.port = parts.scheme == "https", parts.hostname, parts.port
        self.path = parts.path  # the service's calls are under it
        self.clock = clock
        self.local = threading.local()  # this thread's connection, and when it was last used

    def send(
        self, method: str, path: str, body: bytes | None, headers: Mapping[str, str], timeout: float
    ) -> tuple[int, bytes]:
        """The status and body of the service's answer to one call (`path`: from the host on);
        OSError if it cannot be reached, or went before it answered."""
        connection, reused = self.connection(timeout)
        try:
            return self.exchange(connection, method, path, body, headers)
        except GONE:
            connection.close()
            if not reused or method != "GET":
                raise
        connection, _ = self.connection(timeout)
        return self.exchange(connection, method, path, body, headers)

    def exchange(
        self,
        connection: http.client.HTTPConnection,
        method: str,
        path: str,
        body: bytes | None,
        headers: Mapping[str, str],
    ) -> tuple[int, bytes]:
        try:
            connection.request(method, path, body=body, headers=dict(headers))
            response = connection.getresponse()
            answer = response.read()
        except (OSError, http.client.HTTPException):
            connection.close()  # a call cut halfway leaves the connection in no known state
            raise
        self.local.used = self.clock()
        return response.status, answer

    def connection(self, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """This thread's connection (a new one if it has none, or left it unused too long), its
        timeout `timeout`; and whether it was used before."""
        kept: http.client.HTTPConnection | None = getattr(self.local, "connection", None)
        if kept is not None and self.clock() - self.local.used > IDLE_SECONDS:
            kept.close()
            kept = None
        if kept is None or kept.sock is None:
            kind = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
            kept = kind(self.host, self.port, timeout=timeout)
            self.local.connection, self.local.used = kept, self.clock()
            reused = False
        else:
            reused = True
        kept.timeout = timeout
        if kept.sock is not None:
            kept.sock.settimeout(timeout)
        return kept, reused
