"""Teams in the class service, for both live games: the teacher's call read (a team size, the
room shuffled or teams by hand, students named by their class book id, never by nickname) into
the events the class book keeps (`TeamsMade`, then one `Placed` a member, the member the
event's student: kept by id), and what those events do to the engine (`TEAM_EVENTS`). The rule
of a team's claim is the engine's (mathcards/teams.py)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from mathcards.book import LiveEvent
from mathcards.classroom.live.events import Placed, TeamsMade, read
from mathcards.classroom.live.kind import InRoom
from mathcards.classroom.live.log import Pending
from mathcards.classroom.protocol import EventKind
from mathcards.i18n import _
from mathcards.room import LiveRefusal, Refusal
from mathcards.teams import checked_size, completed, shuffled


def teams_made(game: InRoom, event: LiveEvent) -> None:
    size = read(event, TeamsMade).size
    if size is None:
        game.teams_off()
    else:
        game.make_teams(size, [])


TEAM_EVENTS: dict[EventKind, Callable[[Any, LiveEvent], Any]] = {
    EventKind.TEAMS: teams_made,
    EventKind.TEAM: lambda game, event: game.place(event.name, read(event, Placed).team),
}


def student_named(ids: Mapping[int, str], sent: object) -> str:
    """The student in the room whose class book id a page sent (a refusal naming it, else)."""
    if isinstance(sent, bool) or not isinstance(sent, int) or sent not in ids:
        message = _("no student in the room has the id {id}").format(id=repr(sent)[:20])
        raise LiveRefusal(message, Refusal.UNKNOWN_STUDENT, repr(sent)[:20])
    return ids[sent]


def teams_asked(room: list[str], ids: Mapping[int, str], sent: Mapping[str, Any]) -> list[Pending]:
    """The changes the teacher's teams call makes: no teams (`off`), or teams of `size` from
    the students in the `room` (`ids`: id → nickname of each), `shuffle`d or by hand
    (`teams`, lists of ids: whoever is in none goes to the smallest)."""
    if sent.get("off") is True:
        return [Pending(TeamsMade(None))]
    size = checked_size(sent.get("size"))
    by_hand = sent.get("teams")
    if sent.get("shuffle") is True and by_hand is None:
        made = shuffled(room, size, random.Random(secrets.randbits(64)))
    elif isinstance(by_hand, list) and all(isinstance(team, list) for team in by_hand):
        if len(by_hand) > len(room):
            raise ValueError("more teams than students in the room")
        named = [[student_named(ids, one) for one in team] for team in by_hand]
        made = completed(size, named, room)
    else:
        raise ValueError("teams are shuffled, made by hand, or off")
    placed = [Pending(Placed(number), name) for number, team in enumerate(made, 1) for name in team]
    return [Pending(TeamsMade(size)), *placed]


def placing(ids: Mapping[int, str], count: int, student: object, team: object) -> Pending:
    """The teacher's call putting a student (by id) in a team (its number: one of the `count`
    teams, or one more, a new one)."""
    if isinstance(team, bool) or not isinstance(team, int) or not 1 <= team <= count + 1:
        raise LiveRefusal(
            _("there is no team {team}").format(team=repr(team)[:20]), Refusal.NO_SUCH_TEAM
        )
    return Pending(Placed(team), student_named(ids, student))
