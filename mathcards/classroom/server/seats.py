"""The seats of the class: at most `max_kernels` pages open (or opening) at once, as many as
this machine's memory holds, at most `seats_per_client` of them held by one device and at most
`seats_per_address` by one address (a script that throws its cookies away still has one
address; a school's NAT puts a class behind one, so that bound is generous); the teacher's own
laptop is not counted against either. A page opens only for a browser that has its device
cookie: one without it is given it and sent to the same page again, taking no seat (a browser
that keeps no cookies is told so). Beyond the seats, a friendly page at once (the class is
full: HTTP 503; this device, or this address, has its pages open: 429), not a spinner. Warm
kernels (`--warm`), which Voila keeps ready in its pools for a page, take no seat and stay
clear of the culler until a page takes one; the culler skips a kernel that is still starting
(`last_activity` not set yet) instead of logging "unsupported operand type(s) for -:
'datetime.datetime' and 'NoneType'". A page never hangs, and a kernel that dies while
starting is replaced (`alive`)."""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any
from urllib.parse import parse_qsl, urlencode

from jupyter_server._tz import utcnow

from mathcards import i18n
from mathcards.classroom.server.alive import AlivePage
from mathcards.classroom.server.clients import (
    address_of,
    device_of,
    from_this_machine,
    remember_device,
)
from mathcards.classroom.server.pools import PoolKernels, calm_of
from mathcards.classroom.server.refused import reader_language, refused_page
from mathcards.classroom.service.tickets import Ticket, Tickets, hand_ticket

COOKIE_CHECK = "cookie"  # the query parameter of the way back, once a device cookie was set


class Opening:
    """A page being opened by a client from an address: it holds a seat until it ends, then
    its kernel does (the one started for it, or the warm one it was handed), and so does its
    ticket."""

    def __init__(self, client: str, ticket: Ticket | None = None, address: str = "") -> None:
        self.client, self.ticket, self.address = client, ticket, address
        self.kernel_id: str | None = None


class Places:
    """The seats of the class: at most `limit` pages' kernels, counting pages still being
    opened and not the warm kernels that wait in Voila's pools (`--warm`); at most `per_client`
    of them held by one client, `per_address` by one address (0: no such cap)."""

    def __init__(
        self,
        limit: int,
        kernels: Any,
        per_client: int = 0,
        tickets: Tickets | None = None,
        per_address: int = 0,
    ) -> None:
        self.limit, self.kernels, self.per_client = limit, kernels, per_client
        self.per_address = per_address
        self.tickets = tickets  # each page's, kept while its kernel runs
        self.opening: list[Opening] = []
        self.holders: dict[str, str] = {}  # a page's kernel → the client who opened the page
        self.addresses: dict[str, str] = {}  # a page's kernel → the address it was opened from

    def clients(self) -> dict[str, int]:
        """How many seats each client holds now: its pages' kernels still running, and its
        pages still being opened."""
        running = set(self.kernels.list_kernel_ids())
        self.holders = {kernel: c for kernel, c in self.holders.items() if kernel in running}
        if self.tickets is not None:
            self.tickets.keep_only(running)
        held = Counter(self.holders.values())
        held.update(o.client for o in self.opening if o.kernel_id not in self.holders)
        return dict(held)

    def held_from(self, address: str) -> int:
        """How many seats the pages opened from this address hold now."""
        running = set(self.kernels.list_kernel_ids())
        self.addresses = {k: a for k, a in self.addresses.items() if k in running}
        kept = sum(1 for held in self.addresses.values() if held == address)
        return kept + sum(
            1 for o in self.opening if o.address == address and o.kernel_id not in self.addresses
        )

    def held(self, client: str) -> int:
        """How many seats the client holds now."""
        return self.clients().get(client, 0)

    def taken(self) -> int:
        return sum(self.clients().values())

    def full(self) -> bool:
        return self.limit > 0 and self.taken() >= self.limit

    def crowded(self, client: str) -> bool:
        """Whether the client holds as many seats as one client may."""
        return self.per_client > 0 and self.held(client) >= self.per_client

    def crowded_from(self, address: str) -> bool:
        """Whether the pages opened from this address hold as many seats as one address may."""
        return self.per_address > 0 and self.held_from(address) >= self.per_address

    def take(self, client: str, ticket: Ticket | None = None, address: str = "") -> Opening:
        opening = Opening(client, ticket, address)
        self.opening.append(opening)
        return opening

    def seat(self, opening: Opening, kernel_id: str) -> None:
        """The page being opened has its kernel: the seat is the kernel's from now on, and the
        page's ticket is good while the kernel runs."""
        opening.kernel_id = kernel_id
        self.holders[kernel_id] = opening.client
        if opening.address:
            self.addresses[kernel_id] = opening.address
        if opening.ticket is not None and self.tickets is not None:
            self.tickets.admit(opening.ticket, kernel_id)

    def leave(self, opening: Opening) -> None:
        if opening in self.opening:
            self.opening.remove(opening)

    async def free(self, client: str) -> int:
        """Free the client's seats (for the teacher's page): shut its pages' kernels down.
        Returns how many; a page still being opened keeps its seat until it is open."""
        kernels = [kernel for kernel, c in self.holders.items() if c == client]
        freed = 0
        for kernel in kernels:
            with contextlib.suppress(KeyError):  # gone meanwhile
                await self.kernels.shutdown_kernel(kernel)
                freed += 1
            self.holders.pop(kernel, None)
            self.addresses.pop(kernel, None)
        return freed


