"""The dice roller: three dice with the chosen faces, each roll named for the rows on the
table, and a tally of the cases seen so far."""

from __future__ import annotations

import random
from collections import Counter
from html import escape

import ipywidgets as w

from mathcards.i18n import _, ngettext
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    matching,
    roll,
)
from mathcards.lama_dice.odds import checked_rows
from widgets.controls import (
    Complains,
    button,
    html,
    shows_errors,
)
from widgets.lama_dice.cards import (
    CASE_WORDS,
    SAYINGS,
    render_dice,
    render_rows,
)
from widgets.lama_dice.chooser import DiceChooser, follow
from widgets.style import LAMA_DICE_STYLE, page_style


class DiceRoller(Complains, w.VBox):
    """Three dice with the chosen faces; each roll is named for the rows on the table, and a
    tally counts the cases seen so far."""

    def __init__(
        self,
        row: Row = (6, 6),
        llama_row: Row = (2, 4),
        dice: Dice | DiceChooser = DEFAULT_DICE,
        seed: int | None = None,
    ) -> None:
        self.row, self.llama_row = checked_rows(row, llama_row)
        self.dice = follow(dice, self._new_dice)
        self.rng = random.Random(seed)
        self.faces: Faces | None = None
        self.seen: Counter[Case] = Counter()
        self.roll_button = button(_("Roll the dice"), "mc-roll", self.roll, button_style="primary")
        self.table = html("mc-roller-table")
        self.shown = html("mc-dice", render_dice(None))
        self.case = html("mc-case")
        self.tally = html("mc-tally")
        self.message = html("mc-message-box")
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE),
                self.table,
                w.HBox([self.roll_button]),
                self.shown,
                self.case,
                self.tally,
                self.message,
            ]
        )
        self.add_class("mc-dice-roller")
        self.add_class("mc-dice-widget")
        self._render_table()

    def _new_dice(self) -> None:
        self.faces, self.seen = None, Counter()
        self.shown.value, self.case.value, self.tally.value = render_dice(None), "", ""
        self._render_table()

    def _render_table(self) -> None:
        lit = frozenset(matching(self.faces, self.row) if self.faces else ())
        lit_llama = frozenset(matching(self.faces, self.llama_row) if self.faces else ())
        self.table.value = render_rows(self.row, self.llama_row, lit, lit_llama)

    @shows_errors
    def roll(self, _button: object = None) -> None:
        """Roll the three dice and say what the roll means."""
        self.show(roll(self.rng, self.dice()))

    def show(self, faces: Faces) -> None:
        """The dice show `faces` (rolled, or chosen by a demo): say what they mean."""
        self.faces = faces
        case = case_of(self.faces, self.row, self.llama_row)
        self.seen[case] += 1
        self.shown.value = render_dice(self.faces)
        self.case.value = escape(_(SAYINGS[case]))
        self._render_table()
        counted = " · ".join(f"{escape(_(CASE_WORDS[c]))}: {self.seen[c]}" for c in Case)
        rolls = sum(self.seen.values())
        so_far = ngettext(
            "So far, {count} roll — {tally}", "So far, {count} rolls — {tally}", rolls
        )
        self.tally.value = f"<p>{so_far.format(count=rolls, tally=counted)}</p>"
