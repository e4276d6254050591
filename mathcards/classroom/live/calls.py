"""The live calls both live games share, under each game's prefix: a student's (`join`, `me`)
and the teacher's (`state`, `lock`, `remove`, `reveal`), each answered with what the caller
sees. Every change runs in the writer thread in order of arrival (`poll.Live`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from mathcards.classroom.live.events import (
    Joined,
    LetIn,
    LockChanged,
    Payload,
    Revealed,
    TakenOut,
)
from mathcards.classroom.live.kind import Snapshot
from mathcards.classroom.live.poll import LINGER, SEAT_LINGER, Live
from mathcards.classroom.protocol import (
    CallRefusal,
    LiveJoinBody,
    LockBody,
    Refusal,
    RemoveBody,
    RoomView,
    SeatView,
)
from mathcards.classroom.service.calls import KernelCall
from mathcards.classroom.service.classservice import ClassService


class LiveCall(KernelCall):
    """A live call of a student's page (by its ticket)."""

    live: Live[Any, Any, Any]

    def initialize(self, service: ClassService, live: Live[Any, Any, Any]) -> None:  # type: ignore[override]
        super().initialize(service)
        self.live = live

    async def seen(
        self,
        view: Callable[[Snapshot[Any, Any]], Any],
        who: Callable[[], str | None] = lambda: None,
        linger: float = LINGER,
    ) -> None:
        """Answer with a view of the snapshot, once it is past `?after=` (for the student
        `who()` is; None: the projector)."""
        after = self.get_query_argument("after", None)
        try:
            since = int(after) if after else None
        except ValueError:
            self.refuse(CallRefusal.BAD_REQUEST)
        snapshot = await self.attempt(self.live.watch(since, who, linger))
        self.finish({"result": view(snapshot)})

    def seat(self, snapshot: Snapshot[Any, SeatView], name: str | None) -> SeatView:
        """What student `name` sees now."""
        kind = self.live.log.kind
        view = snapshot.students.get(name or "") or kind.student(snapshot, name)
        return cast(SeatView, kind.student_at(view, snapshot.seconds_left(self.live.clock())))

    async def name(self) -> str | None:
        """This browser's nickname in the class book (None if it has not joined the class)."""
        known = self.live.log.names.get(self.device)
        if known is not None:
            return known
        return cast(
            str | None, await self.attempt(self.live.run(self.live.log.name_of, self.device))
        )

    async def student_change(self, payload: Payload) -> Any:
        """This student's change (an answer, a guess), in order of arrival: what the engine
        returned once it is kept."""
        name = await self.name()
        if name is None:
            self.refuse(Refusal.NOT_JOINED)
        return await self.attempt(self.live.change(payload, name))


class TeacherCall(LiveCall):
    """A live call of the teacher's projector: refused unless it speaks for the teacher
    (`KernelCall.is_teacher`: on the laptop a teacher's ticket, on the Hub a teacher's token)."""

    for_teacher = True

    async def act(self, work: Awaitable[Any]) -> None:
        """One of the teacher's changes; answered with the projector's view."""
        await self.attempt(work)
        self.finish({"result": self.projector(self.live.log.snapshot)})

    def projector(self, snapshot: Snapshot[Any, Any]) -> RoomView:
        """The projector's view now, with the class address to show the students."""
        kind = self.live.log.kind
        view = kind.projector_at(snapshot.projector, snapshot.seconds_left(self.live.clock()))
        shown = cast(RoomView, dict(view))
        shown["class_url"] = self.service.class_url
        return shown


class JoinLiveCall(LiveCall):
    """POST LiveJoinBody: this browser comes into the live game, under its class book nickname
    (joining the class book first under `nickname` if it has not yet)."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(LiveJoinBody, self.body()))
        nickname = self.typed(sent, "nickname").strip()
        log = self.live.log

        def join() -> str:
            log.roster_checked()  # a forgotten browser's name is no longer theirs
            name = log.name_of(self.device)
            if name is None:  # (on the Hub the student joins under their Hub name)
                log.may_come_in(self.address())  # else nothing kept: the book only with the room
                joined = self.service.join(self.device, nickname, self.address())
                name = log.names[self.device] = joined  # after a `name_taken` reload
            log.change(Joined(), name)
            return name

        name = await self.attempt(self.live.run(join))
        self.finish({"result": self.seat(log.snapshot, name)})


class SeatCall(LiveCall):
    """GET ?after=V: what this student sees of the live game."""

    async def get(self) -> None:
        if self.live.log.roster_due():  # a student forgotten meanwhile is out of the room
            await self.attempt(self.live.run(self.live.log.roster_checked))
        await self.name()  # the class book's nickname, remembered (None: not joined yet)

        def who() -> str | None:  # the student this browser is now: they may join meanwhile
            return self.live.log.names.get(self.device)

        await self.seen(lambda snapshot: self.seat(snapshot, who()), who, SEAT_LINGER)


class StateCall(TeacherCall):
    """GET ?after=V: what the projector shows."""

    async def get(self) -> None:
        await self.attempt(self.live.run(self.live.log.roster_checked))  # forgotten: off the wall
        await self.seen(self.projector)


class LockCall(TeacherCall):
    """POST LockBody: the room is locked (no one new comes in) or opened again."""

    async def post(self) -> None:
        locked = bool(cast(LockBody, self.body()).get("locked", True))
        await self.act(self.live.change(LockChanged(locked)))


class RemoveCall(TeacherCall):
    """POST RemoveBody: the teacher takes a student out of the room."""

    async def post(self) -> None:
        name = self.typed(cast(dict[str, Any], cast(RemoveBody, self.body())), "name")
        await self.attempt(self.live.change(TakenOut(), name))
        await self.act(self.live.run(self.shut_out, name))

    def shut_out(self, name: str) -> None:
        """The student stays out from a new browser at the addresses of their pages open now,
        unless a classmate in the room has a page open from one (in the writer thread)."""
        log, tickets = self.live.log, self.service.tickets
        present = set(log.game.room.names()) if log.game is not None else set()
        theirs = {device for device, known in log.names.items() if known == name}
        others = {device for device, known in log.names.items() if known in present}
        log.shut_out(name, tickets.addresses(theirs), tickets.addresses(others))


class AdmitCall(TeacherCall):
    """POST RemoveBody: the teacher lets a student they took out back into the room."""

    async def post(self) -> None:
        name = self.typed(cast(dict[str, Any], cast(RemoveBody, self.body())), "name")
        await self.attempt(self.live.change(LetIn(), name))
        await self.act(self.live.run(self.live.log.let_in, name))


class RevealCall(TeacherCall):
    """POST: the round's answers (MAM!), the question's answer (LAMA Dice) are shown."""

    async def post(self) -> None:
        await self.act(self.live.change(Revealed()))