class PageKernels:
    """The kernel manager as one page being opened sees it: the kernel the page gets, started
    for it or warm from a pool, takes the page's seat."""

    def __init__(self, kernels: Any, places: Places, opening: Opening) -> None:
        self._kernels, self._places, self._opening = kernels, places, opening

    def __getattr__(self, name: str) -> Any:
        return getattr(self._kernels, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = str(await self._kernels.start_kernel(*args, **kwargs))
        self._places.seat(self._opening, kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        with calm_of(self._kernels).wanting():  # the pool's next kernel starts at once for it
            render_task, rendered, kernel_id = await self._kernels.get_rendered_notebook(
                *args, **kwargs
            )
        self._places.seat(self._opening, kernel_id)
        return render_task, rendered, kernel_id


class ClassroomPage(AlivePage):
    """A lesson page, opened only for a browser with its device cookie, while the class has
    room and its device and its address have a seat to spare."""

    opening: Opening | None = None

    @property
    def kernel_manager(self) -> Any:
        kernels = self.settings["kernel_manager"]
        if self.opening is None:
            return kernels
        return PageKernels(kernels, self.application.places, self.opening)

    def prepare(self) -> Any:
        here = from_this_machine(self.request)
        language = reader_language(self.request)
        words = i18n.catalogue(language)
        if not here and device_of(self) is None:
            return self._come_again(words, language)
        device = remember_device(self)  # this machine's own browser may have none yet
        places: Places = self.application.places
        client, address = device, address_of(self.request)
        if not here and not self._paced(client):
            title = words.gettext("Too many pages asked for")
            sentence = words.gettext(
                "This device has asked for many pages in a minute. Wait a moment, then open "
                "the page again."
            )
            return self._refuse(429, title, sentence, language)
        if places.full():
            title = words.gettext("The class is full")
            sentence = words.gettext(
                "Every seat on this computer is taken. Try again in a moment: "
                "a seat comes free when someone closes their page."
            )
            return self._refuse(503, title, sentence, language)
        if not here and places.crowded(client):
            title = words.gettext("Your pages are open already")
            sentence = words.ngettext(
                "This device has {n} lesson page open already. Close it, then open this one.",
                "This device has {n} lesson pages open already. Close one of them, then open "
                "this one.",
                places.per_client,
            ).format(n=places.per_client)
            return self._refuse(429, title, sentence, language)
        if not here and places.crowded_from(address):
            title = words.gettext("Too many pages from this network")
            sentence = words.gettext(
                "The devices at this address have as many lesson pages open as one address "
                "may. Close a page, or ask your teacher."
            )
            return self._refuse(429, title, sentence, language)
        service = self.application.service
        ticket = hand_ticket(self, service.tickets if service is not None else None, device)
        self.opening = places.take(client, ticket, "" if here else address)
        calm_of(self.settings["kernel_manager"]).begin()  # no pool kernel starts meanwhile
        return super().prepare()

    def _come_again(self, words: Any, language: str) -> None:
        """A browser without its device cookie is given one and sent to the same page again,
        taking no seat; one that comes again still without it keeps no cookies."""
        if self.get_query_argument(COOKIE_CHECK, ""):
            title = words.gettext("This browser keeps no cookies")
            sentence = words.gettext(
                "The lessons need one cookie to know this device. Allow cookies for this "
                "address, then open the page again."
            )
            return self._refuse(403, title, sentence, language)
        remember_device(self)
        self.set_header("Cache-Control", "no-store")
        again = [*parse_qsl(self.request.query), (COOKIE_CHECK, "1")]
        self.redirect(f"/{self.request.path.lstrip('/')}?{urlencode(again)}")
        return None

    def _paced(self, client: str) -> bool:
        """Within the pages a minute an address and a device may ask for."""
        app = self.application
        return app.pages_by_address.allows(address_of(self.request)) and (
            app.pages_by_device.allows(client)
        )

    def page_kernel(self) -> str | None:
        return self.opening.kernel_id if self.opening is not None else None

    def _refuse(self, status: int, title: str, sentence: str, language: str) -> None:
        self.set_status(status)
        self.set_header("Retry-After", "10")
        self.set_header("Cache-Control", "no-store")
        self.finish(refused_page(title, sentence, language))

    def on_finish(self) -> None:
        self._leave()
        super().on_finish()

    def on_connection_close(self) -> None:
        self._leave()
        super().on_connection_close()

    def _leave(self) -> None:
        if self.opening is not None:
            self.application.places.leave(self.opening)
            calm_of(self.settings["kernel_manager"]).end()
            self.opening = None


class ClassroomKernelManager(PoolKernels):
    """Voila's kernel manager, with a culler that keeps the warm ones' clocks running; as
    `AliveKernels` it leaves kernels still starting alone and hands out only kernels that
    answered, and it starts the pools' kernels only when no page is being made (`pools`)."""

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
