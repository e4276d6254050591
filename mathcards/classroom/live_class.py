"""A class's live game in the class service's memory: the engine's game (of its kind: MAM!'s
`LiveGame`, LAMA Dice's `LiveGuessing`, see `GameKind`), had again after a restart by replaying
the class book's events, and what its pages see.

Every change runs in the class service's writer thread, one at a time, in order of arrival: the
engine judges the call (a refusal changes nothing and keeps nothing), the event is committed to
the class book, then the change is shown (a new `Picture`, its `version` the event's arrival
number). When the commit fails, the game is had again from the events kept so far: what was
not kept never happened. The pages' calls read only the newest `Picture`, never the game."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from mathcards.book import Book, LiveEvent, LiveRecord
from mathcards.i18n import _
from mathcards.mam.live import LiveGame, Phase, Standing
from mathcards.room import LiveRefusal, Room

SEED_BELOW = 10**5  # a seed the service picks is one of these: short enough to read aloud
LONGEST_COUNTDOWN = 3600  # seconds


@dataclass(frozen=True)
class Countdown:
    """The open round's time: `until` a moment of the service's clock, or `left` seconds while
    the round is paused; neither when the round has no countdown."""

    until: float | None = None
    left: float | None = None

    def seconds_left(self, phase: Phase | None, now: float) -> float | None:
        if phase is Phase.OPEN and self.until is not None:
            return round(max(0.0, self.until - now), 1)
        if phase is Phase.PAUSED and self.left is not None:
            return round(self.left, 1)
        return None


@dataclass(frozen=True)
class Picture:
    """What the live game's pages see after one change: the projector's view, and each
    student's own (`seconds_left` is filled in when a page asks)."""

    version: int = 0
    phase: Phase | None = None
    countdown: Countdown = field(default_factory=Countdown)
    projector: dict[str, Any] = field(default_factory=lambda: projector_view(None, None, 0))
    students: dict[str, dict[str, Any]] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)  # student → version their view changed
    stranger: Callable[[Picture, str | None], dict[str, Any]] | None = None  # a view for others

    def version_for(self, name: str | None) -> int:
        """The version at which this student's view last changed (the projector's: any)."""
        return self.changed.get(name, self.version) if name is not None else self.version

    def seen(self, view: dict[str, Any], now: float) -> dict[str, Any]:
        """A view as sent: its round's seconds left now."""
        if view.get("round") is None:
            return view
        left = self.countdown.seconds_left(self.phase, now)
        return {**view, "round": {**view["round"], "seconds_left": left}}

    def of_student(self, name: str | None, now: float) -> dict[str, Any]:
        view = self.students.get(name or "") or (self.stranger or student_view)(self, name)
        return self.seen(view, now)

    def expired(self, now: float) -> bool:
        """Is the open round's time up, though the round is not closed yet?"""
        until = self.countdown.until
        return self.phase is Phase.OPEN and until is not None and now >= until


@dataclass
class Claim:
    """One call that would change the game, and what became of it."""

    kind: str
    name: str = ""
    text: str = ""
    said: Any = None  # what the engine said
    problem: Exception | None = None  # why it was refused
    kept: bool = False
    call: Callable[[], Any] | None = None  # another call, run in its turn instead

    def refused(self, problem: Exception) -> Claim:
        self.problem, self.kept = problem, False
        return self


class GameKind(Protocol):
    """What the service needs to know of a game played live: its name in the class book, its
    settings, its engine, how an event is done to it, and what its pages see."""

    name: str

    def settings(self, sent: dict[str, Any]) -> dict[str, Any]: ...
    def new(self, settings: dict[str, Any]) -> Any: ...
    def apply(self, game: Any, event: LiveEvent) -> Any: ...
    def keeps(self, kind: str, said: Any) -> bool: ...
    def players(self, game: Any) -> list[str]: ...
    def projector(self, game: Any, live_id: int | None, version: int) -> dict[str, Any]: ...
    def student(self, picture: Picture, name: str | None) -> dict[str, Any]: ...


class MamKind:
    """MAM! live: rounds of a deal raced by the class (`mathcards.mam.live.LiveGame`)."""

    name = "mam"

    def settings(self, sent: dict[str, Any]) -> dict[str, Any]:
        return game_settings(sent)

    def new(self, settings: dict[str, Any]) -> LiveGame:
        return new_game(settings)

    def apply(self, game: LiveGame, event: LiveEvent) -> Any:
        kind, text = event.kind, event.text
        if kind == "answer":
            return game.answer(event.name, text, event.seq)
        if kind in ("join", "remove"):
            return getattr(game, kind)(event.name)
        if kind == "lock":
            return game.lock(text == "1")
        return getattr(game, {"open": "open_round"}.get(kind, kind))()

    def keeps(self, kind: str, said: Any) -> bool:
        """An answer not readable is no claim: nothing to keep."""
        return kind != "answer" or bool(said.verdict.kind.readable)

    def players(self, game: LiveGame) -> list[str]:
        return list(game.players)

    def projector(self, game: LiveGame | None, live_id: int | None, version: int) -> dict[str, Any]:
        return projector_view(game, live_id, version)

    def student(self, picture: Picture, name: str | None) -> dict[str, Any]:
        return student_view(picture, name)


