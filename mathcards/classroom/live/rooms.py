"""The class's live games, one room a game (`Rooms`), opened with the class service, which
tells them when the class book changes under them; and their calls over HTTP (`routes`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mathcards.classroom.live import lama_dice_room, mam_room
from mathcards.classroom.live.calls import RoomCall
from mathcards.classroom.live.lama_dice_room import GuessRoom
from mathcards.classroom.live.mam_room import MamRoom
from mathcards.classroom.protocol import API
from mathcards.classroom.service.calls import Identity
from mathcards.classroom.service.classservice import ClassService


@dataclass(frozen=True)
class Rooms:
    """The class's live MAM! game and its live LAMA Dice lesson."""

    mam: MamRoom
    guess: GuessRoom


def open_rooms(service: ClassService, clock: Callable[[], float] = time.time) -> Rooms:
    """The class's live rooms, the class service telling them when the class book changes."""
    rooms = Rooms(MamRoom(service, clock), GuessRoom(service, clock))
    service.rooms += [rooms.mam, rooms.guess]
    return rooms


def routes(
    rooms: Rooms, api: str = API, identity: Identity | None = None
) -> list[tuple[str, type[RoomCall], dict[str, Any]]]:
    """Both games' live calls, under `api`, their caller known by `identity` (None: the page's
    ticket)."""
    return [
        *mam_room.routes(rooms.mam, api, identity),
        *lama_dice_room.routes(rooms.guess, api, identity),
    ]
