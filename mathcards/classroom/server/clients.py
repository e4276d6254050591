"""Who a request comes from, and how often they may get it wrong.

- A client is a browser remembered by its `mathcards-device` cookie (random, a year), else its
  address (IPv6: its /64 network, which one device can fill with addresses of its own).
- `Throttle`: at most `limit` wrong tries in `window` seconds per client; the try that reaches
  the limit closes the door for `pause` seconds. Its clock is injected, so a test winds it.
- `Pace`: at most `most` requests in `window` seconds per client (pages asked for, calls made).
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import tornado.httputil
import tornado.web

DEVICE_COOKIE = "mathcards-device"  # a browser, remembered for a year; nothing else about it
DEVICE_DAYS = 365
TEACHER_COOKIE = "mathcards-teacher"  # the teacher's code, set by /mathcards/teacher?code=…
MANY_CLIENTS = 4096  # wrong tries of this many clients kept before the old ones are swept
DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")  # what `secrets.token_urlsafe` writes


def _request_of(source: Any) -> tornado.httputil.HTTPServerRequest:
    """The request itself, given either it or its handler."""
    return source.request if isinstance(source, tornado.web.RequestHandler) else source


def device_of(source: Any) -> str | None:
    """The device token of a request (or of its handler), if it carries a well-formed one."""
    morsel = _request_of(source).cookies.get(DEVICE_COOKIE)
    return morsel.value if morsel and DEVICE_TOKEN.fullmatch(morsel.value) else None


def new_device() -> str:
    """A new device token: random, naming nothing about the browser."""
    return secrets.token_urlsafe(24)


def remember_device(handler: tornado.web.RequestHandler, device: str | None = None) -> str:
    """The device token of the handler's request; a new one, set in a cookie, if it has none."""
    known = device_of(handler)
    if known is not None:
        return known
    device = device or new_device()
    handler.set_cookie(
        DEVICE_COOKIE,
        device,
        expires_days=DEVICE_DAYS,
        httponly=True,
        samesite="Lax",
        secure=handler.request.protocol == "https",  # served over HTTPS: never sent in clear
    )
    return device


def address_of(source: Any) -> str:
    """The address a request came from; for IPv6, its /64 network."""
    remote = _request_of(source).remote_ip or ""
    try:
        address = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def client_of(source: Any) -> str:
    """Who a request comes from: its device token, else its address."""
    return device_of(source) or address_of(source)


def same(offered: str, code: str) -> bool:
    """Whether the offered code is the code (in constant time: no guessing by timing)."""
    return hmac.compare_digest(offered.encode(), code.encode())


def from_this_machine(source: Any) -> bool:
    """Whether a request came from this machine itself (loopback): the teacher's own laptop."""
    return loopback(_request_of(source).remote_ip or "")


@functools.lru_cache(maxsize=1024)  # every kernel's call asks it of one of a few addresses
def loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Throttle:
    """At most `limit` wrong tries in `window` seconds per client: the try that reaches the
    limit refuses that client for `pause` seconds, after which it starts afresh."""

    def __init__(
        self,
        limit: int = 10,
        window: float = 60.0,
        pause: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.pause, self.clock = limit, window, pause, clock
        self.tries: dict[str, deque[float]] = {}
        self.until: dict[str, float] = {}
        self.sweep_at = MANY_CLIENTS

    def refused(self, client: str) -> bool:
        """Whether the client is refused now."""
        return self.wait(client) > 0

    def wait(self, client: str) -> float:
        """How many seconds the client is still refused (0: not refused)."""
        until = self.until.get(client)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left <= 0:
            del self.until[client]
        return max(0.0, left)

    def wrong(self, client: str) -> bool:
        """Count one wrong try of the client; True when it is the one that closes the door."""
        now = self.clock()
        tries = self.tries.setdefault(client, deque())
        tries.append(now)
        while tries and tries[0] <= now - self.window:
            tries.popleft()
        if len(tries) < self.limit:
            self._forget_old(now)
            return False
        del self.tries[client]
        self.until[client] = now + self.pause
        return True

    def _forget_old(self, now: float) -> None:
        """Forget the clients whose last wrong try is older than the window, once there are
        many (twice as many as after the last time: the work stays in proportion)."""
        if len(self.tries) > self.sweep_at:
            self.tries = {c: t for c, t in self.tries.items() if t and t[-1] > now - self.window}
            self.sweep_at = max(MANY_CLIENTS, 2 * len(self.tries))


class Pace:
    """At most `most` requests in `window` seconds per client (a sliding window): the ones
    beyond are refused until the oldest leaves the window. Its clock is injected."""

    def __init__(
        self, most: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.most, self.window, self.clock = most, window, clock
        self.seen: dict[str, deque[float]] = {}
        self.sweep_at = MANY_CLIENTS

    def allows(self, client: str) -> bool:
        """Count one request of the client, unless it has had `most` in the window already."""
        now = self.clock()
        times = self.seen.setdefault(client, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.most:
            return False
        times.append(now)
        if len(self.seen) > self.sweep_at:
            self.seen = {c: t for c, t in self.seen.items() if t and t[-1] > now - self.window}
            self.sweep_at = max(MANY_CLIENTS, 2 * len(self.seen))
        return True

    def wait(self, client: str) -> float:
        """Seconds until the client may ask again (0: now)."""
        times = self.seen.get(client)
        if not times or len(times) < self.most:
            return 0.0
        return max(0.0, times[0] + self.window - self.clock())