MAM = MamKind()


class LiveClass:
    """The newest live game of the service's class, in memory, and the calls that change it
    (each to be run in the writer thread)."""

    def __init__(
        self,
        book_of: Callable[[], Book],
        class_name: str,
        clock: Callable[[], float] = time.time,
        kind: GameKind = MAM,
    ) -> None:
        self.book_of, self.class_name, self.clock, self.kind = book_of, class_name, clock, kind
        self.loaded = False
        self.record: LiveRecord | None = None
        self.game: Any = None
        self.countdown = Countdown()
        self.seq = 0  # the arrival number of the last event kept
        self.picture = Picture()
        self.names: dict[str, str] = {}  # device → its nickname in the class book

    # ------------------------------------------------------------ in the writer thread

    def load(self) -> None:
        """The class's newest live game from the class book, once (a book that is down now
        may answer the next call)."""
        if self.loaded:
            return
        record = self.book_of().newest_live(self.class_name, self.kind.name)
        if record is not None:
            self.record = record
            self.replay()
        self.loaded = True
        self.publish()

    def replay(self) -> None:
        """The game again from the events kept: the engine is deterministic."""
        assert self.record is not None
        self.game, self.countdown = self.kind.new(self.record.settings), Countdown()
        for event in self.record.events[1:]:
            try:
                self.apply(event)
            except LiveRefusal:  # an event whose student was forgotten since
                continue
        self.seq = self.record.events[-1].seq if self.record.events else self.seq

    def start(self, settings: dict[str, Any]) -> dict[str, Any]:
        """A new live game for the class (the newest is the one played)."""
        self.load()
        chosen = self.kind.settings(settings)
        game = self.kind.new(chosen)
        start = LiveEvent(self.seq + 1, "start", "", json.dumps(chosen))
        live_id = self.book_of().start_live(self.class_name, self.kind.name, chosen, start)
        started = self.book_of().newest_live(self.class_name, self.kind.name)
        assert started is not None and started.id == live_id
        self.record, self.game, self.countdown, self.seq = started, game, Countdown(), start.seq
        return self.publish().projector

    def change(self, kind: str, name: str = "", text: str = "") -> Any:
        """One call that changes the game: judged, kept, then shown; what the engine said."""
        (claim,) = self.changes([Claim(kind, name, text)])
        if claim.problem is not None:
            raise claim.problem
        return claim.said

    def changes(self, claims: list[Claim]) -> list[Claim]:
        """Calls that arrived together, each judged in order of arrival, then all kept in one
        commit, then shown; each claim holds what the engine said or why it was refused."""
        self.load()
        if self.game is None or self.record is None:
            refusal = LiveRefusal(_("there is no live game: the teacher starts one"), "no-game")
            return [claim.refused(refusal) for claim in claims]
        if any(claim.kind != "close" for claim in claims):
            self.expire()
        events, last = [], self.seq
        for claim in claims:
            event = LiveEvent(
                self.seq + 1, claim.kind, claim.name, self.timed(claim.kind, claim.text)
            )
            try:
                claim.said = self.apply(event)
            except LiveRefusal as refusal:
                claim.refused(refusal)
                continue
            if self.kind.keeps(claim.kind, claim.said):
                events.append(event)
                self.seq, claim.kept = event.seq, True
        if events:
            self.keep(events, last, claims)
        return claims

    def keep(self, events: list[LiveEvent], last: int, claims: list[Claim]) -> None:
        """Commit the events, then show them; if the book fails, they never happened."""
        assert self.record is not None
        try:
            self.book_of().record_live(self.record.id, *events)
        except Exception as problem:
            self.seq = last
            self.replay()
            for claim in claims:
                if claim.kept:
                    claim.refused(problem)
            return
        self.record.events.extend(events)
        self.publish()

    def expire(self) -> bool:
        """Close the open round if its time is up; whether it did."""
        self.load()
        until = self.countdown.until
        if self.game is None or self.game.phase is not Phase.OPEN or until is None:
            return False
        if self.clock() < until:
            return False
        self.change("close")
        return True

    def timed(self, kind: str, text: str) -> str:
        """An event's text with the countdown in it, on the service's clock: a round opened
        keeps its end, a pause the seconds left, a resume the new end."""
        now, countdown = self.clock(), self.countdown
        if kind == "open":
            return str(now + float(text)) if text else ""
        if kind == "pause":
            return "" if countdown.until is None else str(max(0.0, countdown.until - now))
        if kind == "resume":
            return "" if countdown.left is None else str(now + countdown.left)
        return text

    def apply(self, event: LiveEvent) -> Any:
        """One event done to the game (a countdown read from its text)."""
        kind, text = event.kind, event.text
        said = self.kind.apply(self.game, event)
        if kind in ("open", "resume"):
            self.countdown = Countdown(until=float(text) if text else None)
        elif kind == "pause":
            self.countdown = Countdown(left=float(text) if text else None)
        elif kind in ("close", "finish"):
            self.countdown = Countdown()
        return said

    def name_of(self, device: str) -> str | None:
        """The device's nickname in the class book (remembered once found)."""
        if device not in self.names:
            student = self.book_of().student_for(device, self.class_name)
            if student is None:
                return None
            self.names[device] = student.nickname
        return self.names[device]

    def publish(self) -> Picture:
        """Show the game as it is now: a new picture for the pages."""
        game, live_id = self.game, self.record.id if self.record else None
        projector = self.kind.projector(game, live_id, self.seq)
        phase = game.phase if game else None
        picture = Picture(self.seq, phase, self.countdown, projector, stranger=self.kind.student)
        before = self.picture
        for name in self.kind.players(game) if game is not None else ():
            view = picture.students[name] = self.kind.student(picture, name)
            same = before.countdown == picture.countdown and unversioned(view) == unversioned(
                before.students.get(name)
            )
            picture.changed[name] = before.changed.get(name, self.seq) if same else self.seq
        self.picture = picture
        return picture


