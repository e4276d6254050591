"""A calculation typeset as MathML, from its sympy expression: what the answer box shows while a
child types (Chromium draws MathML itself, so no page needs a script for it).

`expression` builds the sympy expression of a calculation as it was typed, unevaluated and in
the child's order (each step kept: ``a - b`` as ``a + (-1)·b``, ``a / b`` as ``a · b⁻¹``);
`mathml` prints it with sympy's presentation MathML printer, taught to write a step as a child
does: ``×``, ``−`` and ``÷`` (``:`` in Polish), powers as superscripts, brackets only where the
usual precedence needs them (or where the child put them around a whole right-hand side, such
as ``12 − (6 − 2)``). sympy is imported on first use: a page that never types opens sooner.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from mathcards.mam.check import BINDING, Node, Number
from mathcards.mam.steps import symbol

if TYPE_CHECKING:
    import sympy


def expression(tree: Node) -> sympy.Expr:
    """The typed calculation as an unevaluated sympy expression, each step in its place."""
    import sympy

    if isinstance(tree, Number):
        return sympy.Integer(tree.value)
    left, right = expression(tree.left), expression(tree.right)
    if tree.op == "^":
        return sympy.Pow(left, right, evaluate=False)
    if tree.op == "-":
        right = sympy.Mul(sympy.S.NegativeOne, right, evaluate=False)
    if tree.op == "/":
        right = sympy.Pow(right, sympy.S.NegativeOne, evaluate=False)
    chain = sympy.Add if tree.op in "+-" else sympy.Mul
    return chain(left, right, evaluate=False)


def mathml(tree: Node) -> str:
    """The typed calculation as a MathML element: ``<math><mn>7</mn><mo>×</mo>…</math>``."""
    return f"<math>{_printer()().doprint(expression(tree))}</math>"


@cache
def _printer() -> type:
    """sympy's presentation printer, for the steps `expression` builds (made on first use)."""
    import sympy
    from sympy.printing.mathml import MathMLPresentationPrinter

    def binding(expr: sympy.Expr) -> int:
        kinds = {sympy.Add: BINDING["+"], sympy.Mul: BINDING["*"], sympy.Pow: BINDING["^"]}
        return kinds.get(type(expr), 9)

    class Written(MathMLPresentationPrinter):
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
            row.appendChild(self._bracketed(left, binding(left) >= BINDING[op]))
            sign = self.dom.createElement("mo")
            sign.appendChild(self.dom.createTextNode(symbol(op)))
            row.appendChild(sign)
            row.appendChild(self._bracketed(right, binding(right) > BINDING[op]))
            return row

        def _bracketed(self, expr: sympy.Expr, bare: bool) -> Any:
            if bare:
                return self._print(expr)
            row = self.dom.createElement("mrow")
            for part in (self._l_paren(), self._print(expr), self._r_paren()):
                row.appendChild(part)
            return row

    return Written
