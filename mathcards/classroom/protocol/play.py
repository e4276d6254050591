"""Playing at tables (under `PLAY`, docs/design.md#tables-in-the-class-service): the
teacher starts the tables, each student plays at theirs from their own page, the projector
shows every table and the class's debrief. A student's page sees its own table only: its own
view of the game (its hand), the parts everyone shares, and the moves it may make; the wall
sees no hand. A game's view and its moves travel as the engine writes them
(`mathcards.views.view_json`, each game's `action_json`); a decision's values as exact
fractions in text ("37/8"), as the class book keeps them."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NotRequired, TypedDict

PLAY = "play/"  # the tables' calls, under API
MOST_TABLES = 100  # tables in one sitting
PLAY_GAMES = ("lama", "lama_dice", "unikat")  # the games played at tables, by package name


class PlayPath(StrEnum):
    """The tables' calls, under API + PLAY."""

    ME = "me"  # GET ?after=V → AtTableView: what this student sees (they are in the room)
    MOVES = "moves"  # POST PlayMoveBody → AtTableView, once the move is kept
    REVIEW = "review"  # GET ?frame=N → FrameSeen: the student's game, after move N
    WALL = "wall"  # the teacher's: GET ?after=V → PlayWallView
    TABLES = "tables"  # the teacher's: POST TablesBody → PlayWallView
    DEBRIEF = "debrief"  # the teacher's: POST DebriefBody → PlayWallView


class TablesBody(TypedDict):
    """The teacher starts a sitting: the game, its options over its presets, the seats a table,
    the students at each table by nickname (else the room shuffled into tables), whether a
    computer fills each empty seat, and how long a seat is away before the expert moves for
    it."""

    game: str
    options: NotRequired[dict[str, Any]]
    size: NotRequired[int]
    tables: NotRequired[list[list[str]]]
    computers: NotRequired[bool]
    away_seconds: NotRequired[float]


class PlayMoveBody(TypedDict):
    """A move (its JSON) made on the table as it stood after `seen` moves."""

    move: dict[str, Any]
    seen: int


class DebriefBody(TypedDict):
    named: bool  # the costliest decision's student named on the wall


class SeatSeen(TypedDict):
    player: str
    computer: bool
    away: bool


class MoveSeen(TypedDict):
    """One of a table's newest moves: its number, who made it (None: the next round), the move,
    and whether the expert made it for a seat away."""

    number: int
    player: str | None
    move: dict[str, Any]
    stand_in: bool


class TableSeen(TypedDict):
    """A table as everyone at it and the wall see it: never a hand (`shared`: the parts of the
    game that are the same for every seat)."""

    table: int
    number: int  # the table's number in its sitting, from 1
    game: str
    seats: list[SeatSeen]
    to_move: list[str]
    scores: dict[str, int]
    rounds: int
    moves: int
    newest: list[MoveSeen]
    over: bool
    winners: list[str]
    shared: dict[str, Any]


class DecisionSeen(TypedDict):
    """A decision scored by the game's review (mathcards.review.ScoredDecision)."""

    game: str
    number: int
    player: str
    round: int
    chosen: str
    best: str
    values: dict[str, str]  # each choice's value, a fraction in text
    exact: bool
    situation: dict[str, Any]
    stand_in: bool


class ReviewSeen(TypedDict):
    """A student's review of their game: the accuracy in percent of their own decisions, how
    many matched the best, the costliest (at most three), and the frames to step through."""

    accuracy: float
    decisions: int
    matched: int
    costliest: list[DecisionSeen]
    frames: int


class AtTableView(TypedDict):
    """What one student sees: their table (None: not at one), their player there, their own
    view of the game (`view`, the engine's), the moves they may make, and once the game is
    over their review."""

    version: int
    sitting: int | None
    name: str | None
    table: TableSeen | None
    player: str | None
    view: dict[str, Any] | None
    legal: list[dict[str, Any]]
    review: ReviewSeen | None


class FrameSeen(TypedDict):
    """The student's game after move `number` (0: as dealt) of `of`, as they saw it, and the
    decision they made at that move, if any."""

    number: int
    of: int
    player: str | None
    move: dict[str, Any] | None
    view: dict[str, Any]
    decision: DecisionSeen | None


class Debrief(TypedDict):
    """The class's results once tables are over: how many decisions the students made, how
    many matched the best, and the costliest as a worked example (its student named only once
    the teacher shows it)."""

    tables_over: int
    decisions: int
    matched: int
    costliest: DecisionSeen | None
    named: str | None


class PlayWallView(TypedDict):
    """The teacher's projector: the students whose page is open (`room`), the sitting's game
    and tables, and the debrief."""

    version: int
    sitting: int | None
    game: str | None
    room: list[str]
    tables: list[TableSeen]
    debrief: Debrief
    class_url: str
