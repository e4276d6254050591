"""LAMA Dice live in the class service, under /mathcards/api/live/lama_dice/: the teacher shows
a moment and asks about it, every student guesses from their own page, the exact answer is
revealed, then the dice are rolled the same on every page (`mathcards.lama_dice.live`).

- Students: `POST join {nickname?}`, `POST guesses {text}` → `{seq, value}` once the guess is
  kept (the last guess counts), `GET me?after=V` → what this student sees, never another's
  guess.
- The teacher: `POST games` (a new live lesson), `questions {row, llama_row, dice?, asks}` (or
  `{seed, moment, asks}`: a moment of a real game, `known.moment`), `reveal`, `rolls {count,
  seed?}`, `lock {locked}`, `remove {name}`, each answered with the projector's view; `GET
  state?after=V` → the projector's view.

The events, the replay after a restart and the long-polls are MAM!'s (`LiveClass`, `Live`)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mathcards.book import LiveEvent, LiveRecord
from mathcards.classroom.live import Join, Live, LiveCall, Lock, Me, Remove, State, TeacherCall
from mathcards.classroom.live_class import Picture, room_view, seat_view
from mathcards.classroom.service import ClassService
from mathcards.lama_dice.dice import DEFAULT_DICE
from mathcards.lama_dice.known import moment
from mathcards.lama_dice.live import ROLL_COUNTS, Asked, LiveGuessing, Question
from mathcards.room import LiveRefusal, Phase

GAME = "lama_dice"
SEED_BELOW = 10**5


class GuessKind:
    """LAMA Dice live: questions about a moment, guessed by the class, rolled for."""

    name = GAME

    def settings(self, sent: dict[str, Any]) -> dict[str, Any]:
        return {}

    def new(self, settings: dict[str, Any]) -> LiveGuessing:
        return LiveGuessing()

    def apply(self, game: LiveGuessing, event: LiveEvent) -> Any:
        kind, text = event.kind, event.text
        if kind == "guess":
            try:
                return game.guess(event.name, text, event.seq)
            except LiveRefusal:
                raise
            except ValueError as problem:  # not a guess: nothing kept
                raise LiveRefusal(str(problem), "bad-guess") from None
        if kind in ("join", "remove"):
            return getattr(game, kind)(event.name)
        if kind == "lock":
            return game.lock(text == "1")
        if kind == "ask":
            return game.ask(question_of(json.loads(text)))
        if kind == "rolls":
            rolls = json.loads(text)
            return game.roll(int(rolls["count"]), int(rolls["seed"]))
        if kind == "reveal":
            return game.reveal()
        raise ValueError(f"no such event of a live LAMA Dice lesson: {kind!r}")

    def keeps(self, kind: str, said: Any) -> bool:
        return True

    def players(self, game: LiveGuessing) -> list[str]:
        return list(game.hall.present)

    def projector(
        self, game: LiveGuessing | None, live_id: int | None, version: int
    ) -> dict[str, Any]:
        return projector_view(game, live_id, version)

    def student(self, picture: Picture, name: str | None) -> dict[str, Any]:
        return student_view(picture, name)


GUESS = GuessKind()


def question_of(sent: dict[str, Any]) -> Question:
    """The question the teacher sent: the rows and dice typed, or a moment of a real game."""
    asks = str(sent.get("asks", "bust"))
    dice = sent.get("dice") or DEFAULT_DICE
    row: Any
    llama_row: Any
    if sent.get("moment") is not None:
        row, llama_row = moment(int(sent.get("seed") or 0), int(sent["moment"]))
    else:
        row, llama_row = sent.get("row"), sent.get("llama_row", ())
    if not isinstance(row, list | tuple) or not isinstance(llama_row, list | tuple):
        raise ValueError("a row is a list of card values")
    return Question(tuple(int(c) for c in row), tuple(int(c) for c in llama_row), dice, asks)


def question_json(question: Question) -> dict[str, Any]:
    return {
        "row": list(question.row),
        "llama_row": list(question.llama_row),
        "dice": [list(die) for die in question.dice],
        "asks": question.asks,
    }


def exact_json(value: Fraction | str) -> str:
    return value if isinstance(value, str) else f"{value.numerator}/{value.denominator}"


def guess_json(asked: Asked, name: str, exact: Fraction | str | None) -> dict[str, Any]:
    guess = asked.guesses[name]
    said: dict[str, Any] = {"seq": guess.seq, "name": name, "value": exact_json(guess.value)}
    if exact is not None:
        said["off"] = float(guess.off_by(exact))
    return said


def asked_json(asked: Asked, revealed: bool) -> dict[str, Any]:
    """One question and its guesses (in order of arrival); with the answer once revealed."""
    exact = asked.question.exact() if revealed else None
    order = sorted(asked.guesses, key=lambda name: asked.guesses[name].seq)
    view: dict[str, Any] = {
        "number": asked.number,
        **question_json(asked.question),
        "guesses": [guess_json(asked, name, exact) for name in order],
        "exact": None if exact is None else exact_json(exact),
        "spread": asked.spread() if revealed else None,
        "closest": [g.name for g in asked.closest()] if revealed else None,
        "rolls": None
        if asked.rolls is None
        else dict(zip(("count", "seed"), asked.rolls, strict=True)),
    }
    return view


def projector_view(game: LiveGuessing | None, live_id: int | None, version: int) -> dict[str, Any]:
    """What the teacher's projector sees: the room, the question, its guesses, the answer and
    its spread once revealed, the dice rolled, and how close each student was so far."""
    if game is None:
        return {
            **room_view(version, None, None),
            "settings": None,
            "question": None,
            "guessed": 0,
            "asked": 0,
            "how_close": [],
        }
    seen, current = room_view(version, live_id, game), game.current
    revealed = game.phase is Phase.REVEALED
    close = game.how_close()
    return {
        **seen,
        "settings": {},
        "question": None if current is None else asked_json(current, revealed),
        "guessed": 0 if current is None else len(set(current.guesses) & set(seen["room"])),
        "asked": len(game.asked),
        "how_close": [
            {"name": name, "off": float(off)}
            for name, off in sorted(close.items(), key=lambda item: (item[1], item[0]))
        ],
    }


def student_view(picture: Picture, name: str | None) -> dict[str, Any]:
    """What one student sees: the question, their own guess, the answer once revealed, the dice
    rolled, how close they were; never another student's guess."""
    projector = picture.projector
    question = projector["question"]
    seen = None
    mine = None
    if question is not None:
        seen = {key: value for key, value in question.items() if key not in ("guesses", "closest")}
        mine = next((g for g in question["guesses"] if g["name"] == name), None)
    close = next((c["off"] for c in projector["how_close"] if c["name"] == name), None)
    return {
        **seat_view(picture, name),
        "question": seen,
        "mine": None if mine is None else {k: v for k, v in mine.items() if k != "name"},
        "how_close": close,
    }


