"""The kernels' door: the class service's calls from the pages' kernels on this machine, over
HTTP/1.1, each kernel's connection kept open between its calls; read and answered by asyncio
itself, each request handed to its call's tornado handler as tornado's own server hands it
(`Application.find_handler`). Why a door of its own: for a call that does nothing, tornado's
HTTP server costs several times what this door does, and a hall's answers are mostly calls
(docs/design.md#the-kernels-door).

Bounded: a request's head (`MOST_HEAD`) and body (`MOST_BODY`, refused as the calls refuse
it), the connections open at once (`MOST_OPEN`), how long one stays open with no call
(`IDLE_SECONDS`); a connection's requests are answered one at a time, in order.

A call may have a lane (`Lane`): the request (the door's own, `LaneRequest`) is handed to a
function that returns its answer (`Reply`), without tornado's handler, whose making and
finishing cost a call most of its CPU; the calls a class makes by the hundred in a round (their
answers, their long-polls) have one (`mathcards.classroom.service.quick`)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, NamedTuple, Protocol

import tornado.web
from tornado import httputil
from tornado.httputil import HTTPHeaders, HTTPInputError, RequestStartLine, ResponseStartLine

from mathcards.classroom.protocol import BACKLOG, MOST_BODY, CallRefusal

MOST_HEAD = 16 * 1024  # bytes of a request's line and headers (a kernel's are a few hundred)
MOST_OPEN = 1024  # connections open at once: two a page (its calls, its long-poll), a class's
IDLE_SECONDS = 120.0  # a connection with no call this long is closed (a kernel lets go sooner)
SWEEP_SECONDS = 30.0  # how often idle connections are looked for
MOST_DIGITS = 9  # of a Content-Length: past MOST_BODY anyway
MOST_UNREAD = 1024 * 1024  # bytes of a body too long read and dropped, that its sender reads
# the refusal (a connection closed while it sends, it would see only its pipe broken)
PLAIN_PATH = re.compile(r"[A-Za-z0-9_/-]+")  # a route that is a path, not a pattern
FIELD_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # a header's name: a token
FIELD_VALUE = re.compile(r"(?:[\x21-\x7e\x80-\xff]+(?:[ \t]+[\x21-\x7e\x80-\xff]+)*)?")  # its value
HOST = re.compile(r"(?:[][:A-Za-z0-9._~!$&'()*+;=-]|%[0-9A-Fa-f]{2})*(?::[0-9]*)?")  # RFC 3986's
# host and port, as tornado checks them, without a comma (RFC 9112 3.2: a request has one Host)
log = logging.getLogger("mathcards.classroom")


def listening(port: int = 0, host: str = "127.0.0.1") -> socket.socket:
    """A socket listening on this machine's loopback address at `port` (0: a free one), for the
    door to serve once its calls are known: kernels can be told where it is before it opens."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    sock.setblocking(False)
    return sock


def quiet(handler: tornado.web.RequestHandler) -> None:
    """Log a call only when it failed on the service's side (a kernel's every call is not news)."""
    if handler.get_status() >= 500:
        log.error("%d %s %s", handler.get_status(), handler.request.method, handler.request.path)


class Reply(NamedTuple):
    """A lane's answer to its request: its status, its headers, its body."""

    status: int
    headers: Iterable[tuple[str, str]]
    body: bytes


class Request(Protocol):
    """What a call reads of its request: tornado's (`HTTPServerRequest`) or a lane's."""

    @property
    def method(self) -> str | None: ...
    @property
    def path(self) -> str: ...
    @property
    def headers(self) -> HTTPHeaders: ...
    @property
    def body(self) -> bytes: ...
    @property
    def remote_ip(self) -> str | None: ...
    @property
    def query_arguments(self) -> Mapping[str, list[bytes]]: ...


