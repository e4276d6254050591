"""A class's live game in process (`LiveRoom`): the one object every caller of the game calls
(the laptop's HTTP handlers, the Hub's, the tests), with typed methods, the caller's identity a
parameter (`Caller`). Each game's room adds its own (`mam.MamRoom`, `lama_dice.GuessRoom`).

Every change waits on the class book's one queue (the writer's) in order of arrival; the changes
next to each other are judged together. `?after=V` waits (at most `LONGEST_WAIT` seconds) until
the game's version is past V; a countdown running closes its round when it ends
(docs/design.md#the-long-poll)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Generic, cast

from mathcards.book import BookUnavailable
from mathcards.classroom.live.events import Joined, LetIn, LockChanged, Payload, Revealed, TakenOut
from mathcards.classroom.live.kind import Engine, LiveKind, Projected, Seated, Snapshot
from mathcards.classroom.live.log import LiveLog, Pending
from mathcards.classroom.live.teams import placing, teams_asked
from mathcards.classroom.protocol import RoomView
from mathcards.classroom.service.caller import Caller, teacher_only
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.writer import Call
from mathcards.i18n import _
from mathcards.room import LiveRefusal, Refusal

LONGEST_WAIT = 20.0  # seconds a long-poll is held at most
LINGER = 0.05  # seconds a long-poll woken by a change waits for the changes arriving with it
STILL = -1.0  # a student's waits until the game has been still for `QUIET` seconds (at most
QUIET, MOST_STILL = 0.2, 1.0  # `MOST_STILL` after the change that woke it): a class's burst
# of answers comes in one reply after it, not one at each of its batches
TIMER_SLACK = 0.05  # seconds after a countdown's end that the service closes the round


class LiveRoom(Generic[Engine, Projected, Seated]):
    """The live game (of `kind`) of the service's class, what each caller sees of it, and the
    long-polls waiting for its next change."""

    def __init__(
        self,
        service: ClassService,
        kind: LiveKind[Engine, Projected, Seated],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service, self.clock = service, clock
        self.log = LiveLog(service.book_of, service.class_name, kind, clock)
        self.waiting: dict[str | None, asyncio.Event] = {}  # who waits → woken at their change
        self.shown: Snapshot[Projected, Seated] | None = None  # the snapshot polls last woke to
        self.log.away = service.presence.away  # whose pages are gone: not counted as here
        service.presence.listeners.append(self.moved)
        self.recounts: set[asyncio.Future[None]] = set()  # the room counted again, under way
        self.calm = asyncio.Event()  # set once the game has been still (`calmed`)
        self.stirred: float | None = None  # when the game last began to change (loop's time)
        self.calming: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------ a student

    async def join(self, caller: Caller, nickname: str) -> Seated:
        """The caller's browser comes into the room under its class book nickname (joining the
        class book first under `nickname` if it has not yet): what they see now."""
        log = self.log

        def join() -> str:
            log.roster_checked()  # a forgotten browser's name is no longer theirs
            name = log.name_of(caller.device)
            if name is None:  # (on the Hub the student joins under their Hub name)
                log.may_come_in(caller.address)  # else nothing kept: the book only with the room
                joined = self.service.join(caller.device, nickname, caller.address)
                name = log.names[caller.device] = joined  # after a `name_taken` reload
            log.change(Joined(), name)
            return name

        name = await self.run(join)
        return self.seat_of(log.snapshot, name)

    async def seat(self, caller: Caller, after: int | None = None) -> Seated:
        """What the caller's student sees, once the game has moved past version `after` for
        them (None: now)."""
        if self.log.roster_due():  # a student forgotten meanwhile is out of the room
            await self.run(self.log.roster_checked)
        await self.name(caller)  # the class book's nickname, remembered (None: not joined yet)

        def who() -> str | None:  # the student this browser is now: they may join meanwhile
            return self.log.names.get(caller.device)

        snapshot = await self.watch(after, who, STILL)
        return self.seat_of(snapshot, who())

    async def name(self, caller: Caller) -> str | None:
        """The caller's nickname in the class book (None if they have not joined the class)."""
        known = self.log.names.get(caller.device)
        if known is not None:
            return known
        return cast(str | None, await self.run(self.log.name_of, caller.device))

    async def student_change(self, caller: Caller, payload: Payload) -> Any:
        """The caller's change (an answer, a guess), in order of arrival: what the engine
        returned once it is kept."""
        name = await self.name(caller)
        if name is None:
            raise LiveRefusal(_("join the class first"), Refusal.NOT_JOINED)
        return await self.change(payload, name)

    def seat_of(self, snapshot: Snapshot[Any, Seated], name: str | None) -> Seated:
        """What student `name` sees in `snapshot`, with the round's seconds left now."""
        kind = self.log.kind
        view = snapshot.students.get(name or "") or kind.student(snapshot, name)
        fresh = snapshot.fresh.get(name or "")
        seen = cast(Seated, {**view, **fresh}) if fresh else view
        return kind.student_at(seen, snapshot.seconds_left(self.clock()))

    # ------------------------------------------------------------ the teacher

    async def projector(self, caller: Caller, after: int | None = None) -> Projected:
        """What the projector shows, once the game has moved past version `after` (None: now)."""
        teacher_only(caller)
        await self.run(self.log.roster_checked)  # a student forgotten elsewhere: off the wall
        return self.projected(await self.watch(after))

    async def lock(self, caller: Caller, locked: bool) -> Projected:
        """The room locked (no one new comes in), or opened again."""
        return await self.act(caller, lambda: self.change(LockChanged(bool(locked))))

    async def remove(self, caller: Caller, name: str) -> Projected:
        """The teacher takes a student out of the room: they stay out from a new browser at the
        addresses of their pages open now, unless a classmate in the room has a page open from
        one."""
        teacher_only(caller)
        await self.change(TakenOut(), name)
        return await self.act(caller, lambda: self.run(self.shut_out, name))

    async def admit(self, caller: Caller, name: str) -> Projected:
        """The teacher lets a student they took out back into the room."""
        teacher_only(caller)
        await self.change(LetIn(), name)
        return await self.act(caller, lambda: self.run(self.log.let_in, name))

    async def reveal(self, caller: Caller) -> Projected:
        """The round's answers (MAM!), the question's answer (LAMA Dice) shown to the class."""
        return await self.act(caller, lambda: self.change(Revealed()))

    async def make_teams(self, caller: Caller, sent: Mapping[str, Any]) -> Projected:
        """Teams of a size (2 to 4) shuffled from the students here (not those whose pages are
        gone: they join the smallest team when they come back) or made by hand (students by
        id), or none (`TeamsBody`), between rounds."""
        teacher_only(caller)
        log = self.log

        def made() -> Any:
            log.load()
            if log.game is None:
                raise LiveRefusal(
                    _("there is no live game: the teacher starts one"), Refusal.NO_GAME
                )
            gone = log.away_names()
            here = [name for name in log.game.room.names() if name not in gone]
            return log.together(teams_asked(here, log.ids_in_room(), sent))

        return await self.act(caller, lambda: self.run(made))

    async def place(self, caller: Caller, student: object, team: object) -> Projected:
        """The teacher puts a student (by id) in a team (by number), between rounds."""
        teacher_only(caller)
        log = self.log

        def placed() -> Any:
            ids = log.ids_in_room()
            count = log.game.teams.count if log.game is not None else 0
            return log.together([placing(ids, count, student, team)])

        return await self.act(caller, lambda: self.run(placed))

    async def act(self, caller: Caller, work: Callable[[], Awaitable[Any]]) -> Projected:
        """One of the teacher's changes (refused to anyone else): the projector's view after."""
        teacher_only(caller)
        await work()
        return self.projected(self.log.snapshot)

    def projected(self, snapshot: Snapshot[Projected, Any]) -> Projected:
        """The projector's view in `snapshot`, with the class address to show the students."""
        kind = self.log.kind
        view = kind.projector_at(snapshot.projector, snapshot.seconds_left(self.clock()))
        shown = cast(RoomView, dict(view))
        shown["class_url"] = self.service.class_url
        return cast(Projected, shown)

    def shut_out(self, name: str) -> None:
        """(In the writer thread.) `name` stays out from their pages' addresses."""
        log, tickets = self.log, self.service.tickets
        present = set(log.game.room.names()) if log.game is not None else set()
        theirs = {device for device, known in log.names.items() if known == name}
        others = {device for device, known in log.names.items() if known in present}
        log.shut_out(name, tickets.addresses(theirs), tickets.addresses(others))

    # ------------------------------------------------------------ the class book changed

    def lost(self) -> None:
        """(In the writer thread.) A commit failed: the game had again from the class book."""
        self.log.unload()

    def name_taken(self, name: str) -> None:
        """(In the writer thread.) A new student of the class is called `name`."""
        self.log.name_taken(name)

    async def reread(self) -> None:
        """A student renamed or forgotten: the game read again from the class book."""
        await self.run(self.log.reload)

    async def accommodated(self) -> None:
        """The teacher changed a student's accommodations: shown at once."""
        await self.run(self.log.accommodated)

    # ------------------------------------------------------------ in turn

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
        `LINGER` seconds more, so that the answers arriving together come in one reply (a
        student's: until the game is still, `STILL`). A student's view that is, after the
        linger, the one the reply to their own change told them is waited past: their page
        has it (a hall that answers a round before it is still is not answered twice)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + LONGEST_WAIT
        snapshot = await self.snapshot()
        while True:
            waited = False
            while after is not None and snapshot.version_for(who()) <= after and loop.time() < end:
                changed = self.waiting.setdefault(who(), asyncio.Event())
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout_at(end):  # no task of its own, as wait_for makes
                        await changed.wait()
                snapshot, waited = await self.snapshot(), True
            if not waited or snapshot.version_for(who()) <= (after or 0):
                return snapshot
            await (self.calmed() if linger == STILL else asyncio.sleep(linger))
            snapshot = await self.snapshot()
            if not told(snapshot, who()):
                return snapshot
            after = snapshot.version_for(who())

    def wake(self) -> None:
        """The long-polls whose view changed look again, once a new snapshot is out (the
        answers of one batch wake them once, not once an answer; a hall of 300 students is not
        woken for each classmate's answer), the projector's and a browser's not yet in the room
        at any change; a student whose own change this snapshot replies to is told it by that
        reply, not woken; a countdown running closes its round when it ends."""
        before, snapshot = self.shown, self.log.snapshot
        if snapshot is before:
            return
        self.shown = snapshot
        self.stir()
        for name in list(self.waiting):
            if name is None or before is None or changed(name, before, snapshot):
                self.waiting.pop(name).set()
        until = self.log.snapshot.countdown.until
        if until is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, until - self.clock()) + TIMER_SLACK
            loop.call_later(delay, lambda: asyncio.ensure_future(self.time_up()))

    def stir(self) -> None:
        """The game changed: it is still again `QUIET` seconds after its last change (at most
        `MOST_STILL` after the first of them)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        self.stirred = now if self.stirred is None else self.stirred
        if self.calming is not None:
            self.calming.cancel()
        self.calming = loop.call_at(min(now + QUIET, self.stirred + MOST_STILL), self.settle)

    def settle(self) -> None:
        self.stirred, self.calming, calm = None, None, self.calm
        self.calm = asyncio.Event()
        calm.set()

    async def calmed(self) -> None:
        """Until the game is still (at once if it is)."""
        if self.calming is not None:
            await self.calm.wait()

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


def told(snapshot: Snapshot[Any, Any], name: str | None) -> bool:
    """Is student `name`'s view in `snapshot` the one the reply to their own change told them?"""
    return name is not None and snapshot.told.get(name) == snapshot.version_for(name)


def changed(name: str, before: Snapshot[Any, Any], after: Snapshot[Any, Any]) -> bool:
    """Has student `name`'s view changed from `before` to `after`, but for the version the
    reply to their own change told them?"""
    return after.version_for(name) != before.version_for(name) and not told(after, name)
