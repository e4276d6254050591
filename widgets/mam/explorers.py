"""Explorers for the lessons: a quick seeded deal, the solver on typed cards, two
calculations compared, and the count of ways to write a calculation."""

from __future__ import annotations

import random
from html import escape

import ipywidgets as w

from mathcards.i18n import N_, _, number
from mathcards.mam import level as level_named
from mathcards.mam.cards import deal, target
from mathcards.mam.checker import Verdict, check
from mathcards.mam.expression import describe
from mathcards.mam.inputs import read_cards
from mathcards.mam.odds import (
    distinct_calculations,
    ordered_calculations,
)
from mathcards.mam.solver import find_solutions
from widgets.controls import (
    Complains,
    button,
    html,
    shows_errors,
    sign,
)
from widgets.mam.cards import (
    power_box,
    render_solutions,
    render_table,
    target_box,
)
from widgets.style import MAM_STYLE, page_style
from widgets.tables import table


def counting_table(hands: list[tuple[int, ...]]) -> str:
    """For hands of 1, 2, 3 … cards: how many ways there are to write a calculation with all
    of them, against how many different solutions those are."""
    rows = "".join(
        f"<tr><td>{' '.join(map(str, hand))}</td><td>{number(ordered_calculations(len(hand)))}"
        f"</td><td>{number(distinct_calculations(hand))}</td></tr>"
        for hand in hands
    )
    return table(map(_, COUNTING_COLUMNS), rows, "mc-report mc-counting")


COUNTING_COLUMNS = (
    N_("cards"),
    N_("ways to write it, all cards used"),
    N_("different solutions (every step whole)"),
)


class QuickDeal(w.VBox):
    """A seeded deal and roll, and every way to make its target at the press of a button."""

    def __init__(self, seed: int = 2026, level: str = "normal") -> None:
        self.seed, self.level = seed, level_named(level)
        self.deal_view = html("mc-table")
        self.found = html("mc-solutions")
        self.ways_button = button(_("Show every way"), "mc-show-all", self.show_ways)
        another = button(_("Another deal"), "mc-another", self.another, button_style="primary")
        super().__init__(
            [
                page_style(MAM_STYLE),
                self.deal_view,
                w.HBox([another, self.ways_button]),
                self.found,
            ]
        )
        self.add_class("mc-quick-deal")
        self._deal()

    def _deal(self) -> None:
        rng = random.Random(self.seed)
        self.cards = deal(rng, self.level)
        self.dice = self.level.roll(rng)
        self.deal_view.value = render_table(self.cards, self.dice, self.level.colours)
        self.found.value = ""

    def another(self, _button: object = None) -> None:
        """The next seeded deal: the same sequence for every class."""
        self.seed += 1
        self._deal()

    def show_ways(self, _button: object = None) -> None:
        made = target(self.dice)
        self.found.value = render_solutions(find_solutions(self.cards, made), made)


EXPLORER_CARDS = 6  # the solver answers at once for up to six cards, powers included


class SolverExplorer(Complains, w.VBox):
    """Type cards and a target: every solution, grouped by the cards it uses."""

    def __init__(self, cards: str = "7 6 12 2 15", target: int = 32, power: bool = False) -> None:
        self.cards = w.Text(value=cards, description=_("Cards"))
        self.cards.add_class("mc-cards-input")
        self.target = target_box(target)
        self.power = power_box(power)
        self.message = html("mc-message-box")
        self.found = html("mc-solutions")
        for control in (self.cards, self.target, self.power):
            control.observe(lambda _change: self.show(), names="value")
        super().__init__(
            [
                page_style(MAM_STYLE),
                w.HBox([self.cards, self.target, self.power]),
                self.message,
                self.found,
            ]
        )
        self.add_class("mc-solver-explorer")
        self.show()

    @shows_errors
    def show(self) -> None:
        """Solve the typed deal; a typing mistake is named beside the boxes and nothing lost."""
        self.found.value = ""
        cards = read_cards(self.cards.value, most=EXPLORER_CARDS)
        found = find_solutions(cards, self.target.value, power=self.power.value)
        self.message.value = ""
        self.found.value = render_solutions(found, self.target.value)


class SameSolution(Complains, w.VBox):
    """Two calculations side by side: what each one does, in words, and whether they are one
    solution."""

    def __init__(
        self,
        first: str = "12 + 15 + 7 − 2",
        second: str = "(12 + 15) + (7 − 2)",
        cards: str = "7 6 12 2 15",
        target: int = 32,
    ) -> None:
        self.first = w.Text(value=first, description=_(FIRST))
        self.second = w.Text(value=second, description=_(SECOND))
        self.cards = w.Text(value=cards, description=_("Cards"))
        self.target = target_box(target)
        self.message = html("mc-message-box")
        self.verdict = html("mc-same")
        for control in (self.first, self.second, self.cards, self.target):
            control.add_class("mc-same-input")
            control.observe(lambda _change: self.compare(), names="value")
        super().__init__(
            [
                page_style(MAM_STYLE),
                w.HBox([self.cards, self.target]),
                self.first,
                self.second,
                self.message,
                self.verdict,
            ]
        )
        self.add_class("mc-same-solution")
        self.compare()

    @shows_errors
    def compare(self) -> None:
        self.verdict.value = ""
        cards = read_cards(self.cards.value)
        verdicts = [
            check(text.value, cards, self.target.value, power=True)
            for text in (self.first, self.second)
        ]
        self.message.value = ""
        self.verdict.value = render_comparison(verdicts)


def render_comparison(verdicts: list[Verdict]) -> str:
    """Each calculation in words, then one sentence: the same solution or not."""
    from mathcards.mam import typeset  # sympy, once compared

    lines = []
    for name, verdict in zip((FIRST, SECOND), verdicts, strict=True):
        words = describe(verdict.form) if verdict.correct and verdict.form else verdict.message
        tone = "mc-ok" if verdict.correct else "mc-error"
        shown = typeset.sentence(words)
        marked = sign(verdict.correct, ending=": ")
        lines.append(
            f'<p><b>{escape(_(name))}:</b> <span class="{tone}">{marked}{shown}</span></p>'
        )
    first, second = verdicts
    if first.correct and second.correct:
        sentence = (
            _("So: the same solution, written two ways.")
            if first.form == second.form
            else _("So: two different solutions.")
        )
        lines.append(f'<p class="mc-same-verdict"><b>{escape(sentence)}</b></p>')
    return "".join(lines)


FIRST, SECOND = N_("First"), N_("Second")
