"""The class's live games, one room a game (`Rooms`), opened with the class service, which
tells them when the class book changes under them; and their calls over HTTP (`routes`), those
a class makes by the hundred in a round also as the kernels' door's lanes (`lanes`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from mathcards.classroom.live import lama_dice_room, mam_room
from mathcards.classroom.live.calls import RoomCall, projector_asked, seat_asked
from mathcards.classroom.live.lama_dice_room import GuessRoom, guess_asked
from mathcards.classroom.live.mam_room import MamRoom, answer_asked
from mathcards.classroom.protocol import API, LAMA_DICE_LIVE, MAM_LIVE, LivePath
from mathcards.classroom.service.calls import Identity
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Lane
from mathcards.classroom.service.quick import quick


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


def lanes(rooms: Rooms, api: str = API) -> dict[tuple[str, str], Lane]:
    """A student's answer or guess, their page's long-poll and the projector's, in both games
    (by method and path, as `routes` has them), as the kernels' door's lanes."""
    service, mam, guess = rooms.mam.service, api + MAM_LIVE, api + LAMA_DICE_LIVE
    projector = partial(quick, service, for_teacher=True)
    return {
        ("POST", mam + LivePath.ANSWERS): quick(service, partial(answer_asked, rooms.mam)),
        ("GET", mam + LivePath.ME): quick(service, partial(seat_asked, rooms.mam)),
        ("GET", mam + LivePath.STATE): projector(partial(projector_asked, rooms.mam)),
        ("POST", guess + LivePath.GUESSES): quick(service, partial(guess_asked, rooms.guess)),
        ("GET", guess + LivePath.ME): quick(service, partial(seat_asked, rooms.guess)),
        ("GET", guess + LivePath.STATE): projector(partial(projector_asked, rooms.guess)),
    }