@dataclass
class Guessed:
    """One student's guesses in the class's live LAMA Dice lessons, for the teacher's page."""

    name: str
    off: list[Fraction] = field(default_factory=list)  # each chance guessed: how far off
    choices: list[bool] = field(default_factory=list)  # each roll-or-quit: the better choice?
    last: tuple[Fraction | str, Fraction | str] | None = None  # the newest guess, the answer


def replayed(record: LiveRecord) -> LiveGuessing:
    """A live lesson again from its events, as the service has it after a restart."""
    lesson = GUESS.new(record.settings)
    for event in record.events[1:]:
        try:
            GUESS.apply(lesson, event)
        except LiveRefusal:  # an event whose student was forgotten since
            continue
    return lesson


def guessed(records: list[LiveRecord]) -> list[Guessed]:
    """Each student's guesses at the revealed questions of these lessons (oldest first), by
    name."""
    found: dict[str, Guessed] = {}
    for record in sorted(records, key=lambda record: record.id):
        lesson = replayed(record)
        shown = lesson.asked[: len(lesson.asked) - (lesson.phase is Phase.OPEN)]
        for asked in shown:
            exact = asked.question.exact()
            for name, guess in sorted(asked.guesses.items(), key=lambda item: item[1].seq):
                student = found.setdefault(name, Guessed(name))
                if asked.question.chance:
                    student.off.append(guess.off_by(exact))
                else:
                    student.choices.append(guess.value == exact)
                student.last = (guess.value, exact)
    return sorted(found.values(), key=lambda student: student.name.casefold())


class Guesses(LiveCall):
    """POST {text}: this student's guess at the open question; the last one counts."""

    async def post(self) -> None:
        kept, said = await self.student_claim("guess", str(self.body().get("text", "")).strip())
        if kept:
            self.finish({"result": {"seq": said.seq, "value": exact_json(said.value)}})


class Games(TeacherCall):
    """POST: a new live LAMA Dice lesson for the class."""

    async def post(self) -> None:
        if (await self.change(self.live.run, self.live.game.start, {}))[0]:
            self.finish({"result": self.projector(self.live.game.picture)})


class Questions(TeacherCall):
    """POST {row, llama_row, dice?, asks} or {seed, moment, asks}: the next question."""

    async def post(self) -> None:
        try:
            question = question_of(self.body())
        except (ValueError, TypeError, KeyError):
            self.refuse(400, "bad-request")
            return
        await self.act("ask", text=json.dumps(question_json(question)))


class Rolls(TeacherCall):
    """POST {count, seed?}: the dice rolled `count` times for the revealed question, from
    `seed` (the service picks one if none), the same on every page."""

    async def post(self) -> None:
        sent = self.body()
        count, seed = sent.get("count"), sent.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbelow(SEED_BELOW)
        if count not in ROLL_COUNTS or isinstance(seed, bool) or not isinstance(seed, int):
            self.refuse(400, "bad-request")
            return
        await self.act("rolls", text=json.dumps({"count": count, "seed": seed}))


class Reveal(TeacherCall):
    """POST: the exact answer is shown; no more guesses."""

    async def post(self) -> None:
        await self.act("reveal")


CALLS: list[tuple[str, type[LiveCall]]] = [
    ("join", Join),
    ("guesses", Guesses),
    ("me", Me),
    ("state", State),
    ("games", Games),
    ("questions", Questions),
    ("reveal", Reveal),
    ("rolls", Rolls),
    ("lock", Lock),
    ("remove", Remove),
]


def routes(
    service: ClassService, api: str, live: Live | None = None
) -> list[tuple[str, type[LiveCall], dict[str, Any]]]:
    """The LAMA Dice live calls under `api`live/lama_dice/."""
    live = live or Live(service, kind=GUESS)
    kwargs = {"service": service, "live": live}
    return [(f"{api}live/{GAME}/{path}", call, kwargs) for path, call in CALLS]


__all__ = ["GUESS", "routes"]
