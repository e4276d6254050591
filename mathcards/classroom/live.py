"""The live calls of the class service, under /mathcards/api/live/: a class plays MAM! live,
each student from their own page's kernel, the teacher from the projector's.

- Students: `POST join {nickname?}` (the class book's nickname), `POST answers {text}` →
  `{seq, correct, points, first}` once the answer is kept, `GET me?after=V` → what this student
  sees, never another's answer.
- The teacher (`KernelCall.is_teacher`: on the laptop a ticket handed to a page opened with
  the teacher's cookie, on the Hub a teacher's server's token): `POST games`,
  `rounds {seconds?}`, `reveal`, `pause`, `resume`, `lock {locked}`, `remove {name}`, `finish`,
  each answered with the projector's view; `GET state?after=V` → the projector's view.
- `?after=V` waits (at most `LONGEST_WAIT` seconds) until the game's version is past V.
- A refusal is `{"error": key}`: the engine's reason (`paused`, `had-claim`, …), `no-game`,
  `not-teacher`, `book-down` (503), `bad-request`.

Every change runs in the class service's writer thread in order of arrival (`LiveClass`)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from mathcards.book import BookUnavailable, NameTaken
from mathcards.classroom.live_class import (
    LONGEST_COUNTDOWN,
    MAM,
    Claim,
    GameKind,
    LiveClass,
    Picture,
)
from mathcards.classroom.service import API, ClassService, KernelCall
from mathcards.room import LiveRefusal

LONGEST_WAIT = 20.0  # seconds a long-poll is held at most
LINGER = 0.05  # seconds a long-poll woken by a change waits for the changes arriving with it
TIMER_SLACK = 0.05  # seconds after a countdown's end that the service closes the round


class Live:
    """The live game of the service's class and the long-polls waiting for its next change."""

    def __init__(
        self,
        service: ClassService,
        clock: Callable[[], float] = time.time,
        kind: GameKind = MAM,
    ) -> None:
        self.service, self.clock = service, clock
        self.game = LiveClass(service.book_of, service.class_name, clock, kind)
        self.changed: asyncio.Event | None = None
        self.claims: deque[Claim] = deque()

    async def claim(self, kind: str, name: str = "", text: str = "") -> Any:
        """One change of the game, in its turn: what the engine said (or its refusal raised)."""
        return await self.turn(Claim(kind, name, text))

    async def run(self, call: Callable[..., Any], *args: Any) -> Any:
        """Another call that may change the game, in its turn."""
        return await self.turn(Claim("call", call=lambda: call(*args)))

    async def turn(self, claim: Claim) -> Any:
        """Queue `claim` in order of arrival; the writer thread takes every claim queued by
        then, the answers that arrived together kept in one commit; the long-polls woken."""
        self.claims.append(claim)
        try:
            await self.service.run(self.drain)
        finally:
            self.wake()
        if claim.problem is not None:
            raise claim.problem
        return claim.said

    def drain(self) -> None:
        """(In the writer thread.) Every claim queued, in order of arrival."""
        batch: list[Claim] = []
        while self.claims:
            claim = self.claims.popleft()
            if claim.call is None:
                batch.append(claim)
                continue
            self.changes(batch)
            batch = []
            try:
                claim.said = claim.call()
            except Exception as problem:
                claim.problem = problem
        self.changes(batch)

    def changes(self, batch: list[Claim]) -> None:
        if not batch:
            return
        try:
            self.game.changes(batch)
        except Exception as problem:
            for claim in batch:
                if claim.problem is None and not claim.kept:
                    claim.problem = problem

    async def picture(self) -> Picture:
        """The newest picture, loaded from the book first if need be; the round closed first
        when its time is up."""
        game = self.game
        if not game.loaded or game.picture.expired(self.clock()):
            await self.run(game.expire)
        return game.picture

    async def watch(self, after: int | None, name: str | None = None) -> Picture:
        """The picture once it changed past version `after` (for student `name`: their view),
        at most `LONGEST_WAIT` seconds; a poll that waited lingers `LINGER` seconds more, so
        that the answers arriving together come in one reply."""
        loop = asyncio.get_running_loop()
        end = loop.time() + LONGEST_WAIT
        picture = await self.picture()
        waited = False
        while after is not None and picture.version_for(name) <= after and loop.time() < end:
            if self.changed is None:
                self.changed = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), end - loop.time())
            picture, waited = await self.picture(), True
        if waited and picture.version_for(name) > (after or 0):
            await asyncio.sleep(LINGER)
            picture = await self.picture()
        return picture

    def wake(self) -> None:
        """Every long-poll looks again; a countdown running closes its round when it ends."""
        changed, self.changed = self.changed, None
        if changed is not None:
            changed.set()
        until = self.game.picture.countdown.until
        if until is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, until - self.clock()) + TIMER_SLACK
            loop.call_later(delay, lambda: asyncio.ensure_future(self.time_up()))

    async def time_up(self) -> None:
        """A countdown's end: its round closes (a book that is down closes it at the next call)."""
        with contextlib.suppress(BookUnavailable):
            await self.picture()


