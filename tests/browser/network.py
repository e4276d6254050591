"""A network between a browser and a server that a test can cut, as a phone's is cut when its
screen locks: a TCP proxy the test controls.

`Network(server)` listens on the IPv6 loopback, [::1], at the port the server listens on at
127.0.0.1, and passes every byte through: the page is opened at `network.base` (the server
answers to `[::1]` as one of its own names) while the server's own calls, such as a page's
kernel calling the class service at 127.0.0.1, never cross it. `cut()` drops every connection
open through it, the page's websocket among them (the server sees the page go), and holds every
new one unanswered, as a network that is gone: the browser waits instead of being refused.
`restore()` lets the held connections through, as when the network comes back.

`context.set_offline(True)` is not that: Chromium keeps an open websocket open while it is
offline (it only holds its messages), so a page's kernel never sees its page go.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit

CHUNK = 64 * 1024


def has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


class Network:
    """A proxy from [::1]:port to 127.0.0.1:port that can be cut and restored (see the module)."""

    def __init__(self, server: str) -> None:
        parts = urlsplit(server)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.base = f"{parts.scheme}://[::1]:{self.port}"
        self.loop = asyncio.new_event_loop()
        self.links: set[asyncio.StreamWriter] = set()  # both ends of every open connection
        self.held = 0  # connections waiting for the network to come back
        self.back = asyncio.Event()
        self.back.set()
        self.listening: asyncio.Server | None = None
        self.handling: set[asyncio.Task] = set()  # one a connection, held or passing through
        self.closing = False
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> None:
        self.thread.start()
        self._run(self._listen())

    def stop(self) -> None:
        self.restore()
        self._run(self._close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()

    def cut(self) -> None:
        """The network goes: every open connection is dropped, new ones are held."""
        self._run(self._cut())

    def restore(self) -> None:
        """The network comes back: held connections go through, new ones too."""
        self.loop.call_soon_threadsafe(self.back.set)

    def waiting(self) -> int:
        """How many connections wait for the network now (a page trying to come back)."""
        return self.held

    def _run(self, work) -> None:
        asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=30)

    async def _listen(self) -> None:
        self.listening = await asyncio.start_server(self._link, "::1", self.port)

    async def _close(self) -> None:
        self.closing = True
        self.back.set()  # the held connections end, unanswered
        if self.listening is not None:
            self.listening.close()
        await self._drop()
        if self.handling:
            await asyncio.wait(self.handling, timeout=10)

    async def _cut(self) -> None:
        self.back.clear()
        await self._drop()

    async def _drop(self) -> None:
        for end in list(self.links):
            end.transport.abort()  # a reset, at once: no goodbye crosses a cut network
        self.links.clear()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.handling.add(task)
        try:
            await self._through(reader, writer)
        finally:
            self.handling.discard(task)

    async def _through(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.back.is_set():
            self.held += 1
            try:
                await self.back.wait()
            finally:
                self.held -= 1
        if self.closing:
            writer.transport.abort()
            return
        try:
            upstream_reader, upstream = await asyncio.open_connection(self.host, self.port)
        except OSError:
            writer.transport.abort()
            return
        self.links.update({writer, upstream})
        await asyncio.gather(self._pump(reader, upstream), self._pump(upstream_reader, writer))
        self.links.difference_update({writer, upstream})

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with suppress(ConnectionError, OSError, asyncio.IncompleteReadError):
            while chunk := await source.read(CHUNK):
                sink.write(chunk)
                await sink.drain()
        with suppress(ConnectionError, OSError, RuntimeError):
            if sink.can_write_eof():
                sink.write_eof()


@contextmanager
def network(server: str) -> Iterator[Network]:
    """A network to `server` (its base address at 127.0.0.1) that the test can cut."""
    between = Network(server)
    between.start()
    try:
        yield between
    finally:
        between.stop()
