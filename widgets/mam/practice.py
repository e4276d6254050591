"""A self-paced practice session: a set of deals, feedback and hints, the score and a report;
the class's open assignments above it, moving on as the student solves deals."""

from __future__ import annotations

import time
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.classroom.protocol import MOST_TYPED
from mathcards.classroom.protocol.book import PracticeView, StepBody
from mathcards.i18n import N_, _
from mathcards.mam import level as level_named
from mathcards.mam.expression import Sentence
from mathcards.mam.practice import PracticeSet
from widgets.assignments import Assignments
from widgets.book import HERE, BookBar, ClassBook, served
from widgets.controls import (
    Complains,
    ask_once,
    button,
    html,
    render_message,
    row,
    shows_errors,
    sign,
)
from widgets.deals import SET_REFUSAL, DealNumber
from widgets.level import MY_LEVEL, NEEDS_BOOK, Coach
from widgets.mam.cards import (
    AnswerBox,
    cards_count,
    hints_count,
    level_menu,
    power_box,
    render_hints,
    render_table,
    too_long,
)
from widgets.mam.kept import KeptSet
from widgets.mam.my_level import MyLevel
from widgets.style import MAM_STYLE, page_style
from widgets.tables import table


def render_report(practice: PracticeSet) -> str:
    """Every deal of a finished set: the cards, your answer, what it won, and for a deal you
    missed one good answer."""
    from mathcards.mam import typeset  # sympy, at the set's end

    rows = []
    for deal_number, exercise in enumerate(practice.exercises, 1):
        yours = typeset.sentence(exercise.answer) if exercise.answer else "—"
        yours = sign(exercise.solved, ending=": ") + yours
        hints = f" ({hints_count(exercise.hints_used)})" if exercise.hints_used else ""
        good = "" if exercise.solved else typeset.sentence(exercise.good_answer())
        rows.append(
            f"<tr><td>{deal_number}</td><td>{' '.join(map(str, exercise.cards))}</td>"
            f"<td>{exercise.target}</td><td class='mc-nowrap'>{yours}</td>"
            f"<td>{cards_count(exercise.won)}{hints}</td><td class='mc-nowrap'>{good}</td></tr>"
        )
    return table(map(_, REPORT_COLUMNS), "".join(rows), "mc-report", stack=True)


REPORT_COLUMNS = (
    N_("deal"),
    N_("cards"),
    N_("target"),
    N_("your answer"),
    N_("won"),
    N_("one good answer"),
)


