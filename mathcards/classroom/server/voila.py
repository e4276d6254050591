"""Voila, as the classroom runs it, in this process: stopping it (Ctrl-C or SIGTERM to its PID)
shuts down Voila and every kernel it started.

- SIGINT and SIGTERM both stop the event loop, then Voila shuts every kernel down.
- A page's own "shut my kernel down" request (sent as the tab closes) succeeds: Voila's handler
  refuses it with 403 because a beacon carries no XSRF token (voila#1458); ours accepts it when
  the request comes from this server's own pages (its `Origin` is the server's `Host`).
- Warm pages (`warm`): Voila keeps a kernel (or `warm_kernels`) ready for each, having run
  the page already, so the page opens without waiting for a kernel (see `seats`); the pages a
  class opens together (`class_pages`) keep `class_size` ready, so a whole class opens them at
  once on warm kernels.
- A warm page's kernel is replaced as it is handed out, but the new one starts only when no
  page is being made (`pools`), so that starting it does not slow any page down.
- A page's message to its kernel is at most `MOST_PAGE_MESSAGE` (a bigger one closes its
  websocket), and its kernel makes no widget a page asks for (`widgets/kernel.py`).
- Every request passes the gate (`gate`), and a lesson page needs a seat (`seats`); a page
  never hangs and never dies in silence (`alive`: it carries what it says when its connection
  drops).
- The secrets come through a pipe from `mathcards serve` (`handover`), never in `ps` nor in
  this process's environment, and are read at once, before any kernel starts: the class code
  (`CODE_ENV`), the teacher's code (`TEACHER_CODE_ENV`) and the class book's address
  (`MATHCARDS_DB`, which may carry a password). No kernel sees them.
- The address students type and its QR code (or, on the laptop alone, the lessons' address) are
  printed once the server answers there (`announce`), not before: a student who scans at once
  gets the page, not "connection refused".
- Each page's templates are compiled once per server, not once per page (`templates`).
- The log leaves out the contents manager's "Notebook … is not trusted", one a page, which
  hid the class address the teacher reads (`logs`).
- What a page loads (`assets`): no MathJax (the lessons' formulas are MathML: `formulas`),
  Voila's scripts and the lab extensions' files kept by the browser for a year, every answer
  compressed when the browser accepts it.
"""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import ssl
import tempfile
from typing import Any
from urllib.parse import urlparse

import tornado.web
from jupyter_server.base.handlers import FileFindHandler
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.ioloop import IOLoop
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
from mathcards.classroom.live import rooms
from mathcards.classroom.play import calls as play_calls
from mathcards.classroom.protocol import API, SERVICE_ENV, TICKET_HEADER
from mathcards.classroom.server import alive, formulas, handover
from mathcards.classroom.server.address import LOOPBACK_NAMES, qr_for_terminal, student_url
from mathcards.classroom.server.assets import (
    LabExtensionFiles,
    TemplateFiles,
    VoilaScripts,
    page_config,
    static_version,
)
from mathcards.classroom.server.capacity import SEATS_PER_CLIENT, warm_pools
from mathcards.classroom.server.cli import CODE_ENV, TEACHER_CODE_ENV
from mathcards.classroom.server.gate import ClassroomApplication
from mathcards.classroom.server.logs import quieten
from mathcards.classroom.server.seats import ClassroomPage
from mathcards.classroom.server.templates import compile_templates_once, render_markdown_once
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service import collector
from mathcards.classroom.service.classservice import open_service
from mathcards.classroom.service.door import Door, listening
from mathcards.classroom.teacher import page as teacher_page
from mathcards.i18n import _

MOST_PAGE_MESSAGE = 256 * 1024  # bytes of one message a page sends its kernel (an answer: 1 KB)
ASKING_SECONDS = 0.1  # how often the server asks itself whether it answers yet, as it starts


SECRETS = (CODE_ENV, TEACHER_CODE_ENV, BOOK_ENV)  # read by the server, never by a kernel