class LaneRequest(NamedTuple):
    """A request as the door hands it to a lane: only what a call reads of it (tornado's
    `HTTPServerRequest` would also split its query into arguments twice, at every call)."""

    method: str
    path: str
    query: str  # after the `?`
    headers: HTTPHeaders
    body: bytes
    remote_ip: str

    @property
    def query_arguments(self) -> dict[str, list[bytes]]:
        """The query's arguments, as tornado reads them (read when a call asks)."""
        return httputil.parse_qs_bytes(self.query, keep_blank_values=True)


Lane = Callable[[LaneRequest], Awaitable[Reply]]  # a call's, by method and path


class Door:
    """The door of the calls `routes` (tornado's handlers and their arguments) and of the
    `lanes` (by method and path), on a socket of this machine; `clock` tells how long a
    connection has waited (a test winds it)."""

    def __init__(
        self,
        routes: list[Any],
        clock: Callable[[], float] = time.monotonic,
        lanes: Mapping[tuple[str, str], Lane] | None = None,
    ) -> None:
        self.calls = tornado.web.Application(routes, log_function=quiet)
        self.lanes = dict(lanes or {})
        self.running: set[asyncio.Future[None]] = set()  # the lanes' calls under way
        self.paths = {  # a call's path → its handler: found at once, never by regex after regex
            route[0]: (route[1], route[2] if len(route) > 2 else None)
            for route in routes
            if PLAIN_PATH.fullmatch(route[0])
        }
        self.clock = clock
        self.open: set[Entry] = set()
        self.opened = 0  # connections ever opened: a kernel's calls share one
        self.server: asyncio.Server | None = None
        self.sweeper: asyncio.TimerHandle | None = None

    async def start(self, sock: socket.socket) -> None:
        """Serve the calls on `sock` (`listening`)."""
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Entry(self), sock=sock)
        self.sweeper = loop.call_later(SWEEP_SECONDS, self.sweep_often)

    def sweep_often(self) -> None:
        self.sweep()
        self.sweeper = asyncio.get_running_loop().call_later(SWEEP_SECONDS, self.sweep_often)

    def sweep(self) -> None:
        """Close the connections that have waited for a call longer than `IDLE_SECONDS`."""
        since = self.clock() - IDLE_SECONDS
        for entry in [entry for entry in self.open if entry.idle_since(since)]:
            entry.transport.close()

    def close(self) -> None:
        """No more connections, and those open closed."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.server is not None:
            self.server.close()
        for entry in list(self.open):
            entry.transport.close()


class Context:
    """Where a request came from, as tornado's handlers read it (`request.remote_ip`)."""

    protocol = "http"

    def __init__(self, remote_ip: str) -> None:
        self.remote_ip = remote_ip


def head_of(head: bytes) -> tuple[RequestStartLine, HTTPHeaders, int]:
    """A request's start line, its headers and its body's length; HTTPInputError if malformed
    (a body is sent whole, with its Content-Length: never in chunks)."""
    first, _, rest = head.decode("latin-1").partition("\r\n")
    start = httputil.parse_request_start_line(first)
    headers = headers_of(rest)
    if "Transfer-Encoding" in headers:
        raise HTTPInputError("a body in chunks")
    length = headers.get("Content-Length", "0")
    if not length.isdigit() or not length.isascii() or len(length) > MOST_DIGITS:
        raise HTTPInputError(f"Content-Length {length!r}")
    return start, headers, int(length)


def headers_of(lines: str) -> HTTPHeaders:
    """A request's headers, a line `name: value` each (CRLF between them), as RFC 9110 has
    them (5.1, 5.5): HTTPInputError for a line that is not one (a line folded, a control
    character). Read here rather than by `HTTPHeaders.parse`, whose every line is looked at
    by a regular expression looked up again, for the lines ending in a bare LF it accepts."""
    headers = HTTPHeaders()
    for line in lines.split("\r\n"):
        if not line:
            continue  # (none in a head the door reads: it ends at the first empty line)
        name, colon, value = line.partition(":")
        value = value.strip(" \t")
        if not colon or not FIELD_NAME.fullmatch(name) or not FIELD_VALUE.fullmatch(value):
            raise HTTPInputError(f"a header line {line[:40]!r}")
        if name in headers:
            headers.add(name, value)  # its values joined, as tornado joins them
        else:
            headers[name] = value
    return headers


