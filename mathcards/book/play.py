"""The games tables of students play together (mathcards.table), in the class book: each table
with its settings and seed, its seats and their students, every move as it is made (committed
before the service acknowledges it: a table had again from the book is the table as it was),
and every decision its review scored, with the values of its choices
(docs/design.md#playing-at-a-table). A forgotten student's seat keeps the game for the
classmates who played it, under the seat's number instead of the student's nickname."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from mathcards.book import names
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownClass, UnknownGame
from mathcards.book.models import (
    PlayDecisionRow,
    PlayMoveRow,
    PlaySeatRow,
    PlayTableRow,
    SchoolClassRow,
    StudentRow,
)
from mathcards.i18n import _

if TYPE_CHECKING:
    from mathcards.review import ScoredDecision

PLAYED = ("lama", "lama_dice", "unikat")  # the games played at a table, by package name
SEAT_NAME = "Seat {seat}"  # a forgotten student's name at a table: in no language, a place


@dataclass(frozen=True)
class TableRecord:
    """A table as the class book keeps it: what deals its game again, its students by seat (None:
    a computer player, or a student forgotten), its moves so far, the moves a computer made for
    a seat away, and where it stands."""

    id: int
    class_name: str
    game: str
    settings: dict[str, Any]
    seed: int
    away_seconds: float
    students: list[int | None]
    moves: list[dict[str, Any]]
    movers: list[int | None]  # each move's seat (None: the table dealt the next round)
    stand_ins: set[int]
    scores: dict[str, int]
    winners: list[str]
    finished: bool
    started: datetime


@dataclass(frozen=True)
class TablePlayed:
    """A table as the teacher's page lists it: when it began, its game, its players (by the
    names the game gave them), where it stands, its moves and its decisions scored."""

    id: int
    game: str
    started: datetime
    players: list[str]
    scores: dict[str, int]
    winners: list[str]
    finished: bool
    moves: int
    decisions: int


@dataclass(frozen=True)
class DecisionKept:
    """A decision a student made at a table, as the class book keeps it: their nickname, the
    choice and the best, and each choice's value (a fraction in text)."""

    student: str
    table: int
    game: str
    seq: int
    chosen: str
    best: str
    values: dict[str, str]
    exact: bool
    stand_in: bool


