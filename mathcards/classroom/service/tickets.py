"""Which browser each page's kernel speaks for. A kernel never holds the class book: it holds a
ticket, which the server hands it with its page (a request header Voila passes on to the
kernel, never one the browser sent), and which names the browser that opened the page (its
`mathcards-device` cookie). A teacher's ticket was handed to a page opened with the teacher's
cookie (docs/design.md#tickets)."""

from __future__ import annotations

import secrets
from collections import OrderedDict

import tornado.web

from mathcards.classroom.protocol import TICKET_HEADER
from mathcards.classroom.server.clients import TEACHER_COOKIE, same

MOST_TICKETS = 10_000  # the oldest is forgotten first: a page that old has long been closed


class Tickets:
    """One ticket per page view, each naming its browser (its device); the teacher's pages'
    tickets are the teacher's (`teacher_code`: what the teacher's cookie holds)."""

    def __init__(self, most: int = MOST_TICKETS, teacher_code: str = "") -> None:
        self.most, self.teacher_code = most, teacher_code
        self.devices: OrderedDict[str, str] = OrderedDict()
        self.teachers: set[str] = set()

    def issue(self, device: str, teacher: bool = False) -> str:
        ticket = secrets.token_urlsafe(24)
        self.devices[ticket] = device
        if teacher:
            self.teachers.add(ticket)
        while len(self.devices) > self.most:
            self.teachers.discard(self.devices.popitem(last=False)[0])
        return ticket

    def device(self, ticket: str) -> str | None:
        return self.devices.get(ticket) if ticket else None

    def is_teacher(self, ticket: str) -> bool:
        return ticket in self.teachers


def hand_ticket(page: tornado.web.RequestHandler, tickets: Tickets | None, device: str) -> None:
    """Give the kernel of the page being opened a ticket for this browser (`device`): a request
    header that Voila passes to the kernel, never one the browser sent (it is replaced). The
    ticket is a teacher's when the request carries the teacher's valid cookie."""
    if TICKET_HEADER in page.request.headers:
        del page.request.headers[TICKET_HEADER]
    if tickets is not None:
        cookie = page.get_cookie(TEACHER_COOKIE) or ""
        code = tickets.teacher_code
        teacher = bool(code and cookie and same(cookie, code))
        page.request.headers[TICKET_HEADER] = tickets.issue(device, teacher=teacher)
