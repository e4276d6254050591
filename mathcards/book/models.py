"""The class book's tables, as SQLAlchemy 2 declarative models. Nothing personal is kept beyond
a nickname: a browser is known by the hash of its cookie, never by its address. Every record
names its student by id, never by nickname, so a rename or a forget reaches all of it.

The migrations (mathcards/book/migrations/versions) build the same schema revision by revision;
tests/book/test_migrations.py checks that they agree with these models."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMES = {  # constraint and index names, the same on every backend and in every migration
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s",
    "pk": "pk_%(table_name)s",
}
NICKNAME_LENGTH = 30
CLASS_NAME_LENGTH = 60


class UtcDateTime(TypeDecorator[datetime]):
    """A moment in UTC: stored without a zone (SQLite has none), read back as aware UTC."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None or value.tzinfo is None:
            return value
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMES)


class SchoolClassRow(Base):
    """A class the teacher keeps a book for, known by its name."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(CLASS_NAME_LENGTH), unique=True)
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    roster: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # see roster.py
    closed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    zone: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: the server's
    success: Mapped[float | None] = mapped_column(Float, nullable=True)  # None: 0.75 (ratings.py)
    clock: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class StudentRow(Base):
    """A student of a class, known only by a nickname (unique in the class, whatever its case)."""

    __tablename__ = "students"
    __table_args__ = (UniqueConstraint("class_id", "nickname_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))
    nickname_key: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))  # casefolded, for unique
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    my_level: Mapped[dict[str, str] | None] = mapped_column(  # a game's page opens at my level
        JSON, nullable=True
    )
    own_clock: Mapped[bool | None] = mapped_column(  # False: they turned time off at their level
        Boolean, nullable=True
    )


class DeviceRow(Base):
    """A browser that joined as a student, remembered by the SHA-256 of its cookie."""

    __tablename__ = "devices"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    used: Mapped[datetime] = mapped_column(UtcDateTime)


class PracticeSetRow(Base):
    """A practice set a student started: its rules and seed replay the same deals."""

    __tablename__ = "practice_sets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(20))
    level: Mapped[str] = mapped_column(String(20))
    power: Mapped[bool] = mapped_column(Boolean)
    rounds: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    started: Mapped[datetime] = mapped_column(UtcDateTime)
    finished: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    dealt: Mapped[str | None] = mapped_column(  # at my level: the deal dealt, not answered yet
        String(80), nullable=True
    )


class PracticeStepRow(Base):
    """One thing a student did in a set (an answer, a hint, the next deal), numbered by arrival."""

    __tablename__ = "practice_steps"
    __table_args__ = (UniqueConstraint("set_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("practice_sets.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    deal: Mapped[int] = mapped_column(Integer)
    cards: Mapped[list[int]] = mapped_column(JSON)
    target: Mapped[int] = mapped_column(Integer)
    typed: Mapped[str] = mapped_column(Text)
    correct: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    verdict_kind: Mapped[str | None] = mapped_column(String(20), nullable=True)
    sentence: Mapped[str] = mapped_column(Text)
    hints_used: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class GameRow(Base):
    """A game of one of the four games a student played: its settings and seed deal it again,
    its moves (`GameMoveRow`) replay it; its scores and winners as the class service worked them
    out from the replay. `at`: when it was dealt, or when it ended."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(20))
    players: Mapped[list[str]] = mapped_column(JSON)
    scores: Mapped[dict[str, int]] = mapped_column(JSON)
    winners: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    finished: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {}: kept before 0005


