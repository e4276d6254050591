"""The live games in the class book: each game's settings, and every call that changed it as one
event (who, what, in order of arrival). The class service replays a game's events to have the
game again after a restart; an event is kept (committed) before the service acknowledges it.
What an event holds besides its student is a JSON object, its payload (the class service reads
and writes it: mathcards/classroom/live/events.py). The book keeps an event's student by id and
reads their nickname through it: a renamed student's events carry the new name, a forgotten
student's are gone with them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from mathcards.book import names
from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownStudent
from mathcards.book.models import LiveEventRow, LiveGameRow, SchoolClassRow, StudentRow
from mathcards.collation import sorted_names
from mathcards.i18n import _

LIVE_GAMES = ("mam", "lama_dice")  # the games a class can play live
# What every batch of a live game's answers asks, built once (not again at every batch)
GAMES, STUDENTS = cast(Table, LiveGameRow.__table__), cast(Table, StudentRow.__table__)
GAME_CLASS = select(GAMES.c.class_id).where(GAMES.c.id == bindparam("live"))
STUDENT_IDS = select(STUDENTS.c.nickname_key, STUDENTS.c.id).where(
    STUDENTS.c.class_id == bindparam("school"),
    STUDENTS.c.nickname_key.in_(bindparam("keys", expanding=True)),
)
NEW_EVENTS = insert(cast(Table, LiveEventRow.__table__))  # by Core: no ORM bulk persistence


@dataclass(frozen=True)
class LiveEvent:
    """One call that changed a live game: its arrival number `seq` (unique in its class's live
    record, growing from one game to the next), its `kind`, who (`name`, a nickname of the
    class book, read through the student's id) and what (`payload`)."""

    seq: int
    kind: str
    name: str = ""
    payload: dict[str, Any] = field(default_factory=dict)
    at: datetime | None = field(default=None, compare=False)  # when it was kept


@dataclass
class LiveRecord:
    """A live game as the class book keeps it: its number, game, settings, and its events."""

    id: int
    game: str
    settings: dict[str, Any]
    started: datetime
    events: list[LiveEvent] = field(default_factory=list)


class LiveBook(BookPart):
    """The class book's side of the live games (a part of `Book`)."""

    @guarded
    def start_live(
        self, class_name: str, game: str, settings: dict[str, Any], start: LiveEvent
    ) -> int:
        """A new live game for the class, with its first event; its number, once committed."""
        if game not in LIVE_GAMES:
            message = _("a class plays live the games {games}, not {game}")
            raise BookError(message.format(games=", ".join(LIVE_GAMES), game=repr(game)))
        school = names.class_name(class_name)
        with self._writing() as session:
            moment = self._now()
            room = session.scalar(select(SchoolClassRow).where(SchoolClassRow.name == school))
            if room is None:
                room = SchoolClassRow(name=school, created=moment)
                session.add(room)
                session.flush()
            row = LiveGameRow(class_id=room.id, game=game, settings=dict(settings), started=moment)
            session.add(row)
            session.flush()
            ids = students_named(session, row.class_id, [start])
            session.execute(NEW_EVENTS, event_rows(row.id, ids, [start], moment))
            return row.id

    @guarded
    def record_live(
        self, live_id: int, *events: LiveEvent, ids: Mapping[str, int] | None = None
    ) -> None:
        """Keep events of live game `live_id`, in one transaction committed when this returns
        (the answers that arrived together: one commit for them all). `ids`: each student's
        id by nickname as the caller knows them, not asked again (the class service's: read
        when the class's roster number was what it is now, so no one was renamed or
        forgotten since)."""
        with self._said(writing=True) as connection:
            named = {event.name for event in events if event.name}
            if ids is None or not named <= ids.keys():
                ids = students_named(connection, class_of(connection, live_id), events)
            rows = event_rows(live_id, ids, list(events), self._now())
            connection.execute(NEW_EVENTS, rows)  # one INSERT for them all, no ORM rows

    @guarded
    def newest_live(self, class_name: str, game: str | None = None) -> LiveRecord | None:
        """The class's newest live game (of `game`, if given) with its events in order of
        arrival, else None."""
        found = self.live_records(class_name, game, newest=True)
        return found[0] if found else None

    @guarded
    def live_records(
        self, class_name: str | None, game: str | None = None, *, newest: bool = False
    ) -> list[LiveRecord]:
        """The class's live games (of every class if None; of `game`, if given), newest first,
        each with its events in order of arrival; only the newest if `newest`."""
        if class_name is None:
            with self._reading() as session:
                return records_of(session, None, game, newest=newest)
        school = select(SchoolClassRow.id).where(
            SchoolClassRow.name == names.class_name(class_name)
        )
        with self._reading() as session:
            return records_of(session, school.scalar_subquery(), game, newest=newest)


def records_of(
    session: Session, class_id: Any, game: str | None = None, *, newest: bool = False
) -> list[LiveRecord]:
    """The live games of the class `class_id` (of every class if None; of `game`, if given),
    newest first, each with its events in order of arrival; only the newest if `newest`."""
    query = select(LiveGameRow).order_by(LiveGameRow.id.desc())
    if class_id is not None:
        query = query.where(LiveGameRow.class_id == class_id)
    if game is not None:
        query = query.where(LiveGameRow.game == game)
    rows = list(session.scalars(query.limit(1) if newest else query))
    return [_record(session, row) for row in rows]


def _record(session: Session, row: LiveGameRow) -> LiveRecord:
    events = session.execute(
        select(LiveEventRow, StudentRow.nickname)
        .outerjoin(StudentRow, StudentRow.id == LiveEventRow.student_id)
        .where(LiveEventRow.live_id == row.id)
        .order_by(LiveEventRow.seq)
    )
    return LiveRecord(
        row.id,
        row.game,
        dict(row.settings),
        row.started,
        [LiveEvent(e.seq, e.kind, name or "", dict(e.payload), e.at) for e, name in events],
    )


def class_of(connection: Connection, live_id: int) -> int:
    """The class of live game `live_id` (BookError if the book has no such game)."""
    class_id = connection.scalar(GAME_CLASS, {"live": live_id})
    if class_id is None:
        message = _("there is no live game number {game} in the class book")
        raise BookError(message.format(game=live_id))
    return int(class_id)


def students_named(
    session: Session | Connection, class_id: int, events: Iterable[LiveEvent]
) -> dict[str, int]:
    """The id of each student the events name, in the class (UnknownStudent for a name no
    student of the class has: nothing is kept under it)."""
    keys = {event.name: names.key(event.name) for event in events if event.name}
    if not keys:
        return {}
    rows = session.execute(STUDENT_IDS, {"school": class_id, "keys": sorted(set(keys.values()))})
    found = {key: student for key, student in rows}
    for name in sorted_names(name for name, key in keys.items() if key not in found):
        message = _("there is no student called {nickname} in the class book")
        raise UnknownStudent(message.format(nickname=name))
    return {name: found[key] for name, key in keys.items()}


def event_rows(
    live_id: int, ids: Mapping[str, int], events: list[LiveEvent], moment: datetime
) -> list[dict[str, Any]]:
    """The events as rows of the live events' table (each student by their id in `ids`)."""
    return [
        {
            "live_id": live_id,
            "seq": int(event.seq),
            "kind": str(event.kind),
            "student_id": ids.get(event.name),
            "payload": dict(event.payload),
            "at": moment,
        }
        for event in events
    ]
