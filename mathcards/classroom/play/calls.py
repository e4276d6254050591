"""The tables' calls, under /mathcards/api/play/ (`protocol.play.PlayPath`): a student's page asks
what it sees (`GET me?after=V`), sends a move (`POST moves`), steps through its review (`GET
review?frame=N`); the teacher's projector asks for the wall (`GET wall?after=V`), starts the
tables (`POST tables`) and names the debrief's student or not (`POST debrief`). Each is the
`TableKeeper`'s, with this call's browser as the identity."""

from __future__ import annotations

from typing import Any, cast

from mathcards.classroom.play.keeper import TableKeeper
from mathcards.classroom.protocol import API, CallRefusal
from mathcards.classroom.protocol.play import (
    PLAY,
    DebriefBody,
    PlayMoveBody,
    PlayPath,
    TablesBody,
)
from mathcards.classroom.service.calls import Identity, KernelCall
from mathcards.classroom.service.classservice import ClassService


class PlayCall(KernelCall):
    """A call of the tables' pages."""

    keeper: TableKeeper

    def initialize(  # type: ignore[override]
        self, service: ClassService, keeper: TableKeeper, identity: Identity | None = None
    ) -> None:
        super().initialize(service, identity)
        self.keeper = keeper

    def number(self, name: str) -> int | None:
        """A whole number in the address (`?after=`, `?frame=`), None if it is not there."""
        sent = self.get_query_argument(name, None)
        if not sent:
            return None
        try:
            return int(sent)
        except ValueError:
            self.refuse(CallRefusal.BAD_REQUEST)


class AtTableCall(PlayCall):
    """GET ?after=V: what this student sees (AtTableView), once it changed past V."""

    async def get(self) -> None:
        await self.answer(self.keeper.seat(self.device, self.number("after")))


class TableMoveCall(PlayCall):
    """POST PlayMoveBody: this student's move, checked and kept; what they see then."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(PlayMoveBody, self.body()))
        await self.answer(self.keeper.move(self.device, sent))


class ReviewCall(PlayCall):
    """GET ?frame=N: this student's game after move N, as they saw it (FrameSeen)."""

    async def get(self) -> None:
        await self.answer(self.keeper.frame(self.device, self.number("frame") or 0))


class WallCall(PlayCall):
    """GET ?after=V: what the projector shows (PlayWallView), once it changed past V."""

    for_teacher = True

    async def get(self) -> None:
        await self.answer(self.keeper.wall(self.number("after")))


class TablesCall(PlayCall):
    """POST TablesBody: the teacher starts the tables."""

    for_teacher = True

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(TablesBody, self.body()))
        await self.answer(self.keeper.start(sent))


class DebriefCall(PlayCall):
    """POST DebriefBody: the debrief names the costliest decision's student, or not."""

    for_teacher = True

    async def post(self) -> None:
        named = cast(DebriefBody, self.body()).get("named") is True
        await self.answer(self.keeper.show_name(named))


CALLS: dict[PlayPath, type[PlayCall]] = {
    PlayPath.ME: AtTableCall,
    PlayPath.MOVES: TableMoveCall,
    PlayPath.REVIEW: ReviewCall,
    PlayPath.WALL: WallCall,
    PlayPath.TABLES: TablesCall,
    PlayPath.DEBRIEF: DebriefCall,
}


def routes(
    service: ClassService,
    api: str = API,
    identity: Identity | None = None,
    keeper: TableKeeper | None = None,
) -> list[tuple[str, type[PlayCall], dict[str, Any]]]:
    """The tables' calls, each under `api`play/, their caller known by `identity` (None: the
    page's ticket); `keeper` the class's (a new one if None)."""
    keeper = keeper or TableKeeper(service)
    kwargs = {"service": service, "keeper": keeper, "identity": identity}
    return [(api + PLAY + path, call, kwargs) for path, call in CALLS.items()]
