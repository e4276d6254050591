"""The classroom server behind `mathcards serve`: Voila, run in this process, so that stopping
it (Ctrl-C or SIGTERM to its PID) shuts down Voila and every kernel it started.

Run as `python -m mathcards.serve LESSONS [VOILA OPTIONS]` (what `mathcards serve` runs).
What it adds to Voila:

- SIGINT and SIGTERM both stop the event loop, then Voila shuts every kernel down.
- A page's own "shut my kernel down" request (sent as the tab closes) succeeds: Voila's handler
  refuses it with 403 because a beacon carries no XSRF token (voila#1458); ours accepts it when
  the request comes from this server's own pages (its `Origin` is the server's `Host`).
- The culler skips a kernel that is still starting (`last_activity` not set yet) instead of
  logging "unsupported operand type(s) for -: 'datetime.datetime' and 'NoneType'".
- Warm pages (`warm`): Voila keeps a kernel (or `warm_kernels`) ready for each, having run
  the page already, so the page opens without waiting for a kernel; those kernels take no seat
  and stay clear of the culler until a page takes one.
- A cap on kernels: when `max_kernels` pages are open (or opening), the next student gets a
  friendly "the class is full, try again in a moment" page at once (HTTP 503), not a spinner.
- A gate in front of every request: a `Host` other than this server's own addresses is refused
  (a web page elsewhere cannot reach the lessons through DNS tricks); on the school network
  (`--lan`) a request needs the class code, in the URL once (`?class=K7Q2`, then a cookie);
  without it a friendly 403 page says to ask the teacher for the address.
"""

from __future__ import annotations

import contextvars
import hmac
import html
import io
import secrets
import signal
import socket
import sys
import tempfile
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlparse

import segno
import tornado.httputil
import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards import i18n
from mathcards.i18n import _

KERNEL_MEMORY = 150 * 2**20  # what a lesson's kernel takes, about (bench/classroom.py measures)
ROOM_TO_SPARE = 2 * 2**30  # for the system, the browser on the teacher's laptop, Voila itself
CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"  # none that read alike: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_PARAMETER = "class"
CODE_COOKIE = "mathcards-class"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
PREHEAT = "VOILA_PREHEAT"  # set in the environment of the kernels Voila starts for its pools


def default_max_kernels(warm: int = 0) -> int:
    """As many kernels as this machine's memory holds beside `warm` warm ones, leaving room for
    everything else."""
    import psutil  # type: ignore[import-untyped]

    return max(1, (psutil.virtual_memory().total - ROOM_TO_SPARE) // KERNEL_MEMORY - warm)


def new_class_code(length: int = 4) -> str:
    """A short code for the class to type, of letters and digits no one misreads."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def lan_address() -> str:
    """This machine's address on the school network (the interface of its default route), or
    127.0.0.1 when it has none. Connecting a UDP socket sends nothing; it only picks a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def student_url(address: str, port: int, code: str) -> str:
    """The address students type: the server, and the class code that lets them in."""
    return f"http://{address}:{port}/?{CODE_PARAMETER}={code}"


def qr_for_terminal(url: str) -> str:
    """The address as a QR code drawn with block characters, for the teacher's terminal."""
    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()


def qr_data_uri(url: str) -> str:
    """The address as a QR code, an SVG `data:` URI for the landing page (nothing to fetch)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=8, border=2))


def same(offered: str, code: str) -> bool:
    """Whether the offered code is the class code (in constant time: no guessing by timing)."""
    return hmac.compare_digest(offered.encode(), code.encode())


REFUSED_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>mathcards: {title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ font: 1.2rem/1.5 system-ui, sans-serif; max-width: 34rem; margin: 12vh auto;
padding: 0 1rem; color: #1d2b36; }} h1 {{ font-size: 1.6rem; }}</style></head>
<body class="mc-refused"><h1>{title}</h1><p>{sentence}</p></body></html>
"""


def refused_page(title: str, sentence: str) -> str:
    """The page that says why a request is not served, in the server's language."""
    return REFUSED_PAGE.format(
        language=i18n.language(), title=html.escape(title), sentence=html.escape(sentence)
    )


class Refused(tornado.web.RequestHandler):
    """A friendly page saying why this request is not served, with the right status."""

    def initialize(self, status: int, title: str, sentence: str) -> None:
        self.status, self.title, self.sentence = status, title, sentence

    def prepare(self) -> None:
        self.set_status(self.status)
        self.set_header("Cache-Control", "no-store")
        self.finish(refused_page(self.title, self.sentence))


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


class ClassroomPage(TornadoVoilaHandler):
    """A lesson page, opened only while the class has room: `max_kernels` counts the kernels
    running and the pages being opened; beyond it, a friendly 503 page at once. A page opened on
    a warm kernel takes no place of its own: its kernel is counted once it is handed over."""

    def prepare(self) -> Any:
        places: Places = self.application.places
        if places.full():
            self.set_status(503)
            self.set_header("Retry-After", "10")
            self.set_header("Cache-Control", "no-store")
            self.finish(
                refused_page(
                    _("The class is full"),
                    _(
                        "Every seat on this computer is taken. Try again in a moment: "
                        "a seat comes free when someone closes their page."
                    ),
                )
            )
            return None
        page = self.path_args[0] if self.path_args else ""
        warm = places.kernels.get_pool_size(page) > 0 if page else False
        self.opening: Opening | None = None if warm else places.take()
        OPENING.set(self.opening)
        return super().prepare()

    def on_finish(self) -> None:
        self._leave()
        super().on_finish()

    def on_connection_close(self) -> None:
        self._leave()
        super().on_connection_close()

    def _leave(self) -> None:
        opening = getattr(self, "opening", None)
        if opening is not None:
            self.application.places.leave(opening)
            self.opening = None


class Places:
    """The seats of the class: at most `limit` kernels, counting pages still being opened, and
    not counting the warm kernels that wait in Voila's pools for a page (`--warm`)."""

    def __init__(self, limit: int, kernels: Any) -> None:
        self.limit, self.kernels = limit, kernels
        self.opening: list[Opening] = []

    def taken(self) -> int:
        opened_now = {opening.kernel_id for opening in self.opening}
        running = [k for k in self.kernels.list_kernel_ids() if k not in opened_now]
        return len(self.opening) + max(0, len(running) - self.kernels.warming())

    def full(self) -> bool:
        return self.limit > 0 and self.taken() >= self.limit

    def take(self) -> Opening:
        opening = Opening()
        self.opening.append(opening)
        return opening

    def leave(self, opening: Opening) -> None:
        if opening in self.opening:
            self.opening.remove(opening)


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
        **settings: Any,
    ):
        super().__init__(*args, **settings)
        self.hosts, self.code, self.url, self.landing = hosts, code, url, landing
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
        if self.code:
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


