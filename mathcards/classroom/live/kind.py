"""What the class service needs to know of a game played live (`LiveKind`): its name in the class
book, its settings, its engine, its table from an event's kind to what the event does to the
engine, the replay of its events, and what its pages see. Each live game's module (`mam`,
`lama_dice`) has one."""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar

from mathcards.accommodations import Accommodations
from mathcards.book import LiveEvent, LiveRecord
from mathcards.classroom.live.events import Payload
from mathcards.classroom.protocol import EventKind, Phase, RoomView, SeatView
from mathcards.classroom.protocol.lama_dice import LamaDiceSettings
from mathcards.classroom.protocol.mam import MamSettings
from mathcards.room import LiveRefusal, Room
from mathcards.teams import Teams


class InRoom(Protocol):
    """A live game of either kind, as its room sees it."""

    phase: Phase
    room: Room
    teams: Teams

    def make_teams(self, size: int, teams: list[list[str]]) -> None: ...

    def place(self, name: str, team: int) -> None: ...

    def teams_off(self) -> None: ...


Engine = TypeVar("Engine", bound=InRoom)  # the engine: MAM!'s LiveGame, LAMA Dice's LiveGuessing
Projected = TypeVar("Projected", bound=RoomView)  # the projector's view
Seated = TypeVar("Seated", bound=SeatView)  # a student's view


@dataclass(frozen=True)
class RoundTime:
    """The open round's countdown on the service's clock: `until` a moment of it, or `left`
    seconds while the round is paused; neither when the round has no countdown."""

    until: float | None = None
    left: float | None = None

    def seconds_left(self, phase: Phase | None, now: float) -> float | None:
        if phase is Phase.OPEN and self.until is not None:
            return round(max(0.0, self.until - now), 1)
        if phase is Phase.PAUSED and self.left is not None:
            return round(self.left, 1)
        return None


@dataclass(frozen=True)
class Snapshot(Generic[Projected, Seated]):
    """What a live game's pages see after one change: the projector's view, and each student's
    own (their seconds left are filled in when a page asks)."""

    projector: Projected
    version: int = 0
    phase: Phase | None = None
    countdown: RoundTime = field(default_factory=RoundTime)
    students: dict[str, Seated] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)  # student → version their view changed
    accommodations: Mapping[str, Accommodations] = field(default_factory=dict)  # by student
    told: dict[str, int] = field(default_factory=dict)  # student → the version of their view
    # that the reply to their own change carried (their page has it: no need to wake it)
    fresh: dict[str, Mapping[str, Any]] = field(default_factory=dict)  # student → what changed
    # in the view kept for them, not worth a new view (MAM!'s place while a round is raced)

    @cached_property
    def in_room(self) -> frozenset[str]:
        """Who is in the room (each of a hall's views asks: a set, not a list of 300)."""
        return frozenset(self.projector["room"])

    @cached_property
    def taken_out(self) -> frozenset[str]:
        """Who the teacher took out of the room."""
        return frozenset(self.projector["removed"])

    def version_for(self, name: str | None) -> int:
        """The version at which this student's view last changed (the projector's: any)."""
        return self.changed.get(name, self.version) if name is not None else self.version

    def seconds_left(self, now: float) -> float | None:
        return self.countdown.seconds_left(self.phase, now)

    def expired(self, now: float) -> bool:
        """Is the open round's time up, though the round is not closed yet?"""
        until = self.countdown.until
        return self.phase is Phase.OPEN and until is not None and now >= until


class LiveKind(ABC, Generic[Engine, Projected, Seated]):
    """A game played live by a class, as the class service plays it."""

    name: str  # the game, as the class book names it
    told: frozenset[EventKind] = frozenset()  # a student's change whose reply is their view
    # as it is once kept: their long-poll is not woken for it

    @abstractmethod
    def settings(self, sent: Mapping[str, Any]) -> MamSettings | LamaDiceSettings:
        """The settings of a new game, as the teacher sent them, checked (a ValueError if not)."""

    @abstractmethod
    def new(self, settings: Mapping[str, Any]) -> Engine:
        """A new game of these settings."""

    @abstractmethod
    def apply(self, game: Engine, event: LiveEvent) -> Any:
        """The event done to the game (by the kind's table of events): what the engine returned,
        else its refusal raised."""

    def in_force(self, payload: Payload, held: Accommodations) -> Payload:
        """A student's change with the accommodations in force for them as it came (kept with
        it, so that a replay judges it the same): MAM!'s answers hold them."""
        return payload

    def judged(self, payload: Payload, outcome: Any) -> Payload:
        """The change as the class book keeps it once the engine did it: with what the service
        worked out (MAM!'s verdict, a reveal's best ways), so that a replay never works it out
        again."""
        return payload

    def keeps(self, event: LiveEvent, outcome: Any) -> bool:
        """Is the event, done, kept in the class book (else it changed nothing)?"""
        return True

    @abstractmethod
    def players(self, game: Engine) -> list[str]:
        """Everyone who ever came into the room: each has a view of their own."""

    @abstractmethod
    def projector(
        self,
        game: Engine | None,
        live_id: int | None,
        version: int,
        away: frozenset[str] = frozenset(),
        ids: Mapping[str, int] | None = None,
    ) -> Projected:
        """What the projector shows (no game yet: an empty room); the students `away` have no
        page there now, and are not counted as here; `ids`: each student's id in the class
        book (the teams show them, for the teacher's calls)."""

    @abstractmethod
    def student(self, snapshot: Snapshot[Projected, Seated], name: str | None) -> Seated:
        """What student `name` sees (None: a browser not in the class book), from the
        projector's view: never another student's answer."""

    def students(
        self,
        snapshot: Snapshot[Projected, Seated],
        names: list[str],
        before: Snapshot[Projected, Seated] | None = None,
    ) -> dict[str, Seated]:
        """What each of these students sees (a game may work them out all at once, and keep
        the views of `before` that did not change: the same object; or that changed only in
        what wakes no page, noted in `snapshot.fresh`)."""
        return {name: self.student(snapshot, name) for name in names}

    def alike(self, view: Seated, before: Seated | None) -> bool:
        """Is a student's view the same as `before` for waking their page (but for its
        version)?"""
        return alike(view, before)

    def projector_at(self, view: Projected, seconds_left: float | None) -> Projected:
        """The projector's view as sent, with the round's seconds left now (if it has any)."""
        return view

    def student_at(self, view: Seated, seconds_left: float | None) -> Seated:
        """A student's view as sent, with the round's seconds left now (if it has any)."""
        return view

    def replayed(self, record: LiveRecord) -> Engine:
        """The game again from the events the class book kept: the engine is deterministic."""
        game = self.new(record.settings)
        for event in record.events[1:]:
            with contextlib.suppress(LiveRefusal):  # an event whose student was forgotten since
                self.apply(game, event)
        return game


def alike(view: Mapping[str, Any], before: Mapping[str, Any] | None, *unseen: str) -> bool:
    """Has a view not changed but for its version (and the keys `unseen`)? (Compared as whole
    dicts: a hall's every view is compared at every batch of answers.)"""
    if before is None or view.keys() != before.keys():
        return False
    if view is before:
        return True
    blank = dict.fromkeys(("version", *unseen))
    return {**view, **blank} == {**before, **blank}
