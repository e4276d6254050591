"""The class service in process, as JupyterHub's own tests run an in-process hub (MockHub): the
real `ClassService` on a real class book (an SQLite file, copied from one made once a run), with
its live rooms, on an event loop of a thread of its own. A page's client (`ClassBook`,
`LiveClient`, `GuessClient`) calls the service's and the rooms' typed methods directly, with
its caller, without HTTP: what is sent and what comes back through JSON as the wire carries it,
every refusal as the key (and detail) the wire would carry, said by the page's own client."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from mathcards import i18n
from mathcards.accommodations import Accommodation
from mathcards.book import Book
from mathcards.book.models import DecisionRow, GameRow, PracticeSetRow, StudentRow
from mathcards.classroom.live.rooms import Rooms, open_rooms
from mathcards.classroom.protocol.book import AssignmentView, GameEnding, GameView, MeView
from mathcards.classroom.protocol.lama_dice import GuessKept
from mathcards.classroom.protocol.mam import Judged
from mathcards.classroom.service.caller import Caller
from mathcards.classroom.service.calls import detail_of, refusal_of
from mathcards.classroom.service.classservice import ClassService
from mathcards.lama_dice.live import LiveGuessing
from mathcards.mam.live import LiveGame
from tests.classroom.test_live import Wall
from widgets.book import BookDown, ClassBook
from widgets.lama_dice.live import GuessClient
from widgets.mam.live import LiveClient

CLASS = "5b"
TEACHER = "teacher"  # the device of the teacher's pages
Result = TypeVar("Result")
MADE: dict[str, Path] = {}  # the class book made once a run, copied for each class


def blank_book(folder: Path) -> str:
    """A new class book in `folder` (a copy of one made once: migrating costs 0.1 s a book)."""
    if "book" not in MADE:
        made = Path(tempfile.mkdtemp(prefix="mc-book-")) / "classbook.sqlite"
        Book.create(f"sqlite:///{made}").close()
        MADE["book"] = made
    copy = folder / "classbook.sqlite"
    shutil.copy(MADE["book"], copy)
    return f"sqlite:///{copy}"


def wire(value: Any) -> Any:
    """`value` as it arrives after crossing the wire: JSON there and back."""
    return json.loads(json.dumps(value))


class InProcessClass:
    """A class's service and its rooms, in this process; its pages' clients by device (the
    teacher's: `TEACHER`); levers for a test: its clock, its book down, pages gone."""

    def __init__(self, folder: Path, url: str = "") -> None:
        self.url = url or blank_book(folder)
        self.book = Book.create(self.url)
        self.copies: list[InProcessClass] = []
        self.service = ClassService(self.book, CLASS)
        self.asked: list[str] = []  # the class book's calls, in order (`me`, `join`, …)
        self.wall = Wall()
        self.rooms: Rooms = open_rooms(self.service, self.wall)
        self.service.presence.device_of = lambda kernel: kernel  # a page's kernel: its device
        self.unreachable = False  # no call reaches the service (its server is gone)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def copy(self, folder: Path) -> InProcessClass:
        """Another class service, on a copy of this one's class book as it is now."""
        folder.mkdir(parents=True, exist_ok=True)
        copy = folder / "classbook.sqlite"
        kept, made = sqlite3.connect(self.url.removeprefix("sqlite:///")), sqlite3.connect(copy)
        try:
            kept.backup(made)
        finally:
            kept.close()
            made.close()
        self.copies.append(InProcessClass(folder, f"sqlite:///{copy}"))
        return self.copies[-1]

    def close(self) -> None:
        for copy in self.copies:
            copy.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)
        self.book.close()

    def run(self, work: Coroutine[Any, Any, Result]) -> Result:
        """`work` on the service's loop, as a call of a page reaches it; what it gave."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(30)

    def on_loop(self, call: Callable[[], Any]) -> Any:
        """`call()` on the service's loop (as the server's notices of pages run)."""

        async def run() -> Any:
            return call()

        return self.run(run())

    # ------------------------------------------------------------ the pages' clients

    def caller(self, device: str) -> Caller:
        return Caller(device, teacher=device == TEACHER)

    def client(self, device: str) -> InProcessLive:
        """A MAM! live page's client."""
        return InProcessLive(self, device)

    def guess_client(self, device: str) -> InProcessGuess:
        """A LAMA Dice live page's client."""
        return InProcessGuess(self, device)

    def book_client(self, device: str) -> InProcessBook:
        """A practice page's (or a table's) client of the class book."""
        return InProcessBook(self, device)

    # ------------------------------------------------------------ what a test looks at

    def game(self) -> LiveGame:
        """The class's live MAM! game, as the service holds it."""
        game = self.rooms.mam.log.game
        assert game is not None
        return game

    def lesson(self) -> LiveGuessing:
        """The class's live LAMA Dice lesson, as the service holds it."""
        lesson = self.rooms.guess.log.game
        assert lesson is not None
        return lesson

    # ------------------------------------------------------------ a test's levers

    @property
    def down(self) -> bool:
        return self.service.book is None

    @down.setter
    def down(self, down: bool) -> None:
        """The class book cannot be reached (every call refused `book-down`), or again can."""
        self.service.book, self.service.problem = (None, "down") if down else (self.book, "")

    @property
    def class_url(self) -> str:
        return self.service.class_url

    @class_url.setter
    def class_url(self, url: str) -> None:
        self.service.class_url = url

    def later(self, seconds: float) -> None:
        """The service's clock moves on."""
        self.wall.now += seconds

    def devices(self, name: str) -> list[str]:
        """The browsers of the student `name`, as the live games know them."""
        names = {**self.rooms.mam.log.names, **self.rooms.guess.log.names}
        return [device for device, known in names.items() if known == name]

    def leave(self, *names: str) -> None:
        """These students' pages are gone (the server noticed)."""
        for device in [device for name in names for device in self.devices(name)]:
            self.on_loop(lambda device=device: self.service.presence.came(device))
            self.on_loop(lambda device=device: self.service.presence.went(device))
        self.settle()

    def come_back(self, *names: str) -> None:
        """These students' pages are there again."""
        for device in [device for name in names for device in self.devices(name)]:
            self.on_loop(lambda device=device: self.service.presence.came(device))
        self.settle()

    def settle(self) -> None:
        """Until the rooms have counted again who is here."""

        async def counted() -> None:
            for room in (self.rooms.mam, self.rooms.guess):
                await asyncio.gather(*room.recounts)

        self.run(counted())

    # ------------------------------------------------------------ what the class book keeps

    def rows(self, model: Any) -> list[Any]:
        """Every row of a table of the class book, oldest first."""
        with Session(self.book._engine) as session:
            return list(session.scalars(select(model).order_by(model.id)))

    def nickname(self, student: int) -> str:
        with Session(self.book._engine) as session:
            return str(session.get(StudentRow, student).nickname)  # type: ignore[union-attr]

    @property
    def sets(self) -> list[dict[str, Any]]:
        """The practice sets kept, each with its steps, as plain dicts."""
        return [
            {
                "id": kept.id,
                "student": self.nickname(kept.student_id),
                "level": kept.level,
                "seed": kept.seed,
                "finished": kept.finished is not None,
                "steps": [asdict(step) for step in self.book.practice_record(kept.id).steps],
            }
            for kept in self.rows(PracticeSetRow)
        ]

    @property
    def games(self) -> list[dict[str, Any]]:
        """The games kept at a table, each with its moves, as plain dicts."""
        return [
            asdict(self.book.game_record(kept.id, kept.student_id)) for kept in self.rows(GameRow)
        ]

    @property
    def decisions(self) -> list[dict[str, Any]]:
        """The decision exercises answered, as plain dicts."""
        return [
            {
                "student": self.nickname(kept.student_id),
                "game": kept.game,
                "situation": kept.situation,
                "choice": kept.choice,
                "best": kept.best,
            }
            for kept in self.rows(DecisionRow)
        ]

    def accommodate(self, name: str, *chosen: Accommodation) -> None:
        """The teacher sets these accommodations for `name` (none: takes them away)."""

        async def accommodate() -> None:
            kept = list(map(str, chosen))
            await self.service.run(lambda: self.book.accommodate(CLASS, name, kept))
            for room in self.service.rooms:
                await room.accommodated()

        self.run(accommodate())


