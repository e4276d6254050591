"""The gate in front of every request: a `Host` other than this server's own addresses is
refused (a web page elsewhere cannot reach the lessons through DNS tricks); on the school
network (`--lan`) a request needs the class code, in the URL once (`?class=K7Q2HM`, then a
cookie); without it a friendly 403 page says to ask the teacher for the address.

- Wrong class codes are slowed per address (a guesser's cookies are its own to invent): the
  10th wrong one in a minute refuses that address for a minute (429), and the teacher's
  terminal says so. A device that came in with the code meanwhile is not refused.
- Request bodies are at most `MAX_BODY` bytes: a bigger one is refused before it is read; a
  connection that sends nothing for `SILENT_SECONDS` is closed.
- The class code is never written to the log (`?class=` is scrubbed from every line)."""

from __future__ import annotations

import functools
import math
import ssl
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode

import tornado.httputil
import tornado.web
from jupyter_server.log import log_request

from mathcards import i18n
from mathcards.classroom.protocol import API, BACKLOG
from mathcards.classroom.server.address import (
    CODE_PARAMETER,
    LOOPBACK_NAMES,
    long_page,
    qr_data_uri,
)
from mathcards.classroom.server.alive import AliveKernels
from mathcards.classroom.server.capacity import connections_for, default_seats_per_address
from mathcards.classroom.server.clients import (
    TEACHER_COOKIE,
    Pace,
    Throttle,
    address_of,
    device_of,
    from_this_machine,
    remember_device,
    same,
)
from mathcards.classroom.server.patient import PatientServer
from mathcards.classroom.server.refused import RefusedHandler
from mathcards.classroom.server.seats import Places
from mathcards.classroom.service.classservice import ClassService
from mathcards.i18n import N_, ngettext

CODE_COOKIE = "mathcards-class"
MAX_BODY = 2**20  # bytes: what a page sends is small (a shutdown request, an answer)
MOST_MEMBERS = 10_000  # devices remembered as having come in with the code, this run
PAGES_AN_ADDRESS = 60  # lesson pages asked for in a minute from one address (not this machine)
PAGES_A_DEVICE = 30  # and from one device
SILENT_SECONDS = 30  # a connection that sends nothing this long is closed
KERNEL_CONNECTIONS = 2  # a kernel's connections to the class service: its call, its long-poll


KERNEL_PATHS = (API, "/voila/query/")  # the class service, and a warm kernel's page request
TEACHER_PATHS = ("/mathcards/teacher",)  # the teacher's page: its own code guards it
SIGN_PATHS = ("/login", "/logout")
TEMPLATE_FILES = "/voila/templates/"  # then <template>/static/<file>


def dead_end(path: str) -> bool:
    """A Jupyter server's address that no page of a lesson uses and whose handler fails on a
    stranger's request (a 500 and a traceback): signing out (no one signs in here), a Voila
    template's file without its template and folder."""
    return path.rstrip("/") in SIGN_PATHS or (
        path.startswith(TEMPLATE_FILES) and path[len(TEMPLATE_FILES) :].count("/") < 2
    )


def from_kernel(request: tornado.httputil.HTTPServerRequest) -> bool:
    """A page's kernel calling this server: from this machine, on the kernels' own paths."""
    return from_this_machine(request) and request.path.startswith(KERNEL_PATHS)


class Admit(tornado.web.RequestHandler):
    """The class code was in the URL: remember it (and the device) in cookies, then show the
    page without it."""

    def initialize(self, code: str, members: set[str]) -> None:
        self.code, self.members = code, members

    def prepare(self) -> None:
        request = self.request
        secure = request.protocol == "https"  # never sent again over plain HTTP
        self.set_cookie(CODE_COOKIE, self.code, httponly=True, samesite="Lax", secure=secure)
        device = remember_device(self)
        if len(self.members) < MOST_MEMBERS:
            self.members.add(device)
        rest = [(k, v) for k, v in parse_qsl(request.query) if k != CODE_PARAMETER]
        here = "/" + request.path.lstrip("/")  # never `//elsewhere`: another site
        self.redirect(here + (f"?{urlencode(rest)}" if rest else ""))