def hosted(start: RequestStartLine, headers: HTTPHeaders) -> bool:
    """Whether a request names the one host it is for, as tornado requires (HTTP/1.0 need not)."""
    host = headers.get("Host")
    if host is None:
        return start.version == "HTTP/1.0"
    return HOST.fullmatch(host) is not None


def keeps_open(start: RequestStartLine, headers: HTTPHeaders) -> bool:
    """Whether the client keeps its connection open after this request (HTTP/1.1's default)."""
    asked = headers.get("Connection", "").lower()
    if start.version == "HTTP/1.1":
        return asked != "close"
    return asked == "keep-alive"


class Entry(asyncio.Protocol):
    """One connection through the door: its requests read, each handed on once whole, and
    answered in order (reading stops while one is answered, once a whole request more waits)."""

    transport: asyncio.Transport

    def __init__(self, door: Door) -> None:
        self.door, self.buffer = door, bytearray()
        self.busy, self.keep, self.paused, self.last = False, True, False, door.clock()
        self.unread = 0  # bytes of a refused body still to come, dropped as they come
        self.on_close: Callable[[], None] | None = None
        self.context = Context("")

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        if len(self.door.open) >= MOST_OPEN:
            self.transport.abort()
            return
        peer = transport.get_extra_info("peername")
        self.context = Context(peer[0] if peer else "")
        self.door.open.add(self)
        self.door.opened += 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.open.discard(self)
        if self.busy and self.on_close is not None:
            self.on_close()

    def idle_since(self, moment: float) -> bool:
        return not self.busy and self.last < moment

    def data_received(self, data: bytes) -> None:
        if self.unread:
            self.drop(len(data))
            return
        self.buffer += data
        if not self.busy:
            self.next()
        elif len(self.buffer) > MOST_HEAD + MOST_BODY and not self.paused:
            self.paused = True  # requests sent ahead of their answers: no more read till then
            self.transport.pause_reading()

    def next(self) -> None:
        """The next request, if it is all here, handed to its call; else wait for the rest."""
        end = self.buffer.find(b"\r\n\r\n", 0, MOST_HEAD + 4)
        if end < 0:
            if len(self.buffer) > MOST_HEAD:
                self.refuse(431, CallRefusal.TOO_LONG)
            return
        try:
            start, headers, length = head_of(bytes(self.buffer[:end]))
        except HTTPInputError:
            self.refuse(400, CallRefusal.BAD_REQUEST)
            return
        whole = end + 4 + length
        if length > MOST_BODY:
            unread = whole - len(self.buffer) if length <= MOST_UNREAD else 0
            self.refuse(413, CallRefusal.TOO_LONG, unread)
            return
        if len(self.buffer) < whole:
            return
        body = bytes(self.buffer[end + 4 : whole])
        del self.buffer[:whole]
        self.hand_on(start, headers, body)

    def hand_on(self, start: RequestStartLine, headers: HTTPHeaders, body: bytes) -> None:
        """The request to its call's lane, else to its handler as tornado's server would hand
        it; refused without its one `Host` (but in HTTP/1.0)."""
        self.busy, self.keep = True, keeps_open(start, headers)
        if not hosted(start, headers):
            self.refuse(400, CallRefusal.BAD_REQUEST)
            return
        path, _, query = start.path.partition("?")
        lane = self.door.lanes.get((start.method, path))
        if lane is not None:
            asked = LaneRequest(start.method, path, query, headers, body, self.context.remote_ip)
            running = asyncio.ensure_future(self.through(lane, asked))
            self.door.running.add(running)  # held until done: a task nothing holds may be lost
            running.add_done_callback(self.door.running.discard)
            return
        request = httputil.HTTPServerRequest(
            connection=Exchange(self), start_line=start, headers=headers, body=body
        )
        calls, route = self.door.calls, self.door.paths.get(request.path)
        try:
            delegate = (
                calls.get_handler_delegate(request, *route)
                if route
                else calls.find_handler(request)
            )
            delegate.headers_received(start, headers)
            if body:
                delegate.data_received(body)
            delegate.finish()
        except Exception:  # a fault of the service's, not the kernel's: answered, and logged
            log.exception("the kernels' door could not hand on %s", request.path)
            self.refuse(500, CallRefusal.SERVER)

    async def through(self, lane: Lane, request: LaneRequest) -> None:
        """The request to its lane, and its answer sent."""
        try:
            reply = await lane(request)
        except Exception:  # a fault of the service's, not the kernel's: answered, and logged
            log.exception("the kernels' door could not answer %s", request.path)
            self.refuse(500, CallRefusal.SERVER)
            return
        reason = httputil.responses.get(reply.status, "Unknown")
        self.answer(reply.status, reason, reply.headers, reply.body)

    def refuse(self, status: int, refusal: CallRefusal, unread: int = 0) -> None:
        """Answer a request the door cannot read with `{"error": refusal}`, and close (once
        the `unread` bytes its sender is still sending have come, and been dropped)."""
        self.keep, self.unread = False, max(0, unread)
        self.buffer.clear()
        body = json.dumps({"error": refusal}).encode()
        reason = httputil.responses.get(status, "Refused")
        self.answer(status, reason, [("Content-Type", "application/json; charset=UTF-8")], body)

    def answer(
        self, status: int, reason: str, headers: Iterable[tuple[str, str]], body: bytes
    ) -> None:
        """Send a request's answer; then the next request, or close if the client asked to."""
        if self.transport.is_closing():
            return
        lines = [f"HTTP/1.1 {status} {reason}"]
        lines += [
            f"{name}: {value}"
            for name, value in headers
            if name not in ("Content-Length", "Transfer-Encoding", "Connection")
        ]
        lines.append(f"Content-Length: {len(body)}")
        if not self.keep:
            lines.append("Connection: close")
        self.busy, self.on_close, self.last = False, None, self.door.clock()  # before it is read
        self.transport.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        if not self.keep:
            self.drop(0)
            return
        if self.paused:
            self.paused = False
            self.transport.resume_reading()
        self.next()

    def drop(self, count: int) -> None:
        """`count` bytes of a refused body dropped; closed once none is still to come."""
        self.unread = max(0, self.unread - count)
        if not self.unread:
            self.transport.close()


class Exchange(httputil.HTTPConnection):
    """One request's side of its connection, as a tornado handler writes its answer: held
    until it is finished, then sent whole."""

    def __init__(self, entry: Entry) -> None:
        self.entry, self.context = entry, entry.context
        self.start = ResponseStartLine("HTTP/1.1", 200, "OK")
        self.headers = HTTPHeaders()
        self.parts: list[bytes] = []

    def set_close_callback(self, callback: Callable[[], None] | None) -> None:
        self.entry.on_close = callback

    def write_headers(
        self,
        start_line: RequestStartLine | ResponseStartLine,
        headers: HTTPHeaders,
        chunk: bytes | None = None,
    ) -> asyncio.Future[None]:
        assert isinstance(start_line, ResponseStartLine)
        self.start, self.headers = start_line, headers
        return self.write(chunk or b"")

    def write(self, chunk: bytes) -> asyncio.Future[None]:
        self.parts.append(chunk)
        written: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        written.set_result(None)
        return written

    def finish(self) -> None:
        start, headers = self.start, self.headers.get_all()
        self.entry.answer(start.code, start.reason, headers, b"".join(self.parts))
