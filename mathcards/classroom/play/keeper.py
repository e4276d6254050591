"""The tables' time and their long-polls, on the server's loop: every change runs in the class
service's writer thread (`PlayRoom`, kept before it is answered), then the pages waiting wake;
a page that stops asking is away (`gone` seconds after its last question ended, none under
way), and its seat is the expert's once the table's away time has passed; it is back the
moment it asks again. The moves a table makes by itself are made when the room says they are
due, on timers of the server's loop (docs/design.md#tables-in-the-class-service)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from mathcards.classroom.play.room import PACE, Clock, PlayRoom
from mathcards.classroom.play.views import frame_seen
from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.play import AtTableView, FrameSeen, PlayWallView
from mathcards.classroom.service.caller import CallRefused
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.games import GameRefused

LONGEST_WAIT = 10.0  # seconds a long-poll is held at most: a page asleep stops asking soon
GONE_SECONDS = 3.0  # a page that has not asked again this long after its last answer is gone
RETRY_SECONDS = 2.0  # a move a table could not make by itself (the book down) is tried again
MOST_DEVICES = 10_000  # browsers whose student is remembered, the oldest forgotten first
Result = TypeVar("Result")
log = logging.getLogger("mathcards.classroom")


@dataclass
class Asking:
    """A student whose page asks: their nickname, its questions under way, when the last ended."""

    name: str
    polls: int = 0
    last: float = 0.0


class TableKeeper:
    """The class's tables (`room`) as the pages reach them: each call's identity is a
    parameter (a browser, `device`), so the laptop's handlers, the Hub's and the tests call
    the same methods."""

    def __init__(
        self,
        service: ClassService,
        *,
        clock: Clock = time.monotonic,
        pace: float = PACE,
        gone: float = GONE_SECONDS,
        wait: float = LONGEST_WAIT,
        rng: random.Random | None = None,
    ) -> None:
        self.service, self.clock, self.gone, self.wait = service, clock, gone, wait
        self.room = PlayRoom(service.book_of, service.class_name, clock, pace)
        self.rng = rng or random.SystemRandom()
        self.students: OrderedDict[str, tuple[int, str]] = OrderedDict()  # browser → student
        self.asking: dict[int, Asking] = {}  # the students whose page has asked, by id
        self.here_version = self.room.versions.next()  # who is here changed
        self.changed = asyncio.Event()
        self.timers: dict[int, tuple[float, asyncio.TimerHandle]] = {}
        self.resting: dict[int, float] = {}  # a table whose move failed → when to try again
        self.running: set[asyncio.Future[Any]] = set()
        service.rooms.append(self)  # a commit that failed, a forget: read again from the book

    # ------------------------------------------------------------ the writer, then the pages

    async def run(self, call: Callable[..., Result], *args: Any) -> Result:
        """`call(*args)` in the writer thread, the sitting loaded first; once kept, the pages
        waiting wake and the tables' timers are set again."""
        room = self.room

        def work() -> Result:
            room.load()
            return call(*args)

        try:
            return await self.service.run(work)
        finally:
            self.wake()
            self.schedule()

    def wake(self) -> None:
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    async def watch(self, view: Callable[[], Mapping[str, Any]], after: int | None) -> Any:
        """`view()` once its version is past `after`, at most `wait` seconds."""
        if not self.room.loaded:
            await self.run(lambda: None)
        loop = asyncio.get_running_loop()
        end, seen = loop.time() + self.wait, view()
        while after is not None and seen["version"] <= after and loop.time() < end:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), end - loop.time())
            seen = view()
        return seen

    # ------------------------------------------------------------ a student

    async def student(self, device: str) -> tuple[int, str] | None:
        """This browser's student (id, nickname) in the class book, None before they join."""
        known = self.students.get(device)
        if known is not None:
            return known
        found = await self.service.run(self.look_up, device)
        if found is None:
            return None
        self.students[device] = (found.id, found.nickname)
        while len(self.students) > MOST_DEVICES:
            self.students.popitem(last=False)
        return self.students[device]

    def look_up(self, device: str) -> Any:
        """(In the writer thread.) The browser's student in the class book; on the Hub, where
        a student is their Hub user, joined under their Hub name the first time."""
        enrol = getattr(self.service, "enrol", None)  # HubClassService's
        if enrol is not None:
            enrol(device)
        return self.service.book_of().student_for(device, self.service.class_name)

    async def seat(self, device: str, after: int | None = None) -> AtTableView:
        """What this browser's student sees, once it changed past `after`; asking, they are in
        the room, and their seat is theirs again if it was away."""
        student = await self.student(device)
        if student is None:
            return await self.watch(lambda: self.seat_view(None, None), after)
        number, name = student
        came = not self.here(number)  # into the room, or back to it
        asking = self.asking.setdefault(number, Asking(name))
        asking.name, asking.polls = name, asking.polls + 1
        if came:
            self.here_changed()
        try:
            if self.is_away(number):
                await self.run(self.room.back, number)
            view: AtTableView = await self.watch(lambda: self.seat_view(number, name), after)
        finally:
            asking.polls, asking.last = asking.polls - 1, self.clock()
            asyncio.get_running_loop().call_later(self.gone, self.check_gone, number)
        return view

    async def move(self, device: str, sent: Mapping[str, Any]) -> AtTableView:
        """The student's move (PlayMoveBody), kept; what they see then."""
        number, name = await self.joined(device)
        await self.run(self.room.move, number, sent)
        return self.seat_view(number, name)

    async def frame(self, device: str, frame: int) -> FrameSeen:
        """The student's game after move `frame`, as they saw it (their game is over)."""
        number, _name = await self.joined(device)
        played = self.room.tables.get(self.room.shown.at.get(number, -1))
        review = None if played is None else played.reviews.get(number)
        if review is None:
            raise GameRefused(CallRefusal.NOT_OVER)
        return frame_seen(review, frame)

    async def joined(self, device: str) -> tuple[int, str]:
        student = await self.student(device)
        if student is None:
            raise KeyError("this browser has not joined the class")
        return student

    def seat_view(self, student: int | None, name: str | None) -> AtTableView:
        """What student N sees now."""
        shown = self.room.shown
        played = None if student is None else self.room.tables.get(shown.at.get(student, -1))
        at = None if played is None else played.shown
        if student is None or at is None or student not in at.seats:
            return {
                "version": shown.began,
                "sitting": shown.sitting,
                "name": name,
                "table": None,
                "player": None,
                "view": None,
                "legal": [],
                "review": None,
            }
        player, view, legal = at.seats[student]
        return {
            "version": at.version,
            "sitting": shown.sitting,
            "name": name,
            "table": at.seen,
            "player": player,
            "view": view,
            "legal": legal,
            "review": at.reviews.get(student),
        }

    # ------------------------------------------------------------ who is here

    def here(self, student: int) -> bool:
        """Does the student's page ask now, or did it within `gone` seconds?"""
        asking = self.asking.get(student)
        return asking is not None and (asking.polls > 0 or self.clock() - asking.last < self.gone)

    def is_away(self, student: int) -> bool:
        played = self.room.tables.get(self.room.shown.at.get(student, -1))
        if played is None or played.shown is None:
            return False
        player = played.shown.seats.get(student, ("",))[0]
        return any(seat["away"] for seat in played.shown.seen["seats"] if seat["player"] == player)

    def here_changed(self) -> None:
        self.here_version = self.room.versions.next()
        self.wake()

    def check_gone(self, student: int) -> None:
        """`gone` seconds after a page's question ended: if it has not asked again, it is
        gone, and the student's seat away."""
        if self.here(student) or student not in self.asking:
            return
        self.here_changed()
        if self.room.shown.at.get(student) is not None and not self.is_away(student):
            self.later(self.run(self.room.away, student))

    def room_now(self) -> dict[int, str]:
        """The students whose page is here, in the order they first came."""
        return {number: asking.name for number, asking in self.asking.items() if self.here(number)}

    # ------------------------------------------------------------ the teacher

    async def wall(self, after: int | None = None) -> PlayWallView:
        return await self.watch(self.wall_view, after)

    def wall_view(self) -> PlayWallView:
        shown = self.room.shown
        return {
            "version": max(shown.version, self.here_version),
            "sitting": shown.sitting,
            "game": shown.game,
            "room": list(self.room_now().values()),
            "tables": [played.shown.seen for played in shown.tables if played.shown],
            "debrief": shown.debrief,
            "class_url": self.service.class_url,
        }

    async def start(self, sent: Mapping[str, Any]) -> PlayWallView:
        """A new sitting (TablesBody) for the students in the room now; one the rules refuse
        is refused with their sentence (`detail`), for the teacher's page to say."""
        try:
            await self.run(self.room.start, sent, self.room_now(), self.rng)
        except GameRefused:
            raise
        except ValueError as problem:
            raise CallRefused(CallRefusal.BAD_REQUEST, str(problem)) from None
        return self.wall_view()

    async def show_name(self, named: bool) -> PlayWallView:
        await self.run(self.room.show_name, named)
        return self.wall_view()

    # ------------------------------------------------------------ the tables by themselves

    def schedule(self) -> None:
        """A timer for each table that will move by itself, at the moment the room says."""
        loop = asyncio.get_running_loop()
        dues = dict(self.room.dues)
        for table in list(self.timers):
            if dues.get(table) is None:
                self.timers.pop(table)[1].cancel()
        for table, due in dues.items():
            if due is None:
                continue
            due = max(due, self.resting.get(table, due))
            set_for = self.timers.get(table)
            if set_for is not None and set_for[0] == due:
                continue
            if set_for is not None:
                set_for[1].cancel()
            delay = max(0.0, due - self.clock())
            self.timers[table] = (due, loop.call_later(delay, self.tick, table))

    def tick(self, table: int) -> None:
        self.timers.pop(table, None)
        self.later(self.ticked(table))

    async def ticked(self, table: int) -> None:
        try:
            await self.run(self.room.tick, table)
        except Exception as problem:  # the book down: the table tries again a little later
            log.warning("table %d could not move by itself: %s", table, problem)
            self.resting[table] = self.clock() + RETRY_SECONDS
            self.schedule()
        else:
            self.resting.pop(table, None)

    def later(self, work: Any) -> None:
        """Run `work` on the loop; held until done (a task nothing holds may be lost)."""
        task = asyncio.ensure_future(work)
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        task.add_done_callback(lambda done: done.cancelled() or done.exception())

    # ------------------------------------------------------------ the class book changed

    def lost(self) -> None:
        """(A commit failed, in the writer thread.) The sitting is read again when next asked."""
        self.room.unload()

    def name_taken(self, name: str) -> None:
        """(In the writer thread.) A new student: nobody at a table yet, nothing to do."""

    async def reread(self) -> None:
        """A student renamed or forgotten: names and seats read again from the class book."""
        self.students.clear()
        self.asking.clear()
        await self.run(self.room.unload)

    async def accommodated(self) -> None:
        """A student's accommodations changed: the tables show none, nothing to do."""
