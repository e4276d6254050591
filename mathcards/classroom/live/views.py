"""What every live game's views begin with, whichever the game: the projector's (the game, its
phase, its room) and a student's (the game, its phase, this student)."""

from __future__ import annotations

from typing import Any

from mathcards.classroom.live.kind import InRoom, Snapshot
from mathcards.classroom.protocol import RoomView, SeatView
from mathcards.room import Room


def room_view(
    version: int, live_id: int | None, game: InRoom | None, away: frozenset[str] = frozenset()
) -> RoomView:
    """The game, its phase, its room (an empty one before the first game) and who of it is
    here: all but those `away` (no page there now)."""
    room = game.room if game is not None else Room()
    names = room.names()
    return {
        "version": version,
        "game": live_id if game is not None else None,
        "phase": game.phase if game is not None else None,
        "locked": room.locked,
        "room": names,
        "here": [name for name in names if name not in away],
        "removed": room.removed(),
        "class_url": "",  # the teacher's calls say it (`TeacherCall.projector`)
    }


def seat_view(snapshot: Snapshot[Any, Any], name: str | None) -> SeatView:
    """The game, its phase, this student: in the room, or taken out of it."""
    projector: RoomView = snapshot.projector
    return {
        "version": snapshot.version,
        "game": projector["game"],
        "phase": projector["phase"],
        "name": name,
        "joined": name is not None and name in snapshot.in_room,
        "removed": name in snapshot.taken_out,
    }