class InProcessCalls(ClassBook):
    """The class book's calls of a page, made in process: `reach` runs a call of the service (or
    a room) for this page's caller; the class book's own calls below."""

    def __init__(self, school: InProcessClass, device: str) -> None:
        super().__init__("in-process://service/", ticket=device)
        self.school, self.device = school, device
        self.caller = school.caller(device)

    def reach(self, work: Callable[[], Coroutine[Any, Any, Any]], posted: bool = True) -> Any:
        """What the service gives for `work` (a call with this page's caller), as the wire
        would carry it; its refusal as this page's client says it."""
        if posted:
            self.known.clear()  # what is sent may change who the student is
        if self.school.unreachable:
            raise BookDown()  # as the HTTP client says a service it cannot reach
        try:
            return wire(self.school.run(work()))
        except Exception as problem:
            key = refusal_of(problem)
            if key is None:
                raise
            raise self.refusal(key, detail_of(problem)) from None

    def book(self, call: Callable[..., Any], *args: Any, posted: bool = True) -> Any:
        """A class book's call of the service, for this page's browser."""
        service = self.school.service
        self.school.asked.append(call.__name__)
        return self.reach(lambda: service.run(call, self.device, *map(wire, args)), posted)

    def who(self, game: str, language: str) -> MeView:
        return self.book(self.school.service.me, game, language, posted=False)

    def join(self, nickname: str) -> str:
        return str(self.book(self.school.service.join, nickname))

    def start_set(self, **settings: Any) -> int:
        return int(self.book(self.school.service.start_set, settings))

    def record_step(self, set_id: int, **step: Any) -> int:
        return int(self.book(self.school.service.record_step, set_id, step))

    def finish_set(self, set_id: int) -> None:
        self.book(self.school.service.finish_set, set_id)

    def record_game(self, **game: Any) -> int:
        return int(self.book(self.school.service.record_game, game))

    def record_move(self, game_id: int, **move: Any) -> int:
        return int(self.book(self.school.service.record_move, game_id, move))

    def open_game(self, game: str, table: str) -> GameView | None:
        return self.book(self.school.service.open_game, game, table, posted=False)

    def finish_game(self, game_id: int) -> GameEnding:
        return self.book(self.school.service.finish_game, game_id)

    def record_decision(self, **decision: Any) -> int:
        return int(self.book(self.school.service.record_decision, decision))

    def assignments(self) -> list[AssignmentView]:
        return list(self.book(self.school.service.assignments, posted=False))


