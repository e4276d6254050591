"""The live calls over HTTP, under each game's prefix: each handler reads what the page sent and
calls its game's room (`room.LiveRoom`) with the caller (`KernelCall.caller`), answering with
what the room returns. The calls both games share: a student's (`join`, `me`) and the
teacher's (`state`, `lock`, `remove`, `admit`, `reveal`)."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping
from typing import Any, cast

from mathcards.classroom.live.room import LiveRoom
from mathcards.classroom.protocol import (
    CallRefusal,
    LiveJoinBody,
    LockBody,
    PlaceBody,
    RemoveBody,
    TeamsBody,
)
from mathcards.classroom.service.caller import Caller, CallRefused
from mathcards.classroom.service.calls import Identity, KernelCall
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Request


def after_of(request: Request) -> int | None:
    """The version a long-poll waits past (`?after=V`), else None: now."""
    values = request.query_arguments.get("after")
    after = values[-1].decode("utf-8", "replace").strip() if values else ""
    try:
        return int(after) if after else None
    except ValueError:
        raise CallRefused(CallRefusal.BAD_REQUEST) from None


def team_of(sent: Mapping[str, Any]) -> int | None:
    """The team a student's claim says it is for, if it says one (a whole number)."""
    team = sent.get("team")
    if team is not None and (isinstance(team, bool) or not isinstance(team, int)):
        raise CallRefused(CallRefusal.BAD_REQUEST)
    return team


async def seat_asked(room: LiveRoom[Any, Any, Any], caller: Caller, request: Request) -> Any:
    """GET ?after=V: what the caller's student sees of the live game."""
    return await room.seat(caller, after_of(request))


async def projector_asked(room: LiveRoom[Any, Any, Any], caller: Caller, request: Request) -> Any:
    """GET ?after=V: what the projector shows."""
    return await room.projector(caller, after_of(request))


class RoomCall(KernelCall):
    """A live call of a page (a student's or the teacher's projector), to its game's room."""

    room: LiveRoom[Any, Any, Any]

    def initialize(  # type: ignore[override]
        self, service: ClassService, room: LiveRoom[Any, Any, Any], identity: Identity | None = None
    ) -> None:
        super().initialize(service, identity)
        self.room = room

    async def reply(self, work: Awaitable[Any]) -> None:
        """Answer with what the room returns (its refusal, in words)."""
        self.finish({"result": await self.attempt(work)})


class TeacherCall(RoomCall):
    """A live call of the teacher's projector: refused unless it speaks for the teacher (the
    room refuses it too)."""

    for_teacher = True


class JoinCall(RoomCall):
    """POST LiveJoinBody: this browser comes into the live game, under its class book nickname
    (joining the class book first under `nickname` if it has not yet)."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(LiveJoinBody, self.body()))
        await self.reply(self.room.join(self.caller, self.typed(sent, "nickname").strip()))


class SeatCall(RoomCall):
    """GET ?after=V: what this student sees of the live game."""

    async def get(self) -> None:
        await self.reply(seat_asked(self.room, self.caller, self.request))


class StateCall(TeacherCall):
    """GET ?after=V: what the projector shows."""

    async def get(self) -> None:
        await self.reply(projector_asked(self.room, self.caller, self.request))


class LockCall(TeacherCall):
    """POST LockBody: the room is locked (no one new comes in) or opened again."""

    async def post(self) -> None:
        locked = bool(cast(LockBody, self.body()).get("locked", True))
        await self.reply(self.room.lock(self.caller, locked))


class RemoveCall(TeacherCall):
    """POST RemoveBody: the teacher takes a student out of the room."""

    async def post(self) -> None:
        name = self.typed(cast(dict[str, Any], cast(RemoveBody, self.body())), "name")
        await self.reply(self.room.remove(self.caller, name))


class AdmitCall(TeacherCall):
    """POST RemoveBody: the teacher lets a student they took out back into the room."""

    async def post(self) -> None:
        name = self.typed(cast(dict[str, Any], cast(RemoveBody, self.body())), "name")
        await self.reply(self.room.admit(self.caller, name))


class RevealCall(TeacherCall):
    """POST: the round's answers (MAM!), the question's answer (LAMA Dice) are shown."""

    async def post(self) -> None:
        await self.reply(self.room.reveal(self.caller))


class TeamsCall(TeacherCall):
    """POST TeamsBody: teams shuffled from the room, made by hand, or none."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(TeamsBody, self.body()))
        await self.reply(self.room.make_teams(self.caller, sent))


class TeamCall(TeacherCall):
    """POST PlaceBody: the teacher puts a student (by id) in a team."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(PlaceBody, self.body()))
        await self.reply(self.room.place(self.caller, sent.get("student"), sent.get("team")))