def unversioned(view: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if view is None else {k: v for k, v in view.items() if k != "version"}


def game_settings(sent: dict[str, Any]) -> dict[str, Any]:
    """A live game's settings as kept: level, rounds, scoring, seed (picked when none)."""
    seed = sent.get("seed")
    if seed is None or seed == "":
        seed = secrets.randbelow(SEED_BELOW)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("the seed is a whole number")
    rounds = sent.get("rounds", 5)
    return {
        "level": str(sent.get("level", "normal")),
        "rounds": rounds,
        "scoring": str(sent.get("scoring", "rulebook")),
        "seed": seed,
    }


def new_game(settings: dict[str, Any]) -> LiveGame:
    return LiveGame(settings["level"], settings["rounds"], settings["seed"], settings["scoring"])


def round_view(game: LiveGame) -> dict[str, Any] | None:
    current = game.round
    if current is None:
        return None
    deal = current.deal
    return {
        "number": current.number,
        "level": game.level.name,
        "cards": list(deal.cards),
        "dice": list(deal.dice),
        "target": deal.target,
        "power": deal.power,
        "seconds_left": None,
    }


class InRoom(Protocol):
    """A live game of either kind, as its room sees it."""

    phase: Phase
    hall: Room


def room_view(version: int, live_id: int | None, game: InRoom | None) -> dict[str, Any]:
    """What every live game's projector view begins with: the game, its phase, its room (an
    empty one before the first game)."""
    hall = game.hall if game is not None else Room()
    return {
        "version": version,
        "game": live_id if game is not None else None,
        "phase": game.phase.value if game is not None else None,
        "locked": hall.locked,
        "room": hall.names(),
        "removed": hall.removed(),
    }


def seat_view(picture: Picture, name: str | None) -> dict[str, Any]:
    """What every live game's student view begins with: the game, its phase, this student."""
    projector = picture.projector
    return {
        "version": picture.version,
        "game": projector["game"],
        "phase": projector["phase"],
        "name": name,
        "joined": name is not None and name in projector["room"],
        "removed": name in projector["removed"],
    }


def projector_view(game: LiveGame | None, live_id: int | None, version: int) -> dict[str, Any]:
    """What the teacher's projector sees: the room, the round's answers in order of arrival,
    the leaderboard, the podium."""
    if game is None:
        return {
            **room_view(version, None, None),
            "settings": None,
            "round": None,
            "answered": 0,
            "board": [],
            "leaderboard": [],
            "podium": None,
        }
    seen = room_view(version, live_id, game)
    answers = game.round.answers if game.round else []
    standings = places(game.standings())
    return {
        **seen,
        "settings": {
            "level": game.level.name,
            "rounds": len(game.deals),
            "scoring": game.scoring,
            "seed": game.seed,
        },
        "round": round_view(game),
        "answered": len({a.name for a in answers} & set(seen["room"])),
        "board": [
            {
                "seq": a.seq,
                "name": a.name,
                "text": a.text,
                "correct": a.correct,
                "points": a.points,
                "first": a.first,
            }
            for a in answers
        ],
        "leaderboard": standings,
        "podium": places(game.podium()) if game.phase is Phase.OVER else None,
    }


def places(standings: list[Standing]) -> list[dict[str, Any]]:
    return [{"place": s.place, "name": s.name, "points": s.points} for s in standings]


def student_view(picture: Picture, name: str | None) -> dict[str, Any]:
    """What one student sees: the round, their own answers and score; never another's answer."""
    projector = picture.projector
    mine = [
        {key: answer[key] for key in ("seq", "text", "correct", "points", "first")}
        for answer in projector["board"]
        if answer["name"] == name
    ]
    standing = next((s for s in projector["leaderboard"] if s["name"] == name), None)
    return {
        **seat_view(picture, name),
        "round": projector["round"],
        "mine": mine,
        "points": standing["points"] if standing else 0,
        "place": standing["place"] if standing else None,
        "podium": projector["podium"],
    }
