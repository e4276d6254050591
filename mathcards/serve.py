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
"""

from __future__ import annotations

import signal
import sys
from typing import Any
from urllib.parse import urlparse

import tornado.web
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager, with a culler that leaves kernels still starting alone."""

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
    """Voila that stops with its kernels on SIGINT as on SIGTERM, and lets pages end theirs."""

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        signal.signal(signal.SIGINT, self._handle_signal_stop)

    def init_handlers(self) -> list[Any]:
        handlers = super().init_handlers()
        ours = {VoilaShutdownKernelHandler: ShutdownOwnKernel}
        return [(route, ours.get(handler, handler), *rest) for route, handler, *rest in handlers]


def main(argv: list[str] | None = None) -> None:
    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