def take_secrets() -> dict[str, str]:
    """The class code, the teacher's code and the class book's address, as `mathcards serve`
    handed them over (`handover`), else taken out of this process's environment (the kernels
    inherit what is left)."""
    return handover.take(os.environ, SECRETS)


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
    class_pages = List(Unicode(), help="pages a class opens together").tag(config=True)
    class_size = Integer(0, help="warm kernels kept ready for each class page").tag(config=True)
    certfile = Unicode("", help="serve HTTPS with this certificate (PEM)").tag(config=True)
    keyfile = Unicode("", help="the certificate's private key (PEM)").tag(config=True)
    teacher_code = ""  # from the environment (`take_secrets`), as the class book's address
    book_url = ""

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        quieten(self.log)  # its contents manager's, too: no "Notebook … is not trusted"
        secrets = take_secrets()  # before any kernel inherits them
        self.class_code = self.class_code or secrets[CODE_ENV]
        self.teacher_code, self.book_url = secrets[TEACHER_CODE_ENV], secrets[BOOK_ENV]
        i18n.use(self.language)
        self.scripts_version = static_version(self.static_paths)
        hook = functools.partial(page_config, version=self.scripts_version)
        self.voila_configuration.page_config_hook = hook
        self.voila_configuration.http_header_envs = [TICKET_HEADER]
        self.door_socket = listening()  # the kernels' door, on a free port of this machine's own
        os.environ[SERVICE_ENV] = f"http://127.0.0.1:{self.door_socket.getsockname()[1]}{API}"
        filters = {**formulas.FILTERS, **alive.FILTERS}
        # The notebook is checked against its schema once, after Voila's preprocessors, not after
        # each of them: the server's CPU a page of the class lesson
        exporter = {"filters": filters, "optimistic_validation": True}
        self.update_config(Config({"VoilaExporter": exporter}))
        if os.name == "posix":  # kernels talk over sockets in files, never TCP ports that a
            # crowd of kernels starting at once can take from each other (ZMQError)
            self.update_config(Config({"KernelManager": {"transport": "ipc"}}))
        pools = warm_pools(self.warm, self.warm_kernels, self.class_pages, self.class_size)
        if pools:
            self.preheat(pools)
        signal.signal(signal.SIGINT, self._handle_signal_stop)

    def preheat(self, pools: dict[str, int]) -> None:
        """Keep this many kernels ready for each page, each having run its page already (Voila's
        preheating: the page is shown without waiting for a kernel); no other page is warm."""
        self.voila_configuration.preheat_kernel = True
        self.voila_configuration.default_pool_size = 0
        sizes = {page: {"pool_size": size} for page, size in pools.items()}
        sizes["default"] = {"pool_size": 0}
        pools_config = {"kernel_pools_config": sizes, "fill_delay": 0}  # in its turn: `pools`
        self.update_config(Config({"VoilaKernelManager": pools_config}))

    def start(self) -> None:  # Voila's, with our application class
        compile_templates_once()
        render_markdown_once()
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        settings["websocket_max_message_size"] = MOST_PAGE_MESSAGE  # else 10 MB a message
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
        if self.seats_per_address:  # an address brings a lesson as many students as its seats
            class_service.newcomers.most = self.seats_per_address
        opened = rooms.open_rooms(class_service)
        calls = [
            *book_calls.routes(class_service),
            *rooms.routes(opened),
            *play_calls.routes(class_service),
        ]
        ours = [*calls, *teacher_page.routes(class_service, teacher_code)]
        self.app.add_handlers(".*$", [*ours, *self.init_handlers()])
        if self.ip not in ("0.0.0.0", "::", "", *LOOPBACK_NAMES):
            self.app.listen(self.port, "127.0.0.1")  # the teacher's page, on the laptop only
        self.kernels_door = Door(calls, lanes=rooms.lanes(opened))
        IOLoop.current().add_callback(
            self.kernels_door.start, self.door_socket
        )  # the kernels call here
        IOLoop.current().add_callback(self.announce, url)
        collector.started()
        self.listen()

    async def announce(self, class_url: str) -> None:
        """Once this server answers at the address the class types (or, on the laptop alone, at
        its loopback address), print that address, with its QR code on the school network."""
        host, scheme = self.lan_address or "127.0.0.1", "https" if self.certfile else "http"
        await answering(f"{scheme}://{host}:{self.port}/mathcards/class.json")
        if class_url:
            print(qr_for_terminal(class_url), end="")
            students = _("Students open {url}  (class code {code}; Ctrl+C to stop)")
            print(students.format(url=class_url, code=self.class_code), flush=True)
        else:
            serving = _("Serving the lessons at {url}  (Ctrl+C to stop)")
            print(serving.format(url=f"http://127.0.0.1:{self.port}/"), flush=True)

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


async def answering(url: str) -> None:
    """Until `url` answers at all (a refusal is an answer: on the school network the server
    refuses whoever has not the class code)."""
    client = AsyncHTTPClient()
    while True:
        try:
            await client.fetch(url, raise_error=False, request_timeout=10, validate_cert=False)
            return
        except (OSError, HTTPClientError):  # not listening yet, or no answer in time
            await asyncio.sleep(ASKING_SECONDS)
