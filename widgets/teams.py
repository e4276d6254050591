"""Teams on the live pages, both games: the teacher's controls on the projector (a size, Make
teams shuffled, No teams, a student moved to a team: each a call to the class service, which
decides), the teams on the wall (names, members, score, whether each claimed this round: never
a child's name), and a student's team on their phone (its members, who claimed for it). No
rule of a team lives here (mathcards/teams.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.classroom.protocol import RoomView, SeatView, TeamsBody
from mathcards.i18n import _, ngettext, percent
from mathcards.teams import SIZES, team_name
from widgets.controls import button, row

# the teams on the projector's wall, read from the back row: a line per team, its cells apart
TEAMS_STYLE = """<style>
.mc-teams-wall h3 { font-size: max(26px, 3.6vh); line-height: 1.3; margin: 1.2vh 0 .4vh; }
.mc-teams-wall table.mc-teams { border-collapse: collapse; font-size: max(22px, 3vh);
  line-height: 1.3; }
.mc-teams-wall .mc-teams th, .mc-teams-wall .mc-teams td { padding: 4px 16px 4px 0;
  border-bottom: 1px solid #e5e7eb; text-align: left; overflow-wrap: anywhere; }
@media (max-width: 600px) { .mc-teams-wall table.mc-teams { font-size: 15px; }
  .mc-teams-wall .mc-teams th, .mc-teams-wall .mc-teams td { padding: 3px 8px 3px 0; } }
</style>"""


def named(standings: list[Any]) -> list[Any]:
    """Standings with each team's place named in this page's language ("Team 1")."""
    return [
        {**s, "name": team_name(s["team"])} if s.get("team") is not None else s for s in standings
    ]


class TeamsControls(w.VBox):
    """The teacher's teams: a size and Make teams (shuffled from the room), No teams, and a
    student moved to a team by hand. `call` makes one of the teacher's calls (False: refused,
    and said)."""

    def __init__(self, client: Callable[[], Any], call: Callable[[Callable[[], object]], bool]):
        self.client, self.call = client, call
        self.size = w.Dropdown(options=list(SIZES), value=2, description=_("Team size"))
        self.size.add_class("mc-teams-size")
        self.make = button(_("Make teams"), "mc-teams-make", self._make, button_style="info")
        self.make.tooltip = _("Shuffle the students in the room into teams")
        self.off = button(_("No teams"), "mc-teams-off", self._off)
        self.student = w.Dropdown(options=[], description=_("Student"))
        self.student.add_class("mc-teams-student")
        self.team = w.Dropdown(options=[], description=_("to team"))
        self.team.add_class("mc-teams-team")
        self.move = button(_("Move"), "mc-teams-move", self._move)
        self.mover = row(self.student, self.team, self.move, css="mc-teams-mover", hides=True)
        self.mover.layout.display = "none"
        super().__init__([row(self.size, self.make, self.off), self.mover])
        self.add_class("mc-teams-controls")

    def show(self, view: RoomView) -> None:
        """The students and teams to move between, as the service says them."""
        teams = view["teams"]
        self.mover.layout.display = "" if teams else "none"
        students = [
            (f"{m['name']} ({team_name(t['number'])})", m["id"])
            for t in teams
            for m in t["members"]
        ]
        numbers = [t["number"] for t in teams]
        choices = [(team_name(n), n) for n in [*numbers, max(numbers, default=0) + 1]]
        for menu, options in ((self.student, students), (self.team, choices)):
            if list(menu.options) != options:
                menu.options = options
            if menu.value is None and options:  # never an empty box beside Move
                menu.index = 0

    def _make(self, _button: object = None) -> None:
        client = self.client()
        sent: TeamsBody = {"size": int(self.size.value), "shuffle": True}
        if client is not None:
            self.call(lambda: client.make_teams(sent))

    def _off(self, _button: object = None) -> None:
        client = self.client()
        sent: TeamsBody = {"off": True}
        if client is not None:
            self.call(lambda: client.make_teams(sent))

    def _move(self, _button: object = None) -> None:
        client, student, team = self.client(), self.student.value, self.team.value
        if client is not None and student is not None and team is not None:
            self.call(lambda: client.place(int(student), int(team)))


def score_words(score: float | None, cards: bool) -> str:
    if score is None:
        return ""
    if cards:
        return ngettext("{n} card", "{n} cards", int(score)).format(n=int(score))
    return _("off by {share} on average").format(share=percent(score, 1))


def render_teams(view: RoomView, cards: bool = True) -> str:
    """The teams on the wall: each team's name, how many members, its score (`cards`: MAM!'s
    cards won, else how far its guesses were), and whether it claimed this round (never who:
    the wall names teams, not children)."""
    teams = view["teams"]
    if not teams:
        return ""
    rows = []
    for team in teams:
        count = ngettext("{n} member", "{n} members", len(team["members"])).format(
            n=len(team["members"])
        )
        claimed = team["claimed"]
        said = _("answered") if claimed else _("not yet")
        rows.append(
            f"<tr data-team='{int(team['number'])}'><td>{escape(team_name(team['number']))}</td>"
            f"<td>{escape(count)}</td><td>{escape(score_words(team['score'], cards))}</td>"
            f"<td class='mc-teams-claimed'>{escape(said)}</td></tr>"
        )
    heads = "".join(
        f"<th>{escape(h)}</th>" for h in (_("team"), _("members"), _("score"), _("this round"))
    )
    title = escape(_("Teams"))
    return f"<h3>{title}</h3><table class='mc-teams'><tr>{heads}</tr>{''.join(rows)}</table>"


def render_my_team(view: SeatView, claim: Mapping[str, Any] | None = None) -> str:
    """A student's team on their phone: its name and members; once a teammate claimed, who,
    and what came of it (`claim`: MAM!'s answer as the service judged it)."""
    team = view.get("team")
    if not team:
        return ""
    mates = ", ".join(team["members"])
    lines = [
        _("You play in {team}: {members}.").format(team=team_name(team["number"]), members=mates)
    ]
    claimed = team["claimed"]
    if claimed and claimed != view["name"]:
        lines.append(_("{name} answered for your team.").format(name=claimed))
        if claim is not None and "correct" in claim:
            if claim["correct"]:
                points = int(claim.get("points", 0))
                lines.append(
                    ngettext("Right: {n} card won.", "Right: {n} cards won.", points).format(
                        n=points
                    )
                    if points
                    else _("Right, but another team was faster.")
                )
            else:
                lines.append(_("Not quite right this time."))
    return "".join(f"<p>{escape(line)}</p>" for line in lines)
