"""On the Hub, whose pages are there now: each student's own server tells the class service
when a page of its connects, when its connection has been gone its bound, and when its kernel
ends (`mathcards.classroom.hub.alive`), with the server's own token. The service keys each page
by its caller and kernel, so that a server speaks only for its own user's pages, and remembers
at most `MOST_PAGES` pages of a user (those gone forgotten first, then refused).

Only the Hub's routes have this call: on the laptop the server is the service's own process
and tells its `Presence` itself."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, cast

from mathcards.classroom.protocol import (
    API,
    MOST_KERNEL_ID,
    CallRefusal,
    PresenceBody,
    ServerPath,
)
from mathcards.classroom.service.calls import Identity, KernelCall
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.presence import Presence

MOST_PAGES = 20  # pages of one Hub user remembered: a few tabs, a few reloads


class HubPages:
    """The pages each Hub user's server told of, oldest first, told on to `presence` each as
    f"{device}/{kernel}"."""

    def __init__(self, presence: Presence, most: int = MOST_PAGES) -> None:
        self.presence, self.most = presence, most
        self.of: dict[str, OrderedDict[str, None]] = {}  # a device → its pages' keys

    def came(self, device: str, kernel: str) -> bool:
        """The page connected; False (and nothing told) if its user has `most` pages there."""
        key, pages = f"{device}/{kernel}", self.of.setdefault(device, OrderedDict())
        if key not in pages:
            for gone in [page for page in pages if page not in self.presence.there]:
                if len(pages) < self.most:
                    break
                self.forget(device, gone)
            if len(pages) >= self.most:
                return False
            pages[key] = None
        self.presence.came(key, device)
        return True

    def went(self, device: str, kernel: str) -> None:
        """The page's connection has been gone longer than its server's bound."""
        self.presence.went(f"{device}/{kernel}")

    def forget(self, device: str, key: str) -> None:
        """The page's kernel ended: the page is gone for good."""
        self.presence.ended(key)
        pages = self.of.get(device)
        if pages is not None:
            pages.pop(key, None)
            if not pages:
                del self.of[device]

    def ended(self, device: str, kernel: str) -> None:
        self.forget(device, f"{device}/{kernel}")


class PresenceCall(KernelCall):
    """POST PresenceBody: a page of the caller's own server came, went or ended."""

    pages: HubPages

    def initialize(  # type: ignore[override]
        self, service: ClassService, pages: HubPages, identity: Identity | None = None
    ) -> None:
        super().initialize(service, identity)
        self.pages = pages

    async def post(self) -> None:
        sent = cast(PresenceBody, self.body())
        kernel = self.typed(cast(dict[str, Any], sent), "kernel", MOST_KERNEL_ID)
        here, ended = sent.get("here"), sent.get("ended", False)
        if not kernel or not isinstance(here, bool) or not isinstance(ended, bool):
            self.refuse(CallRefusal.BAD_REQUEST)
        if ended:
            self.pages.ended(self.device, kernel)
        elif not here:
            self.pages.went(self.device, kernel)
        elif not self.pages.came(self.device, kernel):
            self.refuse(CallRefusal.TOO_MANY_PAGES)
        self.finish({"result": None})


def routes(
    service: ClassService, api: str = API, identity: Identity | None = None
) -> list[tuple[str, type[KernelCall], dict[str, Any]]]:
    """The servers' own calls (`ServerPath`), under `api`, by `identity` (the server's token)."""
    settings = {"service": service, "pages": HubPages(service.presence), "identity": identity}
    return [(api + ServerPath.PRESENCE, PresenceCall, settings)]
