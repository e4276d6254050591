"""The teacher's side of the class book: per student what they practised, per sentence of the
checker where the class got stuck, per deal which targets the class found hard; all filtered by
date (from `since`, before `until`) and game. A class's records are few enough to count here."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Row, Select, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from mathcards.book import names
from mathcards.book.models import (
    DecisionRow,
    GameRow,
    PracticeSetRow,
    PracticeStepRow,
    SchoolClassRow,
    StudentRow,
)
from mathcards.book.records import HardTarget, PracticeAnswer, StuckSentence, StudentSummary
from mathcards.collation import name_key


@dataclass(frozen=True)
class Filters:
    """Which records the teacher looks at: from `since`, before `until`, of one game."""

    since: datetime | None = None
    until: datetime | None = None
    game: str | None = None

    def window(self, moment: InstrumentedAttribute[datetime]) -> list[ColumnElement[bool]]:
        return [
            *([moment >= self.since] if self.since is not None else []),
            *([moment < self.until] if self.until is not None else []),
        ]

    def of_game(self, game: InstrumentedAttribute[str]) -> list[ColumnElement[bool]]:
        return [game == self.game] if self.game is not None else []


def class_id(session: Session, class_name: str) -> int | None:
    """The number of the class with this name, else None."""
    return session.scalar(
        select(SchoolClassRow.id).where(SchoolClassRow.name == names.class_name(class_name))
    )


def summaries(session: Session, class_name: str, filters: Filters) -> list[StudentSummary]:
    """One line per student of the class, by nickname: sets, deals solved, answers, hints,
    games, decisions right of all, and when they were last seen doing any of it."""
    room = class_id(session, class_name)
    if room is None:
        return []
    people = session.execute(
        select(StudentRow.id, StudentRow.nickname).where(StudentRow.class_id == room)
    ).all()
    sets = session.execute(
        select(PracticeSetRow.id, PracticeSetRow.student_id, PracticeSetRow.started)
        .join(StudentRow, StudentRow.id == PracticeSetRow.student_id)
        .where(StudentRow.class_id == room)
        .where(*filters.of_game(PracticeSetRow.game), *filters.window(PracticeSetRow.started))
    ).all()
    steps = session.execute(_steps(room, filters)).all()
    games = session.execute(
        _of_students(select(GameRow.student_id, GameRow.at), GameRow, room, filters)
    ).all()
    decisions = session.execute(
        _of_students(
            select(DecisionRow.student_id, DecisionRow.correct, DecisionRow.at),
            DecisionRow,
            room,
            filters,
        )
    ).all()
    seen: dict[int, list[datetime]] = defaultdict(list)
    for row in sets:
        seen[row.student_id].append(row.started)
    for row in [*steps, *games, *decisions]:
        seen[row.student_id].append(row.at)
    return sorted(
        (
            _summary(
                person.id,
                person.nickname,
                [row for row in sets if row.student_id == person.id],
                [row for row in steps if row.student_id == person.id],
                sum(row.student_id == person.id for row in games),
                [row.correct for row in decisions if row.student_id == person.id],
                max(seen[person.id], default=None),
            )
            for person in people
        ),
        key=lambda line: (name_key(line.nickname), line.id),
    )


def _summary(
    student: int,
    nickname: str,
    sets: Sequence[Row],
    steps: Sequence[Row],
    games: int,
    decisions: list[bool],
    last_seen: datetime | None,
) -> StudentSummary:
    answers = [step for step in steps if step.kind == "answer"]
    hints: dict[tuple[int, int], int] = Counter(
        (step.set_id, step.deal) for step in steps if step.kind == "hint"
    )
    for step in steps:  # an answer may say how many hints it took, hint steps or not
        deal = (step.set_id, step.deal)
        hints[deal] = max(hints.get(deal, 0), step.hints_used)
    return StudentSummary(
        id=student,
        nickname=nickname,
        sets=len({row.id for row in sets} | {step.set_id for step in steps}),
        deals_solved=len({(step.set_id, step.deal) for step in answers if step.correct}),
        answers=len(answers),
        hints_used=sum(hints.values()),
        games=games,
        decisions_right=sum(decisions),
        decisions=len(decisions),
        last_seen=last_seen,
    )


def stuck(session: Session, class_name: str, filters: Filters) -> list[StuckSentence]:
    """The checker's sentences to wrong answers, grouped, the most said first, with who heard
    them."""
    room = class_id(session, class_name)
    if room is None:
        return []
    heard: dict[tuple[str, str], list[str]] = defaultdict(list)
    for row in session.execute(_steps(room, filters, answers=True)):
        if not row.correct:
            heard[(row.verdict_kind or "", row.sentence)].append(row.nickname)
    return sorted(
        (
            StuckSentence(kind, sentence, len(who), sorted(set(who), key=name_key))
            for (kind, sentence), who in heard.items()
        ),
        key=lambda group: (-group.count, group.verdict_kind, group.sentence),
    )


def answers(
    session: Session, class_name: str, filters: Filters, nickname: str | None = None
) -> list[PracticeAnswer]:
    """Every practice answer of the class's students (of one, if `nickname`), oldest first."""
    room = class_id(session, class_name)
    if room is None:
        return []
    query = _steps(room, filters, answers=True).add_columns(
        PracticeStepRow.typed, PracticeStepRow.seconds, PracticeSetRow.power
    )
    if nickname is not None:
        query = query.where(StudentRow.nickname_key == names.key(nickname))
    return [
        PracticeAnswer(
            row.nickname,
            row.set_id,
            row.deal,
            list(row.cards),
            row.target,
            row.power,
            row.typed,
            bool(row.correct),
            row.verdict_kind,
            row.sentence,
            row.hints_used,
            row.seconds,
            row.at,
        )
        for row in session.execute(query)
    ]


