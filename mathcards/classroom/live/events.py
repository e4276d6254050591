"""A live game's events as the class book keeps them: one small frozen dataclass per kind (its
payload: what the event holds besides its arrival number and its student), and one codec
between a payload and the JSON object the book keeps (`mathcards.book.LiveEvent.payload`).
Numbers are numbers: a countdown's end is a moment of the service's clock, in seconds."""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from mathcards.book import LiveEvent
from mathcards.classroom.protocol import EventKind
from mathcards.classroom.protocol.lama_dice import LamaDiceSettings
from mathcards.classroom.protocol.mam import MamSettings


@dataclass(frozen=True)
class GameStarted:
    kind: ClassVar[EventKind] = EventKind.START
    settings: MamSettings | LamaDiceSettings


@dataclass(frozen=True)
class Joined:
    kind: ClassVar[EventKind] = EventKind.JOIN


@dataclass(frozen=True)
class TakenOut:
    kind: ClassVar[EventKind] = EventKind.REMOVE


@dataclass(frozen=True)
class LetIn:
    kind: ClassVar[EventKind] = EventKind.ADMIT


@dataclass(frozen=True)
class LockChanged:
    kind: ClassVar[EventKind] = EventKind.LOCK
    locked: bool


@dataclass(frozen=True)
class Revealed:
    """The round (MAM!) or the question (LAMA Dice) shown to the class, with what the service
    worked out for it once (kept: a replay never works it out again): MAM!'s best ways (their
    canonical forms), LAMA Dice's exact answer (a chance as "n/d", or the better choice)."""

    kind: ClassVar[EventKind] = EventKind.REVEAL
    solutions: list[Any] | None = None
    exact: str | None = None


@dataclass(frozen=True)
class RoundOpened:
    kind: ClassVar[EventKind] = EventKind.OPEN
    until: float | None = None  # the countdown's end (none: the round has no countdown)


@dataclass(frozen=True)
class RoundPaused:
    kind: ClassVar[EventKind] = EventKind.PAUSE
    left: float | None = None  # the countdown's seconds left


@dataclass(frozen=True)
class RoundResumed:
    kind: ClassVar[EventKind] = EventKind.RESUME
    until: float | None = None  # the countdown's new end


@dataclass(frozen=True)
class TimeChanged:
    """The teacher gave the round more time, or took its countdown off: the countdown now."""

    kind: ClassVar[EventKind] = EventKind.TIME
    until: float | None = None  # its new end, while the round is open
    left: float | None = None  # its seconds left, while the round is paused


@dataclass(frozen=True)
class RoundClosed:
    kind: ClassVar[EventKind] = EventKind.CLOSE


@dataclass(frozen=True)
class GameFinished:
    kind: ClassVar[EventKind] = EventKind.FINISH


@dataclass(frozen=True)
class Answered:
    """An answer, with the accommodations the teacher had set for its student when it came
    (mathcards.accommodations): a replay judges it as it was judged."""

    kind: ClassVar[EventKind] = EventKind.ANSWER
    text: str
    accommodations: list[str] = field(default_factory=list)
    verdict: dict[str, Any] | None = None  # as the service judged it (`Verdict.json`)
    team: int | None = None  # the team a page said it claims for (refused unless theirs)
    counted: int | None = None  # the team it counted for, as judged (a replay keeps it)


@dataclass(frozen=True)
class TeamsMade:
    """New teams of at most `size` (None: no teams); their members follow, one `Placed` each."""

    kind: ClassVar[EventKind] = EventKind.TEAMS
    size: int | None = None


@dataclass(frozen=True)
class Placed:
    """The event's student put in team `team` by the teacher."""

    kind: ClassVar[EventKind] = EventKind.TEAM
    team: int


@dataclass(frozen=True)
class QuestionAsked:
    kind: ClassVar[EventKind] = EventKind.ASK
    row: list[int]
    llama_row: list[int]
    dice: list[list[int]]
    asks: str


@dataclass(frozen=True)
class Guessed:
    """A guess, with what the service read it as, once: a chance ("n/d") or a choice, and
    whether it was typed as a share of the rolls ("0,5")."""

    kind: ClassVar[EventKind] = EventKind.GUESS
    text: str
    value: str | None = None
    share: bool = False
    team: int | None = None  # the team a page said it guesses for (refused unless theirs)
    counted: int | None = None  # the team it was the guess of, as judged (a replay keeps it)


@dataclass(frozen=True)
class DiceRolled:
    kind: ClassVar[EventKind] = EventKind.ROLLS
    count: int
    seed: int


Payload = (
    GameStarted
    | Joined
    | TakenOut
    | LetIn
    | LockChanged
    | Revealed
    | RoundOpened
    | RoundPaused
    | RoundResumed
    | TimeChanged
    | RoundClosed
    | GameFinished
    | Answered
    | QuestionAsked
    | Guessed
    | DiceRolled
    | TeamsMade
    | Placed
)
PAYLOADS: dict[EventKind, type[Payload]] = {
    shape.kind: shape
    for shape in (
        GameStarted,
        Joined,
        TakenOut,
        LetIn,
        LockChanged,
        Revealed,
        RoundOpened,
        RoundPaused,
        RoundResumed,
        TimeChanged,
        RoundClosed,
        GameFinished,
        Answered,
        QuestionAsked,
        Guessed,
        DiceRolled,
        TeamsMade,
        Placed,
    )
}
FIELDS = {kind: [field.name for field in fields(shape)] for kind, shape in PAYLOADS.items()}
Shape = TypeVar("Shape", bound=Payload)


UNSAID: dict[str, Any] = {
    "accommodations": [],
    "verdict": None,
    "solutions": None,
    "exact": None,
    "value": None,
    "share": False,
    "team": None,
    "counted": None,
}


def to_json(payload: Payload) -> dict[str, Any]:
    """The payload as the class book keeps it, without the fields it leaves empty (an answer
    without accommodations: its text and its verdict). Its values are JSON already: copied one
    level deep, not walked (`asdict` walks a verdict's every list)."""
    kept = {}
    for name in FIELDS[payload.kind]:
        value = getattr(payload, name)
        if name not in UNSAID or value != UNSAID[name]:
            kept[name] = copy(value) if isinstance(value, dict | list) else value
    return kept


def from_json(kind: str, kept: Mapping[str, Any]) -> Payload:
    """The payload of an event of this kind (a ValueError or TypeError if it is none)."""
    return PAYLOADS[EventKind(kind)](**kept)


def event(seq: int, payload: Payload, name: str = "") -> LiveEvent:
    """The event as the class book keeps it: its arrival number, kind, student and payload."""
    return LiveEvent(seq, payload.kind, name, to_json(payload))


def read(event: LiveEvent, shape: type[Shape]) -> Shape:
    """The event's payload, which is a `shape` (else a ValueError)."""
    payload = from_json(event.kind, event.payload)
    if not isinstance(payload, shape):
        raise ValueError(f"a {event.kind} event holds no {shape.__name__}")
    return payload
