"""A page that never hangs and never dies in silence.

- A kernel started for a page must answer (`kernel_info`) before the page is built on it: one
  that dies while starting is shut down and another started in its place, up to
  `START_ATTEMPTS` in all, and only then is the page given up (`NoKernel`) (`AliveKernels`).
- A page no kernel would start for, or whose kernel died while the page was made, ends at once
  with a page in its own language that says to reload, instead of Voila's endless spinner
  (`AlivePage`).
- A page whose connection went has its kernel for the whole time a page without a connection
  keeps it (`--keep-kernel`), counted from when it went, not from its last click; a page not yet
  connected has at least `FIRST_CONNECTION_SECONDS` to connect, however short the keep.
- A kernel that takes more than `KERNEL_MEMORY` is ended, and its page says it lost its
  connection, as for any kernel that died (`AliveKernels.end_the_greedy`).
- A page whose connection went longer ago than `away_seconds` (a phone asleep, a tab closed),
  or whose kernel ended, is gone: its student no longer counts as in the room until it
  connects again (`presence`, the class service's `Presence`).
- What a page says when its connection drops (the template's `alive.js`), in every language,
  is carried in the page (`connection_words`, a filter of Voila's exporter, here and on the
  Hub): a page without a connection cannot ask for its words.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any, Protocol

import psutil  # type: ignore[import-untyped]
import tornado.web
from jupyter_client.session import Session
from jupyter_server._tz import utcnow
from markupsafe import Markup
from tornado.ioloop import PeriodicCallback
from tornado.iostream import StreamClosedError
from traitlets import Float, Integer
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from mathcards import i18n
from mathcards.classroom.server.activity import WatchedKernels
from mathcards.classroom.server.refused import refused_page
from mathcards.i18n import N_

START_ATTEMPTS = 3  # kernels started for one page before it is given up
ANSWER_SECONDS = 120  # a kernel alive but silent this long at its start is given up (a class's
# kernels starting at once on two cores take half a minute)
FIRST_CONNECTION_SECONDS = 30  # a page made has this long to connect (a phone on a crowded
# Wi-Fi loading the page's scripts, a loaded laptop) before a shorter keep may cull its kernel
KERNEL_MEMORY = 2**30  # bytes a page's kernel may take (a lesson's: 100 to 250 MB)
MEMORY_SECONDS = 5.0  # how often the kernels' memory is looked at
AWAY_SECONDS = 60  # a page's connection gone this long (a phone asleep, a tab closed): its
# student is no longer counted in the room (a page whose kernel ended, at once)
HEARTBEAT = "<script>window.voila_heartbeat()</script>\n"  # what Voila sends while a page waits
FILTERS = {"connection_words": f"{__name__}.connection_words"}  # VoilaExporter.filters

NOT_OPENED = N_("This page did not open")
NOT_STARTED = N_(
    "The computer serving the lessons could not start it. Reload the page to try again."
)
RELOAD = N_("Reload the page")
CONNECTION_WORDS = {
    "reconnecting": N_("Reconnecting…"),
    "lost": N_("This page lost its connection: reload it to carry on."),
    "reload": RELOAD,
}

SWAP = """<script>(function () {
  var found = new DOMParser().parseFromString(PAGE, 'text/html');
  document.replaceChild(document.adoptNode(found.documentElement), document.documentElement);
})();</script>"""


class Notices(Protocol):
    """Who is told of the pages that come and go: the class service's `Presence` on the
    laptop, the class service over HTTP on the Hub (`mathcards.classroom.hub.alive`)."""

    def came(self, kernel: str) -> None: ...
    def went(self, kernel: str) -> None: ...
    def ended(self, kernel: str) -> None: ...


class NoKernel(RuntimeError):
    """No kernel would start for a page: each one tried died or stayed silent."""


def connection_words(_: object = None) -> Markup:
    """What a page says when its connection drops, in every language, as a JavaScript object
    for the page's template (`{{ none | connection_words }}`)."""
    words = {
        language: {
            key: i18n.catalogue(language).gettext(text) for key, text in CONNECTION_WORDS.items()
        }
        for language in i18n.LANGUAGES
    }
    return Markup(json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))


def page_language(path: str) -> str:
    """The language of a lesson page (en/…, pl/…), else the server's."""
    first = path.lstrip("/").split("/", 1)[0]
    return first if first in i18n.LANGUAGES else i18n.language()


def not_opened(language: str) -> str:
    """The page a student gets when no kernel would start for theirs: reload to try again."""
    words = i18n.catalogue(language)
    return refused_page(
        words.gettext(NOT_OPENED), words.gettext(NOT_STARTED), language, words.gettext(RELOAD)
    )