def hard_targets(session: Session, class_name: str, filters: Filters) -> list[HardTarget]:
    """Every deal answered (its cards, smallest first, and its target): how many answers, how
    many of the students who tried it solved it; the least solved first."""
    room = class_id(session, class_name)
    if room is None:
        return []
    tries: Counter[tuple[tuple[int, ...], int]] = Counter()
    tried: dict[tuple[tuple[int, ...], int], set[int]] = defaultdict(set)
    solved: dict[tuple[tuple[int, ...], int], set[int]] = defaultdict(set)
    for row in session.execute(_steps(room, filters, answers=True)):
        deal = (tuple(sorted(row.cards)), row.target)
        tries[deal] += 1
        tried[deal].add(row.student_id)
        if row.correct:
            solved[deal].add(row.student_id)
    return sorted(
        (
            HardTarget(cards, target, tries[cards, target], len(solved[cards, target]), len(who))
            for (cards, target), who in tried.items()
        ),
        key=lambda deal: (deal.solved / deal.students, -deal.tries, deal.target, deal.cards),
    )


def _steps(room: int, filters: Filters, *, answers: bool = False) -> Select:
    """The practice steps of a class's students, in the filters' window and game."""
    query = (
        select(
            PracticeStepRow.set_id,
            PracticeStepRow.kind,
            PracticeStepRow.deal,
            PracticeStepRow.cards,
            PracticeStepRow.target,
            PracticeStepRow.correct,
            PracticeStepRow.verdict_kind,
            PracticeStepRow.sentence,
            PracticeStepRow.hints_used,
            PracticeStepRow.at,
            PracticeSetRow.student_id,
            StudentRow.nickname,
        )
        .join(PracticeSetRow, PracticeSetRow.id == PracticeStepRow.set_id)
        .join(StudentRow, StudentRow.id == PracticeSetRow.student_id)
        .where(StudentRow.class_id == room)
        .where(*filters.of_game(PracticeSetRow.game), *filters.window(PracticeStepRow.at))
        .order_by(PracticeStepRow.at, PracticeStepRow.id)
    )
    return query.where(PracticeStepRow.kind == "answer") if answers else query


def _of_students(
    query: Select, table: type[GameRow] | type[DecisionRow], room: int, filters: Filters
) -> Select:
    return (
        query.join(StudentRow, StudentRow.id == table.student_id)
        .where(StudentRow.class_id == room)
        .where(*filters.of_game(table.game), *filters.window(table.at))
    )
