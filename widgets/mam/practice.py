"""A self-paced practice session: a set of deals, feedback and hints, the score and a report."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.i18n import N_, _
from mathcards.mam import level as level_named
from mathcards.mam.practice import PracticeSet
from widgets.controls import (
    Complains,
    button,
    html,
    render_message,
    shows_errors,
)
from widgets.mam.cards import (
    AnswerBox,
    cards_count,
    hints_count,
    level_menu,
    power_box,
    render_hints,
    render_table,
)
from widgets.style import MAM_STYLE, page_style
from widgets.tables import table


def render_report(practice: PracticeSet) -> str:
    """Every deal of a finished set: the cards, your answer, what it won, and for a deal you
    missed one good answer."""
    rows = []
    for deal_number, exercise in enumerate(practice.exercises, 1):
        yours = escape(exercise.answer) if exercise.answer else "—"
        hints = f" ({hints_count(exercise.hints_used)})" if exercise.hints_used else ""
        good = "" if exercise.solved else escape(exercise.good_answer())
        rows.append(
            f"<tr><td>{deal_number}</td><td>{' '.join(map(str, exercise.cards))}</td>"
            f"<td>{exercise.target}</td><td class='mc-nowrap'>{yours}</td>"
            f"<td>{cards_count(exercise.won)}{hints}</td><td class='mc-nowrap'>{good}</td></tr>"
        )
    return table(map(_, REPORT_COLUMNS), "".join(rows), "mc-report")


REPORT_COLUMNS = (
    N_("deal"),
    N_("cards"),
    N_("target"),
    N_("your answer"),
    N_("won"),
    N_("one good answer"),
)


class PracticeSession(Complains, w.VBox):
    """A self-paced set of deals: answer, get feedback and hints, see the score and a summary."""

    def __init__(
        self,
        level: str = "normal",
        *,
        power: bool = False,
        rounds: int = 8,
        seed: int | None = None,
    ) -> None:
        self.seed, self.sets_started = seed, 0
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.rounds_choice = w.BoundedIntText(value=rounds, min=1, max=50, description=_("Deals"))
        self.new_button = button(_("New set"), "mc-new-set", self.new_set, button_style="primary")
        self.progress = html("mc-progress")
        self.table = html("mc-table")
        self.answer = AnswerBox(_("Check"), power)
        self.message = self.answer.message
        self.answer.submit.on_click(self.submit)
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.next_button = button(_("Next deal"), "mc-next", self.next)
        self.hint_text = html("mc-hint-text")
        self.summary = html("mc-summary")
        settings = w.HBox(
            [self.new_button, self.level_choice, self.power_choice, self.rounds_choice]
        )
        super().__init__(
            [
                page_style(MAM_STYLE),
                settings,
                self.progress,
                self.table,
                self.answer,
                w.HBox([self.hint_button, self.next_button]),
                self.hint_text,
                self.summary,
            ]
        )
        self.add_class("mc-practice")
        self.new_set()

    @shows_errors
    def new_set(self, _button: object = None) -> None:
        """A fresh set of deals at the chosen level (the next seed, if seeded)."""
        seed = None if self.seed is None else self.seed + self.sets_started
        self.sets_started += 1
        chosen = level_named(self.level_choice.value, power=self.power_choice.value)
        self.practice = PracticeSet(chosen, rounds=self.rounds_choice.value, seed=seed)
        self.answer.power = chosen.power
        self.answer.say("")
        self.answer.clear()
        self._show()

    def _unfinished(self) -> None:
        """A ValueError once the set is over: only "New set" goes on."""
        if self.practice.finished:
            raise ValueError(_("the set is finished: press “New set” for another"))

    @shows_errors
    def submit(self, _button: object = None) -> None:
        self._unfinished()
        verdict = self.practice.answer(self.answer.text.value)
        self.answer.say(
            verdict.message
            if verdict.correct
            else _("Not yet: {reason}. Try again!").format(reason=verdict.message),
            ok=verdict.correct,
        )
        self._show_progress()

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next hint; each costs a card of this deal's win."""
        self._unfinished()
        self.practice.hint()
        cost = escape(_("Each hint costs one card of this deal's win."))
        self.hint_text.value = f"<p class='mc-hint-cost'>{cost}</p>" + render_hints(
            self.practice.revealed()
        )
        self._show_progress()

    @shows_errors
    def next(self, _button: object = None) -> None:
        self._unfinished()
        self.practice.next()
        self.answer.clear()
        self.answer.say("")
        self._show()

    def _show(self) -> None:
        self.hint_text.value = ""
        self._show_progress()
        if self.practice.finished:
            self.table.value = ""
            self.summary.value = render_message(self.practice.summary(), ok=True) + (
                render_report(self.practice)
            )
            return
        self.summary.value = ""
        exercise = self.practice.current
        self.table.value = render_table(exercise.cards, exercise.dice, self.practice.level.colours)

    def _show_progress(self) -> None:
        solved, won, hints = self.practice.score()
        at = min(self.practice.position + 1, self.practice.rounds)
        deal_at = _("Deal {at} of {rounds}").format(at=at, rounds=self.practice.rounds)
        score = [
            _("solved {solved}").format(solved=solved),
            _("cards won {won}").format(won=won),
            _("hints used {hints} (each costs a card)").format(hints=hints),
        ]
        self.progress.value = f"<b>{escape(deal_at)}</b> · " + escape(" · ".join(score))
