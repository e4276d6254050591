"""The totals of a level's two dice as generating functions: each die is the polynomial
x^(face) summed over its six faces, the product of the two is expanded by sympy, and the
coefficient of x^t counts the pairs of faces that roll t (out of 36)."""

from __future__ import annotations

import sympy

from mathcards.mam.cards import Die, Level


def variable() -> sympy.Symbol:
    return sympy.Symbol("x")


def polynomial(die: Die) -> sympy.Expr:
    """The die's generating function: x^(face) for every face (equal faces add up)."""
    return sympy.Add(*(variable() ** face for face in die))


def product(level: Level) -> sympy.Expr:
    """The two dice's polynomials side by side, not multiplied out."""
    first, second = level.dice
    return sympy.Mul(polynomial(first), polynomial(second), evaluate=False)


def expanded(level: Level) -> sympy.Expr:
    """The product multiplied out by sympy: one term c·x^t for every total t."""
    return sympy.expand(product(level))


def ways(level: Level) -> dict[int, int]:
    """For every total the dice can roll, the coefficient of x^total: the pairs of faces."""
    terms = sympy.Poly(expanded(level), variable()).terms()
    return {int(degree): int(coefficient) for (degree,), coefficient in sorted(terms)}
