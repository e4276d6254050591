"""Voila, as the classroom runs it, in this process: stopping it (Ctrl-C or SIGTERM to its PID)
shuts down Voila and every kernel it started.

- SIGINT and SIGTERM both stop the event loop, then Voila shuts every kernel down.
- A page's own "shut my kernel down" request (sent as the tab closes) succeeds: Voila's handler
  refuses it with 403 because a beacon carries no XSRF token (voila#1458); ours accepts it when
  the request comes from this server's own pages (its `Origin` is the server's `Host`).
- Warm pages (`warm`): Voila keeps a kernel (or `warm_kernels`) ready for each, having run
  the page already, so the page opens without waiting for a kernel (see `seats`).
- A warm page's kernel is replaced `REFILL_SECONDS` after it is handed out (Voila: 1 s), once
  the page has been drawn, so that starting the next kernel does not slow this page down.
- Every request passes the gate (`gate`), and a lesson page needs a seat (`seats`); a page
  never hangs and never dies in silence (`alive`: it carries what it says when its connection
  drops).
- The secrets come in the environment, never in `ps`, and are taken out of it at once, before
  any kernel starts: the class code (`CODE_ENV`), the teacher's code (`TEACHER_CODE_ENV`) and
  the class book's address (`MATHCARDS_DB`, which may carry a password). No kernel sees them.
- What a page loads (`assets`): no MathJax (the lessons' formulas are MathML: `formulas`),
  Voila's scripts and the lab extensions' files kept by the browser for a year, every answer
  compressed when the browser accepts it.
"""

from __future__ import annotations

import functools
import os
import signal
import ssl
import tempfile
from typing import Any
from urllib.parse import urlparse