def not_opened_script(language: str) -> str:
    """The same page, for a page already half sent: a script that puts it in the place of what
    came (the answer ends after it)."""
    page = json.dumps(not_opened(language)).replace("</", "<\\/")
    return SWAP.replace("PAGE", page)


async def answers(kernel: Any, seconds: float = ANSWER_SECONDS) -> bool:
    """Whether a kernel that has just started answers `kernel_info` (False: it died first, or
    said nothing for `seconds`). It asks as a client of its own, in a session of its own: the
    page's client connects afresh."""
    own = Session(key=kernel.session.key, signature_scheme=kernel.session.signature_scheme)
    client = kernel.client(session=own)
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=seconds)
        return True
    except RuntimeError:  # "Kernel died before replying to kernel_info", or no answer in time
        return False
    finally:
        client.stop_channels()


async def settled(kernel: Any) -> None:
    """Until a kernel's start, shutdown or restart (a shutdown, then a start) under way has
    ended, `ANSWER_SECONDS` at most (then jupyter_client says what is wrong)."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(ANSWER_SECONDS):
            while not (ready := kernel.ready).done():
                await asyncio.wait([ready])


async def ended(kernel: Any) -> None:
    """The kernel's process, if one still runs, killed and reaped, and what it held let go."""
    provisioner = kernel.provisioner
    if provisioner is not None and await provisioner.poll() is None:
        await provisioner.kill()
        await provisioner.wait()
        await kernel.cleanup_resources()


def later(seconds: float, then: Callable[[], None]) -> asyncio.TimerHandle:
    """`then()` on the server's loop, `seconds` from now (a test's clock may stand in)."""
    return asyncio.get_running_loop().call_later(seconds, then)


