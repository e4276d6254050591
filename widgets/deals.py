"""The deal number every table shows: each page load deals afresh, and a teacher who wants the
whole class at the same cards says a number, which everyone types in the box and deals."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from html import escape

import ipywidgets as w
from ipywidgets.widgets.widget_string import TextStyle

from mathcards.i18n import N_, _
from widgets.controls import button, fixed, html, row, shared, show_message

MOST = 99_999  # deal numbers run from 0 to 99999: short enough to read out to a class
DEAL_REFUSAL = N_("a deal number is a whole number from 0 to {most}, not “{typed}”")
SET_REFUSAL = N_("a set number is a whole number from 0 to {most}, not “{typed}”")

# The box stays as small as five digits, its button beside it, on a phone as on a projector.
DEAL_STYLE = """<style>
.mc-deal-box { align-items: center; max-width: 100%; }
.mc-deal-box .widget-inline-hbox.mc-deal-number { flex: 0 1 auto !important; width: auto !important;
  min-width: 0; }
.mc-deal-box .mc-deal-number input { width: 6em !important; flex: 0 1 auto !important;
  font-size: 18px; font-variant-numeric: tabular-nums; }
.mc-deal-box button.mc-deal { flex: none; }
.mc-deal-shown { color: #4b5563; font-size: 15px; }
</style>"""


@functools.cache
def deal_style() -> w.HTML:
    """The deal number's style: one view for every box on the page (a page may show two)."""
    return html("mc-deal-style", DEAL_STYLE)


def fresh_number() -> int:
    """A new deal number (1 to 99999), drawn from the system's randomness: each page load
    deals afresh."""
    return secrets.randbelow(MOST) + 1


def following(number: int) -> int:
    """The deal after `number`: one on, so a class that typed the same number stays in step."""
    return 0 if number == MOST else number + 1


def read_number(typed: str, refusal: str = DEAL_REFUSAL) -> int:
    """The deal number typed in the box: a whole number from 0 to 99999, else a ValueError
    (its sentence `refusal`)."""
    text = typed.strip()
    if text.isascii() and text.isdigit() and len(text) <= len(str(MOST)):
        return int(text)
    raise ValueError(_(refusal).format(most=MOST, typed=typed[:20]))  # a long paste: its start


class DealNumber(w.VBox):
    """The number of the deal on the table, in a small box (`mc-deal-number`): type another
    and press its button (`mc-deal`) to `deal` that one. The first deal's number is `seed`, or
    fresh; every later one is one on from the deal before."""

    def __init__(
        self,
        seed: int | None,
        deal: Callable[[int], None],
        *,
        label: str | None = None,
        refusal: str = DEAL_REFUSAL,
    ) -> None:
        self.deal, self.refusal = deal, refusal
        self.number: int | None = None  # the deal on the table, once there is one
        self.first = fresh_number() if seed is None else seed
        self.box = w.Text(
            value=str(self.first),
            description=_("Deal number") if label is None else label,
            style=shared(TextStyle, description_width="initial"),
            layout=fixed(width="auto", max_width="100%"),
            _dom_classes=("mc-deal-number",),
        )
        self.button = button(_("Deal"), "mc-deal", self.typed)
        self.message = html("mc-deal-message")
        typing = row(self.box, self.button, css="mc-deal-box")
        super().__init__([deal_style(), typing, self.message], layout=fixed())

    def next(self) -> int:
        """The number of the next deal: the first one, then one on from the deal on the table."""
        return self.first if self.number is None else following(self.number)

    def dealt(self, number: int) -> None:
        """This deal is on the table now: the box shows its number."""
        self.number = number
        self.box.value = str(number)
        self.message.value = ""

    def offer(self) -> None:
        """Before a deal (a table whose setup comes first): the box shows the next number."""
        self.box.value = str(self.next())
        self.message.value = ""

    def read(self) -> int | None:
        """The number typed in the box, or None (and a message next to it, the text kept)."""
        try:
            number = read_number(self.box.value, self.refusal)
        except ValueError as problem:
            show_message(self.message, str(problem), ok=False)
            return None
        self.message.value = ""
        return number

    def typed(self, _button: object = None) -> None:
        """Deal the number in the box."""
        number = self.read()
        if number is not None:
            self.deal(number)


def render_shown(number: int) -> str:
    """The deal's number, shown quietly on a table whose box is hidden during the game."""
    shown = _("Deal number {number}").format(number=number)
    return f'<p class="mc-deal-shown">{escape(shown)}</p>'
