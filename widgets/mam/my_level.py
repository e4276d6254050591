"""MAM! practice at my level: the practice page's desk when the student chooses "at my level"
(docs/design.md#a-set-at-my-level). The class service deals each deal for this student, judges
what they type and rates it; the page words the checker's sentence in its own language (the
service's word on right or wrong is the one that counts), shows the hints the service counted,
and the student's step on the ladder with their weeks."""

from __future__ import annotations

import time
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from mathcards.classroom.protocol import MOST_TYPED
from mathcards.i18n import _
from mathcards.mam.cards import LEVELS
from mathcards.mam.expression import Sentence
from widgets.assignments import Assignments
from widgets.controls import Complains, button, html, row, shows_errors
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
from widgets.mam.cards import AnswerBox, render_hints, render_table, too_long

if TYPE_CHECKING:
    from mathcards.classroom.protocol.level import LevelView


class MyLevel(Complains, w.VBox):
    """A set of deals at the student's level, dealt, judged and rated by the class service:
    answer, take a hint (half a deal), go on (an unsolved deal counts as not solved); the
    student's step on the ladder above, their assignments moving on."""

    def __init__(self, coach: Coach, assignments: Assignments) -> None:
        self.coach, self.assignments = coach, assignments
        self.view: LevelView | None = None
        self.shown_at = time.monotonic()
        self.progress = html("mc-level-progress")
        self.line = html("mc-level-line")
        self.own_clock = OwnClock(self.turn_clock)
        self.table = html("mc-table")
        self.answer = AnswerBox(_("Check"), False)
        self.message = self.answer.message
        self.answer.submit.on_click(self.submit)
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.next_button = button(_("Next deal"), "mc-next", self.next)
        self.buttons = row(self.hint_button, self.next_button, hides=True)
        self.confirm = row(css="mc-confirm")
        self.hint_text = html("mc-hint-text")
        self.summary = html("mc-summary")
        super().__init__(
            [
                html("mc-style", LEVEL_STYLE),
                self.progress,
                row(self.line, self.own_clock),
                self.table,
                self.answer,
                self.buttons,
                self.confirm,
                self.hint_text,
                self.summary,
            ],
            _dom_classes=("mc-my-level",),
        )

    @shows_errors
    def begin(self, power: bool, rounds: int, new: bool = False) -> None:
        """The student's open set at their level (with powers or without), else a new one."""
        skill = "mam-powers" if power else "mam"
        self.answer.power = power
        self.confirm.children = ()
        seen = self.coach.open(skill, new=new, rounds=rounds)
        if seen is not None:
            self._show(seen, fresh=True)

    @property
    def solved(self) -> bool:
        """Is the deal on the table solved?"""
        view = self.view
        return view is not None and bool(view["results"]) and _at(view)["solved"]

    def _unfinished(self) -> LevelView:
        view = self.view
        if view is None or view["deal"] is None:
            raise ValueError(_("the set is finished: press “New set” for another"))
        return view

    @shows_errors
    def submit(self, _button: object = None) -> None:
        view = self._unfinished()
        self.confirm.children = ()
        typed = self.answer.text.value
        if len(typed) > MOST_TYPED:  # the class book's bound: said here, never sent
            self.answer.say(too_long(typed))
            return
        seen = self.coach.step(view, "answer", self._seconds(), typed=typed)
        if seen is None:
            return
        if "judged" not in seen:  # the page was behind: the deal the service holds now
            self.answer.notify(_(BEHIND))
            self._show(seen, fresh=True)
            return
        from mathcards.mam.checker import check  # the checker: the page words the verdict

        deal = view["deal"]
        assert deal is not None
        verdict = check(typed, deal["cards"], deal["target"], power=deal["power"])
        right = seen["judged"]["correct"]
        if right:
            self.answer.say(verdict.confirmed().message, ok=True)
        else:
            reason = verdict.message if not verdict.correct else _("the class service says no")
            said = _("Not yet: {reason}. Try again!").format(reason=reason)
            self.answer.say(Sentence(said, verdict.calculations), ok=False)
        self._show(seen)
        if self.assignments.moves(view["skill"]):
            self.assignments.refresh()

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next hint, as the service counted it: each costs half the deal."""
        view = self._unfinished()
        seen = self.coach.step(view, "hint", self._seconds())
        if seen is not None:
            self.answer.say("")
            self._show(seen)

    @shows_errors
    def next(self, _button: object = None) -> None:
        """The next deal; one not solved is passed only once the student says so."""
        view = self._unfinished()
        if self.solved:
            self.skip()
            return
        question = _("Deal {at} is not solved yet: skip it? It counts as not solved.")
        self.confirm.children = (
            w.HTML(f"<b>{escape(question.format(at=view['position'] + 1))}</b>"),
            button(_("Skip it"), "mc-skip", self.skip, button_style="warning"),
            button(_("Keep trying"), "mc-keep-trying", self._keep_trying),
        )

    def _keep_trying(self, _button: object = None) -> None:
        self.confirm.children = ()

    @shows_errors
    def skip(self, _button: object = None) -> None:
        view = self._unfinished()
        self.confirm.children = ()
        seen = self.coach.step(view, "next", self._seconds())
        if seen is not None:
            self.answer.clear()
            self.answer.say("")
            self._show(seen, fresh=True)

    def turn_clock(self, on: bool) -> LevelView | None:
        """The student turns their own clock on or off; the set as the service says it stands
        (None, and the page as it was, when it could not be reached)."""
        view = self.view
        if view is None:
            return None
        try:
            seen = self.coach.open(view["skill"], clock=on)
        except ValueError as problem:
            self.complain(str(problem))
            return None
        if seen is not None:
            self._show(seen, fresh=seen["deal"] != view["deal"])
        return seen

    def _seconds(self) -> float:
        return time.monotonic() - self.shown_at

    def _show(self, seen: LevelView, *, fresh: bool = False) -> None:
        """The set as the service says it stands; a new deal's clock started."""
        before, self.view = self.view, seen
        say_climbed(before, seen)
        if fresh:
            self.shown_at = time.monotonic()
        self.progress.value = render_progress(seen)
        solved = bool(seen["results"]) and _at(seen)["solved"]
        clock = render_clock(seen, self._seconds(), running=not solved)
        self.line.value = results_line(seen) + clock
        self.own_clock.show(seen)
        deal = seen["deal"]
        finished = deal is None
        self.answer.layout.display = self.buttons.layout.display = "none" if finished else ""
        if deal is None:
            self.table.value = self.hint_text.value = ""
            self.summary.value = f"<p class='mc-level-done'><b>{escape(summary(seen))}</b></p>"
            return
        self.summary.value = ""
        colours = LEVELS[deal["level"]].colours
        self.table.value = render_table(deal["cards"], tuple(deal["dice"]), colours)
        self.hint_text.value = self._hints(seen)

    def _hints(self, seen: LevelView) -> str:
        """The hints taken on this deal, worked out on the page as the practice set's are."""
        deal = seen["deal"]
        if deal is None or not seen["hints"]:
            return ""
        from mathcards.mam.hints import hint_ladder  # the solver, once a hint is asked for

        rungs = hint_ladder(deal["cards"], deal["target"], power=deal["power"])
        cost = escape(_("A hint makes this deal count half; the last one shows a whole answer."))
        return f"<p class='mc-hint-cost'>{cost}</p>" + render_hints(rungs[: seen["hints"]])


def _at(view: LevelView) -> dict:
    """The result of the deal on the table."""
    return dict(view["results"][min(view["position"], len(view["results"]) - 1)])
