"""What the games' derivations are written with: sympy expressions kept as a class writes them
(a product in its order, 2/6 not 1/3, a ratio of binomials not its value), and worked out
exactly once shown."""

from __future__ import annotations

from collections.abc import Iterable

import sympy


def over(top: object, bottom: object) -> sympy.Expr:
    """top/bottom, not worked out."""
    below = sympy.Pow(sympy.sympify(bottom), -1, evaluate=False)
    return sympy.Mul(sympy.sympify(top), below, evaluate=False)


def product(factors: Iterable[object]) -> sympy.Expr:
    """The factors multiplied, in the order given, not worked out."""
    return sympy.Mul(*(sympy.sympify(factor) for factor in factors), evaluate=False)


def minus(left: object, right: object) -> sympy.Expr:
    """left − right, not worked out."""
    negated = sympy.Mul(sympy.S.NegativeOne, sympy.sympify(right), evaluate=False)
    return sympy.Add(sympy.sympify(left), negated, evaluate=False)


def binomial_ratio(chosen: int, out_of: int, drawn: int) -> sympy.Expr:
    """C(chosen, drawn)/C(out_of, drawn): `drawn` cards all from `chosen` of `out_of`."""
    top = sympy.binomial(chosen, drawn, evaluate=False)
    return over(top, sympy.binomial(out_of, drawn, evaluate=False))


def value(expr: sympy.Expr) -> sympy.Rational:
    """The expression worked out exactly."""
    return sympy.Rational(expr.doit())
