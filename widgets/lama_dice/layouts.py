"""Different dice: the named layouts and the page's own dice side by side, about the dice
alone or for the rows typed in."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.chips import LLAMA
from mathcards.i18n import N_, _, percent
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    LAYOUTS,
    Case,
    Dice,
    Row,
    dice_text,
    parse_dice,
)
from mathcards.lama_dice.odds import roll_odds, shows, three_llamas
from widgets.controls import (
    Complains,
    html,
    shows_errors,
)
from widgets.lama_dice.cards import (
    CASE_WORDS,
    render_layout,
)
from widgets.lama_dice.chooser import DiceChooser, RowsPicker, follow
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.tables import table

SHOWS = {  # at least one die shows this
    1: N_("a 1"),
    2: N_("a 2"),
    3: N_("a 3"),
    4: N_("a 4"),
    5: N_("a 5"),
    6: N_("a 6"),
    LLAMA: N_("a llama"),
}


def render_dice_chances(layouts: dict[str, Dice]) -> str:
    """For each layout: three llamas, at least one llama, and each number, as exact fractions."""
    lines = "".join(
        f"<tr><td><b>{escape(label)}</b>{render_layout(dice, size=28)}</td>"
        f"<td>{three_llamas(dice)}</td>"
        f"<td>{shows(dice, LLAMA)}</td>"
        + "".join(f"<td>{shows(dice, n)}</td>" for n in range(1, 7))
        + "</tr>"
        for label, dice in layouts.items()
    )
    headings = [_("dice"), _("three llamas"), *(_(SHOWS[n]) for n in (LLAMA, *range(1, 7)))]
    return table(headings, lines, "mc-odds-table mc-dice-chances", scroll=True, stack=True)


def render_layout_odds(row: Row, llama_row: Row, layouts: dict[str, Dice]) -> str:
    """For each layout: the chance of each case for these rows."""
    lines = ""
    for label, dice in layouts.items():
        odds = roll_odds(row, llama_row, dice)
        cells = "".join(f"<td>{percent(odds.of(case))}</td>" for case in Case)
        lines += f"<tr><td>{escape(label)}</td>{cells}</tr>"
    headings = [_("dice"), *(_(CASE_WORDS[case]) for case in Case)]
    return table(headings, lines, "mc-odds-table mc-layout-odds", scroll=True, stack=True)


class LayoutsCompared(Complains, w.VBox):
    """The named layouts and the page's chosen dice side by side: about the dice alone, or for
    the rows typed in."""

    def __init__(
        self,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        *,
        rows: RowsPicker | None = None,
    ) -> None:
        self.dice = follow(dice, self.update)
        self.rows = rows
        if rows is not None:
            rows.on_change(self.update)
        self.message = html("mc-message-box")
        self.table = html("mc-layouts-table")
        parts: list[w.Widget] = [page_style(LAMA_DICE_STYLE)]
        if rows is not None:
            parts.append(rows)
        super().__init__([*parts, self.message, self.table])
        self.add_class("mc-layouts-compared")
        self.add_class("mc-dice-widget")
        self.update()

    def layouts(self) -> dict[str, Dice]:
        """The named layouts and the page's own dice, each under its name in words."""
        named = {_(label): parse_dice(text) for label, text in LAYOUTS.items()}
        if self.dice() not in named.values():
            named[_("Your own dice ({dice})").format(dice=dice_text(self.dice()))] = self.dice()
        return named

    @shows_errors
    def update(self) -> None:
        self.message.value = ""
        if self.rows is None:
            self.table.value = render_dice_chances(self.layouts())
        elif not self.rows.valid:
            self.table.value = ""
        else:
            self.table.value = render_layout_odds(
                self.rows.row, self.rows.llama_row, self.layouts()
            )