class PlayBook(BookPart):
    """The class book's side of the tables of students (a part of `Book`)."""

    @guarded
    def record_table(
        self,
        class_name: str,
        game: str,
        *,
        settings: dict[str, Any],
        seed: int,
        students: list[int | None],
        away_seconds: float,
        started: datetime | None = None,
    ) -> int:
        """Keep a table dealt: its game, settings and seed, its students by seat (None for a
        computer player's); its number. The tables the teacher started together are one
        sitting: each given the same moment `started` (else now)."""
        if game not in PLAYED:
            message = _("a table plays {games}, not {game}")
            raise BookError(message.format(games=", ".join(PLAYED), game=repr(game)))
        players = settings.get("players")
        if not isinstance(players, list) or len(players) != len(students):
            raise BookError(_("a table has one student, or a computer, a seat"))
        with self._writing() as session:
            room = session.scalar(
                select(SchoolClassRow).where(SchoolClassRow.name == names.class_name(class_name))
            )
            if room is None:
                message = _("there is no class {name} in the class book")
                raise UnknownClass(message.format(name=class_name))
            seated = [student for student in students if student is not None]
            found = session.scalars(
                select(StudentRow.id).where(
                    StudentRow.id.in_(seated), StudentRow.class_id == room.id
                )
            )
            if len(set(found)) != len(seated) or len(set(seated)) != len(seated):
                raise BookError(_("every student at a table is a different one of its class"))
            moment = self._now()
            started = started or moment
            row = PlayTableRow(
                class_id=room.id,
                game=game,
                settings=dict(settings),
                seed=seed,
                away_seconds=float(away_seconds),
                scores={str(player): 0 for player in players},
                winners=[],
                finished=False,
                started=started,
                at=moment,
            )
            session.add(row)
            session.flush()
            session.add_all(
                PlaySeatRow(table_id=row.id, seat=seat, student_id=student)
                for seat, student in enumerate(students, 1)
            )
            return row.id

    @guarded
    def record_table_move(
        self,
        table_id: int,
        seq: int,
        move: dict[str, Any],
        *,
        seat: int | None,
        stand_in: bool,
        scores: dict[str, int],
        winners: list[str],
        finished: bool,
    ) -> int:
        """Keep move number `seq` of a table (the one after the last kept), who made it, and
        where the game stands after it, in one transaction; its number, once committed."""
        with self._writing() as session:
            row = _table(session, table_id, lock=True)
            last = session.scalar(
                select(func.max(PlayMoveRow.seq)).where(PlayMoveRow.table_id == row.id)
            )
            if seq != (last or 0) + 1:
                message = _("table number {table} has {moves} moves: the next is not number {seq}")
                raise BookError(message.format(table=table_id, moves=last or 0, seq=seq))
            moment = self._now()
            session.add(
                PlayMoveRow(
                    table_id=row.id,
                    seq=seq,
                    seat=seat,
                    move=dict(move),
                    stand_in=bool(stand_in),
                    at=moment,
                )
            )
            row.scores, row.winners, row.at = dict(scores), list(winners), moment
            row.finished = row.finished or bool(finished)
            return seq

    @guarded
    def record_decisions(self, table_id: int, decisions: Iterable[ScoredDecision]) -> int:
        """Keep the decisions a table's review scored (each once: a review kept again changes
        nothing), each with its seat's student; how many were new."""
        with self._writing() as session:
            row = _table(session, table_id, lock=True)
            players = list(row.settings["players"])
            students = dict(
                session.execute(
                    select(PlaySeatRow.seat, PlaySeatRow.student_id).where(
                        PlaySeatRow.table_id == row.id
                    )
                ).all()
            )
            kept = set(
                session.scalars(
                    select(PlayDecisionRow.seq).where(PlayDecisionRow.table_id == row.id)
                )
            )
            moment, added = self._now(), 0
            for decision in decisions:
                if decision.number in kept or decision.player not in players:
                    continue
                seat = players.index(decision.player) + 1
                session.add(
                    PlayDecisionRow(
                        table_id=row.id,
                        seq=decision.number,
                        seat=seat,
                        student_id=students.get(seat),
                        chosen=decision.chosen,
                        best=decision.best,
                        values={choice: str(value) for choice, value in decision.values.items()},
                        exact=decision.exact,
                        stand_in=decision.stand_in,
                        situation=dict(decision.situation),
                        at=moment,
                    )
                )
                kept.add(decision.number)
                added += 1
            return added

    @guarded
    def tables_played(self, class_name: str) -> list[TablePlayed]:
        """The class's tables, the newest first."""
        with self._reading() as session:
            room = _class(session, class_name)
            moves = _per_table(session, PlayMoveRow, room)
            decided = _per_table(session, PlayDecisionRow, room)
            rows = session.scalars(
                select(PlayTableRow)
                .where(PlayTableRow.class_id == room)
                .order_by(PlayTableRow.started.desc(), PlayTableRow.id)
            )
            return [
                TablePlayed(
                    row.id,
                    row.game,
                    row.started,
                    list(row.settings["players"]),
                    dict(row.scores),
                    list(row.winners),
                    row.finished,
                    moves.get(row.id, 0),
                    decided.get(row.id, 0),
                )
                for row in rows
            ]

    @guarded
    def decisions_kept(self, class_name: str) -> list[DecisionKept]:
        """Every decision the class's students made at tables, table by table, in order."""
        with self._reading() as session:
            room = _class(session, class_name)
            found = session.execute(
                select(PlayDecisionRow, StudentRow.nickname, PlayTableRow.game)
                .join(StudentRow, StudentRow.id == PlayDecisionRow.student_id)
                .join(PlayTableRow, PlayTableRow.id == PlayDecisionRow.table_id)
                .where(PlayTableRow.class_id == room)
                .order_by(PlayDecisionRow.table_id, PlayDecisionRow.seq)
            ).all()
            return [
                DecisionKept(
                    nickname,
                    row.table_id,
                    game,
                    row.seq,
                    row.chosen,
                    row.best,
                    dict(row.values),
                    row.exact,
                    row.stand_in,
                )
                for row, nickname, game in found
            ]

    @guarded
    def newest_sitting(self, class_name: str) -> list[TableRecord]:
        """The class's tables the teacher started last, together (none: an empty list), in the
        order they were made."""
        with self._reading() as session:
            newest = session.scalar(
                select(func.max(PlayTableRow.started))
                .join(SchoolClassRow, SchoolClassRow.id == PlayTableRow.class_id)
                .where(SchoolClassRow.name == names.class_name(class_name))
            )
            if newest is None:
                return []
            tables = session.scalars(
                select(PlayTableRow.id)
                .join(SchoolClassRow, SchoolClassRow.id == PlayTableRow.class_id)
                .where(
                    SchoolClassRow.name == names.class_name(class_name),
                    PlayTableRow.started == newest,
                )
                .order_by(PlayTableRow.id)
            ).all()
        return [self.table_record(table) for table in tables]

    @guarded
    def table_record(self, table_id: int) -> TableRecord:
        """A table with its moves in order; UnknownGame if there is none."""
        with self._reading() as session:
            row = _table(session, table_id)
            seats = session.execute(
                select(PlaySeatRow.student_id)
                .where(PlaySeatRow.table_id == row.id)
                .order_by(PlaySeatRow.seat)
            ).scalars()
            moves = session.execute(
                select(PlayMoveRow.move, PlayMoveRow.stand_in, PlayMoveRow.seq, PlayMoveRow.seat)
                .where(PlayMoveRow.table_id == row.id)
                .order_by(PlayMoveRow.seq)
            ).all()
            room = session.get(SchoolClassRow, row.class_id)
            return TableRecord(
                id=row.id,
                class_name=room.name if room else "",
                game=row.game,
                settings=dict(row.settings),
                seed=row.seed,
                away_seconds=row.away_seconds,
                students=list(seats),
                moves=[dict(move) for move, _stand_in, _seq, _seat in moves],
                movers=[seat for _move, _stand_in, _seq, seat in moves],
                stand_ins={seq for _move, stand_in, seq, _seat in moves if stand_in},
                scores=dict(row.scores),
                winners=list(row.winners),
                finished=row.finished,
                started=row.started,
            )