class LiveCall(KernelCall):
    """A live call of a student's page (by its ticket)."""

    live: Live

    def initialize(self, service: ClassService, live: Live) -> None:  # type: ignore[override]
        super().initialize(service)
        self.live = live

    async def change(self, call: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
        """Run a change in the writer thread: (True, what it returned), else (False, None) and
        the call refused in words."""
        try:
            return True, await call(*args)
        except LiveRefusal as refusal:
            self.refuse(409, refusal.reason)
        except NameTaken:
            self.refuse(409, "name-taken")
        except BookUnavailable:
            self.refuse(503, "book-down")
        except (ValueError, TypeError, KeyError):
            self.refuse(400, "bad-request")
        return False, None

    async def seen(
        self, call: Callable[[Picture], dict[str, Any]], name: str | None = None
    ) -> None:
        """Answer with a view of the picture, once it is past `?after=` (for `name`)."""
        try:
            after = self.get_query_argument("after", None)
            picture = await self.live.watch(None if after in (None, "") else int(after), name)
        except BookUnavailable:
            self.refuse(503, "book-down")
        except ValueError:
            self.refuse(400, "bad-request")
        else:
            self.finish({"result": call(picture)})

    def view(self, picture: Picture, name: str | None) -> dict[str, Any]:
        return picture.of_student(name, self.live.clock())

    async def name(self) -> tuple[bool, str | None]:
        """This browser's nickname in the class book (None if it has not joined the class);
        (False, None) and the call refused if the book cannot say."""
        known = self.live.game.names.get(self.device)
        if known is not None:
            return True, known
        return await self.change(self.live.run, self.live.game.name_of, self.device)

    async def student_claim(self, kind: str, text: str) -> tuple[bool, Any]:
        """This student's `kind` of claim with `text` (an answer, a guess), in order of
        arrival; (False, None) and the call refused if it could not be made."""
        known, name = await self.name()
        if not known:
            return False, None
        if name is None:
            self.refuse(409, "not-joined")
            return False, None
        return await self.change(self.live.claim, kind, name, text)


class TeacherCall(LiveCall):
    """A live call of the teacher's projector: refused unless it speaks for the teacher
    (`KernelCall.is_teacher`: on the laptop a teacher's ticket, on the Hub a teacher's token)."""

    for_teacher = True

    async def act(self, kind: str, name: str = "", text: str = "") -> None:
        """One of the teacher's changes; answered with the projector's view."""
        if (await self.change(self.live.claim, kind, name, text))[0]:
            self.finish({"result": self.projector(self.live.game.picture)})

    def projector(self, picture: Picture) -> dict[str, Any]:
        """The projector's view now, with the class address to show the students."""
        view = picture.seen(picture.projector, self.live.clock())
        return {**view, "class_url": self.service.class_url}


class Join(LiveCall):
    """POST {nickname?}: this browser comes into the live game, under its class book nickname
    (joining the class book first under `nickname` if it has not yet)."""

    async def post(self) -> None:
        nickname = str(self.body().get("nickname", "")).strip()
        game = self.live.game

        def join() -> str:
            name = game.name_of(self.device)
            if name is None:  # (on the Hub the student joins under their Hub name)
                name = game.names[self.device] = self.service.join(self.device, nickname)
            game.change("join", name)
            return name

        joined, name = await self.change(self.live.run, join)
        if joined:
            self.finish({"result": self.view(game.picture, name)})


class Answers(LiveCall):
    """POST {text}: this student's answer, judged in order of arrival, acknowledged once kept."""

    async def post(self) -> None:
        judged, said = await self.student_claim("answer", str(self.body().get("text", "")))
        if judged:
            seq = said.seq if said.verdict.kind.readable else None
            verdict = {"seq": seq, "correct": said.correct, "points": said.points}
            self.finish({"result": {**verdict, "first": said.first}})


class Me(LiveCall):
    """GET ?after=V: what this student sees of the live game."""

    async def get(self) -> None:
        known, name = await self.name()
        if known:
            await self.seen(lambda picture: self.view(picture, name), name)


class State(TeacherCall):
    """GET ?after=V: what the projector shows."""

    async def get(self) -> None:
        await self.seen(self.projector)


class Games(TeacherCall):
    """POST {level, rounds, scoring, seed?}: a new live game for the class (seed None: the
    service picks one)."""

    async def post(self) -> None:
        if (await self.change(self.live.run, self.live.game.start, self.body()))[0]:
            self.finish({"result": self.projector(self.live.game.picture)})


class Rounds(TeacherCall):
    """POST {seconds?}: the next round opens, with a countdown if `seconds` are given."""

    async def post(self) -> None:
        seconds = self.body().get("seconds")
        if seconds in (None, "", 0):
            await self.act("open")
        elif (
            isinstance(seconds, int | float)
            and not isinstance(seconds, bool)
            and 0 < seconds <= LONGEST_COUNTDOWN
        ):
            await self.act("open", text=str(float(seconds)))
        else:
            self.refuse(400, "bad-request")


class Lock(TeacherCall):
    """POST {locked}: the room is locked (no one new comes in) or opened again."""

    async def post(self) -> None:
        await self.act("lock", text="1" if self.body().get("locked", True) else "0")


class Remove(TeacherCall):
    """POST {name}: the teacher takes a student out of the room."""

    async def post(self) -> None:
        await self.act("remove", name=str(self.body().get("name", "")))


def acting(kind: str) -> type[TeacherCall]:
    """A teacher's call with no arguments: `POST live/<kind>`."""

    async def post(self: TeacherCall) -> None:
        await self.act(kind)

    return type(kind.title(), (TeacherCall,), {"post": post, "__doc__": f"POST: {kind}."})


CALLS: list[tuple[str, type[LiveCall]]] = [
    ("join", Join),
    ("answers", Answers),
    ("me", Me),
    ("state", State),
    ("games", Games),
    ("rounds", Rounds),
    ("lock", Lock),
    ("remove", Remove),
    *((kind, acting(kind)) for kind in ("reveal", "pause", "resume", "finish")),
]


def routes(
    service: ClassService, api: str = API, live: Live | None = None
) -> list[tuple[str, type[LiveCall], dict[str, Any]]]:
    """The live calls, each under `api`live/; `live` the class's live game (a new one if None)."""
    live = live or Live(service)
    return [(f"{api}live/{path}", call, {"service": service, "live": live}) for path, call in CALLS]
