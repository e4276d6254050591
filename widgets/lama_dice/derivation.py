"""LAMA Dice's chances derived die by die (mathcards.lama_dice.derivation), typeset as MathML
in the dice's order with the plain text beside it: at least one die shows a number, three
llamas, and a bust for the rows typed."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
import sympy
from sympy.printing.mathml import MathMLPresentationPrinter

from mathcards.i18n import _
from mathcards.lama_dice.derivation import (
    at_least_one,
    cases,
    chance_shows,
    faces_showing,
    three_llamas,
    value,
)
from mathcards.lama_dice.dice import DEFAULT_DICE, VALUES, Dice, Row, name
from widgets.controls import Complains, html, shows_errors
from widgets.lama_dice.cards import CASE_WORDS
from widgets.lama_dice.chooser import DiceChooser, RowsPicker, follow
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.tables import table


class InOrder(MathMLPresentationPrinter):
    """sympy's presentation printer, keeping sums and products in the order they were built
    (the dice's order) and k/6 as it is written."""

    def _print_Add(self, expr: sympy.Add) -> Any:
        row = self.dom.createElement("mrow")
        for number, term in enumerate(expr.args):
            taken = term.is_Mul and term.args[0] is sympy.S.NegativeOne
            if number or taken:
                row.appendChild(self._sign("−" if taken else "+"))
            row.appendChild(self._print(term.args[1] if taken else term))
        return row

    def _print_Mul(self, expr: sympy.Mul) -> Any:
        count, six = expr.args if len(expr.args) == 2 else (None, None)
        if six is not None and six.is_Pow and six.args[1] is sympy.S.NegativeOne:
            fraction = self.dom.createElement("mfrac")
            fraction.appendChild(self._print(count))
            fraction.appendChild(self._print(six.args[0]))
            return fraction
        row = self.dom.createElement("mrow")
        for number, factor in enumerate(expr.args):
            if number:
                row.appendChild(self._sign("\u2062" if factor.is_Add else "·"))
            row.appendChild(self._bracketed(factor) if factor.is_Add else self._print(factor))
        return row

    def _sign(self, text: str) -> Any:
        sign = self.dom.createElement("mo")
        sign.appendChild(self.dom.createTextNode(text))
        return sign

    def _bracketed(self, expr: sympy.Expr) -> Any:
        row = self.dom.createElement("mrow")
        row.appendChild(self._sign("("))
        row.appendChild(self._print(expr))
        row.appendChild(self._sign(")"))
        return row


def plain(expr: Any) -> str:
    """The expression as text, in the order it was built: ``1 − (1 − 1/6)(1 − 0/6)``."""
    if expr.is_Add:
        text = ""
        for number, term in enumerate(expr.args):
            taken = term.is_Mul and term.args[0] == -1
            sign = " − " if taken else (" + " if number else "")
            text += sign + plain(term.args[1] if taken else term)
        return text
    if expr.is_Mul:
        count, six = expr.args if len(expr.args) == 2 else (None, None)
        if six is not None and six.is_Pow and six.args[1] == -1:
            return f"{count}/{six.args[0]}"
        return "".join(f"({plain(f)})" if f.is_Add or f.is_Mul else plain(f) for f in expr.args)
    return str(expr)


def math(expr: Any) -> str:
    """The expression drawn as MathML, its plain text beside it for a screen reader."""
    return (
        f'<span aria-hidden="true"><math>{InOrder().doprint(expr)}</math></span>'
        f'<span class="mc-said">{escape(plain(expr))}</span>'
    )


def said(text: str) -> str:
    """Words between the formulas, escaped."""
    return escape(text)


def render_shows(dice: Dice, shown: int) -> str:
    """At least one die shows `shown`: the formula in letters, the dice's counts, the value."""
    counts = faces_showing(dice, [shown])
    face = name(shown)
    letters = _(
        "The dice roll on their own, so no die shows {face} with chance (1 − a/6)(1 − b/6)"
        "(1 − c/6), where a, b and c count the faces showing {face} on each die. So:"
    ).format(face=face)
    here = _("Here a = {a}, b = {b}, c = {c}:").format(a=counts[0], b=counts[1], c=counts[2])
    return (
        f"<p>{said(letters)}</p>"
        f'<p class="mc-formula">P = {math(at_least_one())}</p>'
        f"<p>{said(here)}</p>"
        f'<p class="mc-formula">P = {math(at_least_one(counts))} = '
        f"<b>{chance_shows(dice, shown)}</b></p>"
    )


def render_three_llamas(dice: Dice) -> str:
    """Three llamas: one chance per die, multiplied."""
    llamas = three_llamas(dice)
    words = _("Three llamas: every die shows a llama, so the chances of the dice multiply:")
    return f'<p>{said(words)}</p><p class="mc-formula">{math(llamas)} = <b>{value(llamas)}</b></p>'


def render_bust(dice: Dice, row: Row, llama_row: Row) -> str:
    """The four cases as products of the dice's chances, adding up to 1; the bust among them."""
    chances = cases(dice, row, llama_row)
    lines = "".join(
        f"<tr><td>{escape(_(CASE_WORDS[case]))}</td><td>{math(expr)}</td>"
        f"<td><b>{value(expr)}</b></td></tr>"
        for case, expr in chances.items()
    )
    total = sum(value(expr) for expr in chances.values())
    words = _(
        "A bust: every die shows a face that matches neither row (d of its faces), "
        "(d₁/6)(d₂/6)(d₃/6), less three llamas if llamas match neither row. "
        "Each case is such a product; the four cases add up to {total}."
    ).format(total=total)
    return f"<p>{said(words)}</p>" + table(
        [_("case"), _("die by die"), _("exactly")],
        lines,
        "mc-odds-table mc-case-products",
        scroll=True,
        stack=True,
    )


class DiceDerivation(Complains, w.VBox):
    """Choose a number (or a llama): the chance that at least one of the page's dice shows it,
    derived; and three llamas as a product."""

    def __init__(self, dice: Dice | DiceChooser = DEFAULT_DICE, shown: int = 6) -> None:
        self.dice = follow(dice, self.update)
        self.shown = w.Dropdown(
            options=[(name(face), face) for face in VALUES],
            value=shown,
            description=_("At least one die shows"),
            style={"description_width": "initial"},
        )
        self.shown.add_class("mc-shown-choice")
        self.shown.observe(lambda _change: self.update(), names="value")
        self.message = html("mc-message-box")
        self.derived = html("mc-dice-derivation")
        parts = [page_style(LAMA_DICE_STYLE), self.shown, self.message, self.derived]
        super().__init__(parts)
        self.add_class("mc-dice-widget")
        self.update()

    @shows_errors
    def update(self) -> None:
        dice = self.dice()
        self.derived.value = render_shows(dice, self.shown.value) + render_three_llamas(dice)


class BustDerivation(Complains, w.VBox):
    """For the page's dice and the rows typed: each case as a product, the bust among them."""

    def __init__(self, rows: RowsPicker, dice: Dice | DiceChooser = DEFAULT_DICE) -> None:
        self.dice = follow(dice, self.update)
        self.rows = rows
        rows.on_change(self.update)
        self.message = html("mc-message-box")
        self.derived = html("mc-bust-derivation")
        super().__init__([page_style(LAMA_DICE_STYLE), self.message, self.derived])
        self.add_class("mc-dice-widget")
        self.update()

    @shows_errors
    def update(self) -> None:
        if not self.rows.valid:
            self.derived.value = ""
            return
        self.derived.value = render_bust(self.dice(), self.rows.row, self.rows.llama_row)
