"""Roll or quit? at my level: the exercise's desk when the student ticks "Practice at my level"
(docs/design.md#a-set-at-my-level). The class service deals each moment for this student (with
the page's dice when its bank has moments of them), judges the choice against the better one
and rates it; the page shows both expected penalties, worked out here as the series does, and
the student's step on the ladder with their weeks."""

from __future__ import annotations

import time
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from mathcards.i18n import N_, _
from mathcards.lama_dice import known
from mathcards.lama_dice.dice import parse_dice
from widgets.assignments import Assignments
from widgets.controls import Complains, announce, button, html, row, shows_errors, sign
from widgets.lama_dice.cards import render_dice_used, render_rows
from widgets.lama_dice.last_player import render_decision
from widgets.level import (
    BEHIND,
    LEVEL_STYLE,
    Coach,
    OwnClock,
    render_clock,
    render_progress,
    results_line,
    say_climbed,
    summary,
)

if TYPE_CHECKING:
    from mathcards.classroom.protocol.level import LevelView

SKILL = "roll-or-quit"
CHOSE = {"roll": N_("You chose to <b>roll on</b>."), "quit": N_("You chose to <b>quit</b>.")}
BETTER = {
    True: N_("That was the better choice."),
    False: N_("The other choice was better."),
}


class MomentsAtMyLevel(Complains, w.VBox):
    """A set of roll-or-quit moments at the student's level: choose, see whether it was the
    better choice and both expected penalties, then the next moment."""

    def __init__(self, coach: Coach, assignments: Assignments) -> None:
        self.coach, self.assignments = coach, assignments
        self.view: LevelView | None = None
        self.shown_at = time.monotonic()
        self.progress = html("mc-level-progress")
        self.heading = html("mc-moment")
        self.situation = html("mc-situation")
        self.message = html("mc-message-box")
        self.verdict = html("mc-verdict")
        self.line = html("mc-level-line")
        self.own_clock = OwnClock(self.turn_clock)
        self.roll_on = button(_("Roll on"), "mc-roll-on", lambda _b: self.choose("roll"))
        self.quit = button(_("Quit"), "mc-quit", lambda _b: self.choose("quit"))
        self.again = button(_("Another row"), "mc-another", lambda _b: self.another())
        self.new_set = button(_("New set"), "mc-new-set", lambda _b: self.begin("", True))
        self.choices = row(self.roll_on, self.quit, hides=True)
        self.going_on = row(self.again, self.new_set, hides=True)
        super().__init__(
            [
                html("mc-style", LEVEL_STYLE),
                self.progress,
                self.heading,
                self.situation,
                self.choices,
                self.message,
                self.verdict,
                self.going_on,
                row(self.line, self.own_clock),
            ],
            _dom_classes=("mc-my-level",),
        )

    @shows_errors
    def begin(self, dice: str, new: bool = False) -> None:
        """The student's open set at their level, else a new one (with these dice, when the
        bank has moments of them)."""
        seen = self.coach.open(SKILL, new=new, dice=dice)
        if seen is not None:
            self._show(seen)

    @shows_errors
    def choose(self, choice: str) -> None:
        """The student's choice, judged by the service; both expected penalties beside it."""
        view = self.view
        if view is None or view["moment"] is None:
            return
        seen = self.coach.step(view, "choice", time.monotonic() - self.shown_at, choice=choice)
        if seen is None:
            return
        if "judged" not in seen:  # the page was behind: the moment the service holds now
            self.notify(_(BEHIND))
            self._show(seen)
            return
        better = seen["judged"]["correct"]
        moment = view["moment"]
        row_cards, llama_row = tuple(moment["row"]), tuple(moment["llama_row"])
        decision = known.decide(row_cards, llama_row, parse_dice(moment["dice"]))
        said = f"{_(CHOSE[choice])} {escape(_(BETTER[better]))}"
        self.verdict.value = (
            f'<p class="mc-{"better" if better else "worse"}">{sign(better, ending=": ")}'
            f"{said}</p>{render_decision(row_cards, decision)}"
        )
        self.message.value = ""  # the verdict says it, once; a screen reader hears it
        announce(_(BETTER[better]), better)
        self._show(seen, fresh=False)
        if self.assignments.moves(SKILL):
            self.assignments.refresh()

    @shows_errors
    def another(self) -> None:
        """The next moment of the set."""
        view = self.view
        if view is None or view["moment"] is None:
            return
        seen = self.coach.step(view, "next", time.monotonic() - self.shown_at)
        if seen is not None:
            self.verdict.value = self.message.value = ""
            self._show(seen)

    def turn_clock(self, on: bool) -> LevelView | None:
        """The student turns their own clock on or off; the set as the service says it stands
        (None, and the page as it was, when it could not be reached)."""
        view = self.view
        if view is None:
            return None
        try:
            seen = self.coach.open(SKILL, clock=on)
        except ValueError as problem:
            self.complain(str(problem))
            return None
        if seen is not None:
            self._show(seen, fresh=seen["moment"] != view["moment"])
        return seen

    def _show(self, seen: LevelView, *, fresh: bool = True) -> None:
        before, self.view = self.view, seen
        say_climbed(before, seen)
        if fresh:
            self.shown_at = time.monotonic()
        self.progress.value = render_progress(seen)
        moment = seen["moment"]
        at = seen["position"]
        chosen = at < len(seen["results"]) and seen["results"][at]["credit"] is not None
        clock = render_clock(seen, time.monotonic() - self.shown_at, running=not chosen)
        self.line.value = results_line(seen, "moment") + clock
        self.own_clock.show(seen)
        self.choices.layout.display = "none" if moment is None or chosen else ""
        self.going_on.children = (self.again,) if moment is not None else (self.new_set,)
        self.going_on.layout.display = "" if chosen or moment is None else "none"
        if moment is None:
            done = escape(summary(seen, "moment"))
            self.heading.value = f"<p class='mc-level-done'><b>{done}</b></p>"
            self.situation.value = ""
            return
        title = _("Moment {number}").format(number=seen["position"] + 1)
        lead = _("Everyone else has quit: you are the last player. Roll on or quit?")
        dice = render_dice_used(parse_dice(moment["dice"]))
        self.heading.value = f"<h4>{escape(title)}</h4><p>{escape(lead)}</p>{dice}"
        self.situation.value = render_rows(tuple(moment["row"]), tuple(moment["llama_row"]))
