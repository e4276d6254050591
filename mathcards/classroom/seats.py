"""The seats of the class: at most `max_kernels` pages open (or opening) at once, as many as
this machine's memory holds; beyond them, a friendly "the class is full, try again in a moment"
page at once (HTTP 503), not a spinner. Warm kernels (`--warm`), which Voila keeps ready in its
pools for a page, take no seat and stay clear of the culler until a page takes one; the culler
skips a kernel that is still starting (`last_activity` not set yet) instead of logging
"unsupported operand type(s) for -: 'datetime.datetime' and 'NoneType'"."""

from __future__ import annotations

import contextvars
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards.classroom.refused import refused_page
from mathcards.classroom.service import hand_ticket
from mathcards.i18n import _

KERNEL_MEMORY = 150 * 2**20  # what a lesson's kernel takes, about (bench/classroom.py measures)
ROOM_TO_SPARE = 2 * 2**30  # for the system, the browser on the teacher's laptop, Voila itself
PREHEAT = "VOILA_PREHEAT"  # set in the environment of the kernels Voila starts for its pools


def default_max_kernels(warm: int = 0) -> int:
    """As many kernels as this machine's memory holds beside `warm` warm ones, leaving room for
    everything else."""
    import psutil  # type: ignore[import-untyped]

    return max(1, (psutil.virtual_memory().total - ROOM_TO_SPARE) // KERNEL_MEMORY - warm)


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


class Opening:
    """A page being opened: it holds a place among `max_kernels` until it ends, with the id of
    the kernel started for it (counted once, not as a kernel and again as a page)."""

    def __init__(self) -> None:
        self.kernel_id: str | None = None


OPENING: contextvars.ContextVar[Opening | None] = contextvars.ContextVar("opening", default=None)


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
        hand_ticket(self, self.application.service)
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