def _class(session: Session, class_name: str) -> int:
    """The class's number in the book (-1: no such class, so nothing is found)."""
    found = session.scalar(
        select(SchoolClassRow.id).where(SchoolClassRow.name == names.class_name(class_name))
    )
    return -1 if found is None else int(found)


def _table(session: Session, table_id: int, *, lock: bool = False) -> PlayTableRow:
    row = session.get(PlayTableRow, table_id, with_for_update=lock)
    if row is None:
        message = _("there is no table number {table} in the class book")
        raise UnknownGame(message.format(table=table_id))
    return row


def unnamed(
    settings: dict[str, Any], scores: dict[str, int], winners: list[str], seat: int
) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """A table's settings, scores and winners with the player at `seat` named by the seat
    alone (a forgotten student): the game replays the same, under another name."""
    players = list(settings["players"])
    old = players[seat - 1]
    new = SEAT_NAME.format(seat=seat)
    while new in players:
        new += "'"
    players[seat - 1] = new
    renamed = {new if name == old else name: points for name, points in scores.items()}
    return {**settings, "players": players}, renamed, [new if w == old else w for w in winners]


def forget_seats(session: Session, student: int) -> int:
    """A student forgotten: their decisions at tables go, and each seat they had keeps its game
    under its number; how many records went or changed."""
    changed = 0
    for seat in session.scalars(select(PlaySeatRow).where(PlaySeatRow.student_id == student)):
        table = session.get(PlayTableRow, seat.table_id)
        if table is not None:
            table.settings, table.scores, table.winners = unnamed(
                table.settings, table.scores, table.winners, seat.seat
            )
        seat.student_id = None
        changed += 1
    session.flush()
    gone = session.connection().execute(
        delete(PlayDecisionRow).where(PlayDecisionRow.student_id == student)
    )
    return changed + gone.rowcount


def _per_table(
    session: Session, counted: type[PlayMoveRow] | type[PlayDecisionRow], room: int
) -> dict[int, int]:
    """How many rows of `counted` (moves, decisions) each of the class's tables holds."""
    found = session.execute(
        select(counted.table_id, func.count())
        .join(PlayTableRow, PlayTableRow.id == counted.table_id)
        .where(PlayTableRow.class_id == room)
        .group_by(counted.table_id)
    )
    return {table: count for table, count in found}
