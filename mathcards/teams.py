"""Teams in a live game (MAM!'s race, LAMA Dice's guess): the teacher splits the room into teams
of 2 to 4, shuffled or by hand; a student who comes in later goes to the smallest team. The
rule lives here, once: any member's claim (an answer, a guess) is the team's, the first of a
round counts, and every later one of that team, that round, is refused, naming who claimed
(docs/design.md#teams-in-a-live-game).

Students are named by their class book nickname, as in the rest of a live game's engine; the
class service keeps each placement by the student's id."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from math import ceil

from mathcards.i18n import _
from mathcards.room import LiveRefusal, Refusal

SIZES = (2, 3, 4)  # the members a team has at most, as the teacher chooses
MOST_TEAMS = 600  # a class's students, each alone at most


def team_name(number: int) -> str:
    """A team's name as pages and reports show it: "Team 1", … (translated)."""
    return _("Team {n}").format(n=number)


def checked_size(size: object) -> int:
    """A team size as the teacher sent it: 2, 3 or 4 (a refusal naming it, else)."""
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        message = _("a team has 2 to 4 members, not {size}").format(size=repr(size)[:20])
        raise LiveRefusal(message, Refusal.TEAM_SIZE)
    return size


def shuffled(names: Sequence[str], size: int, rng: random.Random) -> list[list[str]]:
    """The students in teams of at most `size`, drawn by `rng`: as few teams as that takes,
    their sizes at most one apart."""
    checked_size(size)
    drawn = list(names)
    rng.shuffle(drawn)
    count = max(1, ceil(len(drawn) / size))
    return [drawn[team::count] for team in range(count) if drawn[team::count]]


class Teams:
    """Who is in which team (numbered from 1), and the most members a team has."""

    def __init__(self) -> None:
        self.size: int | None = None  # None: no teams, everyone plays alone
        self.of: dict[str, int] = {}  # student → their team
        self.count = 0  # teams made

    @property
    def on(self) -> bool:
        return self.size is not None

    def make(self, size: int, teams: Iterable[Iterable[str]]) -> None:
        """New teams of at most `size` members (each a list of students, none in two); the
        teams before are gone."""
        size = checked_size(size)
        made: dict[str, int] = {}
        lists = [list(team) for team in teams]
        for number, members in enumerate(lists, start=1):
            if len(members) > size:
                message = _("{team} has more than {size} members")
                raise LiveRefusal(
                    message.format(team=team_name(number), size=size), Refusal.TEAM_SIZE
                )
            for name in members:
                if name in made:
                    message = _("{name} is in two teams").format(name=name)
                    raise LiveRefusal(message, Refusal.TWO_TEAMS, name)
                made[name] = number
        self.size, self.of, self.count = size, made, len(lists)

    def off(self) -> None:
        """No teams: everyone plays alone again."""
        self.size, self.of, self.count = None, {}, 0

    def place(self, name: str, team: int) -> None:
        """The teacher puts `name` in team `team` (a number; the class service offers the teams
        made and one more, a new one)."""
        if self.size is None:
            raise LiveRefusal(_("there are no teams: make them first"), Refusal.NO_TEAMS)
        if isinstance(team, bool) or not isinstance(team, int) or not 1 <= team <= MOST_TEAMS:
            message = _("there is no team {team}").format(team=repr(team)[:20])
            raise LiveRefusal(message, Refusal.NO_SUCH_TEAM)
        if self.of.get(name) != team and len(self.members(team)) >= self.size:
            message = _("{team} is full").format(team=team_name(team))
            raise LiveRefusal(message, Refusal.TEAM_FULL)
        self.of[name] = team
        self.count = max(self.count, team)

    def join(self, name: str) -> int | None:
        """A student comes in: once there are teams, one who has none goes to the smallest (the
        first of the smallest; a new team when every team is full). Their team."""
        if self.size is None:
            return None
        if name not in self.of:
            sizes = [len(self.members(team)) for team in range(1, self.count + 1)]
            open_teams = [team for team, n in enumerate(sizes, start=1) if n < self.size]
            team = min(open_teams, key=lambda t: sizes[t - 1]) if open_teams else self.count + 1
            self.of[name] = team
            self.count = max(self.count, team)
        return self.of[name]

    def keep(self, name: str, team: int) -> None:
        """`name` is in team `team`, as a claim kept in the class book says they were (a game
        replayed after a classmate was forgotten: the teams may have come out otherwise)."""
        if self.size is not None and 1 <= team <= MOST_TEAMS:
            self.of[name] = team
            self.count = max(self.count, team)

    def team_of(self, name: str) -> int | None:
        return self.of.get(name)

    def members(self, team: int) -> list[str]:
        return [name for name, theirs in self.of.items() if theirs == team]

    def numbers(self) -> list[int]:
        """The teams that have a member."""
        return sorted(set(self.of.values()))

    def claim(self, name: str, claimed: dict[int, str], team: object = None) -> int | None:
        """`name` claims for their team this round (`claimed`: each team's claimer so far this
        round), or for `team` if a page named one: their team, if there are teams (one in none,
        away when the teams were made, joins the smallest first, as a newcomer does); a refusal
        if they name another team, or their team has claimed already. The caller records the
        claim once it counts (a typing slip is no claim)."""
        if self.size is None:
            if team is not None:
                raise LiveRefusal(_("there are no teams in this game"), Refusal.NOT_IN_TEAM)
            return None
        theirs = self.join(name)
        if theirs is None or (team is not None and team != theirs):
            raise LiveRefusal(_("you are not in that team"), Refusal.NOT_IN_TEAM)
        first = claimed.get(theirs)
        if first is not None:
            message = _("{name} already answered for your team").format(name=first)
            raise LiveRefusal(message, Refusal.TEAM_CLAIMED, first)
        return theirs


def completed(
    size: int, teams: Iterable[Iterable[str]], everyone: Iterable[str]
) -> list[list[str]]:
    """Teams made by hand, then everyone in none put in the smallest (as a newcomer is): every
    team with a member, in order."""
    made = Teams()
    made.make(size, teams)
    for name in everyone:
        made.join(name)
    found = [made.members(number) for number in range(1, made.count + 1)]
    return [members for members in found if members]
