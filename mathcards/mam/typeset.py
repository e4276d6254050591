"""Every calculation a page or a command shows, typeset from its sympy expression: a solution or
any canonical form (`expression.Form`), or a calculation as a child typed it (`tree.Node`).

`expression` builds the sympy expression, unevaluated and in the child's order (each step kept:
``a - b`` as ``a + (-1)·b``, ``a / b`` as ``a · b⁻¹``); `mathml` prints it with sympy's
presentation MathML printer, taught to write a step as a child does: ``×``, ``−`` and ``÷``
(``:`` in Polish), powers as superscripts, brackets only where the usual precedence needs them
(or where the child put them around a whole right-hand side, such as ``12 − (6 − 2)``). `html`
is what a page shows (MathML, and the plain text beside it for screen readers and copying);
`sentence` typesets the calculations a sentence writes out; `exact` is sympy's exact value;
`to_sympy` is a canonical form as sympy writes it (``sympy.sstr(e, order="none")``).
Chromium draws MathML itself, so no page needs a script for it.

This module is sympy's: the solver, the checker and the pages import it only when they first
typeset or confirm a calculation (docs/design.md#sympy-is-the-expression-layer).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from html import escape
from typing import Any

import sympy
from sympy.printing.mathml import MathMLPresentationPrinter

from mathcards.i18n import _, divided_by
from mathcards.mam import expression as forms
from mathcards.mam.expression import Form
from mathcards.mam.steps import symbol
from mathcards.mam.tree import BINDING, Calculation, Number, plain, tree

MEDIUM_SPACE = "0.2222em"  # the space MathML puts either side of a binary operator


class Unconfirmed(ValueError):
    """sympy's exact value of a calculation is not the one the solver or the checker found."""


def expression(calculation: Calculation) -> sympy.Expr:
    """The calculation as an unevaluated sympy expression, each step in its place."""
    node = tree(calculation)
    if isinstance(node, Number):
        return sympy.Integer(node.value)
    left, right = expression(node.left), expression(node.right)
    if node.op == "^":
        return sympy.Pow(left, right, evaluate=False)
    if node.op == "-":
        right = sympy.Mul(sympy.S.NegativeOne, right, evaluate=False)
    if node.op == "/":
        right = sympy.Pow(right, sympy.S.NegativeOne, evaluate=False)
    chain = sympy.Add if node.op in "+-" else sympy.Mul
    return chain(left, right, evaluate=False)


@lru_cache(maxsize=4096)
def exact(calculation: Calculation) -> sympy.Rational:
    """sympy's exact value of the calculation (a fraction if a division is not whole)."""
    return _worked_out(expression(calculation))


def confirm(calculation: Calculation, value: int) -> None:
    """Nothing, when sympy works the calculation out exactly to `value`; else `Unconfirmed`."""
    made = exact(calculation)
    if made != value:
        message = _("sympy makes {calculation} {made}, not {value}")
        raise Unconfirmed(message.format(calculation=plain(calculation), made=made, value=value))


def _worked_out(expr: sympy.Expr) -> Any:
    """An unevaluated sum, product or power worked out in sympy's exact numbers (as `doit`
    does, a few times sooner)."""
    if expr.is_Number:
        return expr
    parts = [_worked_out(part) for part in expr.args]
    if expr.is_Add:
        return sum(parts, sympy.S.Zero)
    if expr.is_Mul:
        return math.prod(parts, start=sympy.S.One)
    base, exponent = parts
    return base**exponent


def mathml(calculation: Calculation) -> str:
    """The calculation as a MathML element: ``<math><mn>7</mn><mo>×</mo>…</math>``."""
    return _mathml(calculation, divided_by())


@lru_cache(maxsize=4096)
def _mathml(calculation: Calculation, _division: str) -> str:
    """`mathml`, kept for each language's division sign (a page shows the same ones often)."""
    return f"<math>{Written().doprint(expression(calculation))}</math>"


def html(calculation: Calculation) -> str:
    """The calculation for a page: drawn as MathML, its plain text beside it (visually hidden,
    for a screen reader and for copying)."""
    return (
        f'<span aria-hidden="true">{mathml(calculation)}</span>'
        f'<span class="mc-said">{escape(plain(calculation))}</span>'
    )


