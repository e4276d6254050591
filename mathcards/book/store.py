"""The class book: what the students of a class did, kept in one database that the class service
alone writes. Every write is one transaction, committed before the method returns (so the service
acknowledges only what is kept); every failure of the database is one sentence."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import exc as sql
from sqlalchemy import func, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from mathcards.adaptive.skills import MY_LEVEL
from mathcards.book import copies, names, privacy, reports, roster
from mathcards.book.accommodations import AccommodationBook
from mathcards.book.assignments import AssignmentBook
from mathcards.book.database import TIMEOUT, book_url, guard, guarded, make_engine, sqlite_file
from mathcards.book.database import where as place_of
from mathcards.book.errors import (
    BookError,
    BookOutOfDate,
    ClassClosed,
    ClassFull,
    NameTaken,
    OneName,
    UnknownSet,
    UnknownStudent,
)
from mathcards.book.export import Judged, MistakeOf, export
from mathcards.book.levels import LevelSetBook
from mathcards.book.live import LiveBook
from mathcards.book.models import (
    DecisionRow,
    DeviceRow,
    PracticeSetRow,
    PracticeStepRow,
    SchoolClassRow,
    StudentRow,
)
from mathcards.book.play import PlayBook
from mathcards.book.ratings import RatingBook
from mathcards.book.records import (
    KINDS,
    HardTarget,
    PracticeAnswer,
    PracticeRecord,
    Step,
    StuckSentence,
    Student,
    StudentSummary,
)
from mathcards.book.reports import Filters
from mathcards.book.roster import RosterBook
from mathcards.book.schema import check, create
from mathcards.book.tables import TableBook, check_game
from mathcards.book.transactions import Transactions
from mathcards.i18n import _

MOST_STUDENTS = 600  # in one class: a school's contest in a hall, with room to spare
ONE_LESSON = timedelta(minutes=40)  # a browser takes no other new nickname in a class this soon


def now() -> datetime:
    return datetime.now(UTC)


class Book(
    LiveBook,
    TableBook,
    PlayBook,
    AccommodationBook,
    AssignmentBook,
    RosterBook,
    RatingBook,
    LevelSetBook,
):
    """A class book, opened at the URL given (else $MATHCARDS_DB, else the SQLite file in the
    user's data directory); refused with `BookOutOfDate` unless its schema is this mathcards'."""

    def __init__(
        self,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = now,
        timeout: float = TIMEOUT,
    ) -> None:
        self.url = book_url(url)
        self.where = place_of(self.url)
        self.clock = clock
        file = sqlite_file(self.url)
        if file and not file.exists():
            message = _("there is no class book at {where} yet: run `mathcards book upgrade`")
            raise BookOutOfDate(message.format(where=self.where))
        self._engine = make_engine(self.url, timeout)
        self._kept = Transactions(self._engine, self._engine.execution_options(writing=True))
        try:
            with guard(self.where), self._engine.connect() as connection:
                check(connection, self.where)
        except BaseException:
            self._engine.dispose()
            raise

    @classmethod
    def create(
        cls,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = now,
        timeout: float = TIMEOUT,
    ) -> Book:
        """Open the class book, first making its tables if the database is brand-new."""
        create(book_url(url), timeout)
        return cls(url, clock=clock, timeout=timeout)

    def close(self) -> None:
        """Let go of every connection."""
        self._engine.dispose()

    def __enter__(self) -> Book:
        return self

    def __exit__(self, *problem: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Book({self.where!r})"

    def _now(self) -> datetime:
        moment = self.clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def _writing(self) -> AbstractContextManager[Session]:
        return self._kept.writing()

    def _reading(self) -> AbstractContextManager[Session]:
        return self._kept.reading()

    def _said(self, writing: bool = False) -> AbstractContextManager[Connection]:
        return self._kept.said(writing)

    @contextmanager
    def together(self) -> Iterator[None]:
        """(The class service's writer thread.) This thread's calls of the book made inside
        in one transaction, committed at the end, each in a savepoint of its own
        (docs/design.md#the-writer-thread-commit-then-acknowledge)."""
        with guard(self.where), self._kept.together():
            yield

    def when_kept(self, hook: Callable[[], object]) -> None:
        """`hook()` once what this thread's calls wrote is committed (at once outside
        `together`)."""
        self._kept.when_kept(hook)

    # ------------------------------------------------------------ the students' side

    @guarded
    def join(self, class_name: str, nickname: str, device: str) -> Student:
        """The student of the class with this nickname: a new one, or the device's own; NameTaken
        if another device has it."""
        school, name = names.class_name(class_name), names.nickname(nickname)
        token = names.device_hash(device)
        for attempt in range(3):  # two first visits at once may both make the class or the name
            try:
                with self._writing() as session:
                    return self._join(session, school, name, token)
            except sql.IntegrityError:
                if attempt == 2:
                    raise self._taken(name) from None
        raise AssertionError("unreachable")

    def _join(self, session: Session, school: str, name: str, token: str) -> Student:
        moment = self._now()
        room = session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))
        if room is None:
            room = SchoolClassRow(name=school, created=moment)
            session.add(room)
            session.flush()
        row = session.scalar(
            select(StudentRow).where(
                StudentRow.class_id == room.id, StudentRow.nickname_key == names.key(name)
            )
        )
        listed = row is not None  # a name of the class list, or a student's own
        if row is None:
            if room.closed:
                raise ClassClosed(_("the teacher has closed the class to new names"))
            self._one_name(session, room.id, token, moment)
            self._room_for(session, room.id, name)
            row = StudentRow(
                class_id=room.id, nickname=name, nickname_key=names.key(name), created=moment
            )
            session.add(row)
            session.flush()
        device = session.get(DeviceRow, (token, row.id))
        if device is None and session.scalar(
            select(DeviceRow).where(DeviceRow.student_id == row.id)
        ):
            raise self._taken(row.nickname)
        if device is None and listed:  # a name of the class list no browser has taken yet
            self._one_name(session, room.id, token, moment)
        if device is None:
            session.add(DeviceRow(token_hash=token, student_id=row.id, created=moment, used=moment))
        else:
            device.used = moment
        return _student(row, school)

    @staticmethod
    def _taken(name: str, look_alike: str = "") -> NameTaken:
        message = _("someone in this class is already called {nickname}: choose another nickname")
        return NameTaken(message.format(nickname=look_alike or name), look_alike)

    def _one_name(self, session: Session, class_id: int, token: str, moment: datetime) -> None:
        """Refuse a browser a new nickname in the class while the one it joined as last is of
        this lesson (a shared computer takes the next lesson's student): one name a student."""
        mine = session.execute(
            select(StudentRow.nickname, DeviceRow.used)
            .join(DeviceRow, DeviceRow.student_id == StudentRow.id)
            .where(StudentRow.class_id == class_id, DeviceRow.token_hash == token)
            .order_by(DeviceRow.used.desc())
            .limit(1)
        ).first()
        if mine is not None and moment - mine.used < ONE_LESSON:
            message = _("this browser has joined the class as {nickname}: the teacher can rename")
            raise OneName(message.format(nickname=mine.nickname), mine.nickname)

    def _room_for(self, session: Session, class_id: int, name: str, but: int | None = None) -> None:
        """Refuse a new name in the class: one that looks like a classmate's (NameTaken), or
        one more than the class holds (ClassFull); `but` the student being renamed."""
        others = session.execute(
            select(StudentRow.id, StudentRow.nickname).where(StudentRow.class_id == class_id)
        ).all()
        if but is None and len(others) >= MOST_STUDENTS:
            message = _("the class has {most} students, as many as a class book keeps")
            raise ClassFull(message.format(most=MOST_STUDENTS))
        looks = names.looks(name)
        for student, nickname in others:
            if student != but and names.looks(nickname) == looks:
                raise self._taken(name, nickname)

    @guarded
    def student_for(self, device: str, class_name: str | None = None) -> Student | None:
        """The student this device joined as last (in this class, if one is named), else None."""
        query = (
            select(StudentRow, SchoolClassRow.name)
            .join(DeviceRow, DeviceRow.student_id == StudentRow.id)
            .join(SchoolClassRow, SchoolClassRow.id == StudentRow.class_id)
            .where(DeviceRow.token_hash == names.device_hash(device))
            .order_by(DeviceRow.used.desc(), StudentRow.id.desc())
            .limit(1)
        )
        if class_name is not None:
            query = query.where(SchoolClassRow.name == names.class_name(class_name))
        with self._reading() as session:
            found = session.execute(query).first()
            return _student(found[0], found[1]) if found else None

    @guarded
    def suggest_nickname(
        self, class_name: str, rng: random.Random, language: str | None = None
    ) -> str:
        """A nickname no one in the class has yet, e.g. "Llama 17" ("Lama 17" in Polish)."""
        with self._reading() as session:
            taken = session.scalars(
                select(StudentRow.nickname_key)
                .join(SchoolClassRow, SchoolClassRow.id == StudentRow.class_id)
                .where(SchoolClassRow.name == names.class_name(class_name))
            )
            return names.suggestion(rng, set(taken), language)

    @guarded
    def start_set(
        self, student: int, *, game: str = "mam", level: str, power: bool, rounds: int, seed: int
    ) -> int:
        """A new practice set for the student; its number."""
        check_game(game)
        with self._writing() as session:
            _student_row(session, student)
            practice = PracticeSetRow(
                student_id=student,
                game=game,
                level=str(level),
                power=bool(power),
                rounds=int(rounds),
                seed=int(seed),
                started=self._now(),
            )
            session.add(practice)
            session.flush()
            return practice.id

    @guarded
    def record_step(self, set_id: int, step: Step) -> int:
        """Keep one step of a practice set; its number in the set (1, 2, …), once committed."""
        if step.kind not in KINDS or not isinstance(step.deal, int) or step.deal < 1:
            message = _("a practice step is one of {kinds} at a deal from 1, not {kind} at {deal}")
            raise BookError(
                message.format(kinds=", ".join(KINDS), kind=repr(step.kind), deal=repr(step.deal))
            )
        with self._writing() as session:
            lock = select(PracticeSetRow.id).where(PracticeSetRow.id == set_id).with_for_update()
            if session.scalar(lock) is None:
                raise _no_set(set_id)
            last = session.scalar(
                select(func.max(PracticeStepRow.seq)).where(PracticeStepRow.set_id == set_id)
            )
            seq = (last or 0) + 1
            session.add(_step_row(set_id, seq, step, self._now()))
            return seq

    @guarded
    def open_set(
        self, student: int, game: str = "mam", *, level: str | None = None, power: bool = False
    ) -> PracticeRecord | None:
        """The student's latest unfinished practice set of this game, with its steps; else None.
        A set at the student's level (`level` MY_LEVEL, with `power` or without) only when asked
        for: a set of the fixed levels otherwise."""
        at_level = (
            [PracticeSetRow.level != MY_LEVEL]
            if level is None
            else [PracticeSetRow.level == level, PracticeSetRow.power == power]
        )
        with self._reading() as session:
            practice = session.scalar(
                select(PracticeSetRow)
                .where(
                    PracticeSetRow.student_id == student,
                    PracticeSetRow.game == game,
                    PracticeSetRow.finished.is_(None),
                    *at_level,
                )
                .order_by(PracticeSetRow.started.desc(), PracticeSetRow.id.desc())
                .limit(1)
            )
            if practice is None:
                return None
            rows = session.scalars(
                select(PracticeStepRow)
                .where(PracticeStepRow.set_id == practice.id)
                .order_by(PracticeStepRow.seq)
            )
            return _record(practice, [_step(row) for row in rows])

    @guarded
    def practice_record(self, set_id: int) -> PracticeRecord:
        """Practice set `set_id` with its steps, finished or not (UnknownSet if none)."""
        with self._reading() as session:
            practice = session.get(PracticeSetRow, set_id)
            if practice is None:
                raise _no_set(set_id)
            rows = session.scalars(
                select(PracticeStepRow)
                .where(PracticeStepRow.set_id == practice.id)
                .order_by(PracticeStepRow.seq)
            )
            return _record(practice, [_step(row) for row in rows])

    @guarded
    def finish_set(self, set_id: int) -> None:
        """Mark a practice set finished (it is no longer resumed)."""
        with self._writing() as session:
            practice = session.get(PracticeSetRow, set_id)
            if practice is None:
                raise _no_set(set_id)
            if practice.finished is None:
                practice.finished = self._now()

    @guarded
    def record_decision(
        self, student: int, game: str, *, situation: dict[str, Any], choice: str, best: str
    ) -> int:
        """Keep a decision exercise's answer beside the best choice; its number."""
        check_game(game)
        row = DecisionRow(
            student_id=student,
            game=game,
            situation=_plain(dict(situation)),
            choice=str(choice),
            best=str(best),
            correct=str(choice) == str(best),
        )
        return self._add(student, row)

    def _add(self, student: int, row: DecisionRow) -> int:
        with self._writing() as session:
            _student_row(session, student)
            row.at = self._now()
            session.add(row)
            session.flush()
            return row.id

    # ------------------------------------------------------------ the teacher's side

    @guarded
    def students(
        self,
        class_name: str,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        game: str | None = None,
    ) -> list[StudentSummary]:
        """What each student of the class did, by nickname (from `since`, before `until`)."""
        with self._reading() as session:
            return reports.summaries(session, class_name, Filters(since, until, game))

    @guarded
    def stuck(
        self,
        class_name: str,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        game: str | None = None,
    ) -> list[StuckSentence]:
        """Where the class got stuck: the checker's sentences to wrong answers, most said first."""
        with self._reading() as session:
            return reports.stuck(session, class_name, Filters(since, until, game))

    @guarded
    def answers(
        self,
        class_name: str,
        nickname: str | None = None,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        game: str | None = None,
    ) -> list[PracticeAnswer]:
        """Every practice answer of the class (of one student, if `nickname`), oldest first."""
        with self._reading() as session:
            return reports.answers(session, class_name, Filters(since, until, game), nickname)

    @guarded
    def hard_targets(
        self,
        class_name: str,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        game: str | None = None,
    ) -> list[HardTarget]:
        """The deals the class answered, the ones fewest of their students solved first."""
        with self._reading() as session:
            return reports.hard_targets(session, class_name, Filters(since, until, game))

    @guarded
    def rename(self, class_name: str, nickname: str, new: str) -> None:
        """Give a student another nickname; NameTaken if someone else in the class has it."""
        name = names.nickname(new)
        with self._writing() as session:
            row = privacy.find(session, class_name, nickname)
            other = privacy.holder(session, row.class_id, name)
            if other is not None and names.key(name) != row.nickname_key:
                raise self._taken(other)
            self._room_for(session, row.class_id, name, but=row.id)
            row.nickname, row.nickname_key = name, names.key(name)
            roster.changed(session, row.class_id)

    @guarded
    def forget(self, class_name: str | None, nickname: str) -> int:
        """Delete a student everywhere, in the copies `backups` too (the class may be left out
        when only one has that nickname); how many records went from the book."""
        with self._writing() as session:
            student = privacy.find(session, class_name, nickname)
            count = privacy.forget(session, student)
        privacy.forget_in_copies(self.backups(), student.id, student.created, nickname)
        return count

    def backups(self) -> list[Path]:
        """The copies `mathcards book upgrade` made of this SQLite book (none for PostgreSQL)."""
        return copies.of(sqlite_file(self.url))

    @guarded
    def purge(self, keep_days: int) -> int:
        """Delete what is older than `keep_days` days; how many records went."""
        with self._writing() as session:
            return privacy.purge(session, self._now(), keep_days)

    @guarded
    def export(
        self,
        class_name: str | None = None,
        fmt: str = "csv",
        *,
        missing_ok: bool = False,
        judged: Judged | None = None,
        mistake_of: MistakeOf | None = None,
        language: str = "en",
    ) -> str:
        """Every answer, game and decision (of one class, or all) as CSV or JSON text; a class
        with no record yet an empty file when `missing_ok`; live answers with what `judged`
        holds of them, practice answers with their kind of mistake; a CSV for a spreadsheet
        in `language`."""
        with self._reading() as session:
            return export(session, class_name, fmt, missing_ok, judged, mistake_of, language)


def _plain(value: Any) -> Any:
    """The value if it is plain data (JSON: no NaN or Infinity, no lone surrogate), else a
    sentence."""
    try:
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False).encode())
    except (TypeError, ValueError):
        raise BookError(
            _("the class book keeps plain data (JSON), not {value!r}").format(value=value)
        ) from None


