"""What can go wrong with the class book, each a ValueError whose message is one sentence a
teacher (or, through the page, a student) can act on; never a raw database exception."""

from __future__ import annotations

import re

from mathcards.i18n import _


class BookError(ValueError):
    """Something about the class book, said in one sentence."""


class BookUnavailable(BookError):
    """The database itself failed: down, unreachable, busy for too long, or its disk full."""


class BookOutOfDate(BookError):
    """The database's schema is not the revision this mathcards needs (or there is none yet)."""


class NotABook(BookError):
    """The database holds tables, but not a class book's."""


class NameTaken(BookError):
    """Another student of the class has that nickname, or one that looks like it (`look_alike`:
    the classmate's nickname, when it is not the same name)."""

    def __init__(self, message: str, look_alike: str = "") -> None:
        super().__init__(message)
        self.look_alike = look_alike


class BadNickname(BookError):
    """A nickname that is empty, too long, or holds a character UTS #39 does not allow in a
    name: `reason` says which ("empty", "too-long", "character"), `detail` the character."""

    def __init__(self, message: str, reason: str = "character", detail: str = "") -> None:
        super().__init__(message)
        self.reason, self.detail = reason, detail


class OneName(BookError):
    """This browser has joined the class under another nickname (`nickname`) already."""

    def __init__(self, message: str, nickname: str) -> None:
        super().__init__(message)
        self.nickname = nickname


class ClassFull(BookError):
    """The class has as many students as a class book keeps."""


class ClassClosed(BookError):
    """The teacher has closed the class to new names: only its students come in."""


class UnknownClass(BookError):
    """No class of that name in the class book."""


class UnknownStudent(BookError):
    """No such student in the class book."""


class UnknownSet(BookError):
    """No such practice set in the class book."""


class UnknownGame(BookError):
    """No such game of this student in the class book."""


class UnknownAssignment(BookError):
    """No such assignment in the class."""


BUSY = re.compile(r"database is locked|lock timeout|statement timeout|canceling statement", re.I)
FULL = re.compile(r"disk is full|no space left|disk full", re.I)


def unavailable(where: str, problem: BaseException) -> BookUnavailable:
    """The one sentence for a database failure: busy, full, or out of reach (with the driver's
    first line, which names the cause: refused, timed out, no such host)."""
    reason = first_line(problem)
    if BUSY.search(reason):
        return BookUnavailable(
            _("the class book at {where} is busy and did not answer in time").format(where=where)
        )
    if FULL.search(reason):
        return BookUnavailable(
            _("the disk of the class book at {where} is full: nothing more can be written").format(
                where=where
            )
        )
    return BookUnavailable(
        _("the class book at {where} cannot be reached: {reason}").format(
            where=where, reason=reason
        )
    )


def first_line(problem: BaseException) -> str:
    """The driver's own words for a failure, without SQLAlchemy's wrapping and links."""
    original = getattr(problem, "orig", None) or problem
    if isinstance(original, OSError) and original.strerror:
        return (
            f"{original.strerror}: {original.filename}" if original.filename else original.strerror
        )
    lines = [line.strip() for line in str(original).splitlines() if line.strip()]
    return (lines[0] if lines else type(original).__name__).removesuffix(".")
