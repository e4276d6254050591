"""Roll or quit? An exercise for the last player: a seeded series of moments (your row and the
llama row), your choice, then whether it was the better one with both expected penalties, and a
running score. Every answer is kept in the class book beside the best choice; the class's open
assignments above it move on with the answers."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from mathcards.i18n import _
from mathcards.lama_dice import known
from mathcards.lama_dice.dice import DEFAULT_DICE, Dice, Row, dice_text
from mathcards.lama_dice.policy import Decision
from widgets.assignments import Assignments
from widgets.book import HERE, BookBar, ClassBook, served
from widgets.controls import Complains, button, html, shows_errors, sign
from widgets.lama_dice.cards import render_dice_used, render_rows
from widgets.lama_dice.chooser import DiceChooser, follow
from widgets.lama_dice.last_player import render_decision
from widgets.lama_dice.my_level import BETTER, CHOSE, MomentsAtMyLevel
from widgets.level import Coach
from widgets.style import LAMA_DICE_STYLE, page_style


class RollOrQuit(Complains, w.VBox):
    """Everyone else has quit: roll on or quit? A seeded series of rows worked out in advance,
    your answer next to the best one, and how many of your choices were the better one."""

    def __init__(
        self,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        seed: int = 1,
        *,
        book: ClassBook | None = HERE,
    ) -> None:
        self.seed, self.number = seed, 0  # the series, and the moment of it shown (from 0)
        self.right = self.answered = 0
        self.chosen: str | None = None
        self.dice = follow(dice, self.show)
        self.book = BookBar(served(book), "lama_dice", invite=False)
        self.assignments = Assignments(self.book)
        self.heading = html("mc-moment")
        self.situation = html("mc-situation")
        self.message = html("mc-message-box")
        self.verdict = html("mc-verdict")
        self.score = html("mc-exercise-score")
        self.roll_on = button(_("Roll on"), "mc-roll-on", lambda _b: self.answer("roll"))
        self.quit = button(_("Quit"), "mc-quit", lambda _b: self.answer("quit"))
        self.again = button(_("Another row"), "mc-another", lambda _b: self.another())
        self.mine = w.Checkbox(
            value=False,
            description=_("Practice at my level"),
            indent=False,
            _dom_classes=("mc-my-level-choice",),
        )
        self.mine.observe(lambda _change: self.at_my_level(self.mine.value), names="value")
        self.my_level: MomentsAtMyLevel | None = None  # made when first ticked
        self.series = w.VBox(
            [
                self.heading,
                self.situation,
                w.HBox([self.roll_on, self.quit]),
                self.message,
                self.verdict,
                w.HBox([self.again, self.score]),
            ]
        )
        super().__init__(
            [page_style(LAMA_DICE_STYLE), self.book, self.assignments.view, self.mine, self.series]
        )
        self.add_class("mc-roll-or-quit")
        self.add_class("mc-dice-widget")
        self.assignments.refresh()
        self.show()
        if self.book.my_level:  # the student practised at their level last time
            self.mine.value = True

    @shows_errors
    def at_my_level(self, mine: bool = True) -> None:
        """Moments at the student's level, dealt and judged by the class service with the
        page's dice (ticked), or the seeded series again (not)."""
        if mine and self.my_level is None:
            self.my_level = MomentsAtMyLevel(Coach(self.book), self.assignments)
            box: w.Box = self
            box.children = (*box.children, self.my_level)
        self.series.layout.display = "none" if mine else ""
        if self.my_level is not None:
            self.my_level.layout.display = "" if mine else "none"
        if mine and self.my_level is not None:
            self.my_level.begin(dice_text(self.dice()))

    @property
    def moment(self) -> tuple[Row, Row]:
        """The row and the llama row shown now."""
        return known.moment(self.seed, self.number)

    @shows_errors
    def show(self) -> None:
        """The moment, not yet answered (again, if the page's dice changed)."""
        row, llama_row = self.moment
        lead = _("Everyone else has quit: you are the last player. Roll on or quit?")
        title = _("Moment {number}").format(number=self.number + 1)
        self.heading.value = (
            f"<h4>{escape(title)}</h4><p>{escape(lead)}</p>{render_dice_used(self.dice())}"
        )
        self.situation.value = render_rows(row, llama_row)
        self.message.value = self.verdict.value = ""
        self.chosen = None
        self.roll_on.disabled = self.quit.disabled = False
        self._show_score()

    @shows_errors
    def answer(self, choice: str) -> None:
        """Your choice next to the best one, with both expected penalties; kept in the book."""
        if self.chosen is not None:
            return
        row, llama_row = self.moment
        decision = known.decide(row, llama_row, self.dice())
        better = choice == decision.action
        self.chosen, self.answered, self.right = choice, self.answered + 1, self.right + better
        self.roll_on.disabled = self.quit.disabled = True
        self.verdict.value = (
            f'<p class="mc-{"better" if better else "worse"}">{sign(better, ending=": ")}'
            f"{_(CHOSE[choice])} {escape(_(BETTER[better]))}</p>{render_decision(row, decision)}"
        )
        self._show_score()
        situation = self.situation_kept(decision)
        self.book.save(
            lambda book: book.record_decision(
                game="lama_dice", situation=situation, choice=choice, best=decision.action
            )
        )
        if self.assignments.moves("roll-or-quit"):
            self.assignments.refresh()

    @shows_errors
    def another(self) -> None:
        """The next moment of the series."""
        self.number += 1
        self.show()

    def situation_kept(self, decision: Decision) -> dict[str, Any]:
        """What identifies this moment in the class book: enough to work it out again."""
        row, llama_row = self.moment
        return {
            "dice": dice_text(self.dice()),
            "row": list(row),
            "llama_row": list(llama_row),
            "seed": self.seed,
            "moment": self.number + 1,
            "roll_on": str(decision.roll),
            "quit_now": str(decision.quit),
        }

    def _show_score(self) -> None:
        score = _("Better choices: {right} of {answered}").format(
            right=self.right, answered=self.answered
        )
        self.score.value = f"<b>{escape(score)}</b>"
