"""A class's live game as the class service's calls reach it: every change queued in order of
arrival on the class book's one queue and run in the writer thread (`service.writer`), the
changes next to each other judged together, and the long-polls that wait for the next change.
`?after=V` waits (at most `LONGEST_WAIT` seconds) until the game's version is past V; a
countdown running closes its round when it ends (docs/design.md#the-long-poll)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, Generic

from mathcards.book import BookUnavailable
from mathcards.classroom.live.events import Payload
from mathcards.classroom.live.kind import Engine, LiveKind, Projected, Seated, Snapshot
from mathcards.classroom.live.log import LiveLog, Pending
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.writer import Call

LONGEST_WAIT = 20.0  # seconds a long-poll is held at most
LINGER = 0.05  # seconds a long-poll woken by a change waits for the changes arriving with it
SEAT_LINGER = 0.5  # a student's: their verdict comes with their answer, their place can wait
TIMER_SLACK = 0.05  # seconds after a countdown's end that the service closes the round


class Live(Generic[Engine, Projected, Seated]):
    """The live game (of `kind`) of the service's class, and the long-polls waiting for its
    next change."""

    def __init__(
        self,
        service: ClassService,
        kind: LiveKind[Engine, Projected, Seated],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service, self.clock = service, clock
        self.log = LiveLog(service.book_of, service.class_name, kind, clock)
        self.waiting: dict[
            str | None, asyncio.Event
        ] = {}  # who waits → woken when their view changes
        self.shown: Snapshot[Projected, Seated] | None = None  # the snapshot polls last woke to
        service.lives.append(self)  # a rename or a forget reaches this game at once
        self.log.away = service.presence.away  # whose pages are gone: not counted as here
        service.presence.listeners.append(self.moved)
        self.recounts: set[asyncio.Future[None]] = set()  # the room counted again, under way

    async def change(self, payload: Payload, name: str = "") -> Any:
        """One change of the game, in its turn: what the engine returned (or its refusal). The
        writer hands the changes that arrived together to `take` at once: kept in one write,
        shown once; the long-polls woken."""
        try:
            return await self.service.together(Pending(payload, name), self.take)
        finally:
            self.wake()

    async def run(self, call: Callable[..., Any], *args: Any) -> Any:
        """Another call that may change the game, in its turn."""
        try:
            return await self.service.run(call, *args)
        finally:
            self.wake()

    def take(self, calls: list[Call]) -> None:
        """(In the writer thread.) The changes that arrived together, judged in order of
        arrival and kept in one write: each call told what the engine returned, or why not."""
        pending = self.log.changes([call.item for call in calls])
        for call, change in zip(calls, pending, strict=True):
            call.outcome, call.problem = change.outcome, change.problem

    async def snapshot(self) -> Snapshot[Projected, Seated]:
        """The newest snapshot, loaded from the book first if need be; the round closed first
        when its time is up."""
        log = self.log
        if not log.loaded or log.snapshot.expired(self.clock()):
            await self.run(log.expire)
        return log.snapshot

    async def watch(
        self,
        after: int | None,
        who: Callable[[], str | None] = lambda: None,
        linger: float = LINGER,
    ) -> Snapshot[Projected, Seated]:
        """The snapshot once it changed past version `after` for the student `who()` is now (a
        student who joins while the poll waits sees their own view at once; None: the
        projector, any change), at most `LONGEST_WAIT` seconds; a poll that waited lingers
        `LINGER` seconds more, so that the answers arriving together come in one reply."""
        loop = asyncio.get_running_loop()
        end = loop.time() + LONGEST_WAIT
        snapshot = await self.snapshot()
        waited = False
        while after is not None and snapshot.version_for(who()) <= after and loop.time() < end:
            changed = self.waiting.setdefault(who(), asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), end - loop.time())
            snapshot, waited = await self.snapshot(), True
        if waited and snapshot.version_for(who()) > (after or 0):
            await asyncio.sleep(linger)
            snapshot = await self.snapshot()
        return snapshot

    def wake(self) -> None:
        """The long-polls whose view changed look again, once a new snapshot is out (the
        answers of one batch wake them once, not once an answer; a hall of 300 students is not
        woken for each classmate's answer), the projector's and a browser's not yet in the room
        at any change; a countdown running closes its round when it ends."""
        before, snapshot = self.shown, self.log.snapshot
        if snapshot is before:
            return
        self.shown = snapshot
        for name in list(self.waiting):
            if (
                name is None
                or before is None
                or snapshot.version_for(name) != before.version_for(name)
            ):
                self.waiting.pop(name).set()
        until = self.log.snapshot.countdown.until
        if until is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, until - self.clock()) + TIMER_SLACK
            loop.call_later(delay, lambda: asyncio.ensure_future(self.time_up()))

    def moved(self, device: str) -> None:
        """A browser's page came or went (on the server's loop): the projector's count of who
        is here changes, if that browser's student is in the room."""
        name = self.log.names.get(device)
        if name is not None and name in self.log.snapshot.in_room:
            counting = asyncio.ensure_future(self.recount())
            self.recounts.add(counting)  # held until done: a task nothing holds may be lost
            counting.add_done_callback(self.recounts.discard)

    async def recount(self) -> None:
        """A new version for the projector, its room counted again (a book that is down: at
        the next change)."""
        with contextlib.suppress(BookUnavailable):
            await self.run(self.log.moved)

    async def time_up(self) -> None:
        """A countdown's end: its round closes (a book that is down closes it at the next call)."""
        with contextlib.suppress(BookUnavailable):
            await self.snapshot()
