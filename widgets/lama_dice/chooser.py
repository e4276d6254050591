"""The pieces a LAMA Dice page types its game into: the dice-layout chooser every widget on
the page follows, and the rows picker."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from mathcards.i18n import _
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    LAYOUTS,
    Dice,
    Row,
    check_dice,
    dice_text,
    parse_dice,
)
from mathcards.lama_dice.odds import checked_rows
from widgets.controls import Complains, Listeners, html, show_message, shows_errors
from widgets.lama_dice.cards import OWN_LAYOUT, layout_name, read_row, render_layout, render_rows
from widgets.style import LAMA_DICE_STYLE, page_style

LABEL = {"description_width": "9em"}  # "Środkowy szereg" in full, the boxes lined up


def wide() -> w.Layout:
    """Room for three dice or a long row, never wider than a phone."""
    return w.Layout(width="30em", max_width="100%")


class DiceChooser(Complains, Listeners, w.VBox):
    """The dice layout a page uses: a named one, or three dice typed like 3456LL,1256LL,1234LL.

    Every LAMA Dice widget on the page follows it. A layout that cannot be read is named beside
    the box, and the page keeps the last good one (drawn below the box)."""

    def __init__(self, dice: Dice | str = DEFAULT_DICE) -> None:
        self.dice = parse_dice(dice) if isinstance(dice, str) else check_dice(dice)
        self.choice = w.Dropdown(
            options=[(_(label), label) for label in (*LAYOUTS, OWN_LAYOUT)],
            value=layout_name(self.dice),
            description=_("Dice"),
            style=LABEL,
            layout=wide(),
        )
        self.choice.add_class("mc-layout-choice")
        self.text = w.Text(
            value=dice_text(self.dice),
            description=_("Faces"),
            style=LABEL,
            layout=wide(),
            placeholder="3456LL,1256LL,1234LL",
            continuous_update=False,
        )
        self.text.add_class("mc-dice-input")
        self.message = html("mc-message-box")
        self.drawn = html("mc-layout-view", render_layout(self.dice))
        self.choice.observe(self._chosen, names="value")
        self.text.observe(self._typed, names="value")
        help_line = w.HTML(
            "<small>"
            + _("Each die lists its six faces (1–6, L for a llama); commas between dice.")
            + "</small>"
        )
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE),
                self.choice,
                self.text,
                help_line,
                self.message,
                self.drawn,
            ]
        )
        self.add_class("mc-dice-chooser")
        self.add_class("mc-dice-widget")

    def _chosen(self, change: dict) -> None:
        if change["new"] in LAYOUTS:
            self.text.value = LAYOUTS[change["new"]]
        elif change["new"] == OWN_LAYOUT and self.message.value == "":
            show_message(
                self.message,
                _("Type your three dice in the box, like 2345LL,3456LL,1256LL."),
                ok=None,
            )

    @shows_errors
    def _typed(self, change: dict) -> None:
        try:
            dice = parse_dice(change["new"])
        except ValueError as problem:
            self.complain(
                _("{problem}. The page still uses the dice drawn below.").format(problem=problem)
            )
            return
        self.message.value = ""
        self.choice.value = layout_name(dice)
        if dice != self.dice:
            self.dice = dice
            self.drawn.value = render_layout(dice)
            self.changed()


def follow(dice: Dice | DiceChooser, on_change: Callable[[], None]) -> Callable[[], Dice]:
    """A widget's dice: fixed, or whatever the page's chooser shows (then `on_change` runs)."""
    if isinstance(dice, DiceChooser):
        dice.on_change(on_change)
        chooser = dice
        return lambda: chooser.dice
    fixed = check_dice(dice)
    return lambda: fixed


class RowsPicker(Complains, Listeners, w.VBox):
    """Your row and the llama row, typed (1–6, L for a llama) and drawn as cards."""

    def __init__(self, row: str = "1 2 3 4 5 L", llama_row: str = "1 2 3 4 5 6 L") -> None:
        self.row_text = w.Text(
            value=row,
            description=_("Your row"),
            continuous_update=False,
            style=LABEL,
            layout=wide(),
        )
        self.llama_text = w.Text(
            value=llama_row,
            description=_("Llama row"),
            continuous_update=False,
            style=LABEL,
            layout=wide(),
        )
        self.row_text.add_class("mc-row-input")
        self.llama_text.add_class("mc-llama-input")
        self.message = html("mc-message-box")
        self.drawn = html("mc-rows-view")
        self.row: Row = ()
        self.llama_row: Row = ()
        self.valid = False
        for text in (self.row_text, self.llama_text):
            text.observe(lambda _change: self._read(), names="value")
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE),
                self.row_text,
                self.llama_text,
                self.message,
                self.drawn,
            ]
        )
        self.add_class("mc-rows-picker")
        self.add_class("mc-dice-widget")
        self._read()

    def _read(self) -> None:
        try:
            self.row, self.llama_row = checked_rows(
                read_row(self.row_text.value), read_row(self.llama_text.value)
            )
        except ValueError as problem:
            self.valid = False
            self.complain(str(problem))
            self.drawn.value = ""
        else:
            self.valid = True
            self.message.value = ""
            self.drawn.value = render_rows(self.row, self.llama_row)
        self.changed()