class Opening:
    """A page being opened: it holds a place among `max_kernels` until it ends, with the id of
    the kernel started for it (counted once, not as a kernel and again as a page)."""

    def __init__(self) -> None:
        self.kernel_id: str | None = None


OPENING: contextvars.ContextVar[Opening | None] = contextvars.ContextVar("opening", default=None)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager, with a culler that leaves kernels still starting alone and keeps
    the warm ones' clocks running; each kernel it starts for a page being opened is written down
    on that page's `Opening`."""

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = str(await super().start_kernel(*args, **kwargs))
        opening = OPENING.get()
        warm = kwargs.get("env", {}).get(PREHEAT) == "True"  # a pool's, not the page's
        if opening is not None and not warm:
            opening.kernel_id = kernel_id
        return kernel_id

    def warming(self) -> int:
        """How many kernels Voila's pools hold or are filling (`--warm`; else none)."""
        return sum(len(pool) for pool in getattr(self, "_pools", {}).values())

    def warm(self) -> list[str]:
        """The warm kernels ready in Voila's pools, each waiting for a page."""
        return [
            task.result()["kernel_id"]
            for pool in getattr(self, "_pools", {}).values()
            for task in pool
            if task.done() and not task.cancelled() and task.exception() is None
        ]

    async def cull_kernels(self) -> None:
        """Cull as Voila does; a warm kernel's idle clock restarts at every round, so a page
        handed one has a whole idle period to connect before the culler may take it."""
        now = utcnow()
        for kernel_id in self.warm():
            if kernel_id in self._kernels:
                self._kernels[kernel_id].last_activity = now
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None or getattr(kernel, "last_activity", None) is None:
            return  # gone meanwhile, or still starting: its clock has not begun
        await super().cull_kernel_if_idle(kernel_id)


class ShutdownOwnKernel(VoilaShutdownKernelHandler):
    """A closing page's request to shut its kernel down, accepted from this server's pages."""

    def check_xsrf_cookie(self) -> None:
        origin = self.request.headers.get("Origin")
        if origin is None or urlparse(origin).netloc != self.request.host:
            raise tornado.web.HTTPError(403, "only this server's own pages may do that")


class ClassroomVoila(Voila):
    """Voila that stops with its kernels on SIGINT as on SIGTERM, lets pages end their kernels,
    and serves only its own host names and, on the school network, only the class."""

    class_code = Unicode("", help="the class code students need (on the school network)").tag(
        config=True
    )
    max_kernels = Integer(0, help="at most this many kernels (0: no cap)").tag(config=True)
    lan_address = Unicode("", help="the address students type (on the school network)").tag(
        config=True
    )
    language = Unicode(
        i18n.DEFAULT, help="the language of the landing page and the server's words"
    ).tag(config=True)

    warm = List(Unicode(), help="pages whose kernels start before anyone asks").tag(config=True)
    warm_kernels = Integer(1, help="warm kernels kept ready for each warm page").tag(config=True)

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        i18n.use(self.language)
        if self.warm:
            self.preheat({page: self.warm_kernels for page in self.warm})
        signal.signal(signal.SIGINT, self._handle_signal_stop)

    def preheat(self, pools: dict[str, int]) -> None:
        """Keep this many kernels ready for each page, each having run its page already (Voila's
        preheating: the page is shown without waiting for a kernel); no other page is warm."""
        self.voila_configuration.preheat_kernel = True
        self.voila_configuration.default_pool_size = 0
        sizes = {page: {"pool_size": size} for page, size in pools.items()}
        sizes["default"] = {"pool_size": 0}
        self.update_config(Config({"VoilaKernelManager": {"kernel_pools_config": sizes}}))

    def start(self) -> None:  # Voila's, with our application class
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        names = [*LOOPBACK_NAMES, self.lan_address] if self.lan_address else LOOPBACK_NAMES
        url = student_url(self.lan_address, self.port, self.class_code) if self.lan_address else ""
        self.app = ClassroomApplication(
            hosts={f"{name}:{self.port}" for name in names},
            code=self.class_code,
            url=url,
            max_kernels=self.max_kernels,
            landing=f"/voila/render/{self.language}/index.ipynb",
            **settings,
        )
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        self.listen()

    def init_handlers(self) -> list[Any]:
        handlers = super().init_handlers()
        ours = {VoilaShutdownKernelHandler: ShutdownOwnKernel, TornadoVoilaHandler: ClassroomPage}
        return [(route, ours.get(handler, handler), *rest) for route, handler, *rest in handlers]


def main(argv: list[str] | None = None) -> None:
    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
