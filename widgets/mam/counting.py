"""Counting calculations: the formula n! × C(n−1) × 4^(n−1) worked out by sympy for the cards
typed, every calculation written out for a small hand, and the table of the counts."""

from __future__ import annotations

from html import escape

import ipywidgets as w
from sympy.printing.mathml import mathml

from mathcards.i18n import N_, _, number
from mathcards.mam.counting import (
    FORMAL,
    MOST_CARDS,
    WRITTEN_OUT,
    calculations,
    census,
    factors,
    formal_count,
    general_factors,
)
from mathcards.mam.inputs import read_cards
from mathcards.mam.odds import distinct_calculations
from widgets.controls import Complains, html, row, shows_errors
from widgets.mam.cards import power_box
from widgets.style import MAM_STYLE, page_style
from widgets.tables import table

TIMES = "<mo>×</mo>"
COUNTS_COLUMNS = (
    N_("cards"),
    N_("orders"),
    N_("bracketings"),
    N_("operators"),
    N_("calculations"),
    N_("with letters (A140606)"),
)


def formula(parts: tuple, plain: str) -> str:
    """A product typeset by sympy's MathML printer, factor by factor in the order given, and
    its plain text beside it (for a screen reader and for copying)."""
    shown = TIMES.join(mathml(part, printer="presentation", order="none") for part in parts)
    return (
        f'<span aria-hidden="true"><math><mrow>{shown}</mrow></math></span>'
        f'<span class="mc-said">{escape(plain)}</span>'
    )


def worked(cards: int, power: bool) -> str:
    """n! × C(n−1) × 4^(n−1) = 5! × C₄ × 4⁴ = 120 × 14 × 256 = 430 080, as MathML."""
    k = 5 if power else 4
    general = formula(general_factors(power), f"n! × C(n − 1) × {k}^(n − 1)")
    n = cards
    given = formula(factors(n, power), f"{n}! × C({n - 1}) × {k}^{n - 1}")
    values = [int(part.doit()) for part in factors(n, power)]
    product = " × ".join(number(value) for value in values)
    return f"{general} = {given} = {escape(product)} = <b>{number(calculations(n, power))}</b>"


def render_count(hand: list[int], power: bool) -> str:
    """What the page says about a hand: the formula's count, and for a small hand every
    calculation written out, the values they make and the solver's check."""
    n = len(hand)
    lines = [f'<p class="mc-formula">{worked(n, power)}</p>']
    if n > WRITTEN_OUT:
        too_many = _(
            "Too many to write out one by one here: that is done for {most} cards or fewer."
        )
        lines.append(f"<p>{escape(too_many.format(most=WRITTEN_OUT))}</p>")
        return "".join(lines)
    found = census(tuple(hand), power)
    tick = "✓" if found.written == calculations(n, power) else "✗"
    said = _(
        "Written out one by one: {written} calculations {tick}. {allowed} of them keep every "
        "step a whole number, 0 or more; they make {made} different values, and"
        " {solutions} different solutions."
    ).format(
        written=number(found.written),
        tick=tick,
        allowed=number(found.allowed),
        made=number(len(found.made)),
        solutions=number(distinct_calculations(tuple(hand), power=power)),
    )
    check = (
        _("The solver finds the same {made} values without writing them out ✓.")
        if found.agrees()
        else _("The solver finds other values ✗.")
    )
    lines.append(f'<p class="mc-census">{escape(said)}</p>')
    lines.append(f'<p class="mc-census-check">{escape(check.format(made=len(found.made)))}</p>')
    return "".join(lines)


def counts_table(power: bool = False) -> str:
    """For 1 to 8 cards: the three factors and the count, each worked out by sympy, and the
    count of different formulas with letters (OEIS A140606) where the page works it out."""
    rows = []
    for n in range(1, MOST_CARDS + 1):
        cells = [int(part.doit()) for part in factors(n, power)]
        letters = number(formal_count(n)) if n <= FORMAL else "…"
        shown = [n, *cells, calculations(n, power)]
        rows.append(
            "<tr>"
            + "".join(f"<td>{number(value)}</td>" for value in shown)
            + f"<td>{letters}</td></tr>"
        )
    return table(map(_, COUNTS_COLUMNS), "".join(rows), "mc-report mc-counts", stack=True)


class CountingCalculations(Complains, w.VBox):
    """Type the cards, tick the exponent variant: the count of calculations worked out, and
    for up to four cards every calculation written out and checked against the solver."""

    def __init__(self, cards: str = "2 3 5 7", power: bool = False) -> None:
        self.cards = w.Text(value=cards, description=_("Cards"), continuous_update=False)
        self.power_choice = power_box(power)
        self.message = html("mc-message-line")
        self.shown = html("mc-counting-calculations")
        for control in (self.cards, self.power_choice):
            control.observe(lambda _change: self.show(), names="value")
        super().__init__(
            [page_style(MAM_STYLE), row(self.cards, self.power_choice), self.message, self.shown]
        )
        self.add_class("mc-counting")
        self.show()

    @shows_errors
    def show(self) -> None:
        self.message.value = ""
        hand = read_cards(self.cards.value)
        self.shown.value = render_count(hand, self.power_choice.value)
