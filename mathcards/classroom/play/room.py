"""The class's tables at play, as the class service keeps them
(docs/design.md#tables-in-the-class-service): the sitting the teacher started last (its tables,
each a `mathcards.table.Table`), every move checked by the engine and kept in the class book
before it is acknowledged, the moves a table makes by itself (a computer's, the expert's for a
seat away), each game's review once it is over, and what every page is sent. Every method runs
in the class service's writer thread; what the pages read (`shown`, each table's `shown`) is
replaced whole, never changed, so the server's loop reads it as it is."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from mathcards.book import Book
from mathcards.book.play import TableRecord
from mathcards.classroom.play.views import (
    InPlay,
    TableShown,
    debrief,
    review_seen,
    seat_parts,
    table_seen,
)
from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.book import MOST_MOVES, MOVE_BYTES, SETTINGS_BYTES
from mathcards.classroom.protocol.play import (
    MOST_TABLES,
    PLAY_GAMES,
    Debrief,
)
from mathcards.classroom.service.games import GameRefused
from mathcards.engine import IllegalAction
from mathcards.i18n import _
from mathcards.replay import rules
from mathcards.table import AWAY_SECONDS, Table, again

PACE = 1.0  # seconds between two moves a table makes by itself, so that its players follow them
SEATS = 4  # a table's seats unless the teacher says otherwise
Clock = Callable[[], float]


class Versions:
    """Numbers that only grow, across restarts too (microseconds of the server's clock at
    least), so that a page's `after` from before a restart is behind every new change."""

    def __init__(self) -> None:
        self.last = 0
        self.lock = threading.Lock()

    def next(self) -> int:
        with self.lock:
            self.last = max(self.last + 1, time.time_ns() // 1000)
            return self.last


@dataclass(frozen=True)
class RoomShown:
    """What the wall was last sent of the sitting: its version (and the version it began
    with), its number and game, which table each student sits at, the tables, the debrief."""

    version: int
    began: int
    sitting: int | None
    game: str | None
    at: Mapping[int, int]
    tables: tuple[InPlay, ...]
    debrief: Debrief


class PlayRoom:
    """The class's newest sitting (`book_of()`, `class_name`), read from the class book when
    first asked for and after a commit failed; `clock` the server's, `pace` the seconds
    between two moves a table makes by itself."""

    def __init__(
        self,
        book_of: Callable[[], Book],
        class_name: str,
        clock: Clock = time.monotonic,
        pace: float = PACE,
    ) -> None:
        self.book_of, self.class_name, self.clock, self.pace = book_of, class_name, clock, pace
        self.loaded = False
        self.versions = Versions()
        self.tables: dict[int, InPlay] = {}
        self.named = False  # the debrief names the costliest decision's student
        self.moved_by_itself: dict[int, float] = {}  # a table → when it last moved by itself
        self.dues: dict[int, float | None] = {}  # a table → when it moves by itself (its clock)
        first = self.versions.next()
        self.shown = RoomShown(first, first, None, None, {}, (), debrief((), False))

    # ------------------------------------------------------------ the class book

    def load(self) -> None:
        """The newest sitting, had again from the class book, if it is not in memory."""
        if self.loaded:
            return
        records = self.book_of().newest_sitting(self.class_name)
        self.tables = {
            record.id: self._again(number, record) for number, record in enumerate(records, 1)
        }
        self.moved_by_itself.clear()
        self.dues = {}
        self.loaded = True
        for played in self.tables.values():
            self._refresh(played, wall=False)
        first = records[0] if records else None
        self._wall(None if first is None else first.id, None if first is None else first.game)

    def unload(self) -> None:
        """(A commit failed.) The sitting is read again from the class book when next asked."""
        self.loaded = False

    def _again(self, number: int, record: TableRecord) -> InPlay:
        students = [
            None if student is None else player
            for player, student in zip(record.settings["players"], record.students, strict=True)
        ]
        table = again(
            record.game,
            record.settings,
            record.seed,
            record.moves,
            students=students,
            stand_ins=record.stand_ins,
            away_seconds=record.away_seconds,
            clock=self.clock,
        )
        played = InPlay(record.id, number, table, list(record.students))
        if table.game.over:
            played.reviews = self._reviews(played)
        return played

    # ------------------------------------------------------------ the teacher

    def start(self, sent: Mapping[str, Any], room: Mapping[int, str], rng: random.Random) -> None:
        """A new sitting of the game the teacher `sent` (TablesBody) for the students in the
        `room` (id → nickname, in the order they came): the tables made by hand or shuffled,
        each kept in the class book; the last sitting is left as it stands."""
        self.load()
        game = sent.get("game")
        if game not in PLAY_GAMES:
            raise ValueError(
                _("a table plays {games}, not {game}").format(
                    games=", ".join(PLAY_GAMES), game=repr(game)
                )
            )
        options = sent.get("options") or {}
        if not isinstance(options, dict) or len(json.dumps(options)) > SETTINGS_BYTES:
            raise GameRefused(CallRefusal.TOO_BIG)
        size, away = sent.get("size", SEATS), sent.get("away_seconds", AWAY_SECONDS)
        if type(size) is not int or not 2 <= size <= 6:
            raise ValueError(_("a table has 2 to 6 seats"))
        if isinstance(away, bool) or not isinstance(away, int | float):
            raise ValueError(_("a seat is away 0 to 3600 seconds before a computer moves for it"))
        groups = _groups(sent.get("tables"), room, size, rng)
        computers = sent.get("computers", True) is True
        seated = [
            [*group, *[None] * (size - len(group) if computers else max(0, 2 - len(group)))]
            for group in groups
        ]
        tables = [
            Table(
                str(game),
                [None if student is None else room[student] for student in students],
                options,
                seed=rng.randrange(10**9),
                away_seconds=float(away),
                clock=self.clock,
            )
            for students in seated
        ]
        self._keep_sitting(str(game), tables, seated)

    def _keep_sitting(self, game: str, tables: list[Table], seated: list[list[int | None]]) -> None:
        book, moment = self.book_of(), datetime.now(UTC)
        sitting: list[InPlay] = []
        for number, (table, students) in enumerate(zip(tables, seated, strict=True), 1):
            table_id = book.record_table(
                self.class_name,
                game,
                settings=table.settings,
                seed=table.seed,
                students=students,
                away_seconds=table.away_seconds,
                started=moment,
            )
            sitting.append(InPlay(table_id, number, table, students))
        self.tables = {played.id: played for played in sitting}
        self.moved_by_itself.clear()
        self.dues, self.named = {}, False
        for played in sitting:
            self._refresh(played, wall=False)
        self._wall(sitting[0].id, game)

    def show_name(self, named: bool) -> None:
        """The debrief names the student of the costliest decision (or no longer does)."""
        self.load()
        self.named = bool(named)
        self._wall(self.shown.sitting, self.shown.game)

    # ------------------------------------------------------------ the students

    def move(self, student: int, sent: Mapping[str, Any]) -> None:
        """A student's move (PlayMoveBody), made on their table as it stood after `seen`
        moves, checked by the engine, kept in the class book; one sent again (its answer was
        lost) is acknowledged again, one made on a table that has moved on is refused."""
        self.load()
        played = self._table_of(student)
        move, seen = sent.get("move"), sent.get("seen")
        if type(seen) is not int or not isinstance(move, dict):
            raise ValueError("a move is the move and the moves seen")
        if len(json.dumps(move)) > MOVE_BYTES:
            raise GameRefused(CallRefusal.TOO_BIG)
        table, place = played.table, played.students.index(student)
        action = rules(table.name).action_of(move)  # a ValueError says what is not a move
        written, made = rules(table.name).action_json(action), len(table.moves)
        if (
            seen == made - 1
            and table.moves[-1] == written
            and table.movers[-1] in (None, place + 1)
        ):
            return  # kept already: its answer was lost on the way
        if seen != made:
            raise GameRefused(CallRefusal.OUT_OF_STEP)
        if table.game.over:
            raise GameRefused(CallRefusal.ILLEGAL_MOVE)
        if made >= MOST_MOVES:
            raise GameRefused(CallRefusal.TOO_MANY_MOVES)
        name = table.seats[place].student
        assert name is not None
        try:
            table.move(name, action)
        except IllegalAction:
            raise GameRefused(CallRefusal.ILLEGAL_MOVE) from None
        self._keep(played, made)

    def away(self, student: int) -> None:
        """The student's page has stopped asking: their seat is away from now."""
        self._seat_changed(student, away=True)

    def back(self, student: int) -> None:
        """The student's page asks again: their seat is theirs again."""
        self._seat_changed(student, away=False)

    def _seat_changed(self, student: int, *, away: bool) -> None:
        self.load()
        played = self.tables.get(self.shown.at.get(student, -1))
        if played is None or played.table.game.over:
            return
        seat = played.table.seats[played.students.index(student)]
        if (seat.away_since is not None) == away or seat.student is None:
            return
        if away:
            played.table.away(seat.student)
        else:
            played.table.back(seat.student)
        self._refresh(played)

    # ------------------------------------------------------------ the table by itself

    def tick(self, table_id: int) -> None:
        """The one move table N makes by itself now, if it has one (a computer's, the expert's
        for a seat away, the next round), kept like a student's."""
        self.load()
        played = self.tables.get(table_id)
        if played is None:
            return
        before = len(played.table.moves)
        if played.table.tick(most=1):
            self.moved_by_itself[table_id] = self.clock()
            self._keep(played, before)
        else:
            self.dues = {**self.dues, table_id: self._due(played)}

    def _due(self, played: InPlay) -> float | None:
        """When (on the clock) table N moves by itself next, `pace` after its last such move."""
        due = played.table.due()
        if due is None:
            return None
        now, last = self.clock(), self.moved_by_itself.get(played.id)
        return now + due if last is None else max(now + due, last + self.pace)

    # ------------------------------------------------------------ kept, then shown

    def _keep(self, played: InPlay, before: int) -> None:
        """The moves made since `before` kept in the class book, in order; the reviews once
        the game is over; then shown. Memory that the book did not take is read again."""
        table, book = played.table, self.book_of()
        try:
            for number in range(before + 1, len(table.moves) + 1):
                over = table.game.over and number == len(table.moves)
                book.record_table_move(
                    played.id,
                    number,
                    table.moves[number - 1],
                    seat=table.movers[number - 1],
                    stand_in=number in table.stand_ins,
                    scores=table.game.scores(),
                    winners=table.game.winners() if over else [],
                    finished=over,
                )
            if table.game.over:
                played.reviews = self._reviews(played)
                decisions = [d for review in played.reviews.values() for d in review.decisions]
                book.record_decisions(played.id, decisions)
        except BaseException:
            self.loaded = False
            raise
        self._refresh(played)

    def _reviews(self, played: InPlay) -> dict[int, Any]:
        """Each student's review of their table's game."""
        reviewed = played.table.reviews()
        return {
            student: reviewed[seat.player]
            for student, seat in zip(played.students, played.table.seats, strict=True)
            if student is not None
        }

    def _refresh(self, played: InPlay, *, wall: bool = True) -> None:
        """What every page is sent of this table, made again after a change."""
        table = played.table
        seats = {
            student: seat_parts(table, seat.student)
            for student, seat in zip(played.students, table.seats, strict=True)
            if student is not None and seat.student is not None
        }
        reviews = {student: review_seen(review) for student, review in played.reviews.items()}
        version = self.versions.next()
        played.shown = TableShown(version, table_seen(played), seats, reviews)
        self.dues = {**self.dues, played.id: self._due(played)}
        if wall:
            self._wall(self.shown.sitting, self.shown.game)

    def _wall(self, sitting: int | None, game: str | None) -> None:
        tables = tuple(self.tables.values())
        at = {
            student: played.id
            for played in tables
            for student in played.students
            if student is not None
        }
        summed = debrief(tables, self.named)
        version = self.versions.next()
        began = (
            self.shown.began if sitting == self.shown.sitting and at == self.shown.at else version
        )
        self.shown = RoomShown(version, began, sitting, game, at, tables, summed)

    def _table_of(self, student: int) -> InPlay:
        played = self.tables.get(self.shown.at.get(student, -1))
        if played is None:
            raise GameRefused(CallRefusal.BAD_REQUEST)  # not at a table: no page sends this
        return played


def _groups(
    by_hand: object, room: Mapping[int, str], size: int, rng: random.Random
) -> list[list[int]]:
    """The students at each table: the teacher's by nickname, else the room shuffled into as
    few tables of at most `size` as hold them, as even as they can be."""
    if by_hand is None:
        students = list(room)
        rng.shuffle(students)
        count = -(-len(students) // size)
        groups = [students[number::count] for number in range(count)]
    else:
        groups = _named(by_hand, room)
    groups = [group for group in groups if group]
    if not groups:
        raise ValueError(_("nobody is in the room to play at a table"))
    if len(groups) > MOST_TABLES:
        raise GameRefused(CallRefusal.TOO_BIG)
    return groups


def _named(by_hand: object, room: Mapping[int, str]) -> list[list[int]]:
    """The teacher's tables, each a list of nicknames of students in the room, each once."""
    if not isinstance(by_hand, list) or not all(isinstance(t, list) for t in by_hand):
        raise ValueError("the tables are lists of nicknames")
    student = {nickname: number for number, nickname in room.items()}
    groups: list[list[int]] = []
    for names in by_hand:
        group = []
        for name in names:
            if not isinstance(name, str) or name.strip() not in student:
                raise ValueError(_("{name} is not in the room").format(name=repr(name)))
            group.append(student[name.strip()])
        groups.append(group)
    everyone = [number for group in groups for number in group]
    if len(set(everyone)) != len(everyone):
        raise ValueError(_("a student sits at one table only"))
    return groups


__all__: Sequence[str] = ["PlayRoom", "RoomShown", "TableShown"]