def _student_row(session: Session, student: int) -> StudentRow:
    row = session.get(StudentRow, student)
    if row is None:
        message = _("there is no student number {student} in the class book")
        raise UnknownStudent(message.format(student=student))
    return row


def _no_set(set_id: int) -> UnknownSet:
    message = _("there is no practice set number {set} in the class book")
    return UnknownSet(message.format(set=set_id))


def _student(row: StudentRow, class_name: str) -> Student:
    return Student(row.id, class_name, row.nickname, row.created)


def _step_row(set_id: int, seq: int, step: Step, moment: datetime) -> PracticeStepRow:
    return PracticeStepRow(
        set_id=set_id,
        seq=seq,
        kind=step.kind,
        deal=step.deal,
        cards=[int(card) for card in step.cards],
        target=int(step.target),
        typed=str(step.typed),
        correct=step.correct,
        verdict_kind=step.verdict_kind,
        sentence=str(step.sentence),
        hints_used=int(step.hints_used),
        seconds=float(step.seconds),
        at=moment,
    )


def _step(row: PracticeStepRow) -> Step:
    return Step(
        kind=row.kind,
        deal=row.deal,
        cards=list(row.cards),
        target=row.target,
        typed=row.typed,
        correct=row.correct,
        verdict_kind=row.verdict_kind,
        sentence=row.sentence,
        hints_used=row.hints_used,
        seconds=row.seconds,
        seq=row.seq,
        at=row.at,
    )


def _record(practice: PracticeSetRow, steps: list[Step]) -> PracticeRecord:
    return PracticeRecord(
        id=practice.id,
        student=practice.student_id,
        game=practice.game,
        level=practice.level,
        power=practice.power,
        rounds=practice.rounds,
        seed=practice.seed,
        started=practice.started,
        finished=practice.finished,
        steps=steps,
        dealt=practice.dealt,
    )
