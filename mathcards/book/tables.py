"""The games played at the four games' tables, in the class book: each game's settings and seed
(everything its table needs to deal it again), its moves, one row a move in the order they were
made, and where it stands (its scores, its winners, whether it is over) as the class service
worked it out by replaying them (docs/design.md#a-game-replayed). A move is kept (committed)
before the service acknowledges it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mathcards.book import names
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownGame, UnknownStudent
from mathcards.book.models import GameMoveRow, GameRow, SchoolClassRow, StudentRow
from mathcards.book.records import GAMES
from mathcards.i18n import _

LOOKED_AT = 100  # open_game: a student's newest games of a kind looked at for one table's
LISTED = 500  # games_of: a student's newest games the teacher's page lists


@dataclass(frozen=True)
class GameRecord:
    """A game played at a table as the class book keeps it: what deals it again (`settings`,
    `seed`), its moves so far (each as JSON), and where it stands. `at`: when it was dealt, or
    when it ended."""

    id: int
    student: int
    game: str
    players: list[str]
    settings: dict[str, Any]
    seed: int | None
    scores: dict[str, int]
    winners: list[str]
    finished: bool
    at: datetime
    moves: list[dict[str, Any]] = field(default_factory=list)


class TableBook(BookPart):
    """The class book's side of the games played at a table (a part of `Book`)."""

    @guarded
    def record_game(
        self,
        student: int,
        game: str,
        *,
        players: list[str],
        scores: dict[str, int],
        winners: list[str],
        seed: int | None,
        finished: bool,
        settings: dict[str, Any] | None = None,
    ) -> int:
        """Keep a game a student played, from its deal (or left unfinished); its number."""
        check_game(game)
        with self._writing() as session:
            if session.get(StudentRow, student) is None:
                message = _("there is no student number {student} in the class book")
                raise UnknownStudent(message.format(student=student))
            row = GameRow(
                student_id=student,
                game=game,
                players=list(players),
                scores=dict(scores),
                winners=list(winners),
                seed=seed,
                finished=bool(finished),
                settings=dict(settings or {}),
                at=self._now(),
            )
            session.add(row)
            session.flush()
            return row.id

    @guarded
    def game_record(self, game_id: int, student: int) -> GameRecord:
        """A game of this student, with its moves in order; UnknownGame if there is none."""
        with self._reading() as session:
            return _record(session, _own(session, game_id, student))

    @guarded
    def record_move(
        self,
        game_id: int,
        student: int,
        seq: int,
        move: dict[str, Any],
        *,
        scores: dict[str, int],
        winners: list[str],
        finished: bool,
    ) -> int:
        """Keep move number `seq` of a game (the one after the last kept) and where the game
        stands after it, in one transaction; its number, once committed."""
        with self._writing() as session:
            row = _own(session, game_id, student, lock=True)
            last = session.scalar(
                select(func.max(GameMoveRow.seq)).where(GameMoveRow.game_id == game_id)
            )
            if seq != (last or 0) + 1:
                message = _("game number {game} has {moves} moves: the next is not number {seq}")
                raise BookError(message.format(game=game_id, moves=last or 0, seq=seq))
            moment = self._now()
            session.add(GameMoveRow(game_id=game_id, seq=seq, move=dict(move), at=moment))
            row.scores, row.winners = dict(scores), list(winners)
            if finished and not row.finished:
                row.finished, row.at = True, moment
            return seq

    @guarded
    def finish_game(
        self, game_id: int, student: int, *, scores: dict[str, int], winners: list[str]
    ) -> None:
        """The result of a game kept when it was dealt: it is over now (only its student's)."""
        with self._writing() as session:
            row = _own(session, game_id, student, lock=True)
            row.scores, row.winners = dict(scores), list(winners)
            if not row.finished:
                row.finished, row.at = True, self._now()

    @guarded
    def open_game(
        self, student: int, game: str, ended_within: timedelta, table: str = ""
    ) -> GameRecord | None:
        """The student's newest game of this kind dealt at this table (its settings' `table`),
        with its moves, if it can be had again: kept with its settings, and under way or ended
        no longer than `ended_within` ago; else None."""
        check_game(game)
        ended_since = self._now() - ended_within
        with self._reading() as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.student_id == student, GameRow.game == game)
                .order_by(GameRow.id.desc())
                .limit(LOOKED_AT)
            )
            row = next(
                (row for row in rows if (row.settings or {}).get("table", "") == table), None
            )
            if row is None or not row.settings or (row.finished and row.at < ended_since):
                return None
            return _record(session, row)

    @guarded
    def games_of(self, class_name: str, nickname: str) -> list[GameRecord]:
        """A student's games played at a table (without their moves), oldest first: the
        newest `LISTED` of them."""
        with self._reading() as session:
            rows = session.scalars(
                select(GameRow)
                .join(StudentRow, StudentRow.id == GameRow.student_id)
                .join(SchoolClassRow, SchoolClassRow.id == StudentRow.class_id)
                .where(SchoolClassRow.name == names.class_name(class_name))
                .where(StudentRow.nickname_key == names.key(nickname))
                .order_by(GameRow.at.desc(), GameRow.id.desc())
                .limit(LISTED)
            )
            return [_record(session, row, moves=False) for row in reversed(list(rows))]


def check_game(game: str) -> None:
    """One of the four games, by its package name."""
    if game not in GAMES:
        message = _("the class book keeps the games {games}, not {game}")
        raise BookError(message.format(games=", ".join(GAMES), game=repr(game)))


def _own(session: Session, game_id: int, student: int, *, lock: bool = False) -> GameRow:
    """The game of this number, if it is this student's."""
    row = session.get(GameRow, game_id, with_for_update=lock)
    if row is None or row.student_id != student:
        message = _("there is no game number {game} of this student in the class book")
        raise UnknownGame(message.format(game=game_id))
    return row


def _record(session: Session, row: GameRow, *, moves: bool = True) -> GameRecord:
    made: Iterable[dict[str, Any]] = (
        session.scalars(
            select(GameMoveRow.move).where(GameMoveRow.game_id == row.id).order_by(GameMoveRow.seq)
        )
        if moves
        else []
    )
    return GameRecord(
        id=row.id,
        student=row.student_id,
        game=row.game,
        players=list(row.players),
        settings=dict(row.settings or {}),
        seed=row.seed,
        scores=dict(row.scores),
        winners=list(row.winners),
        finished=row.finished,
        at=row.at,
        moves=[dict(move) for move in made],
    )
