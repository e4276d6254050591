"""What every live game's views begin with, whichever the game: the projector's (the game, its
phase, its room) and a student's (the game, its phase, this student)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mathcards.classroom.live.kind import InRoom, Snapshot
from mathcards.classroom.protocol import MyTeamView, RoomView, SeatView, TeamView
from mathcards.room import Room
from mathcards.teams import Teams


def room_view(
    version: int,
    live_id: int | None,
    game: InRoom | None,
    away: frozenset[str] = frozenset(),
    teams: list[TeamView] | None = None,
) -> RoomView:
    """The game, its phase, its room (an empty one before the first game) and who of it is
    here: all but those `away` (no page there now); its `teams` (`teams_view`)."""
    room = game.room if game is not None else Room()
    names = room.names()
    size = game.teams.size if game is not None else None
    return {
        "version": version,
        "game": live_id if game is not None else None,
        "phase": game.phase if game is not None else None,
        "locked": room.locked,
        "room": names,
        "here": [name for name in names if name not in away],
        "removed": room.removed(),
        "class_url": "",  # the teacher's calls say it (`TeacherCall.projector`)
        "team_size": size,
        "teams": teams or [],
    }


def teams_view(
    teams: Teams,
    ids: Mapping[str, int],
    scores: Mapping[int, float],
    claimed: Mapping[int, str],
) -> list[TeamView]:
    """Each team with a member: its members (by id and name), its score, who claimed for it
    this round."""
    return [
        {
            "number": number,
            "members": [{"id": ids.get(name, 0), "name": name} for name in teams.members(number)],
            "score": scores.get(number),
            "claimed": claimed.get(number),
        }
        for number in teams.numbers()
    ]


def my_team(projector: RoomView, name: str | None) -> MyTeamView | None:
    """Student `name`'s team in the projector's view (None: no teams, or in none)."""
    for team in projector["teams"]:
        members = [member["name"] for member in team["members"]]
        if name in members:
            return {
                "number": team["number"],
                "members": members,
                "score": team["score"],
                "claimed": team["claimed"],
            }
    return None


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
        "team": my_team(projector, name),
    }
