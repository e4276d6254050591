"""What the class book hands out (plain values, never database rows), and what it keeps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import astuple, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, cast

GAMES = ("mam", "lama", "lama_dice", "unikat")  # the four games, by their package names
KINDS = ("answer", "hint", "next")  # what a practice step is
ENVIRONMENT = "MATHCARDS_DB"  # the class book's URL, where no --db names one
KEEP_DAYS = 365  # records older than this are deleted by `mathcards serve` and `book purge`


@dataclass(frozen=True)
class Student:
    """A student of a class, known by a nickname."""

    id: int
    class_name: str
    nickname: str
    created: datetime


@dataclass
class Step:
    """One thing a student did in a practice set: an answer (what was typed, the verdict and its
    sentence), a hint taken, or going on to the next deal. `deal` counts from 1; `seq` and `at`
    are given by the book when the step is recorded."""

    kind: str
    deal: int
    cards: list[int]
    target: int
    typed: str = ""
    correct: bool | None = None
    verdict_kind: str | None = None
    sentence: str = ""
    hints_used: int = 0
    seconds: float = 0.0
    seq: int | None = None
    at: datetime | None = None


@dataclass(frozen=True)
class PracticeRecord:
    """A practice set as the book keeps it: its rules and seed (the same deals again) and every
    step so far, in the order they arrived."""

    id: int
    student: int
    game: str
    level: str
    power: bool
    rounds: int
    seed: int
    started: datetime
    finished: datetime | None
    steps: list[Step] = field(default_factory=list)
    dealt: str | None = None  # at my level: the deal dealt and not answered yet

    @property
    def deal(self) -> int:
        """The deal the student is at (from 1): one past the last deal they went on from."""
        return max((step.deal + (step.kind == "next") for step in self.steps), default=1)

    @property
    def solved(self) -> set[int]:
        """The deals answered right."""
        return {step.deal for step in self.steps if step.kind == "answer" and step.correct}


@dataclass(frozen=True)
class StudentSummary:
    """One line of the teacher's page: what a student did (in the dates and game asked for)."""

    id: int
    nickname: str
    sets: int
    deals_solved: int
    answers: int
    hints_used: int
    games: int
    decisions_right: int
    decisions: int
    last_seen: datetime | None


class Mistake(StrEnum):
    """The kind of a wrong answer, as the teacher's page groups them whatever the language
    (docs/design.md#the-teachers-page): worked out by the class service from what was typed,
    never sent by a page."""

    USED_TWICE = "used-twice"  # a card used more often than it lies on the table
    NOT_ON_TABLE = "not-on-table"  # a number that is not a face-up card
    NOT_WHOLE = "not-whole"  # a division that leaves a remainder
    BELOW_ZERO = "below-zero"  # a subtraction that goes below zero
    FORBIDDEN = "forbidden"  # another step the rules forbid (by zero, a power)
    TOTAL = "total"  # a good calculation of the wrong number
    SLIP = "slip"  # a typing slip: text that cannot be read as a calculation


@dataclass(frozen=True)
class PracticeAnswer:
    """One answer in a practice set, as the teacher's page lists it: who, which deal, what was
    typed, the checker's verdict, the hints taken before it and the seconds it took."""

    nickname: str
    set_id: int
    deal: int
    cards: list[int]
    target: int
    power: bool
    typed: str
    correct: bool
    verdict_kind: str | None
    sentence: str
    hints_used: int
    seconds: float
    at: datetime


class _Unpacked:
    """A record that unpacks like the tuple of its fields: `kind, sentence, count, who = …`."""

    def __iter__(self) -> Iterator[Any]:
        return iter(astuple(cast(Any, self)))


@dataclass(frozen=True)
class StuckSentence(_Unpacked):
    """A sentence the checker said to wrong answers, how often, and to whom."""

    verdict_kind: str
    sentence: str
    count: int
    nicknames: list[str]


@dataclass(frozen=True)
class HardTarget(_Unpacked):
    """A deal (its cards, smallest first, and its target) and how the class did on it."""

    cards: tuple[int, ...]
    target: int
    tries: int
    solved: int  # students who solved it
    students: int  # students who tried it