def sentence(
    text: str,
    calculations: Iterable[Calculation] | None = None,
    typeset: Callable[[Calculation], str] = html,
) -> str:
    """A sentence as HTML, the calculations it writes out typeset (`html`, or `mathml` alone);
    `calculations` defaults to those a `Sentence` carries. A lone card stays a number."""
    if calculations is None:
        calculations = getattr(text, "calculations", ())
    shown = escape(text)
    shown_as: list[str] = []
    for calculation in calculations:
        if isinstance(tree(calculation), Number):
            continue
        written = re.compile(rf"(?<!\w){re.escape(escape(plain(calculation)))}(?!\w)")
        found = written.search(shown)
        if found:
            shown = f"{shown[: found.start()]}\0{len(shown_as)}\0{shown[found.end() :]}"
            shown_as.append(typeset(calculation))
    return re.sub("\0(\\d+)\0", lambda match: shown_as[int(match[1])], shown)


def _binding(expr: sympy.Expr) -> int:
    """How tightly a step binds (`tree.BINDING`); a number binds tightest."""
    kinds = {sympy.Add: BINDING["+"], sympy.Mul: BINDING["*"], sympy.Pow: BINDING["^"]}
    return kinds.get(type(expr), 9)


class Written(MathMLPresentationPrinter):
    """sympy's presentation printer, for the steps `expression` builds: one step a row."""

    def _print_Add(self, expr: sympy.Add) -> Any:
        left, right = expr.args
        taken = right.is_Mul and right.args[0] is sympy.S.NegativeOne
        return self._step(left, "-" if taken else "+", right.args[1] if taken else right)

    def _print_Mul(self, expr: sympy.Mul) -> Any:
        left, right = expr.args
        divided = right.is_Pow and right.args[1] is sympy.S.NegativeOne
        return self._step(left, "/" if divided else "*", right.args[0] if divided else right)

    def _print_Pow(self, expr: sympy.Pow) -> Any:
        base, exponent = expr.args
        power = self.dom.createElement("msup")
        power.appendChild(self._bracketed(base, base.is_Integer))
        power.appendChild(self._print(exponent))
        return power

    def _step(self, left: sympy.Expr, op: str, right: sympy.Expr) -> Any:
        row = self.dom.createElement("mrow")
        row.appendChild(self._bracketed(left, _binding(left) >= BINDING[op]))
        sign = self.dom.createElement("mo")
        sign.appendChild(self.dom.createTextNode(symbol(op)))
        if symbol(op) == ":":  # a browser spaces ":" as punctuation: as ÷ instead
            sign.setAttribute("lspace", MEDIUM_SPACE)
            sign.setAttribute("rspace", MEDIUM_SPACE)
        row.appendChild(sign)
        row.appendChild(self._bracketed(right, _binding(right) > BINDING[op]))
        return row

    def _bracketed(self, expr: sympy.Expr, bare: bool) -> Any:
        if bare:
            return self._print(expr)
        row = self.dom.createElement("mrow")
        for part in (self._l_paren(), self._print(expr), self._r_paren()):
            row.appendChild(part)
        return row


def to_sympy(form: Form) -> sympy.Expr:
    """A canonical form as an unevaluated sympy expression in the child's order (``.doit()``
    gives the value); print it with ``sympy.sstr(expr, order="none")`` to keep the order."""
    if form[0] == forms.LEAF:
        return sympy.UnevaluatedExpr(sympy.Integer(form[1]))
    if form[0] == forms.POWER:
        return sympy.Pow(to_sympy(form[1]), to_sympy(form[2]), evaluate=False)
    first, second = forms.ordered_terms(form)
    if form[0] == forms.SUM:
        negated = [sympy.Mul(-1, to_sympy(term), evaluate=False) for term in second]
        return sympy.Add(*map(to_sympy, first), *negated, evaluate=False)
    inverted = [sympy.Pow(_divisor(term), -1, evaluate=False) for term in second]
    return sympy.Mul(*map(to_sympy, first), *inverted, evaluate=False)


def _divisor(form: Form) -> sympy.Expr:
    """A divisor: a bare Integer prints as ``a/b`` where an UnevaluatedExpr would not."""
    return sympy.Integer(form[1]) if form[0] == forms.LEAF else to_sympy(form)
