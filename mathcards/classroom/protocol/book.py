"""The class book's calls (`BookPath`): who this browser is, joining the class, a practice set
step by step, a game played at a table, a decision exercise answered."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class JoinBody(TypedDict):
    nickname: str


class SetBody(TypedDict):
    """A practice set begins."""

    game: str
    level: str
    power: bool
    rounds: int
    seed: int


class StepBody(TypedDict):
    """A step of a practice set: an answer, a hint, or the next deal."""

    kind: str
    deal: int
    cards: list[int]
    target: int
    typed: NotRequired[str]
    correct: NotRequired[bool | None]
    verdict_kind: NotRequired[str | None]
    sentence: NotRequired[str]
    hints_used: NotRequired[int]
    seconds: NotRequired[float]


class GameEnding(TypedDict):
    """How a game played at a table ended."""

    scores: dict[str, int]
    winners: list[str]


class GameBody(GameEnding):
    """A game played at a table, kept as soon as it is dealt."""

    game: str
    players: list[str]
    seed: int | None
    finished: bool


class DecisionBody(TypedDict):
    """A decision exercise answered, beside the best choice."""

    game: str
    situation: dict[str, Any]
    choice: str
    best: str


class StepView(TypedDict):
    """A step as the class book kept it (`seq` and `at`, an ISO time, given by the book)."""

    kind: str
    deal: int
    cards: list[int]
    target: int
    typed: str
    correct: bool | None
    verdict_kind: str | None
    sentence: str
    hints_used: int
    seconds: float
    seq: int | None
    at: str | None


class PracticeView(TypedDict):
    """A practice set the student left open (its times in ISO form)."""

    id: int
    student: int
    game: str
    level: str
    power: bool
    rounds: int
    seed: int
    started: str
    finished: str | None
    steps: list[StepView]


class MeView(TypedDict):
    """Who this browser is in the class book (None: not joined yet, with a `suggestion` for a
    nickname) and the practice set they left open."""

    student: str | None
    suggestion: NotRequired[str]
    practice: PracticeView | None
