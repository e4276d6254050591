"""Who makes a call of the class service (`Caller`): what every call of a live room and of the
class book is given as a parameter, however the caller was identified (a page's ticket on the
laptop, its server's token on the Hub, a test in process)."""

from __future__ import annotations

from dataclasses import dataclass

from mathcards.classroom.protocol import MOST_TYPED, CallRefusal


@dataclass(frozen=True)
class Caller:
    """A browser (`device`; on the Hub, its Hub user), whether it speaks for the teacher, and
    the address its page was asked from ("": this machine, or the Hub)."""

    device: str
    teacher: bool = False
    address: str = ""


class CallRefused(ValueError):
    """A call refused with one of the service's keys (`refusal`), and its `detail`."""

    def __init__(self, refusal: CallRefusal, detail: str = "") -> None:
        super().__init__(refusal)
        self.refusal, self.detail = refusal, detail


def typed(text: object, most: int = MOST_TYPED) -> str:
    """What a student typed, a text of at most `most` characters (else refused)."""
    if not isinstance(text, str):
        raise CallRefused(CallRefusal.BAD_REQUEST)
    if len(text) > most:
        raise CallRefused(CallRefusal.TOO_LONG)
    return text


class NotTeacher(PermissionError):
    """A teacher's call made by someone who does not speak for the teacher."""


def teacher_only(caller: Caller) -> None:
    """A refusal unless `caller` speaks for the teacher."""
    if not caller.teacher:
        raise NotTeacher(caller.device)