class InProcessBook(InProcessCalls):
    """A practice page's class book, in process."""


class InProcessLive(InProcessCalls, LiveClient):
    """A MAM! live page's client, calling the class's `MamRoom` in process. A long-poll asks
    for the view now: a test steps its page's follower after each change."""

    def room_call(self, work: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> Any:
        return self.reach(lambda: work(self.caller, *map(wire, args)))

    def seat(self, after: int = -1) -> Any:
        return self.reach(lambda: self.school.rooms.mam.seat(self.caller, None), posted=False)

    def state(self, after: int = -1) -> Any:
        return self.reach(lambda: self.school.rooms.mam.projector(self.caller, None), posted=False)

    def join_live(self) -> Any:
        return self.room_call(self.school.rooms.mam.join, "")

    def reveal(self) -> None:
        self.room_call(self.school.rooms.mam.reveal)

    def lock(self, locked: bool) -> None:
        self.room_call(self.school.rooms.mam.lock, locked)

    def remove(self, name: str) -> None:
        self.room_call(self.school.rooms.mam.remove, name)

    def admit(self, name: str) -> None:
        self.room_call(self.school.rooms.mam.admit, name)

    def answer(self, text: str) -> Judged:
        return self.room_call(self.school.rooms.mam.answer, text)

    def new_game(self, **settings: Any) -> None:
        self.room_call(self.school.rooms.mam.new_game, settings)

    def open_round(self, seconds: int | None = None) -> None:
        self.room_call(self.school.rooms.mam.next_round, seconds)

    def pause(self) -> None:
        self.room_call(self.school.rooms.mam.pause)

    def resume(self) -> None:
        self.room_call(self.school.rooms.mam.resume)

    def more_time(self, seconds: int = 30) -> None:
        self.room_call(self.school.rooms.mam.more_time, seconds)

    def no_countdown(self) -> None:
        self.room_call(self.school.rooms.mam.no_countdown)

    def finish(self) -> None:
        self.room_call(self.school.rooms.mam.finish)

    def make_teams(self, sent: Mapping[str, Any]) -> None:  # type: ignore[override]
        self.room_call(self.school.rooms.mam.make_teams, sent)

    def place(self, student: int, team: int) -> None:
        self.room_call(self.school.rooms.mam.place, student, team)


class InProcessGuess(InProcessCalls, GuessClient):
    """A LAMA Dice live page's client, calling the class's `GuessRoom` in process."""

    def room_call(self, work: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> Any:
        return self.reach(lambda: work(self.caller, *map(wire, args)))

    def seat(self, after: int = -1) -> Any:
        return self.reach(lambda: self.school.rooms.guess.seat(self.caller, None), posted=False)

    def state(self, after: int = -1) -> Any:
        return self.reach(
            lambda: self.school.rooms.guess.projector(self.caller, None), posted=False
        )

    def join_live(self) -> Any:
        return self.room_call(self.school.rooms.guess.join, "")

    def reveal(self) -> None:
        self.room_call(self.school.rooms.guess.reveal)

    def lock(self, locked: bool) -> None:
        self.room_call(self.school.rooms.guess.lock, locked)

    def remove(self, name: str) -> None:
        self.room_call(self.school.rooms.guess.remove, name)

    def admit(self, name: str) -> None:
        self.room_call(self.school.rooms.guess.admit, name)

    def guess(self, text: str) -> GuessKept:
        return self.room_call(self.school.rooms.guess.guess, text)

    def new_lesson(self) -> None:
        self.room_call(self.school.rooms.guess.new_lesson)

    def ask(self, question: Mapping[str, Any]) -> None:  # type: ignore[override]
        self.room_call(self.school.rooms.guess.ask, question)

    def roll(self, count: int, seed: int | None = None) -> None:
        self.room_call(self.school.rooms.guess.roll, count, seed)

    def make_teams(self, sent: Mapping[str, Any]) -> None:  # type: ignore[override]
        self.room_call(self.school.rooms.guess.make_teams, sent)

    def place(self, student: int, team: int) -> None:
        self.room_call(self.school.rooms.guess.place, student, team)


def in_language(language: str, call: Callable[[], Result]) -> Result:
    """`call()` with the pages speaking `language`."""
    i18n.use(language)
    try:
        return call()
    finally:
        i18n.use("en")