class PracticeSession(Complains, w.VBox):
    """A self-paced set of deals: answer, get feedback and hints, see the score and a summary.
    Served with a class book, every step is kept there, and a student who comes back finds
    their set where they left it."""

    def __init__(
        self,
        level: str = "normal",
        *,
        power: bool = False,
        rounds: int = 8,
        seed: int | None = None,
        book: ClassBook | None = HERE,
    ) -> None:
        self.deal_number = DealNumber(
            seed, self.ask_new_set_numbered, label=_("Set number"), refusal=SET_REFUSAL
        )
        self.shown_at = time.monotonic()
        self.level_choice = level_menu(level, mine=True)
        self.power_choice = power_box(power)
        self.rounds_choice = w.BoundedIntText(value=rounds, min=1, max=50, description=_("Deals"))
        self.new_button = button(_("New set"), "mc-new-set", self.ask_new_set)
        self.progress = html("mc-progress")
        self.table = html("mc-table")
        self.answer = AnswerBox(_("Check"), power)
        self.message = self.answer.message
        self.answer.submit.on_click(self.submit)
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.next_button = button(_("Next deal"), "mc-next", self.next)
        self.confirm = row(css="mc-confirm")  # "skip it?", by Next
        self.new_confirm = row(css="mc-confirm")  # under "New set"
        self.hint_text = html("mc-hint-text")
        self.summary = html("mc-summary")
        settings = row(self.new_button, self.level_choice, self.power_choice, self.rounds_choice)
        self.book = BookBar(served(book), "mam", self.begin)
        self.kept = KeptSet(self.book)
        self.assignments = Assignments(self.book)
        self.my_level: MyLevel | None = None  # made when the student first practises at it
        self.fixed_desk = w.VBox(
            [
                self.deal_number,
                self.progress,
                self.table,
                self.answer,
                w.HBox([self.hint_button, self.next_button]),
                self.confirm,
                self.hint_text,
                self.summary,
            ]
        )
        self.desk = w.VBox([settings, self.new_confirm, self.fixed_desk])
        super().__init__([page_style(MAM_STYLE), self.book, self.assignments.view, self.desk])
        self.add_class("mc-practice")
        self.desk.layout.display = "none" if self.book.waiting else ""
        if not self.book.waiting:
            self.begin()

    def begin(self) -> None:
        """The student's open set from the class book (at their level, if they practised there
        last time), else a new one; once the book answers after it could not be reached, the
        set begun on the page instead, if anything was done in it (or the book holds none
        open)."""
        self.desk.layout.display = ""
        self.assignments.refresh()
        remembered = self.book.my_level
        if remembered and getattr(self, "practice", None) is None:  # as the student left it
            self.level_choice.value = MY_LEVEL
            self.power_choice.value = remembered == "mam-powers"
        if self.level_choice.value == MY_LEVEL:
            self.at_my_level()
            return
        begun_here = getattr(self, "practice", None) is not None
        if begun_here and (self.kept.unkept or not self.book.practice):
            self.kept.catch_up()
        elif self.book.practice:
            self.resume(self.book.practice)
        else:
            self.new_set()

    @property
    def under_way(self) -> bool:
        """Is a set begun and not finished (a deal answered, a hint taken, or one passed)?"""
        practice = getattr(self, "practice", None)
        if practice is None or practice.finished:
            return False
        current = practice.current
        return practice.position > 0 or bool(current.tries or current.hints_used)

    def ask_new_set(self, _button: object = None) -> None:
        """A new set at once, or, with one under way, only once asked
        (docs/design.md#nothing-lost-by-one-tap)."""
        self.ask_new_set_numbered(self.deal_number.next())

    def ask_new_set_numbered(self, seed: int) -> None:
        """The set of number `seed` (the next, or typed in the box) at once, or, with one
        under way, only once asked."""
        self._keep_going()
        if not self.under_way:
            self.new_set_numbered(seed)
            return
        at = min(self.practice.position + 1, self.practice.rounds)
        question = _("Start a new set? This one is at deal {at} of {rounds} and will be lost.")
        asked = question.format(at=at, rounds=self.practice.rounds)
        ask_once(self.new_confirm, asked, lambda: self.new_set_numbered(seed))

    @shows_errors
    def new_set(self, _button: object = None) -> None:
        """A fresh set of deals at the chosen level: the next set number."""
        self.new_set_numbered(self.deal_number.next())

    @shows_errors
    def new_set_numbered(self, seed: int) -> None:
        """The set of number `seed` (typed in the box: the same set for the whole class); at
        my level, a new set dealt by the class service."""
        if self.level_choice.value == MY_LEVEL:
            self.at_my_level(True)
            return
        self._at_fixed_level()
        chosen = level_named(self.level_choice.value, power=self.power_choice.value)
        self.practice = PracticeSet(chosen, rounds=self.rounds_choice.value, seed=seed)
        self.deal_number.dealt(seed)
        rounds = self.practice.rounds
        self.kept.begun(
            {
                "game": "mam",
                "level": chosen.name,
                "power": chosen.power,
                "rounds": rounds,
                "seed": seed,
            }
        )
        self._start(chosen.power)

    @shows_errors
    def at_my_level(self, new: bool = False) -> None:
        """Practise at my level: the class service deals each deal for this student (with
        powers or without, as ticked); the student's open set there, or a `new` one."""
        coach = Coach(self.book)
        if not coach.here:
            raise ValueError(_(NEEDS_BOOK))
        if self.my_level is None:
            self.my_level = MyLevel(coach, self.assignments)
            self.desk.children = (*self.desk.children, self.my_level)
        self.fixed_desk.layout.display = "none"
        self.my_level.layout.display = ""
        self.my_level.begin(self.power_choice.value, self.rounds_choice.value, new)

    def _at_fixed_level(self) -> None:
        """The fixed levels' desk again, after practice at my level."""
        self.fixed_desk.layout.display = ""
        if self.my_level is not None:
            self.my_level.layout.display = "none"

    def resume(self, kept: PracticeView) -> None:
        """The set the student left: the same deals, replayed step by step to where they were."""
        chosen = level_named(kept["level"], power=kept["power"])
        self.level_choice.value, self.power_choice.value = chosen.name, chosen.power
        self.rounds_choice.value = kept["rounds"]
        self.practice = PracticeSet(chosen, rounds=kept["rounds"], seed=kept["seed"])
        self.deal_number.dealt(kept["seed"])
        self.kept.back(kept)
        for step in kept["steps"]:
            self.practice.replay(step["kind"], step.get("typed") or "")
        self._start(chosen.power)
        at = min(self.practice.position + 1, self.practice.rounds)
        self.answer.say(_("Welcome back! Here is deal {at}, where you left off.").format(at=at))
        if self.practice.current.hints_used and not self.practice.finished:
            self._show_hints()

    def _start(self, power: bool) -> None:
        self.confirm.children = self.new_confirm.children = ()
        self.answer.power = power
        self.answer.say("")
        self.answer.clear()
        self._show()

    def _keep(self, kind: str, typed: str = "", verdict: Any = None) -> None:
        """Keep one step of the set in the class book, after those it could not keep yet."""
        exercise = self.practice.current
        step: StepBody = {
            "kind": kind,
            "deal": self.practice.position + 1,
            "cards": list(exercise.cards),
            "target": exercise.target,
            "typed": typed,
            "correct": verdict is not None and verdict.correct,
            "verdict_kind": "" if verdict is None else verdict.kind.value,
            "sentence": "" if verdict is None else verdict.message,
            "hints_used": exercise.hints_used,
            "seconds": round(time.monotonic() - self.shown_at, 1),
        }
        self.kept.step(step)

    def _unfinished(self) -> None:
        """A ValueError once the set is over: only "New set" goes on."""
        if self.practice.finished:
            raise ValueError(_("the set is finished: press “New set” for another"))

    @shows_errors
    def submit(self, _button: object = None) -> None:
        self._unfinished()
        self.confirm.children = ()
        typed = self.answer.text.value
        if len(typed) > MOST_TYPED:  # the class book's bound: said here, never sent
            self.answer.say(too_long(typed))
            return
        verdict = self.practice.answer(typed)
        self._keep("answer", typed, verdict)
        reason = _("Not yet: {reason}. Try again!").format(reason=verdict.message)
        self.answer.say(
            verdict.confirmed().message
            if verdict.correct
            else Sentence(reason, verdict.calculations),
            ok=verdict.correct,
        )
        self._show_progress()
        if self.assignments.moves("mam-powers" if self.practice.level.power else "mam"):
            self.assignments.refresh()  # after the verdict: an assignment done is said after it

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next hint; each costs a card of this deal's win."""
        self._unfinished()
        self.practice.hint()
        self._keep("hint")
        self.confirm.children = ()
        self.answer.say("")
        self._show_hints()
        self._show_progress()

    def _show_hints(self) -> None:
        cost = escape(_("Each hint costs one card of this deal's win."))
        self.hint_text.value = f"<p class='mc-hint-cost'>{cost}</p>" + render_hints(
            self.practice.revealed()
        )

    @shows_errors
    def next(self, _button: object = None) -> None:
        """The next deal; a deal not solved yet is skipped only when the student says so."""
        self._unfinished()
        if self.practice.current.solved:
            self.skip()
            return
        question = _("Deal {at} is not solved yet: skip it? It counts as not solved.")
        self.confirm.children = (
            w.HTML(f"<b>{escape(question.format(at=self.practice.position + 1))}</b>"),
            button(_("Skip it"), "mc-skip", self.skip, button_style="warning"),
            button(_("Keep trying"), "mc-keep-trying", self._keep_trying),
        )

    def _keep_trying(self, _button: object = None) -> None:
        self.confirm.children = ()

    def _keep_going(self, _button: object = None) -> None:
        self.new_confirm.children = ()

    @shows_errors
    def skip(self, _button: object = None) -> None:
        """On to the next deal (the one left counts as it stands)."""
        self._unfinished()
        self.confirm.children = ()
        self._keep("next")
        self.practice.next()
        if self.practice.finished:
            self.kept.ended()
        self.answer.clear()
        self.answer.say("")
        self._show()

    def _show(self) -> None:
        self.shown_at = time.monotonic()
        self.hint_text.value = ""
        self._show_progress()
        if self.practice.finished:
            self.table.value = ""
            self.summary.value = render_message(self.practice.summary()) + (
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
