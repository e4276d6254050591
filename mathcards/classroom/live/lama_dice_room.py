"""LAMA Dice live's room (`GuessRoom`): the teacher shows a moment and asks about it, every
student guesses from their own page, the exact answer is revealed, then the dice are rolled the
same on every page, every caller calling its typed methods; and its calls over HTTP, under
/mathcards/api/live/lama_dice/.

- Students: `POST join`, `POST guesses {text}` → `GuessKept` once the guess is kept (the last
  guess counts), `GET me?after=V` → what this student sees, never another's guess.
- The teacher: `POST games` (a new live lesson), `questions {row, llama_row, dice?, asks}` (or
  `{seed, moment, asks}`: a moment of a real game, `known.moment`), `reveal`, `rolls {count,
  seed?}`, `lock {locked}`, `remove {name}`, `admit {name}`, each answered with the
  projector's view; `GET state?after=V` → the projector's view."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from mathcards.classroom.live.calls import (
    AdmitCall,
    JoinCall,
    LockCall,
    RemoveCall,
    RevealCall,
    RoomCall,
    SeatCall,
    StateCall,
    TeacherCall,
    TeamCall,
    TeamsCall,
    team_of,
)
from mathcards.classroom.live.events import DiceRolled, Guessed
from mathcards.classroom.live.lama_dice import LAMA_DICE, asking, question_of
from mathcards.classroom.live.room import LiveRoom
from mathcards.classroom.protocol import API, LAMA_DICE_LIVE, SEEDS, LivePath
from mathcards.classroom.protocol.lama_dice import (
    GuessBody,
    GuessKept,
    LamaDiceProjectorView,
    LamaDiceSeatView,
    RollsBody,
    value_json,
)
from mathcards.classroom.service.caller import Caller, typed
from mathcards.classroom.service.calls import Identity, sent_body
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Request
from mathcards.lama_dice.live import ROLL_COUNTS, Guess, LiveGuessing

SEED_BELOW = 10**5  # a seed the service picks for the rolls: short enough to read aloud


class GuessRoom(LiveRoom[LiveGuessing, LamaDiceProjectorView, LamaDiceSeatView]):
    """A class's live LAMA Dice lesson, as every caller calls it."""

    def __init__(self, service: ClassService, clock: Callable[[], float] = time.time) -> None:
        super().__init__(service, LAMA_DICE, clock)

    async def guess(self, caller: Caller, text: str, team: int | None = None) -> GuessKept:
        """The caller's guess at the open question (the last one counts; in teams, the team's
        first), read once; for their `team`, if the page names it (refused unless theirs)."""
        guessed = Guessed(typed(text).strip(), team=team)
        kept: Guess = await self.student_change(caller, guessed)
        return {"seq": kept.seq, "value": value_json(kept.value), "share": kept.share}

    async def new_lesson(self, caller: Caller) -> LamaDiceProjectorView:
        """A new live lesson for the class."""
        return await self.act(caller, lambda: self.run(self.log.start, {}))

    async def ask(self, caller: Caller, sent: Mapping[str, Any]) -> LamaDiceProjectorView:
        """The next question, about the rows and dice typed or a moment of a real game (a
        ValueError, TypeError or KeyError if it is none)."""
        question = question_of(sent)
        return await self.act(caller, lambda: self.change(asking(question)))

    async def roll(
        self, caller: Caller, count: object, seed: object = None
    ) -> LamaDiceProjectorView:
        """The dice rolled `count` times for the revealed question, from `seed` (the service
        picks one if none), the same on every page."""
        if seed is None or seed == "":
            seed = secrets.randbelow(SEED_BELOW)
        if count not in ROLL_COUNTS or isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("a roll is one of the counts, from a whole number")
        if not 0 <= seed < SEEDS:
            raise ValueError("a roll is one of the counts, from a whole number")
        rolled = DiceRolled(count, seed)
        return await self.act(caller, lambda: self.change(rolled))


# ---------------------------------------------------------------- the calls over HTTP


class GuessCall(RoomCall):
    room: GuessRoom


async def guess_asked(room: GuessRoom, caller: Caller, request: Request) -> Any:
    """POST GuessBody: the caller's guess at the open question."""
    sent = cast(dict[str, Any], cast(GuessBody, sent_body(request.body)))
    return await room.guess(caller, typed(sent.get("text", "")), team_of(sent))


class GuessesCall(GuessCall):
    """POST GuessBody: this student's guess at the open question."""

    async def post(self) -> None:
        await self.reply(guess_asked(self.room, self.caller, self.request))


class LessonCall(GuessCall, TeacherCall):
    """POST: a new live LAMA Dice lesson for the class."""

    async def post(self) -> None:
        await self.reply(self.room.new_lesson(self.caller))


class QuestionsCall(GuessCall, TeacherCall):
    """POST QuestionBody: the next question."""

    async def post(self) -> None:
        await self.reply(self.room.ask(self.caller, self.body()))


class RollsCall(GuessCall, TeacherCall):
    """POST RollsBody: the dice rolled for the revealed question."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(RollsBody, self.body()))
        await self.reply(self.room.roll(self.caller, sent.get("count"), sent.get("seed")))


CALLS: dict[LivePath, type[RoomCall]] = {
    LivePath.JOIN: JoinCall,
    LivePath.GUESSES: GuessesCall,
    LivePath.ME: SeatCall,
    LivePath.STATE: StateCall,
    LivePath.GAMES: LessonCall,
    LivePath.QUESTIONS: QuestionsCall,
    LivePath.REVEAL: RevealCall,
    LivePath.ROLLS: RollsCall,
    LivePath.LOCK: LockCall,
    LivePath.REMOVE: RemoveCall,
    LivePath.ADMIT: AdmitCall,
    LivePath.TEAMS: TeamsCall,
    LivePath.TEAM: TeamCall,
}


def routes(
    room: GuessRoom, api: str = API, identity: Identity | None = None
) -> list[tuple[str, type[RoomCall], dict[str, Any]]]:
    """LAMA Dice's live calls to `room`, each under `api`live/lama_dice/, their caller known
    by `identity` (None: the page's ticket)."""
    settings = {"service": room.service, "room": room, "identity": identity}
    return [(api + LAMA_DICE_LIVE + path, call, settings) for path, call in CALLS.items()]
