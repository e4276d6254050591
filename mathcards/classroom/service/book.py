"""The class book's calls of a page's kernel, under /mathcards/api/ (`protocol.BookPath`): who
this browser is, joining the class, a practice set step by step, a game played at a table move
by move (and found again), a decision exercise answered, the class's open assignments, practice
at the student's level. Each is
run in the class service's writer thread and answered once it is committed."""

from __future__ import annotations

from typing import Any, cast

from mathcards.classroom.protocol import API, BookPath, route
from mathcards.classroom.protocol.book import (
    DecisionBody,
    GameBody,
    JoinBody,
    MoveBody,
    SetBody,
    StepBody,
)
from mathcards.classroom.protocol.level import LevelBody, LevelStepBody
from mathcards.classroom.service.calls import Identity, KernelCall
from mathcards.classroom.service.classservice import ClassService


class MeCall(KernelCall):
    """GET: who this browser is, and their open practice set of `?game=`; a name to suggest
    in the page's language (`?lang=`)."""

    async def get(self) -> None:
        game, language = self.get_query_argument("game", "mam"), self.get_query_argument("lang", "")
        await self.answer(self.service.run(self.service.me, self.device, game, language))


class JoinClassCall(KernelCall):
    """POST JoinBody: this browser joins the class under a nickname."""

    async def post(self) -> None:
        nickname = self.typed(cast(dict[str, Any], cast(JoinBody, self.body())), "nickname")
        joining = self.service.run(self.service.join, self.device, nickname, self.address())
        await self.answer(joining)


class SetsCall(KernelCall):
    """POST SetBody: a practice set begins."""

    async def post(self) -> None:
        settings = cast(SetBody, self.body())
        await self.answer(self.service.run(self.service.start_set, self.device, settings))


class StepsCall(KernelCall):
    """POST StepBody: a step of practice set N, an answer, a hint or the next deal."""

    async def post(self, set_id: str) -> None:
        step = cast(StepBody, self.body())
        self.typed(cast(dict[str, Any], step), "typed")  # too long: refused as too long
        service = self.service
        await self.answer(service.run(service.record_step, self.device, int(set_id), step))


class SetFinishedCall(KernelCall):
    """POST: practice set N is finished."""

    async def post(self, set_id: str) -> None:
        await self.answer(self.service.run(self.service.finish_set, self.device, int(set_id)))


class GamesCall(KernelCall):
    """POST GameBody: a game played at a table, kept as soon as it is dealt."""

    async def post(self) -> None:
        game = cast(GameBody, self.body())
        await self.answer(self.service.run(self.service.record_game, self.device, game))


class OpenGameCall(KernelCall):
    """GET: the student's game of `?game=` that comes back to its table `?table=` (GameView), or
    None."""

    async def get(self) -> None:
        game, table = self.get_query_argument("game", ""), self.get_query_argument("table", "")
        await self.answer(self.service.run(self.service.open_game, self.device, game, table))


class MovesCall(KernelCall):
    """POST MoveBody: a move of game N, made on the game replayed, kept, then acknowledged."""

    async def post(self, game_id: str) -> None:
        move, service = cast(MoveBody, self.body()), self.service
        await self.answer(service.run(service.record_move, self.device, int(game_id), move))


class GameOverCall(KernelCall):
    """POST: game N is over; its result (GameEnding) as its moves make it, whatever is sent."""

    async def post(self, game_id: str) -> None:
        service = self.service
        await self.answer(service.run(service.finish_game, self.device, int(game_id)))


class DecisionsCall(KernelCall):
    """POST DecisionBody: a decision exercise answered."""

    async def post(self) -> None:
        decision = cast(DecisionBody, self.body())
        await self.answer(self.service.run(self.service.record_decision, self.device, decision))


class AssignmentsCall(KernelCall):
    """GET: the class's open assignments, each with how far this browser's student is."""

    async def get(self) -> None:
        await self.answer(self.service.run(self.service.assignments, self.device))


class LevelCall(KernelCall):
    """POST LevelBody: the student's set at their level in a skill, its item dealt."""

    async def post(self) -> None:
        asked = cast(LevelBody, self.body())
        await self.answer(self.service.run(self.service.level, self.device, asked))


class LevelStepsCall(KernelCall):
    """POST LevelStepBody: a step at the set's item (what was typed, a hint, a choice, the
    next), judged, kept and rated by the service."""

    async def post(self) -> None:
        step = cast(LevelStepBody, self.body())
        self.typed(cast(dict[str, Any], step), "typed")  # too long: refused as too long
        await self.answer(self.service.run(self.service.level_step, self.device, step))


CALLS: dict[BookPath, type[KernelCall]] = {
    BookPath.ME: MeCall,
    BookPath.JOIN: JoinClassCall,
    BookPath.SETS: SetsCall,
    BookPath.STEPS: StepsCall,
    BookPath.SET_FINISHED: SetFinishedCall,
    BookPath.GAMES: GamesCall,
    BookPath.OPEN_GAME: OpenGameCall,
    BookPath.MOVES: MovesCall,
    BookPath.GAME_OVER: GameOverCall,
    BookPath.DECISIONS: DecisionsCall,
    BookPath.ASSIGNMENTS: AssignmentsCall,
    BookPath.LEVEL: LevelCall,
    BookPath.LEVEL_STEPS: LevelStepsCall,
}


def routes(
    service: ClassService, api: str = API, identity: Identity | None = None
) -> list[tuple[str, type[KernelCall], dict[str, Any]]]:
    """The kernels' calls of the class book, each under `api`, its caller known by `identity`
    (None: the page's ticket)."""
    settings = {"service": service, "identity": identity}
    return [(api + route(path), call, settings) for path, call in CALLS.items()]
