"""A calculation as a tree in the order it is read: `Number` leaves and `Operation` nodes.

The answer reader builds one from what a child typed (`check.parse`); a solution's canonical
form becomes one to be written out (`tree`); `typeset` turns either into a sympy expression.
A tree is printed in its own order, with brackets only where the usual precedence needs them
(``^`` groups to the right). Plain Python: no sympy here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mathcards.mam import expression as forms
from mathcards.mam.expression import Form

BINDING = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}  # how tightly each operator binds


@dataclass(frozen=True)
class Number:
    value: int
    position: int


@dataclass(frozen=True)
class Operation:
    op: str
    left: Node
    right: Node
    position: int


Node = Number | Operation
Calculation = Node | Form  # a typed calculation, or a canonical form (`expression`)


def tree(calculation: Calculation) -> Node:
    """A calculation as a tree in the order it is read: a form's chain left to right, the
    terms added (or multiplied) first, then those taken away (or divided by)."""
    if not isinstance(calculation, tuple):
        return calculation
    kind = calculation[0]
    if kind == forms.LEAF:
        return Number(calculation[1], 0)
    if kind == forms.POWER:
        return Operation("^", tree(calculation[1]), tree(calculation[2]), 0)
    first, second = forms.ordered_terms(calculation)
    plus, minus = ("+", "-") if kind == forms.SUM else ("*", "/")
    read = tree(first[0])
    for op, term in [(plus, term) for term in first[1:]] + [(minus, term) for term in second]:
        read = Operation(op, read, tree(term), 0)
    return read


def numbers(tree: Node) -> list[Number]:
    """The numbers in a tree, in reading order."""
    if isinstance(tree, Number):
        return [tree]
    return numbers(tree.left) + numbers(tree.right)


def plain(calculation: Calculation) -> str:
    """The calculation in plain text, as a child writes it: ``7 × 6 + 2 − 12``."""
    if isinstance(calculation, tuple):
        return forms.pretty(calculation)
    return tree_text(calculation)


def tree_latex(tree: Node) -> str:
    r"""LaTeX of a calculation in the order it was typed, with ``\times`` and ``\div``."""
    return _typed(tree, forms.latex_symbols(), lambda inner: rf"\left({inner}\right)")


def tree_text(tree: Node) -> str:
    """A calculation as the child wrote it, in plain text: ``7 × 6 − 12``, ``2^(3 × 2)``."""
    return _typed(tree, forms.pretty_symbols(), lambda inner: f"({inner})", superscript=False)


def _typed(
    tree: Node, symbols: dict[str, str], bracket: Callable[[str], str], superscript: bool = True
) -> str:
    """The typed order, with brackets where the usual precedence needs them."""
    if isinstance(tree, Number):
        return str(tree.value)
    left = _typed(tree.left, symbols, bracket, superscript)
    right = _typed(tree.right, symbols, bracket, superscript)
    if tree.op == "^":
        base = left if isinstance(tree.left, Number) else bracket(left)
        if superscript:
            return f"{base}^{{{right}}}"
        return base + symbols["^"] + (right if isinstance(tree.right, Number) else bracket(right))
    binding = BINDING[tree.op]
    if _binding(tree.left) < binding:
        left = bracket(left)
    if _binding(tree.right) <= binding:
        right = bracket(right)
    return f"{left}{symbols[tree.op]}{right}"


def _binding(tree: Node) -> int:
    return 9 if isinstance(tree, Number) else BINDING[tree.op]
