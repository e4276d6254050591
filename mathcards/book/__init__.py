"""The class book: what the students of a class did (practice answers, games, decisions), kept
in SQLite or PostgreSQL through SQLAlchemy 2, its schema migrated by Alembic. The class service
alone writes it (mathcards/classroom); kernels never hold its credentials.

The names below are imported on first use: most of the book's modules import SQLAlchemy and
Alembic, and `mathcards solve`, which builds the book's commands too, never needs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathcards.lazy import lazy

if TYPE_CHECKING:
    from mathcards.book.database import default_url
    from mathcards.book.errors import (
        BadNickname,
        BookError,
        BookOutOfDate,
        BookUnavailable,
        ClassFull,
        NameTaken,
        NotABook,
        OneName,
        UnknownClass,
        UnknownGame,
        UnknownSet,
        UnknownStudent,
    )
    from mathcards.book.live import LiveEvent, LiveRecord
    from mathcards.book.progress import Assignment, Goal, Progress, Skill, State
    from mathcards.book.records import (
        ENVIRONMENT,
        GAMES,
        KEEP_DAYS,
        KINDS,
        HardTarget,
        Mistake,
        PracticeAnswer,
        PracticeRecord,
        Step,
        StuckSentence,
        Student,
        StudentSummary,
    )
    from mathcards.book.schema import Upgrade, head, upgrade
    from mathcards.book.store import Book

HOMES = {
    "mathcards.book.database": ["default_url"],
    "mathcards.book.errors": [
        "BadNickname",
        "BookError",
        "BookOutOfDate",
        "BookUnavailable",
        "ClassFull",
        "NameTaken",
        "NotABook",
        "OneName",
        "UnknownClass",
        "UnknownGame",
        "UnknownSet",
        "UnknownStudent",
    ],
    "mathcards.book.live": ["LiveEvent", "LiveRecord"],
    "mathcards.book.progress": ["Assignment", "Goal", "Progress", "Skill", "State"],
    "mathcards.book.records": [
        "ENVIRONMENT",
        "GAMES",
        "KEEP_DAYS",
        "KINDS",
        "HardTarget",
        "Mistake",
        "PracticeAnswer",
        "PracticeRecord",
        "Step",
        "Student",
        "StudentSummary",
        "StuckSentence",
    ],
    "mathcards.book.schema": ["Upgrade", "head", "upgrade"],
    "mathcards.book.store": ["Book"],
}
HOME = {name: module for module, names in HOMES.items() for name in names}
__all__ = [
    "ENVIRONMENT",
    "GAMES",
    "KEEP_DAYS",
    "KINDS",
    "Assignment",
    "BadNickname",
    "Book",
    "BookError",
    "BookOutOfDate",
    "BookUnavailable",
    "ClassFull",
    "Goal",
    "HardTarget",
    "LiveEvent",
    "LiveRecord",
    "Mistake",
    "NameTaken",
    "NotABook",
    "OneName",
    "PracticeAnswer",
    "PracticeRecord",
    "Progress",
    "Skill",
    "State",
    "Step",
    "StuckSentence",
    "Student",
    "StudentSummary",
    "UnknownClass",
    "UnknownGame",
    "UnknownSet",
    "UnknownStudent",
    "Upgrade",
    "default_url",
    "head",
    "upgrade",
]

__getattr__, __dir__ = lazy(globals(), HOME)  # SQLAlchemy and Alembic, when first asked for