class GameMoveRow(Base):
    """One move of a game played at a table, as JSON (the player's, a computer player's, the
    next round), numbered from 1 in the order it was made."""

    __tablename__ = "game_moves"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class DecisionRow(Base):
    """A decision exercise answered (LAMA's draw or quit, LAMA Dice's roll or quit), and the best
    choice beside it."""

    __tablename__ = "decisions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(20))
    situation: Mapped[dict[str, Any]] = mapped_column(JSON)
    choice: Mapped[str] = mapped_column(String(40))
    best: Mapped[str] = mapped_column(String(40))
    correct: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class LiveGameRow(Base):
    """A live game a class played together (the game, its settings and seed), the newest the
    one being played."""

    __tablename__ = "live_games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    started: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class LiveEventRow(Base):
    """One call that changed a live game (a student joined, an answer, a round opened, …),
    numbered by its arrival at the class service: replayed in that order, they are the game.
    Its student is kept by id, so a rename changes nothing here and a forget takes it away."""

    __tablename__ = "live_events"
    __table_args__ = (UniqueConstraint("live_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    live_id: Mapped[int] = mapped_column(ForeignKey("live_games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    student_id: Mapped[int | None] = mapped_column(  # none: the teacher's or the game's own
        ForeignKey("students.id", ondelete="CASCADE"), index=True, nullable=True
    )
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)  # what it holds besides its student
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class AccommodationRow(Base):
    """One accommodation the teacher set for a student (mathcards.accommodations: no countdown,
    a wrong claim costs nobody, larger cards and text), kept by the student's id."""

    __tablename__ = "accommodations"
    __table_args__ = (UniqueConstraint("student_id", "kind"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class PlayTableRow(Base):
    """A game a table of students played together (mathcards.table): its settings (the players
    by name, in seating order) and seed deal it again, its moves (`PlayMoveRow`) replay it; where
    it stands as the class service worked it out. `at`: its newest move."""

    __tablename__ = "play_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    away_seconds: Mapped[float] = mapped_column(Float)
    scores: Mapped[dict[str, int]] = mapped_column(JSON)
    winners: Mapped[list[str]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean)
    started: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class PlaySeatRow(Base):
    """A seat at a table, numbered from 1 in seating order: its student (none: a computer
    player, or a student forgotten since)."""

    __tablename__ = "play_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    student_id: Mapped[int | None] = mapped_column(
        ForeignKey("students.id", ondelete="SET NULL"), index=True, nullable=True
    )


class PlayMoveRow(Base):
    """One move made at a table, as JSON, numbered from 1 in the order it was made: by which
    seat (none: the table dealt the next round), and whether a computer made it for a seat
    whose student was away."""

    __tablename__ = "play_moves"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    stand_in: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class PlayDecisionRow(Base):
    """A decision made at a table, scored by the game's review (mathcards.review): the move it
    was, its seat and student, the choice made and the best, what each choice weighed costs (a
    fraction as text, "37/8"), exact or the expert's reckoning, and its situation."""

    __tablename__ = "play_decisions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("play_tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    student_id: Mapped[int | None] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True, nullable=True
    )
    chosen: Mapped[str] = mapped_column(String(20))
    best: Mapped[str] = mapped_column(String(20))
    values: Mapped[dict[str, str]] = mapped_column(JSON)
    exact: Mapped[bool] = mapped_column(Boolean)
    stand_in: Mapped[bool] = mapped_column(Boolean)
    situation: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class LevelSetRow(Base):
    """A roll-or-quit set at a student's level (mathcards.adaptive.sets): its size, its dice,
    each moment dealt in it and what the student did (`Dealt`, as JSON), how many they went on
    from; `at`: its newest change."""

    __tablename__ = "level_sets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    skill: Mapped[str] = mapped_column(String(20))
    rounds: Mapped[int] = mapped_column(Integer)
    dice: Mapped[str] = mapped_column(String(40))
    dealt: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    moved: Mapped[int] = mapped_column(Integer)
    started: Mapped[datetime] = mapped_column(UtcDateTime)
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class AssignmentRow(Base):
    """An assignment for the whole class (mathcards/book/progress.py): a skill to practise until
    a count of deals solved or of days practised, by the end of the day `due` in the class's
    time zone. Each student's progress is worked out from their answers, never kept."""

    __tablename__ = "assignments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(80))
    skill: Mapped[str] = mapped_column(String(20))
    goal: Mapped[str] = mapped_column(String(10))
    count: Mapped[int] = mapped_column(Integer)
    due: Mapped[date] = mapped_column(Date)
    created: Mapped[datetime] = mapped_column(UtcDateTime)


class StudentRatingRow(Base):
    """A student's rating in one skill of practice at their level (mathcards.adaptive): its value
    in logits, its variance, the answers it has seen and when the last came."""

    __tablename__ = "student_ratings"
    __table_args__ = (UniqueConstraint("student_id", "skill"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    skill: Mapped[str] = mapped_column(String(20))
    value: Mapped[float] = mapped_column(Float)
    variance: Mapped[float] = mapped_column(Float)
    answers: Mapped[int] = mapped_column(Integer)
    last: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class ItemRatingRow(Base):
    """An item's rating in one skill (a deal, a roll-or-quit moment, by its key in the bank),
    learned from every class's answers: it names nobody."""

    __tablename__ = "item_ratings"
    __table_args__ = (UniqueConstraint("skill", "item"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    skill: Mapped[str] = mapped_column(String(20))
    item: Mapped[str] = mapped_column(String(80))
    value: Mapped[float] = mapped_column(Float)
    variance: Mapped[float] = mapped_column(Float)
    answers: Mapped[int] = mapped_column(Integer)
    last: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class RatingChangeRow(Base):
    """One answer of practice at a student's level and what it did to both ratings: the
    student's rating over weeks, read back in order."""

    __tablename__ = "rating_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(
        ForeignKey("students.id", ondelete="CASCADE"), index=True
    )
    skill: Mapped[str] = mapped_column(String(20))
    item: Mapped[str] = mapped_column(String(80))
    right: Mapped[bool] = mapped_column(Boolean)
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[int] = mapped_column(Integer)
    shown: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[float] = mapped_column(Float)
    expected: Mapped[float] = mapped_column(Float)
    student_before: Mapped[float] = mapped_column(Float)
    student_after: Mapped[float] = mapped_column(Float)
    student_variance: Mapped[float] = mapped_column(Float)  # after the answer
    item_before: Mapped[float] = mapped_column(Float)
    item_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