class ClassInfo(tornado.web.RequestHandler):
    """What the landing page shows the class: the address to type and its QR code, with the
    words around them in the page's language (`?lang=pl`)."""

    def initialize(self, url: str) -> None:
        self.url = url

    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        if not self.url:
            self.finish({"url": None})
            return
        language = self.get_query_argument("lang", i18n.DEFAULT)
        words = i18n.catalogue(language if language in i18n.LANGUAGES else i18n.DEFAULT)
        before, _address, after = words.gettext(
            "Students open {address} or scan the code."
        ).partition("{address}")
        self.finish(
            {
                "url": self.url,
                "qr": qr_data_uri(self.url),
                "alt": words.gettext("QR code of {address}").format(address=self.url),
                "before": before,
                "after": after,
            }
        )


def to_the_terminal(line: str) -> None:
    """Say a line on the teacher's terminal."""
    print(line, flush=True)


def scrubbed_log_settings() -> dict[str, Any]:
    """Tornado settings for an access log that never writes the class code (`?class=[secret]`)."""
    return {
        "log_function": functools.partial(log_request, record_prometheus_metrics=False),
        "extra_log_scrub_param_keys": [CODE_PARAMETER],
    }


class ClassroomApplication(tornado.web.Application):
    """Voila's application behind the gate: own Host names only, the class code on the LAN,
    wrong codes slowed (`throttle`), at most `seats_per_client` pages a client and
    `seats_per_address` an address."""

    def __init__(
        self,
        *args: Any,
        hosts: set[str],
        code: str,
        url: str,
        max_kernels: int,
        landing: str,
        service: ClassService | None = None,
        seats_per_client: int = 0,
        seats_per_address: int = 0,
        throttle: Throttle | None = None,
        say: Callable[[str], None] | None = None,
        tls: ssl.SSLContext | None = None,
        silent_seconds: float = SILENT_SECONDS,
        connections_per_address: int = 0,
        **settings: Any,
    ):
        super().__init__(*args, **{**scrubbed_log_settings(), **settings})
        self.hosts, self.code, self.url, self.landing = hosts, code, url, landing
        self.tls, self.silent_seconds = tls, silent_seconds
        self.connections_per_address = connections_per_address or connections_for(
            seats_per_address or default_seats_per_address(max_kernels)
        )
        self.service = service
        self.throttle, self.say = throttle or Throttle(), say or to_the_terminal
        self.members: set[str] = set()  # devices that came in with the class code
        kernels = settings["kernel_manager"]
        tickets = service.tickets if service is not None else None
        if tickets is not None:
            tickets.running = kernels.__contains__  # a ticket lives as long as its kernel
        if service is not None and code:  # a class list's names only to the class's browsers
            service.came_in = self.members.__contains__
        if service is not None and isinstance(kernels, AliveKernels):
            kernels.presence = service.presence  # whose pages are there: the room's count
        self.places = Places(max_kernels, kernels, seats_per_client, tickets, seats_per_address)
        self.pages_by_address, self.pages_by_device = Pace(PAGES_AN_ADDRESS), Pace(PAGES_A_DEVICE)

    def listen(self, port: int, address: str | None = None, **kwargs: Any) -> Any:
        """Serve, refusing a request body over MAX_BODY before it is read, and closing a
        connection silent for `silent_seconds`: before its request's headers are whole, while
        its body comes, or between two requests (an open socket is a file of this process, and
        a script's thousand silent ones would leave none for the class). A long-poll the
        server holds is no silence. A hall's answers
        arriving at once wait in the backlog, not dropped (their SYN sent again a second
        later). With `tls`, HTTPS, except on this machine's loopback, where the kernels call
        the class service and nothing travels the network."""
        settings = {
            "max_body_size": MAX_BODY,
            "idle_connection_timeout": self.silent_seconds,  # and a request's headers
            "body_timeout": self.silent_seconds,
            **kwargs,
        }
        if self.tls is not None and address not in LOOPBACK_NAMES:
            settings["ssl_options"] = self.tls
        server = PatientServer(self, **settings)  # out of files, it waits: `patient`
        server.most_per_address = self.connections_per_address
        server.more_from_here = KERNEL_CONNECTIONS * self.places.limit
        server.listen(port, address or "", backlog=BACKLOG)
        return server

    def find_handler(
        self, request: tornado.httputil.HTTPServerRequest, **kwargs: Any
    ) -> tornado.web._HandlerDelegate:
        if request.host.lower() not in self.hosts:
            return self._refuse(
                request,
                403,
                N_("Not this address"),
                N_("This server answers only at its own address."),
            )
        if self.code and not self._own(request) and (refusal := self._class_gate(request)):
            return refusal
        if dead_end(request.path):
            return self._refuse(
                request,
                404,
                N_("No such page"),
                N_("There is nothing at this address: the lessons start at the class address."),
            )
        if request.path == "/":  # the landing page in the server's language
            return self.get_handler_delegate(
                request, tornado.web.RedirectHandler, {"url": self.landing, "permanent": False}
            )
        if (page := long_page(request.path)) is not None:  # a short address from the projector
            return self.get_handler_delegate(
                request, tornado.web.RedirectHandler, {"url": page, "permanent": False}
            )
        if request.path == "/mathcards/class.json":  # {"url": null} off the school network
            return self.get_handler_delegate(request, ClassInfo, {"url": self.url})
        return super().find_handler(request, **kwargs)

    def _own(self, request: tornado.httputil.HTTPServerRequest) -> bool:
        """Needs no class code: a page's kernel calling this server, the teacher's page (its
        own code guards it, so the address printed for the teacher works in a fresh browser),
        and the teacher's browser (with the teacher's cookie) on any page."""
        if from_kernel(request) or request.path.startswith(TEACHER_PATHS):
            return True
        code = self.service.tickets.teacher_code if self.service is not None else ""
        cookie = request.cookies.get(TEACHER_COOKIE)
        return bool(code and cookie is not None and same(cookie.value, code))

    def _class_gate(
        self, request: tornado.httputil.HTTPServerRequest
    ) -> tornado.web._HandlerDelegate | None:
        """Where a request goes that is not (yet) the class's, or None when it is: in with the
        code in the URL, or with the code's cookie; slowed when it guesses."""
        address, device = address_of(request), device_of(request)
        if self.throttle.refused(address) and device not in self.members:
            return self._slow_down(request, address)
        offered = request.query_arguments.get(CODE_PARAMETER, [b""])[-1].decode(errors="replace")
        if offered and same(offered.upper(), self.code):
            return self.get_handler_delegate(
                request, Admit, {"code": self.code, "members": self.members}
            )
        cookie = request.cookies.get(CODE_COOKIE)
        if cookie is not None and same(cookie.value, self.code):
            if device is not None and len(self.members) < MOST_MEMBERS:
                self.members.add(device)
            return None
        if offered or cookie is not None:
            return self._wrong_code(request, address, stale_cookie=cookie is not None)
        return self._ask_the_teacher(request)

    def _wrong_code(
        self, request: tornado.httputil.HTTPServerRequest, address: str, stale_cookie: bool
    ) -> tornado.web._HandlerDelegate:
        """A wrong code (in the URL or a cookie) counts against its address; the one that
        reaches the limit closes the door, and the teacher's terminal says so."""
        if not self.throttle.wrong(address):
            return self._ask_the_teacher(request, forget=(CODE_COOKIE,) if stale_cookie else ())
        warning = ngettext(
            "{n} wrong class code from {address} in a minute: refused for a minute",
            "{n} wrong class codes from {address} in a minute: refused for a minute",
            self.throttle.limit,
        )
        self.say(warning.format(n=self.throttle.limit, address=address))
        return self._slow_down(request, address)

    def _ask_the_teacher(
        self, request: tornado.httputil.HTTPServerRequest, forget: tuple[str, ...] = ()
    ) -> tornado.web._HandlerDelegate:
        return self._refuse(
            request,
            403,
            N_("Ask your teacher for the class address"),
            N_(
                "These lessons are for one class. Type the whole address your teacher shows, "
                "with the class code at its end (it looks like …/?class=ABC123), or scan the "
                "QR code on the board."
            ),
            forget=forget,
        )

    def _slow_down(
        self, request: tornado.httputil.HTTPServerRequest, address: str
    ) -> tornado.web._HandlerDelegate:
        wait = math.ceil(self.throttle.wait(address)) or 1
        return self._refuse(
            request,
            429,
            N_("Too many wrong class codes"),
            N_(
                "Wait a minute, then type the address your teacher shows exactly as it is, "
                "or scan the QR code on the board."
            ),
            headers={"Retry-After": str(wait)},
        )

    def _refuse(
        self,
        request: tornado.httputil.HTTPServerRequest,
        status: int,
        title: str,
        sentence: str,
        **more: Any,
    ) -> tornado.web._HandlerDelegate:
        refusal = {"status": status, "title": title, "sentence": sentence, **more}
        return self.get_handler_delegate(request, RefusedHandler, refusal)
