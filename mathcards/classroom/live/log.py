"""A class's live game in the class service's memory: the engine's game, had again after a
restart by replaying the events the class book kept (its event log), and the newest
`Snapshot` of what its pages see.

Every change runs in the class service's writer thread, one at a time, in order of arrival
(`Pending`): the engine judges it (a refusal changes nothing and keeps nothing), the
event is committed to the class book, then the change is shown (a new `Snapshot`, its
`version` the event's arrival number). When the commit fails, the game is had again from the
events kept so far: what was not kept never happened. The pages' calls read only the newest
snapshot, never the game (docs/design.md#the-event-log-and-its-replay)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import reduce
from typing import Any, Generic

from mathcards.accommodations import NONE, Accommodations
from mathcards.book import Book, LiveEvent, LiveRecord
from mathcards.classroom.live.events import (
    GameFinished,
    GameStarted,
    Payload,
    RoundClosed,
    RoundOpened,
    RoundPaused,
    RoundResumed,
    TimeChanged,
    event,
    from_json,
)
from mathcards.classroom.live.kind import Engine, LiveKind, Projected, RoundTime, Seated, Snapshot
from mathcards.classroom.protocol import Phase
from mathcards.i18n import _
from mathcards.room import LiveRefusal, Refusal

ROSTER_SECONDS = 1.0  # a student's poll compares the roster with the book's this often, at most


@dataclass
class Pending:
    """One change asked for (an event's payload and its student), and what became of it."""

    payload: Payload
    name: str = ""
    outcome: Any = None  # what the engine returned
    problem: Exception | None = None  # why it was refused
    kept: bool = False

    def refused(self, problem: Exception) -> Pending:
        self.problem, self.kept = problem, False
        return self


def counted(countdown: RoundTime, done: LiveEvent) -> RoundTime:
    """The countdown once `done` happened: a round opened or resumed keeps its end, a pause the
    seconds left, a change of time its new end or seconds left; a round closed or a game
    finished has none."""
    payload = from_json(done.kind, done.payload)
    if isinstance(payload, RoundOpened | RoundResumed):
        return RoundTime(until=payload.until)
    if isinstance(payload, TimeChanged):
        return RoundTime(until=payload.until, left=payload.left)
    if isinstance(payload, RoundPaused):
        return RoundTime(left=payload.left)
    if isinstance(payload, RoundClosed | GameFinished):
        return RoundTime()
    return countdown


class LiveLog(Generic[Engine, Projected, Seated]):
    """The newest live game (of `kind`) of the service's class, in memory, and the calls that
    change it (each to be run in the writer thread)."""

    def __init__(
        self,
        book_of: Callable[[], Book],
        class_name: str,
        kind: LiveKind[Engine, Projected, Seated],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.book_of, self.class_name, self.kind, self.clock = book_of, class_name, kind, clock
        self.loaded = False
        self.record: LiveRecord | None = None
        self.game: Engine | None = None
        self.countdown = RoundTime()
        self.seq = 0  # the arrival number of the last event kept
        self.snapshot: Snapshot[Projected, Seated] = Snapshot(kind.projector(None, None, 0))
        self.names: dict[str, str] = {}  # device → its nickname in the class book
        self.ids: dict[str, int] = {}  # nickname → the student's id (the teams' calls key by it)
        self.away: Callable[[str], bool] = lambda device: False  # has it no page there now?
        self.shut: dict[str, str] = {}  # an address → the student taken out who was its only one
        self.accommodations: dict[str, Accommodations] = {}  # nickname → what the teacher set
        self.roster: int | None = None  # the class's roster number when the game was read
        self.roster_read = -ROSTER_SECONDS  # when (`clock`) it was last compared with the book's

        self.told: set[str] = set()  # the students told their view by their change's reply
        self.replayed = True  # the game was had again since the last snapshot: no view kept

    # ------------------------------------------------------------ in the writer thread

    def load(self) -> None:
        """The class's newest live game from the class book, once (a book that is down now
        may answer the next call)."""
        if self.loaded:
            return
        self.roster = self.book_of().roster(self.class_name)
        self.accommodations = self.accommodations_kept()
        self.ids = self.book_of().student_ids(self.class_name)
        record = self.book_of().newest_live(self.class_name, self.kind.name)
        if record is not None:
            self.record = record
            self.replay()
        self.loaded = True
        self.show()

    def accommodations_kept(self) -> dict[str, Accommodations]:
        """The accommodations the teacher set, by nickname (only the students who have some)."""
        found = self.book_of().accommodations(self.class_name)
        return {name: held for name, held in found.items() if held}

    def accommodated(self) -> None:
        """The teacher changed a student's accommodations: the class book's read again, and a
        new version for the pages (that student's view changed); the answers kept before keep
        the accommodations they came with."""
        self.load()
        self.accommodations = self.accommodations_kept()
        self.seq += 1
        self.show()

    def reload(self) -> None:
        """The game again from the class book, now that a student was renamed or forgotten:
        every browser's name looked up again, the forgotten student's events gone with them,
        and a new version for the pages (the room changed)."""
        seq = self.seq
        self.roster = self.book_of().roster(self.class_name)
        self.names.clear()
        self.loaded, self.record, self.game, self.countdown = False, None, None, RoundTime()
        self.accommodations = self.accommodations_kept()
        self.ids = self.book_of().student_ids(self.class_name)
        record = self.book_of().newest_live(self.class_name, self.kind.name)
        if record is not None:
            self.record = record
            self.replay()
        self.seq = max(seq, self.seq) + 1
        self.loaded = True
        self.show()

    def name_taken(self, name: str) -> None:
        """A new student of the class is called `name`: a game that knows the name is read
        again from the class book (its student was forgotten meanwhile)."""
        if self.game is not None and name in self.kind.players(self.game):
            self.reload()

    def roster_due(self) -> bool:
        """Is it time a student's poll compared the roster again (`ROSTER_SECONDS`)?"""
        return self.clock() - self.roster_read >= ROSTER_SECONDS

    def roster_checked(self) -> bool:
        """Read the game again if a student of the class was renamed or forgotten since it was
        read, maybe by `mathcards book forget` in another process (mathcards/book/roster.py);
        whether it did."""
        self.roster_read = self.clock()
        if not self.loaded or self.roster == self.book_of().roster(self.class_name):
            return False
        self.reload()
        return True

    def unload(self) -> None:
        """The game had again from the class book at its next call (a commit failed: what it
        did not keep never happened); meanwhile the pages see the last snapshot kept."""
        self.names.clear()
        self.loaded, self.record, self.game, self.countdown = False, None, None, RoundTime()

    def replay(self) -> None:
        """The game again from the events kept."""
        assert self.record is not None
        events = self.record.events
        self.replayed = True
        self.game = self.kind.replayed(self.record)
        self.countdown = reduce(counted, events[1:], RoundTime())
        self.seq = events[-1].seq if events else self.seq

    def start(self, sent: Mapping[str, Any]) -> Projected:
        """A new live game for the class (the newest is the one played)."""
        self.load()
        settings = self.kind.settings(sent)
        game = self.kind.new(settings)
        start = event(self.seq + 1, GameStarted(settings))
        live_id = self.book_of().start_live(self.class_name, self.kind.name, dict(settings), start)
        started = self.book_of().newest_live(self.class_name, self.kind.name)
        assert started is not None and started.id == live_id
        self.record, self.game, self.countdown, self.seq = started, game, RoundTime(), start.seq
        self.show()
        return self.kind.projector(game, live_id, self.seq, ids=self.ids)

    def change(self, payload: Payload, name: str = "") -> Any:
        """One call that changes the game: judged, kept, then shown; what the engine returned."""
        (pending,) = self.changes([Pending(payload, name)])
        if pending.problem is not None:
            raise pending.problem
        return pending.outcome

    def open_round(self, seconds: float | None) -> Any:
        """The next round, with a countdown of `seconds` on the service's clock (if any)."""
        self.load()
        return self.change(RoundOpened(self.clock() + seconds if seconds else None))

    def pause(self) -> Any:
        """The round waits, its countdown's seconds left kept."""
        self.load()
        until = self.countdown.until
        return self.change(RoundPaused(None if until is None else max(0.0, until - self.clock())))

    def resume(self) -> Any:
        """The round goes on, its countdown's new end kept."""
        self.load()
        left = self.countdown.left
        return self.change(RoundResumed(None if left is None else self.clock() + left))

    def more_time(self, seconds: float) -> Any:
        """The round gets `seconds` more: its countdown's end later (from now, when its time
        was up: the round takes answers again), or its seconds left while paused. A round
        without a countdown stays without one."""
        self.load()
        now, countdown = self.clock(), self.countdown
        phase = self.game.phase if self.game is not None else None
        if phase is Phase.PAUSED:
            left = None if countdown.left is None else countdown.left + seconds
            return self.change(TimeChanged(left=left))
        if phase is Phase.OPEN and countdown.until is None:
            return self.change(TimeChanged())
        return self.change(TimeChanged(until=max(countdown.until or now, now) + seconds))

    def no_countdown(self) -> Any:
        """The round's countdown off: it takes answers until the teacher reveals it (a round
        whose time was up takes them again)."""
        self.load()
        return self.change(TimeChanged())

    def changes(self, pending: list[Pending]) -> list[Pending]:
        """Changes that arrived together, each judged in order of arrival, then all kept in one
        commit, then shown; each holds what the engine returned or why it was refused."""
        self.load()
        if self.game is None or self.record is None:
            refusal = LiveRefusal(
                _("there is no live game: the teacher starts one"), Refusal.NO_GAME
            )
            return [change.refused(refusal) for change in pending]
        if self.roster_checked():
            pending = self.still_here(pending)
        if any(not isinstance(change.payload, RoundClosed) for change in pending):
            self.expire()
        kept, last = [], self.seq
        for change in pending:
            if change.problem is not None:
                continue
            assert change.payload is not None
            held = self.accommodations.get(change.name, NONE) if change.name else NONE
            payload = self.kind.in_force(change.payload, held)
            happened = event(self.seq + 1, payload, change.name)
            try:
                change.outcome = self.apply(happened)
            except LiveRefusal as refusal:
                change.refused(refusal)
                continue
            happened = event(happened.seq, self.kind.judged(payload, change.outcome), change.name)
            if self.kind.keeps(happened, change.outcome):
                kept.append(happened)
                self.seq, change.kept = happened.seq, True
                if change.name and happened.kind in self.kind.told:
                    self.told.add(change.name)
        if kept:
            if any(done.name and done.name not in self.ids for done in kept):
                self.ids = self.book_of().student_ids(self.class_name)  # a newcomer
            self.keep(kept, last, pending)
        return pending

    def together(self, pending: list[Pending]) -> list[Any]:
        """Changes made by one call (the teacher's teams), kept in one commit: what the engine
        returned for each, or the first refusal."""
        self.load()
        done = self.changes(pending)
        for change in done:
            if change.problem is not None:
                raise change.problem
        return [change.outcome for change in done]

    def ids_in_room(self) -> dict[int, str]:
        """Each student in the room now: their id → their nickname."""
        self.load()
        room = self.game.room.names() if self.game is not None else []
        return {self.ids[name]: name for name in room if name in self.ids}

    def still_here(self, pending: list[Pending]) -> list[Pending]:
        """The changes, those of students forgotten or renamed meanwhile refused: a forgotten
        student's answer is kept under no one, whoever takes their name next."""
        here = self.book_of().nicknames(self.class_name)
        for change in pending:
            if change.name and change.name not in here:
                change.refused(LiveRefusal(_("join the class first"), Refusal.NOT_JOINED))
        return pending

    def keep(self, events: list[LiveEvent], last: int, pending: list[Pending]) -> None:
        """Commit the events, then show them; if the book fails, they never happened."""
        assert self.record is not None
        try:
            self.book_of().record_live(self.record.id, *events, ids=self.ids)
        except Exception as problem:
            self.seq = last
            self.replay()
            for change in pending:
                if change.kept:
                    change.refused(problem)
            return
        self.record.events.extend(events)
        self.show()

    def expire(self) -> bool:
        """Close the open round if its time is up; whether it did."""
        self.load()
        until = self.countdown.until
        if self.game is None or self.game.phase is not Phase.OPEN or until is None:
            return False
        if self.clock() < until:
            return False
        self.change(RoundClosed())
        return True

    def apply(self, done: LiveEvent) -> Any:
        """One event done to the game, its countdown followed."""
        assert self.game is not None
        outcome = self.kind.apply(self.game, done)
        self.countdown = counted(self.countdown, done)
        return outcome

    def may_come_in(self, address: str = "") -> None:
        """A refusal unless a newcomer may come into the room now (a game open, not locked,
        not over, and not from the address of a student the teacher took out): asked before
        they join the class book, so a refusal keeps nothing."""
        self.load()
        if self.game is None:
            raise LiveRefusal(_("there is no live game: the teacher starts one"), Refusal.NO_GAME)
        if self.game.room.locked:
            raise LiveRefusal(_("the teacher has locked the room"), Refusal.LOCKED)
        if self.game.phase is Phase.OVER:
            raise LiveRefusal(_("this live game is over"), Refusal.OVER)
        if address and address in self.shut:
            raise LiveRefusal(_("the teacher has taken you out of the room"), Refusal.REMOVED)

    def shut_out(self, name: str, theirs: set[str], others: set[str]) -> None:
        """Student `name`, taken out, stays out from a new browser at their addresses too
        (`theirs`), but for the addresses classmates in the room share (`others`: a school's
        NAT puts a class behind one); until the teacher lets them in (`let_in`)."""
        self.shut.update(dict.fromkeys(theirs - others, name))

    def let_in(self, name: str) -> None:
        self.shut = {address: out for address, out in self.shut.items() if out != name}

    def name_of(self, device: str) -> str | None:
        """The device's nickname in the class book (remembered once found)."""
        if device not in self.names:
            student = self.book_of().student_for(device, self.class_name)
            if student is None:
                return None
            self.names[device] = student.nickname
        return self.names[device]

    def moved(self) -> None:
        """A student's page came or went: a new version for the projector, whose count of who
        is in the room changes (nothing is kept: the room, the scores and the records stay)."""
        self.load()
        if self.game is not None:
            self.seq += 1
            self.show()

    def away_names(self) -> frozenset[str]:
        """The students none of whose browsers has a page there now (`away`)."""
        there: dict[str, bool] = {}
        for device, name in self.names.items():
            there[name] = there.get(name, False) or not self.away(device)
        return frozenset(name for name, here in there.items() if not here)

    def show(self) -> None:
        """A new snapshot for the pages once what this call keeps is committed (once for the
        calls committed together)."""
        self.book_of().when_kept(self.publish)

    def publish(self) -> Snapshot[Projected, Seated]:
        """Show the game as it is now: a new snapshot for the pages."""
        game, live_id = self.game, self.record.id if self.record else None
        projector = self.kind.projector(game, live_id, self.seq, self.away_names(), self.ids)
        phase = game.phase if game is not None else None
        snapshot: Snapshot[Projected, Seated] = Snapshot(
            projector,
            self.seq,
            phase,
            self.countdown,
            accommodations=dict(self.accommodations),
            told=dict(self.snapshot.told),
        )
        before = self.snapshot
        players = self.kind.players(game) if game is not None else []
        kept = None if self.replayed else before
        self.replayed = False
        for name, view in self.kind.students(snapshot, players, kept).items():
            snapshot.students[name] = view
            was = before.students.get(name)
            same = view is was or (
                before.countdown == snapshot.countdown and self.kind.alike(view, was)
            )
            snapshot.changed[name] = before.changed.get(name, self.seq) if same else self.seq
        for name in self.told:
            snapshot.told[name] = snapshot.version_for(name)
        self.told.clear()
        self.snapshot = snapshot
        return snapshot
