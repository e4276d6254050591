"""The class's open assignments on a student's practice page: each with how far the student is,
in words a ten-year-old reads ("3 of 8 deals solved, due Friday 11 December") and a bar, as the
class service worked it out (docs/design.md#assignments-and-the-class-list). Asked for when the
page opens, then after an answer that can move one on; finishing one is said aloud."""

from __future__ import annotations

from datetime import date
from html import escape
from typing import TYPE_CHECKING

from mathcards import i18n
from mathcards.i18n import N_, _, ngettext
from widgets.book import BookBar
from widgets.controls import announce, html

if TYPE_CHECKING:  # the view, for types only
    from mathcards.classroom.protocol.book import AssignmentView

SKILLS = {  # where each skill is practised, as a student reads it
    "mam": N_("MAM! practice"),
    "mam-powers": N_("MAM! practice with powers"),
    "roll-or-quit": N_("LAMA Dice: roll or quit?"),
}


def how_far(task: AssignmentView) -> str:
    """How far the student is, in words: "3 of 8 deals solved"."""
    done, count = task["done"], task["count"]
    if task["goal"] == "days":
        said = ngettext(
            "practised on {done} of {count} day", "practised on {done} of {count} days", count
        )
    elif task["skill"] == "roll-or-quit":
        said = ngettext(
            "{done} of {count} decision right", "{done} of {count} decisions right", count
        )
    else:
        said = ngettext("{done} of {count} deal solved", "{done} of {count} deals solved", count)
    return said.format(done=done, count=count)


def due(task: AssignmentView) -> str:
    """When it is due: today, tomorrow, or the day in words."""
    if task["days_left"] <= 0:
        return _("due today")
    if task["days_left"] == 1:
        return _("due tomorrow")
    return _("due {day}").format(day=i18n.day(date.fromisoformat(task["due"])))


def sentence(task: AssignmentView) -> str:
    """The assignment's line: "3 of 8 deals solved, due Friday 11 December", or "Done!"."""
    if task["done"] >= task["count"]:
        return _("Done! {how_far}.").format(how_far=capital(how_far(task)))
    return capital(_("{how_far}, {due}").format(how_far=how_far(task), due=due(task)))


def capital(text: str) -> str:
    """A sentence begins with a capital ("Rozwiązane rozdania: 3 z 8")."""
    return text[:1].upper() + text[1:]


def render(tasks: list[AssignmentView]) -> str:
    """The open assignments, each with its title, where to practise it, its line and a bar
    (nothing at all when there are none)."""
    if not tasks:
        return ""
    items = []
    for task in tasks:
        where = _(SKILLS.get(task["skill"], N_("MAM! practice")))
        said, count = sentence(task), max(task["count"], 1)
        finished = " mc-assignment-done" if task["done"] >= count else ""
        items.append(
            f"<li class='mc-assignment{finished}'><b>{escape(task['title'])}</b> "
            f"<span class='mc-assignment-where'>({escape(where)})</span><br>"
            f"<span class='mc-assignment-said'>{escape(said)}</span> "
            f"<progress max='{count}' value='{min(task['done'], count)}' "
            f"aria-label='{escape(task['title'])}: {escape(how_far(task))}'></progress></li>"
        )
    heading = escape(_("Your assignments"))
    return f"<div class='mc-assignments-box'><p><b>{heading}</b></p><ul>{''.join(items)}</ul></div>"


class Assignments:
    """The assignments shown on a page under its class book's bar (`view`), asked for again
    (`refresh`) after an answer that can move one on."""

    def __init__(self, bar: BookBar) -> None:
        self.bar = bar
        self.view = html("mc-assignments")
        self.tasks: list[AssignmentView] = []
        self.asked = False  # once asked, an assignment finished since is said aloud

    def refresh(self) -> None:
        """Ask the class service again; say aloud an assignment just finished."""
        found = self.bar.ask(lambda book: book.assignments())
        if found is None:
            return
        before = {task["number"] for task in self.tasks if task["done"] >= task["count"]}
        self.tasks, asked, self.asked = list(found), self.asked, True
        self.view.value = render(self.tasks)
        for task in self.tasks:
            if asked and task["done"] >= task["count"] and task["number"] not in before:
                announce(_("Assignment done: {title}!").format(title=task["title"]))

    def moves(self, skill: str) -> bool:
        """Can an answer in `skill` move an open assignment on (is one not finished yet)?"""
        return any(task["skill"] == skill and task["done"] < task["count"] for task in self.tasks)
