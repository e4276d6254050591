"""Which browser each page's kernel speaks for. A kernel never holds the class book: it holds a
ticket, which the server hands it with its page (a request header Voila passes on to the
kernel, never one the browser sent), and which names the browser that opened the page (its
`mathcards-device` cookie). A teacher's ticket was handed to a page opened with the teacher's
cookie (docs/design.md#tickets).

A ticket is kept from the moment its page has its kernel (`admit`) until that kernel ends: a
request for a page that is never served (a page that does not exist, a refusal) leaves nothing
behind, so the tickets alive are bounded by the kernels, never by the requests, and no flood of
requests pushes out anyone's ticket, the teacher's least of all."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import tornado.web

from mathcards.classroom.protocol import TICKET_HEADER
from mathcards.classroom.server.clients import (
    TEACHER_COOKIE,
    address_of,
    from_this_machine,
    same,
)

MOST_LOOSE = 10_000  # tickets bound to no kernel (a test's, a bench's): the oldest go first


@dataclass(frozen=True)
class Ticket:
    """A page's ticket: the browser (device) it speaks for, whether it is the teacher's, the
    page's kernel (None: bound to none, as a test's), and the address the page was asked from
    (none from this machine; kept in memory only, never in the class book)."""

    key: str
    device: str
    teacher: bool = False
    kernel: str | None = None
    address: str = ""


class Tickets:
    """The tickets of the pages open now, each naming its browser (its device); the teacher's
    pages' tickets are the teacher's (`teacher_code`: what the teacher's cookie holds).
    `running(kernel)` says whether a kernel still runs (else its ticket is dropped)."""

    def __init__(
        self,
        most: int = MOST_LOOSE,
        teacher_code: str = "",
        running: Callable[[str], bool] | None = None,
    ) -> None:
        self.most, self.teacher_code, self.running = most, teacher_code, running
        self.held: dict[str, Ticket] = {}
        self.loose: OrderedDict[str, None] = OrderedDict()  # students' tickets of no kernel

    def new(self, device: str, teacher: bool = False, address: str = "") -> Ticket:
        """A ticket for a page being opened: kept only once the page has its kernel."""
        return Ticket(secrets.token_urlsafe(24), device, teacher, address=address)

    def admit(self, ticket: Ticket, kernel: str | None = None) -> str:
        """The page of `ticket` has its kernel: the ticket is good until that kernel ends."""
        held = Ticket(ticket.key, ticket.device, ticket.teacher, kernel, ticket.address)
        self.held[held.key] = held
        if kernel is None and not held.teacher:
            self.loose[held.key] = None
            while len(self.loose) > self.most:
                self.held.pop(self.loose.popitem(last=False)[0], None)
        return held.key

    def issue(self, device: str, teacher: bool = False, kernel: str | None = None) -> str:
        """A ticket kept at once (for a kernel, or for none: a test's page)."""
        return self.admit(self.new(device, teacher), kernel)

    def get(self, key: str) -> Ticket | None:
        """The ticket, while its kernel runs."""
        ticket = self.held.get(key) if key else None
        if ticket is None or ticket.kernel is None or self.running is None:
            return ticket
        if not self.running(ticket.kernel):
            self.drop(ticket.kernel)
            return None
        return ticket

    def device(self, key: str) -> str | None:
        ticket = self.get(key)
        return None if ticket is None else ticket.device

    def device_of_kernel(self, kernel: str) -> str | None:
        """The browser whose page `kernel` serves, while its ticket is held."""
        return next((t.device for t in self.held.values() if t.kernel == kernel), None)

    def addresses(self, devices: set[str]) -> set[str]:
        """The addresses the pages of these devices open now were asked from."""
        return {t.address for t in self.held.values() if t.device in devices and t.address}

    def is_teacher(self, key: str) -> bool:
        ticket = self.get(key)
        return ticket is not None and ticket.teacher

    def drop(self, kernel: str) -> None:
        """The kernel ended: its page's ticket with it."""
        for key in [key for key, ticket in self.held.items() if ticket.kernel == kernel]:
            del self.held[key]

    def keep_only(self, running: set[str]) -> None:
        """Drop the tickets of every kernel that no longer runs."""
        ended = {t.kernel for t in self.held.values() if t.kernel and t.kernel not in running}
        for kernel in ended:
            self.drop(kernel)


def hand_ticket(
    page: tornado.web.RequestHandler, tickets: Tickets | None, device: str
) -> Ticket | None:
    """Give the kernel of the page being opened a ticket for this browser (`device`): a request
    header that Voila passes to the kernel, never one the browser sent (it is replaced). The
    ticket is a teacher's when the request carries the teacher's valid cookie; it is kept once
    the page has its kernel (`Tickets.admit`)."""
    if TICKET_HEADER in page.request.headers:
        del page.request.headers[TICKET_HEADER]
    if tickets is None:
        return None
    cookie = page.get_cookie(TEACHER_COOKIE) or ""
    code = tickets.teacher_code
    teacher = bool(code and cookie and same(cookie, code))
    address = "" if from_this_machine(page.request) else address_of(page.request)
    ticket = tickets.new(device, teacher, address)
    page.request.headers[TICKET_HEADER] = ticket.key
    return ticket
