"""Who has a page there now: the server's notices of its pages' connections (a page connected,
a page gone longer than the server's bound, a page's kernel ended), by the browser (device)
each page's ticket names. The live games count who is in the room by it; a student who left
keeps their place, their scores and their records, and counts again once back.

On the Hub each student's own server gives the notices of its pages (`hub.pages`), each page
known by its Hub user and kernel. A browser no server gave notice of (a test's page without a
kernel) counts as there, as every browser did before the servers noticed their pages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

MOST_KNOWN = 10_000  # browsers remembered as away at most; beyond, the longest known go first


class Presence:
    """The pages there now and the browsers they speak for (`device_of`: a page's kernel → its
    browser, from its ticket); each browser that comes or goes is told to the `listeners`."""

    def __init__(self, device_of: Callable[[str], str | None] = lambda kernel: None) -> None:
        self.device_of = device_of
        self.pages: dict[str, str] = {}  # a page's kernel → its browser, once it connected
        self.there: set[str] = set()  # the kernels whose page is there now
        self.open: Counter[str] = Counter()  # each browser's pages there now
        self.known: dict[str, None] = {}  # the browsers noticed, oldest first, there or not
        self.listeners: list[Callable[[str], None]] = []

    def away(self, device: str) -> bool:
        """Has this browser no page there now, though the server noticed one of its pages?"""
        return device in self.known and not self.open[device]

    def came(self, kernel: str, device: str | None = None) -> None:
        """The page of `kernel` connected (or connected again): the page of `device`, when the
        caller knows it (a student's server on the Hub), else of its ticket's browser."""
        device = self.pages.get(kernel) or device or self.device_of(kernel)
        if device is None or kernel in self.there:
            return
        back = self.away(device)
        self.pages[kernel] = device
        self.there.add(kernel)
        self.open[device] += 1
        self.known.pop(device, None)
        self.known[device] = None
        while len(self.known) > MOST_KNOWN:
            del self.known[next(iter(self.known))]
        if back:
            self._tell(device)

    def went(self, kernel: str) -> None:
        """The page of `kernel` is gone: its connection went longer ago than the server's
        bound, or its kernel ended."""
        if kernel not in self.there:
            return
        self.there.discard(kernel)
        device = self.pages[kernel]
        self.open[device] -= 1
        if not self.open[device]:
            del self.open[device]
            self._tell(device)

    def ended(self, kernel: str) -> None:
        """The kernel of a page ended: the page is gone for good."""
        self.went(kernel)
        self.pages.pop(kernel, None)

    def _tell(self, device: str) -> None:
        for listener in list(self.listeners):
            listener(device)
