"""The gate in front of every request: a `Host` other than this server's own addresses is
refused (a web page elsewhere cannot reach the lessons through DNS tricks); on the school
network (`--lan`) a request needs the class code, in the URL once (`?class=K7Q2`, then a
cookie); without it a friendly 403 page says to ask the teacher for the address."""

from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import parse_qsl, urlencode

import tornado.httputil
import tornado.web

from mathcards import i18n
from mathcards.classroom.address import CODE_PARAMETER, qr_data_uri
from mathcards.classroom.refused import Refused
from mathcards.classroom.seats import Places
from mathcards.classroom.service import API, ClassService, loopback
from mathcards.i18n import _

CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"  # none that read alike: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_COOKIE = "mathcards-class"


def new_class_code(length: int = 4) -> str:
    """A short code for the class to type, of letters and digits no one misreads."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def same(offered: str, code: str) -> bool:
    """Whether the offered code is the class code (in constant time: no guessing by timing)."""
    return hmac.compare_digest(offered.encode(), code.encode())


KERNEL_PATHS = (API, "/voila/query/")  # the class service, and a warm kernel's page request


def from_kernel(request: tornado.httputil.HTTPServerRequest) -> bool:
    """A page's kernel calling this server: from this machine, on the kernels' own paths."""
    return loopback(request.remote_ip) and request.path.startswith(KERNEL_PATHS)


class Admit(tornado.web.RequestHandler):
    """The class code was in the URL: remember it in a cookie, then show the page without it."""

    def initialize(self, code: str) -> None:
        self.code = code

    def prepare(self) -> None:
        request = self.request
        self.set_cookie(CODE_COOKIE, self.code, httponly=True, samesite="Lax")
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


class ClassroomApplication(tornado.web.Application):
    """Voila's application behind the gate: own Host names only, the class code on the LAN."""

    def __init__(
        self,
        *args: Any,
        hosts: set[str],
        code: str,
        url: str,
        max_kernels: int,
        landing: str,
        service: ClassService | None = None,
        **settings: Any,
    ):
        super().__init__(*args, **settings)
        self.hosts, self.code, self.url, self.landing = hosts, code, url, landing
        self.service = service
        self.places = Places(max_kernels, settings["kernel_manager"])

    def find_handler(
        self, request: tornado.httputil.HTTPServerRequest, **kwargs: Any
    ) -> tornado.web._HandlerDelegate:
        if request.host.lower() not in self.hosts:
            return self._refuse(
                request,
                403,
                _("Not this address"),
                _("This server answers only at its own address."),
            )
        if self.code and not from_kernel(request):
            offered = request.query_arguments.get(CODE_PARAMETER, [b""])[-1].decode(
                errors="replace"
            )
            if offered and same(offered.upper(), self.code):
                return self.get_handler_delegate(request, Admit, {"code": self.code})
            cookie = request.cookies.get(CODE_COOKIE)
            if cookie is None or not same(cookie.value, self.code):
                return self._refuse(
                    request,
                    403,
                    _("Ask your teacher for the class address"),
                    _(
                        "These lessons are for one class. Type the whole address your teacher "
                        "shows, with the class code at its end (it looks like …/?class=ABCD), or "
                        "scan the QR code on the board."
                    ),
                )
        if request.path == "/":  # the landing page in the server's language
            return self.get_handler_delegate(
                request, tornado.web.RedirectHandler, {"url": self.landing, "permanent": False}
            )
        if request.path == "/mathcards/class.json":  # {"url": null} off the school network
            return self.get_handler_delegate(request, ClassInfo, {"url": self.url})
        return super().find_handler(request, **kwargs)

    def _refuse(
        self, request: tornado.httputil.HTTPServerRequest, status: int, title: str, sentence: str
    ) -> tornado.web._HandlerDelegate:
        refusal = {"status": status, "title": title, "sentence": sentence}
        return self.get_handler_delegate(request, Refused, refusal)
