"""The seats of the class: at most `max_kernels` pages open (or opening) at once, as many as
this machine's memory holds; beyond them, a friendly "the class is full, try again in a moment"
page at once (HTTP 503), not a spinner. Warm kernels (`--warm`), which Voila keeps ready in its
pools for a page, take no seat and stay clear of the culler until a page takes one; the culler
skips a kernel that is still starting (`last_activity` not set yet) instead of logging
"unsupported operand type(s) for -: 'datetime.datetime' and 'NoneType'". A kernel that dies
while starting is replaced, and a page that cannot open says to reload (`alive`)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from typing import Any

import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards.classroom import alive
from mathcards.classroom.refused import refused_page
from mathcards.i18n import _

KERNEL_MEMORY = 150 * 2**20  # what a lesson's kernel takes, about (bench/classroom.py measures)
ROOM_TO_SPARE = 2 * 2**30  # for the system, the browser on the teacher's laptop, Voila itself
PREHEAT = "VOILA_PREHEAT"  # set in the environment of the kernels Voila starts for its pools
HEARTBEAT = "<script>window.voila_heartbeat()</script>\n"  # what Voila sends while a page waits


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
        self.pid: int | None = None  # the process of that kernel that answered


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
        places.kernels.mend_pools()
        warm = places.kernels.get_pool_size(page) > 0 if page else False
        self.opening: Opening | None = None if warm else places.take()
        OPENING.set(self.opening)
        return super().prepare()

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        """Voila's page, sent as it is made; a page whose kernel would not start, or died while
        it was made, ends at once with a page in its own language that says to reload."""
        sent = False
        try:
            async with contextlib.aclosing(self.get_generator(path=path)) as page:
                async for html in page:
                    if html == HEARTBEAT and not await self._kernel_lives():
                        raise alive.NoKernel("the page's kernel died while the page was made")
                    self.write(html)
                    self.flush()
                    sent = True
        except tornado.web.HTTPError:
            raise  # Voila's own answer: no such page, …
        except alive.NoKernel as error:
            self.log.error("The page %s could not open: %s", path, error)
            self._not_opened(alive.page_language(path or ""), sent)
        except Exception:  # "Kernel died before replying to kernel_info", …
            self.log.exception("The page %s could not open", path)
            self._not_opened(alive.page_language(path or ""), sent)

    def _not_opened(self, language: str, sent: bool) -> None:
        """End the page with the one that says to reload (in place of what was sent of it)."""
        if sent:
            self.finish(alive.not_opened_script(language))
            return
        self.clear()
        self.set_status(503)
        self.set_header("Cache-Control", "no-store")
        self.finish(alive.not_opened(language))

    async def _kernel_lives(self) -> bool:
        """Whether the kernel started for this page still runs the process that answered (a
        kernel restarted meanwhile has lost the page)."""
        opening = getattr(self, "opening", None)
        if opening is None or opening.kernel_id is None:
            return True  # a warm page's kernel: its failure reaches the page as an error
        kernel = self.kernel_manager._kernels.get(opening.kernel_id)
        if kernel is None or not await kernel.is_alive():
            return False
        provisioner = getattr(kernel, "provisioner", None)
        return opening.pid is None or getattr(provisioner, "pid", None) == opening.pid

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
    the warm ones' clocks running, and gives a page that lost its connection a whole idle period
    to come back; it hands out only kernels that have answered (one that dies while starting is
    replaced), and each kernel it starts for a page being opened is written down on that page's
    `Opening`."""

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """A kernel that has answered: one that dies while starting (or stays silent) is shut
        down and another started in its place, up to `START_ATTEMPTS` in all (then `NoKernel`)."""
        opening = OPENING.get()
        warm = kwargs.get("env", {}).get(PREHEAT) == "True"  # a pool's, not the page's
        for attempt in range(1, alive.START_ATTEMPTS + 1):
            try:
                kernel_id = str(await super().start_kernel(*args, **kwargs))
            except Exception:  # it would not even launch
                self.log.exception("A kernel would not launch (attempt %d)", attempt)
                continue
            if opening is not None and not warm:
                opening.kernel_id = kernel_id
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and await alive.answers(kernel):
                if opening is not None and not warm:
                    opening.pid = getattr(kernel.provisioner, "pid", None)
                return kernel_id
            self.log.warning(
                "Kernel %s died while starting (attempt %d of %d)",
                kernel_id,
                attempt,
                alive.START_ATTEMPTS,
            )
            await self._discard(kernel_id)
        raise alive.NoKernel(f"no kernel would start after {alive.START_ATTEMPTS} attempts")

    async def _discard(self, kernel_id: str) -> None:
        """Shut down a kernel that died while starting (it may be gone already)."""
        if kernel_id in self._kernels:
            with contextlib.suppress(Exception):
                await super().shutdown_kernel(kernel_id, now=True)

    def mend_pools(self) -> None:
        """Drop from Voila's pools (`--warm`) the kernels that would not start, and start others
        in their place (a page would otherwise be handed one, and Voila's shutdown would fail)."""
        fill = getattr(self, "fill_if_needed", None)  # Voila's, when it keeps pools
        for page, pool in getattr(self, "_pools", {}).items():
            failed = [task for task in pool if task.done() and not _ready(task)]
            for task in failed:
                pool.remove(task)
            if failed and fill is not None:
                self.log.warning("%d warm kernel(s) of %s would not start", len(failed), page)
                fill(notebook_name=page)

    def warming(self) -> int:
        """How many kernels Voila's pools hold or are filling (`--warm`; else none)."""
        return sum(len(pool) for pool in getattr(self, "_pools", {}).values())

    def warm(self) -> list[str]:
        """The warm kernels ready in Voila's pools, each waiting for a page."""
        return [
            task.result()["kernel_id"]
            for pool in getattr(self, "_pools", {}).values()
            for task in pool
            if task.done() and _ready(task)
        ]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut a kernel down; one being restarted (its page has gone to a fresh kernel) once it
        has restarted, where jupyter_client fails with "Exception is not set"."""
        kernel = self._kernels.get(kernel_id)
        deadline = asyncio.get_running_loop().time() + alive.ANSWER_SECONDS
        while (ready := getattr(kernel, "ready", None)) is not None and not ready.done():
            left = deadline - asyncio.get_running_loop().time()  # a restart: stopped, then started
            if left <= 0:
                break
            with contextlib.suppress(Exception):  # it failed, or took too long: shut it down
                await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(ready)), left)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's connection went: its kernel's idle clock starts again, so the page has a
        whole idle period to come back (a phone whose screen locked) before the culler ends it."""
        super().notify_disconnect(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

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


def _ready(task: Any) -> bool:
    """Whether a finished task of Voila's pools holds a warm kernel (not an error)."""
    return not task.cancelled() and task.exception() is None
