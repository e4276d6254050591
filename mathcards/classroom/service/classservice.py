"""The class service: the one authority over what outlives a page. It runs inside the
`mathcards serve` process (on the Hub: as a Hub service), writes the class book
(`mathcards.book`) from one thread of its own, and answers the pages' kernels over HTTP. What
the kernels' calls do to the book is here, each run in that thread (`run`) and answered once
it is committed (docs/design.md#the-writer-thread-commit-then-acknowledge)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from mathcards import i18n
from mathcards.book import Book, BookUnavailable, PracticeRecord, Step
from mathcards.classroom.protocol.book import (
    MOST_SHOWN,
    AssignmentView,
    DecisionBody,
    GameBody,
    GameEnding,
    GameView,
    MeView,
    MoveBody,
    PracticeView,
    SetBody,
    StepBody,
    StepView,
)
from mathcards.classroom.protocol.level import LevelBody, LevelStepBody, LevelView
from mathcards.classroom.server.clients import Pace
from mathcards.classroom.service import judge
from mathcards.classroom.service.caller import typed
from mathcards.classroom.service.games import TableGames
from mathcards.classroom.service.level import Levels
from mathcards.classroom.service.presence import Presence
from mathcards.classroom.service.tickets import Tickets
from mathcards.classroom.service.writer import Call, Writer
from mathcards.mam.practice import PracticeSet

Result = TypeVar("Result")
CALLS_A_WHILE, A_WHILE = 100, 10.0  # a student's page's calls in 10 seconds, at most
NEWCOMERS, A_LESSON = 60, 3600.0  # new students from one address in an hour (`--lan` sets it)


class Watching(Protocol):
    """A live game's room, which the class service tells when the class book changes under it
    (`mathcards.classroom.live.room.LiveRoom`)."""

    def lost(self) -> None: ...  # (in the writer thread) a commit failed

    def name_taken(self, name: str) -> None: ...  # (in the writer thread) a new student's name

    async def reread(self) -> None: ...  # a student renamed or forgotten

    async def accommodated(self) -> None: ...  # a student's accommodations changed


class NewNames(ValueError):
    """One address has brought as many new students as a lesson brings: invented cookies."""


class ClassService:
    """The class book of one class, written from one thread so that the server never waits on
    the database; `book` is None when it could not be opened (`problem` says why)."""

    def __init__(
        self, book: Book | None, class_name: str, problem: str = "", teacher_code: str = ""
    ) -> None:
        self.book, self.class_name, self.problem = book, class_name, problem
        self.class_url = ""  # the class address on the school network: the projector shows it
        self.tickets = Tickets(teacher_code=teacher_code)  # the teacher's cookie holds the code
        self.presence = Presence(self.tickets.device_of_kernel)  # whose pages are there now
        self.calls = Pace(CALLS_A_WHILE, A_WHILE)  # each browser's calls (not the teacher's)
        self.newcomers = Pace(NEWCOMERS, A_LESSON)  # new students, by the address they came from
        self.sets: dict[int, int] = {}  # practice set → its student: only they may add to it
        self.practices: dict[int, PracticeSet] = {}  # each set as its steps left it, judged
        self.rooms: list[Watching] = []  # the class's live games (`live.rooms.open_rooms`)
        self.tables = TableGames(self.book_of)  # the games at the tables, judged move by move
        self.levels = Levels(self.book_of, class_name)  # practice at each student's level
        self.writer = Writer(lambda: self.book, self.forget_unkept)
        # Did this browser come in with the class code? Every page does off the school network
        # (all on this machine); on it, the gate says (`ClassroomApplication`).
        self.came_in: Callable[[str], bool] = lambda _device: True

    async def ready(self) -> None:
        """A refusal unless the class book is open."""
        if self.book is None:
            raise BookUnavailable(self.problem)

    async def run(self, call: Callable[..., Result], *args: Any) -> Result:
        """`call(*args)` in the writer's thread, once its turn comes; answered once what it
        wrote is committed, with the calls that arrived with it."""
        await self.ready()
        return await self.writer.run(lambda: call(*args))

    async def together(self, item: Any, batch: Callable[[list[Call]], None]) -> Any:
        """`item` in the writer's thread, once its turn comes, handed to `batch` with the items
        next to it in the queue for the same batch (a live game's changes); answered once
        committed."""
        await self.ready()
        return await self.writer.together(item, batch)

    def forget_unkept(self) -> None:
        """(A commit failed.) What memory held of the calls it took is had again from the
        book: practice sets and games at the tables replayed, live games loaded again."""
        self.practices.clear()
        self.tables.playing.clear()
        self.levels.forget()
        for room in self.rooms:
            room.lost()

    async def reach_live(self) -> None:
        """A student renamed or forgotten: every live game has its names again from the book
        (a forgotten student's browser is in no room any more, their name free)."""
        for room in self.rooms:
            await room.reread()

    # What the calls do, each in the writer's thread, so `book` is not None in them.

    def me(self, device: str, game: str, language: str) -> MeView:
        """Who this browser is in the class, the practice set they left open and whether they
        last practised the game at their level (the skill); to a browser
        not in the class yet that came in with the class code, the names of a closed class's
        list still free to pick."""
        book = self.book_of()
        student = book.student_for(device, self.class_name)
        if student is None:
            language = language if language in i18n.LANGUAGES else i18n.DEFAULT
            suggestion = book.suggest_nickname(self.class_name, random.Random(), language)
            stranger: MeView = {"student": None, "suggestion": suggestion, "practice": None}
            if book.class_closed(self.class_name) and self.came_in(device):
                stranger["names"] = book.free_names(self.class_name)  # its class list's, to pick
            return stranger
        practice = book.open_set(student.id, game)
        if practice is not None:
            self.sets[practice.id] = student.id
        seen = None if practice is None else practice_view(practice)
        mine = book.my_level(student.id, game)
        return {"student": student.nickname, "practice": seen, "my_level": mine}

    def join(self, device: str, nickname: str, address: str = "") -> str:
        """The device joins the class (or is back) under `nickname`; a new student from
        `address` counts against its newcomers (`NEWCOMERS`, "": this machine)."""
        book = self.book_of()
        new = book.student_for(device, self.class_name) is None
        if new and address and not self.newcomers.allows(address):
            raise NewNames(address)
        name = book.join(self.class_name, nickname, device).nickname
        if new:
            self.name_taken(name)
        return name

    def name_taken(self, name: str) -> None:
        """A new student of the class is called `name` (in the writer thread): a live game
        that knows the name knew a student forgotten meanwhile, maybe by `mathcards book
        forget` in another process, so it is read again from the book, where nothing of theirs
        is left, and every browser's name is looked up again."""
        for room in self.rooms:
            room.name_taken(name)

    def start_set(self, device: str, settings: SetBody) -> int:
        """A new practice set of these settings, its deals worked out here from its seed."""
        student = self.student(device)
        practice = judge.practice_set(settings)
        set_id = self.book_of().start_set(
            student,
            game="mam",
            level=practice.level.name,
            power=practice.level.power,
            rounds=practice.rounds,
            seed=int(settings["seed"]),
        )
        self.book_of().choose_level(student, "mam", None)  # the page opens at the fixed levels
        self.sets[set_id], self.practices[set_id] = student, practice
        return set_id

    def record_step(self, device: str, set_id: int, sent: StepBody) -> int:
        """A step of the student's set, judged here (what the page says of it is not read)."""
        typed(sent.get("typed", ""))  # at most as long as a page may send
        self.own_set(device, set_id)
        practice = self.practices.pop(set_id, None)
        if practice is None:
            practice = judge.replayed(self.book_of().practice_record(set_id))
        step = judge.judged(practice, sent)
        seq = self.book_of().record_step(set_id, step)
        self.practices[set_id] = practice  # as the kept steps left it (dropped if not kept)
        return seq

    def finish_set(self, device: str, set_id: int) -> None:
        self.own_set(device, set_id)
        self.book_of().finish_set(set_id)
        self.practices.pop(set_id, None)

    def record_game(self, device: str, game: GameBody) -> int:
        return self.tables.record(self.student(device), game)

    def record_move(self, device: str, game_id: int, move: MoveBody) -> int:
        return self.tables.move(self.student(device), game_id, move)

    def open_game(self, device: str, game: str, table: str) -> GameView | None:
        return self.tables.open(self.student(device), game, table)

    def finish_game(self, device: str, game_id: int) -> GameEnding:
        return self.tables.finish(self.student(device), game_id)

    def record_decision(self, device: str, decision: DecisionBody) -> int:
        """A decision answered, beside the best choice worked out here from its situation."""
        game, situation = str(decision.get("game")), decision.get("situation")
        if not isinstance(situation, dict):
            raise TypeError("a situation is an object")
        choice, best = (
            judge.chosen(game, decision.get("choice")),
            judge.best_choice(game, situation),
        )
        student = self.student(device)
        if game == "lama_dice":  # a roll-or-quit of the fixed series: the page opens there
            self.book_of().choose_level(student, game, None)
        return self.book_of().record_decision(
            student, game, situation=situation, choice=choice, best=best
        )

    def level(self, device: str, asked: LevelBody) -> LevelView:
        """The student's set at their level in a skill (mathcards/classroom/service/level.py)."""
        return self.levels.open(self.student(device), asked)

    def level_step(self, device: str, step: LevelStepBody) -> LevelView:
        """A step of the student's set at their level, judged, kept and rated here."""
        return self.levels.step(self.student(device), step)

    def assignments(self, device: str) -> list[AssignmentView]:
        """The class's open assignments (the first due first, at most MOST_SHOWN), each with
        how far this browser's student is, worked out here from the class book."""
        book = self.book_of()
        student = book.student_for(device, self.class_name)
        if student is None:
            return []
        today = book.class_today(self.class_name)
        return [
            {
                "number": task.id,
                "title": task.title,
                "skill": str(task.skill),
                "goal": str(task.goal),
                "count": task.count,
                "done": min(progress.done, task.count),
                "due": task.due.isoformat(),
                "days_left": (task.due - today).days,
            }
            for task, progress in book.progress_of(self.class_name, student.id)[:MOST_SHOWN]
        ]

    def book_of(self) -> Book:
        assert self.book is not None
        return self.book

    def student(self, device: str) -> int:
        student = self.book_of().student_for(device, self.class_name)
        if student is None:
            raise KeyError("this browser has not joined the class")
        return student.id

    def own_set(self, device: str, set_id: int) -> None:
        if self.sets.get(set_id) != self.student(device):
            raise KeyError("not this student's practice set")


def practice_view(practice: PracticeRecord) -> PracticeView:
    """A practice set as it is sent (its times in ISO form)."""
    return {
        "id": practice.id,
        "student": practice.student,
        "game": practice.game,
        "level": practice.level,
        "power": practice.power,
        "rounds": practice.rounds,
        "seed": practice.seed,
        "started": practice.started.isoformat(),
        "finished": None if practice.finished is None else practice.finished.isoformat(),
        "steps": [step_view(step) for step in practice.steps],
    }


def step_view(step: Step) -> StepView:
    return {
        "kind": step.kind,
        "deal": step.deal,
        "cards": list(step.cards),
        "target": step.target,
        "typed": step.typed,
        "correct": step.correct,
        "verdict_kind": step.verdict_kind,
        "sentence": step.sentence,
        "hints_used": step.hints_used,
        "seconds": step.seconds,
        "seq": step.seq,
        "at": None if step.at is None else step.at.isoformat(),
    }


def open_service(
    class_name: str, keep_days: int, log: logging.Logger, url: str = ""
) -> ClassService:
    """The class service over the class book at `url` (else $MATHCARDS_DB, else the default
    file), which forgets records older than `keep_days`; without a book when it cannot be
    opened."""
    try:
        book = Book.create(url or None)
        forgotten = book.purge(keep_days)
    except BookUnavailable as problem:
        log.warning("the class book cannot be opened: %s", problem)
        return ClassService(None, class_name, str(problem))
    if forgotten:
        log.info("the class book forgot %d records older than %d days", forgotten, keep_days)
    return ClassService(book, class_name)
