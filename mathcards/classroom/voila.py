"""Voila, as the classroom runs it, in this process: stopping it (Ctrl-C or SIGTERM to its PID)
shuts down Voila and every kernel it started.

- SIGINT and SIGTERM both stop the event loop, then Voila shuts every kernel down.
- A page's own "shut my kernel down" request (sent as the tab closes) succeeds: Voila's handler
  refuses it with 403 because a beacon carries no XSRF token (voila#1458); ours accepts it when
  the request comes from this server's own pages (its `Origin` is the server's `Host`).
- Warm pages (`warm`): Voila keeps a kernel (or `warm_kernels`) ready for each, having run
  the page already, so the page opens without waiting for a kernel (see `seats`).
- Every request passes the gate (`gate`), and a lesson page needs a seat (`seats`).
- Every page carries the words it says when its connection drops (`alive`).
"""

from __future__ import annotations

import signal
import tempfile
from typing import Any
from urllib.parse import urlparse

import tornado.web
from traitlets import Integer, List, Unicode
from traitlets.config import Config
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards import i18n
from mathcards.classroom import alive
from mathcards.classroom.address import LOOPBACK_NAMES, student_url
from mathcards.classroom.gate import ClassroomApplication
from mathcards.classroom.seats import ClassroomPage


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
        self.carry_words()
        signal.signal(signal.SIGINT, self._handle_signal_stop)

    def carry_words(self) -> None:
        """Give every page what it says when its connection drops, in every language, and the
        server's language (the template's `resources.mathcards`): offline, it cannot ask."""
        words = {"words": alive.watch_words(), "language": self.language}
        resources = {**self.voila_configuration.resources, "mathcards": words}
        self.voila_configuration.config.VoilaConfiguration.resources = resources

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
