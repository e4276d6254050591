"""MAM! live's room (`MamRoom`): the class races the same deals, each student from their own
page, the teacher from the projector's, every caller calling its typed methods; and its calls
over HTTP, under /mathcards/api/live/.

- Students: `POST join`, `POST answers {text}` → `Judged` once the answer is kept, `GET
  me?after=V` → what this student sees, never another's answer.
- The teacher: `POST games {level, rounds, scoring, seed?}`, `rounds {seconds?}`, `reveal`,
  `pause`, `resume`, `time {more | off}`, `lock {locked}`, `remove {name}`, `admit {name}`,
  `finish`, each answered with the projector's view; `GET state?after=V` → the projector's
  view."""

from __future__ import annotations

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
from mathcards.classroom.live.events import Answered, GameFinished
from mathcards.classroom.live.mam import MAM, judged
from mathcards.classroom.live.room import LiveRoom
from mathcards.classroom.protocol import API, MAM_LIVE, CallRefusal, LivePath
from mathcards.classroom.protocol.mam import (
    AnswerBody,
    Judged,
    MamProjectorView,
    MamSeatView,
    RoundBody,
    TimeBody,
)
from mathcards.classroom.service.caller import Caller, typed
from mathcards.classroom.service.calls import Identity, sent_body
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Request
from mathcards.mam.live import Answer, LiveGame

LONGEST_COUNTDOWN = 3600  # seconds


def seconds_of(sent: object, none: bool = False) -> float | None:
    """A countdown's seconds as the teacher sent them, at most an hour (`none`: nothing, 0 or
    "" is no countdown); a ValueError if they are none."""
    if none and sent in (None, "", 0):
        return None
    if isinstance(sent, bool) or not isinstance(sent, int | float):
        raise ValueError("seconds are a number")
    if not 0 < sent <= LONGEST_COUNTDOWN:
        raise ValueError(f"a countdown is 0 to {LONGEST_COUNTDOWN} seconds")
    return float(sent)


class MamRoom(LiveRoom[LiveGame, MamProjectorView, MamSeatView]):
    """A class's live MAM! game, as every caller calls it."""

    def __init__(self, service: ClassService, clock: Callable[[], float] = time.time) -> None:
        super().__init__(service, MAM, clock)

    async def answer(self, caller: Caller, text: str, team: int | None = None) -> Judged:
        """The caller's answer (for their `team`, if the page names it: refused unless it is
        theirs), judged once in order of arrival: what it did once kept, and what they see now
        (their long-poll is not woken for it: one call, not two)."""
        answered = Answered(typed(text), team=team)
        answer: Answer = await self.student_change(caller, answered)
        return {**judged(answer), "seat": self.seat_of(self.log.snapshot, answer.name)}

    async def new_game(self, caller: Caller, settings: Mapping[str, Any]) -> MamProjectorView:
        """A new live game of these settings (level, rounds, scoring, seed: None, the service
        picks one)."""
        return await self.act(caller, lambda: self.run(self.log.start, settings))

    async def next_round(self, caller: Caller, seconds: object = None) -> MamProjectorView:
        """The next round opens, with a countdown of `seconds` if any."""
        counted = seconds_of(seconds, none=True)
        return await self.act(caller, lambda: self.run(self.log.open_round, counted))

    async def pause(self, caller: Caller) -> MamProjectorView:
        """The open round waits, its countdown stopped."""
        return await self.act(caller, lambda: self.run(self.log.pause))

    async def resume(self, caller: Caller) -> MamProjectorView:
        """The paused round goes on."""
        return await self.act(caller, lambda: self.run(self.log.resume))

    async def more_time(self, caller: Caller, seconds: object) -> MamProjectorView:
        """The round gets `seconds` more (at most an hour; WCAG 2.2.1: a teacher lengthens the
        class's time limit)."""
        more = seconds_of(seconds)
        return await self.act(caller, lambda: self.run(self.log.more_time, more))

    async def no_countdown(self, caller: Caller) -> MamProjectorView:
        """The round's countdown off: it waits for every answer."""
        return await self.act(caller, lambda: self.run(self.log.no_countdown))

    async def finish(self, caller: Caller) -> MamProjectorView:
        """The game ends: the podium."""
        return await self.act(caller, lambda: self.change(GameFinished()))


# ---------------------------------------------------------------- the calls over HTTP


class MamCall(RoomCall):
    room: MamRoom


async def answer_asked(room: MamRoom, caller: Caller, request: Request) -> Judged:
    """POST AnswerBody: the caller's answer."""
    sent = cast(dict[str, Any], cast(AnswerBody, sent_body(request.body)))
    return await room.answer(caller, typed(sent.get("text", "")), team_of(sent))


class AnswersCall(MamCall):
    """POST AnswerBody: this student's answer."""

    async def post(self) -> None:
        await self.reply(answer_asked(self.room, self.caller, self.request))


class GameCall(MamCall, TeacherCall):
    """POST MamGameBody: a new live game for the class."""

    async def post(self) -> None:
        await self.reply(self.room.new_game(self.caller, self.body()))


class RoundsCall(MamCall, TeacherCall):
    """POST RoundBody: the next round."""

    async def post(self) -> None:
        seconds = cast(RoundBody, self.body()).get("seconds")
        await self.reply(self.room.next_round(self.caller, seconds))


class PauseCall(MamCall, TeacherCall):
    async def post(self) -> None:
        await self.reply(self.room.pause(self.caller))


class ResumeCall(MamCall, TeacherCall):
    async def post(self) -> None:
        await self.reply(self.room.resume(self.caller))


class TimeCall(MamCall, TeacherCall):
    """POST TimeBody: `more` seconds, or the countdown `off`."""

    async def post(self) -> None:
        sent = cast(dict[str, Any], cast(TimeBody, self.body()))
        more, off = sent.get("more"), sent.get("off")
        if off is True and more is None:
            await self.reply(self.room.no_countdown(self.caller))
        elif off is None:
            await self.reply(self.room.more_time(self.caller, more))
        else:
            self.refuse(CallRefusal.BAD_REQUEST)


class FinishCall(MamCall, TeacherCall):
    async def post(self) -> None:
        await self.reply(self.room.finish(self.caller))


CALLS: dict[LivePath, type[RoomCall]] = {
    LivePath.JOIN: JoinCall,
    LivePath.ANSWERS: AnswersCall,
    LivePath.ME: SeatCall,
    LivePath.STATE: StateCall,
    LivePath.GAMES: GameCall,
    LivePath.ROUNDS: RoundsCall,
    LivePath.REVEAL: RevealCall,
    LivePath.PAUSE: PauseCall,
    LivePath.RESUME: ResumeCall,
    LivePath.TIME: TimeCall,
    LivePath.LOCK: LockCall,
    LivePath.REMOVE: RemoveCall,
    LivePath.ADMIT: AdmitCall,
    LivePath.FINISH: FinishCall,
    LivePath.TEAMS: TeamsCall,
    LivePath.TEAM: TeamCall,
}


def routes(
    room: MamRoom, api: str = API, identity: Identity | None = None
) -> list[tuple[str, type[RoomCall], dict[str, Any]]]:
    """MAM!'s live calls to `room`, each under `api`live/, their caller known by `identity`
    (None: the page's ticket)."""
    settings = {"service": room.service, "room": room, "identity": identity}
    return [(api + MAM_LIVE + path, call, settings) for path, call in CALLS.items()]