class AliveKernels(WatchedKernels):
    """Hands out only kernels that have answered (one that dies while starting is replaced),
    remembers the process that answered, and gives a page whose connection went the whole keep
    (`cull_idle_timeout`) from that moment; tells `presence` of the pages that come and go."""

    first_connection_seconds = Float(
        FIRST_CONNECTION_SECONDS,
        config=True,
        help="How long a page made has to connect before a shorter keep may cull its kernel.",
    )

    kernel_memory = Integer(
        KERNEL_MEMORY,
        config=True,
        help="Bytes of memory a page's kernel may take: one that takes more is ended.",
    )
    memory_seconds = Float(
        MEMORY_SECONDS, config=True, help="How often the kernels' memory is looked at."
    )
    away_seconds = Float(
        AWAY_SECONDS,
        config=True,
        help="How long a page's connection may be gone before its student is not in the room.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.answered: dict[str, int | None] = {}  # a kernel → the process that answered
        self.connected: set[str] = set()  # the kernels a page has connected to
        self.memory_watch: PeriodicCallback | None = None
        self.presence: Notices | None = None  # the class service's, told of pages there
        self.leaving: dict[str, Any] = {}  # a page's kernel → its going, once `away_seconds` end
        self.later: Callable[[float, Callable[[], None]], Any] = later

    def watch_memory(self) -> None:
        """From the first kernel on, look at every kernel's memory now and then
        (`end_the_greedy`)."""
        if self.memory_watch is None:
            self.memory_watch = PeriodicCallback(self.end_the_greedy, 1000 * self.memory_seconds)
            self.memory_watch.start()

    def end_the_greedy(self) -> None:
        """Kill every kernel process whose page has connected and which takes more than
        `kernel_memory`, as a kernel dies: the kernel is restarted in another process, and its
        page says it lost its connection (a page's widgets are bounded, but not everything a
        script could make its kernel hold). Before its page connects, a kernel runs only the
        lesson's own cells."""
        for kernel_id, pid in list(self.answered.items()):
            if kernel_id not in self.connected:
                continue
            try:
                taken = psutil.Process(pid).memory_info().rss if pid is not None else 0
            except psutil.Error:  # gone meanwhile
                continue
            if taken > self.kernel_memory:
                self.log.warning(
                    "Kernel %s took %d MB, more than %d MB a page may: ended",
                    kernel_id,
                    taken // 2**20,
                    self.kernel_memory // 2**20,
                )
                with contextlib.suppress(psutil.Error):  # it may be ending already
                    psutil.Process(pid).kill()  # as a kernel dies: its page is told

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """A kernel that has answered: one that dies while starting (or stays silent) is shut
        down and another started in its place, up to `START_ATTEMPTS` in all (then `NoKernel`)."""
        for attempt in range(1, START_ATTEMPTS + 1):
            try:
                kernel_id = str(await super().start_kernel(*args, **kwargs))
            except Exception:  # it would not even launch
                self.log.exception("A kernel would not launch (attempt %d)", attempt)
                continue
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and await answers(kernel):
                self.answered[kernel_id] = getattr(kernel.provisioner, "pid", None)
                self.watch_memory()
                return kernel_id
            self.log.warning(
                "Kernel %s died while starting (attempt %d of %d)",
                kernel_id,
                attempt,
                START_ATTEMPTS,
            )
            if kernel_id in self._kernels:
                with contextlib.suppress(Exception):  # it may be gone already
                    await super().shutdown_kernel(kernel_id, now=True)
        raise NoKernel(f"no kernel would start after {START_ATTEMPTS} attempts")

    async def lives(self, kernel_id: str) -> bool:
        """Whether the kernel still runs the process that answered when it started (a kernel
        that died and was restarted has lost what its page was built on)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not await kernel.is_alive():
            return False
        first = self.answered.get(kernel_id)
        return first is None or getattr(kernel.provisioner, "pid", None) == first

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut a kernel down, once any restart under way has ended, and begin none meanwhile
        (jupyter_client cannot shut down a kernel whose restart is under way: a page reloaded
        as its dead kernel was being restarted would leave the new one running, and its
        restarter may find the kernel dead as the shutdown begins)."""
        self.answered.pop(kernel_id, None)
        self.connected.discard(kernel_id)
        self._stay(kernel_id)
        if self.presence is not None:
            self.presence.ended(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.stop_restarter()  # no restart begins now: its process would outlive this
            await settled(kernel)
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            if kernel is not None:  # a restart that raced the shutdown: what it started ended,
                await settled(kernel)  # and the kernel no longer the server's
                await ended(kernel)
                if self._kernels.get(kernel_id) is kernel:
                    self.remove_kernel(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self.connected.add(kernel_id)
        self._stay(kernel_id)
        if self.presence is not None:
            self.presence.came(kernel_id)

    def _stay(self, kernel_id: str) -> None:
        """The page of `kernel_id` is not going (any more)."""
        going = self.leaving.pop(kernel_id, None)
        if going is not None:
            going.cancel()

    def _gone(self, kernel_id: str) -> None:
        """The page's connection went `away_seconds` ago and has not come back."""
        self.leaving.pop(kernel_id, None)
        if self.presence is not None:
            self.presence.went(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull as Voila does, but never a kernel gone meanwhile or still starting (its clock
        has not begun), nor one whose page has not yet connected until it has been idle
        `first_connection_seconds` (FIRST_CONNECTION_SECONDS unless configured otherwise)."""
        since = getattr(self._kernels.get(kernel_id), "last_activity", None)
        if since is None:
            return
        idle = (utcnow() - since).total_seconds()
        if kernel_id in self.connected or idle >= self.first_connection_seconds:
            await super().cull_kernel_if_idle(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's connection went: its kernel's idle clock starts again, so that the page has
        the whole keep to come back (a phone whose screen locked) before the culler ends it."""
        super().notify_disconnect(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()
        if self.presence is not None and not self._kernel_connections.get(kernel_id, 0):
            self._stay(kernel_id)
            self.leaving[kernel_id] = self.later(self.away_seconds, lambda: self._gone(kernel_id))


class AlivePage(TornadoVoilaHandler):
    """Voila's page, sent as it is made; a page whose kernel would not start, or died while
    it was made, ends at once with a page in its own language that says to reload."""

    def page_kernel(self) -> str | None:
        """The kernel this page is being made on, once it has one (None: not known)."""
        return None

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        sent = False
        try:
            async with contextlib.aclosing(self.get_generator(path=path)) as page:
                async for html in page:
                    if html == HEARTBEAT and not await self._kernel_lives():
                        raise NoKernel("the page's kernel died while the page was made")
                    self.write(html)
                    self.flush()
                    sent = True
        except tornado.web.HTTPError:
            raise  # Voila's own answer: no such page, …
        except StreamClosedError:
            return  # the reader went away
        except Exception:  # NoKernel, "Kernel died before replying to kernel_info", …
            self.log.exception("The page %s could not open", path)
            self._not_opened(page_language(path or ""), sent)

    def _not_opened(self, language: str, sent: bool) -> None:
        """End the page with the one that says to reload (in place of what was sent of it)."""
        if sent:
            self.finish(not_opened_script(language))
            return
        self.clear()
        self.set_status(503)
        self.set_header("Cache-Control", "no-store")
        self.finish(not_opened(language))

    async def _kernel_lives(self) -> bool:
        kernel_id = self.page_kernel()
        kernels = self.settings["kernel_manager"]
        if kernel_id is None or not isinstance(kernels, AliveKernels):
            return True
        return await kernels.lives(kernel_id)