import tornado.web
from jupyter_server.base.handlers import FileFindHandler
from traitlets import Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.static_file_handler import (  # type: ignore[import-untyped]
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards import i18n
from mathcards.book.records import ENVIRONMENT as BOOK_ENV
from mathcards.classroom.live import lama_dice, mam
from mathcards.classroom.protocol import API, SERVICE_ENV, TICKET_HEADER
from mathcards.classroom.server import alive, formulas
from mathcards.classroom.server.address import LOOPBACK_NAMES, student_url
from mathcards.classroom.server.assets import (
    LabExtensionFiles,
    TemplateFiles,
    VoilaScripts,
    page_config,
    static_version,
)
from mathcards.classroom.server.capacity import SEATS_PER_CLIENT
from mathcards.classroom.server.cli import CODE_ENV, TEACHER_CODE_ENV
from mathcards.classroom.server.gate import ClassroomApplication
from mathcards.classroom.server.seats import ClassroomPage
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import open_service
from mathcards.classroom.teacher import page as teacher_page

REFILL_SECONDS = 5.0  # after a warm kernel is handed out: its page has been drawn by then


SECRETS = (CODE_ENV, TEACHER_CODE_ENV, BOOK_ENV)  # read by the server, never by a kernel


def take_secrets() -> dict[str, str]:
    """The class code, the teacher's code and the class book's address, taken out of this
    process's environment (the kernels inherit what is left)."""
    return {name: os.environ.pop(name, "") for name in SECRETS}


class ShutdownOwnKernel(VoilaShutdownKernelHandler):
    """A closing page's request to shut its kernel down, accepted from this server's pages."""

    def check_xsrf_cookie(self) -> None:
        origin = self.request.headers.get("Origin")
        if origin is None or urlparse(origin).netloc != self.request.host:
            raise tornado.web.HTTPError(403, "only this server's own pages may do that")


class ClassroomVoila(Voila):
    """Voila that stops with its kernels on SIGINT as on SIGTERM, lets pages end their kernels,
    and serves only its own host names and, on the school network, only the class."""

    class_code = Unicode(
        "", help=f"the class code students need (on the school network; else ${CODE_ENV})"
    ).tag(config=True)
    max_kernels = Integer(0, help="at most this many kernels (0: no cap)").tag(config=True)
    seats_per_client = Integer(
        SEATS_PER_CLIENT, help="at most this many pages a device (0: no cap; loopback: none)"
    ).tag(config=True)
    seats_per_address = Integer(
        0, help="at most this many pages an address (0: no cap; loopback: none)"
    ).tag(config=True)
    lan_address = Unicode("", help="the address students type (on the school network)").tag(
        config=True
    )
    language = Unicode(
        i18n.DEFAULT, help="the language of the landing page and the server's words"
    ).tag(config=True)

    class_name = Unicode("class", help="the class whose work the class book keeps").tag(config=True)
    keep_days = Integer(365, help="the class book forgets records older than this").tag(config=True)
    warm = List(Unicode(), help="pages whose kernels start before anyone asks").tag(config=True)
    warm_kernels = Integer(1, help="warm kernels kept ready for each warm page").tag(config=True)
    certfile = Unicode("", help="serve HTTPS with this certificate (PEM)").tag(config=True)
    keyfile = Unicode("", help="the certificate's private key (PEM)").tag(config=True)
    teacher_code = ""  # from the environment (`take_secrets`), as the class book's address
    book_url = ""

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        secrets = take_secrets()  # before any kernel inherits them
        self.class_code = self.class_code or secrets[CODE_ENV]
        self.teacher_code, self.book_url = secrets[TEACHER_CODE_ENV], secrets[BOOK_ENV]
        i18n.use(self.language)
        self.scripts_version = static_version(self.static_paths)
        hook = functools.partial(page_config, version=self.scripts_version)
        self.voila_configuration.page_config_hook = hook
        self.voila_configuration.http_header_envs = [TICKET_HEADER]
        os.environ[SERVICE_ENV] = f"http://127.0.0.1:{self.port}{API}"
        filters = {**formulas.FILTERS, **alive.FILTERS}
        self.update_config(Config({"VoilaExporter": {"filters": filters}}))
        if os.name == "posix":  # kernels talk over sockets in files, never TCP ports that a
            # crowd of kernels starting at once can take from each other (ZMQError)
            self.update_config(Config({"KernelManager": {"transport": "ipc"}}))
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
        pools_config = {"kernel_pools_config": sizes, "fill_delay": REFILL_SECONDS}
        self.update_config(Config({"VoilaKernelManager": pools_config}))

    def start(self) -> None:  # Voila's, with our application class
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        names = [*LOOPBACK_NAMES, self.lan_address] if self.lan_address else LOOPBACK_NAMES
        scheme = "https" if self.certfile else "http"
        url = (
            student_url(self.lan_address, self.port, self.class_code, scheme)
            if self.lan_address
            else ""
        )
        class_service = open_service(self.class_name, self.keep_days, self.log, self.book_url)
        self.app = ClassroomApplication(
            hosts={f"{name}:{self.port}" for name in names},
            code=self.class_code,
            url=url,
            max_kernels=self.max_kernels,
            seats_per_client=self.seats_per_client,
            seats_per_address=self.seats_per_address,
            landing=f"/voila/render/{self.language}/index.ipynb",
            service=class_service,
            tls=self.tls(),
            compress_response=True,
            **settings,
        )
        self.app.settings.update(self.tornado_settings)
        teacher_code = self.teacher_code
        class_service.tickets.teacher_code, class_service.class_url = teacher_code, url
        ours = [
            *book_calls.routes(class_service),
            *mam.routes(class_service),
            *lama_dice.routes(class_service),
            *teacher_page.routes(class_service, teacher_code),
        ]
        self.app.add_handlers(".*$", [*ours, *self.init_handlers()])
        if self.ip not in ("0.0.0.0", "::", "", *LOOPBACK_NAMES):
            self.app.listen(self.port, "127.0.0.1")  # the kernels call the class service here
        self.listen()

    def tls(self) -> ssl.SSLContext | None:
        """HTTPS for the school network, when a certificate is given (else None)."""
        if not self.certfile:
            return None
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.certfile, self.keyfile or None)
        return context

    def init_handlers(self) -> list[Any]:
        ours = {
            VoilaShutdownKernelHandler: ShutdownOwnKernel,
            TornadoVoilaHandler: ClassroomPage,
            FileFindHandler: LabExtensionFiles,
            MultiStaticFileHandler: VoilaScripts,
            TemplateStaticFileHandler: TemplateFiles,
        }
        handlers = []
        for route, handler, *rest in super().init_handlers():
            if handler is MultiStaticFileHandler:  # Voila's scripts: under their version
                rest = [{**rest[0], "version": self.scripts_version}]
            handlers.append((route, ours.get(handler, handler), *rest))
        return handlers
