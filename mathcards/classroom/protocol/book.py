"""The class book's calls (`BookPath`): who this browser is, joining the class, a practice set
step by step, a game played at a table move by move (and the limits on its sizes), a decision
exercise answered, the class's open assignments."""

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


MOVE_BYTES = 4_000  # the most a move's JSON may take, as a kernel sends it
SETTINGS_BYTES = 8_000  # the most a game's settings may take
MOST_MOVES = 3_000  # the most moves a game at a table may have


class GameBody(TypedDict):
    """A game dealt at a table: which of the four (`mam`, `lama`, `lama_dice`, `unikat`), its
    seed, and its settings, everything its table needs to deal it again (the players, the
    computer players' strategies by seat, the game's options, the table's name:
    docs/design.md#a-game-replayed)."""

    game: str
    seed: int
    settings: dict[str, Any]


class MoveBody(TypedDict):
    """A move made at a table, the player's or a computer player's (or the next round), as JSON
    (`mathcards/<game>/moves.py`), and its number in the game, counted from 1."""

    seq: int
    move: dict[str, Any]


class GameEnding(TypedDict):
    """How a game played at a table ended, as the class service worked it out from its moves."""

    scores: dict[str, int]
    winners: list[str]


class GameView(GameEnding):
    """A game played at a table as the class book keeps it: what deals it again, its moves so
    far (replay them to have it again), and where it stands (`winners` once it is over)."""

    id: int
    game: str
    seed: int
    settings: dict[str, Any]
    moves: list[dict[str, Any]]
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
    nickname; in a class closed to new names, the `names` of its class list no browser has
    taken yet, to pick from), the practice set they left open, and the skill they last practised
    the game in at their level (`my_level`; None: at the fixed levels)."""

    student: str | None
    suggestion: NotRequired[str]
    names: NotRequired[list[str]]
    practice: PracticeView | None
    my_level: NotRequired[str | None]  # the skill they last practised the game in at their level


MOST_SHOWN = 20  # open assignments a page is sent, the first due first


class AssignmentView(TypedDict):
    """One of the class's open assignments and how far this student is, as the service worked
    it out: `skill` (`mam`, `mam-powers`, `roll-or-quit`), `goal` (`deals`, `days`) and `count`,
    `done` of them, the deadline day (`due`, ISO) and the days left until it (0: today)."""

    number: int
    title: str
    skill: str
    goal: str
    count: int
    done: int
    due: str
    days_left: int
