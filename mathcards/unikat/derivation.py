"""Unikat's counts derived in sympy: 3⁴ = 81 cards (four features of three values each),
81·8/2 = 324 pairs that may touch (8 neighbours a card, each pair counted from both cards),
and the chance that a rack of N can touch the start card, 1 − C(72, N)/C(80, N). The
expressions are unevaluated, to be shown; sympy is imported on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathcards.unikat.cards import FEATURES
from mathcards.unikat.odds import OTHERS, TOUCHING, check_rack_size

if TYPE_CHECKING:
    import sympy


def card_count() -> sympy.Expr:
    """3⁴: a value for each of the four features, three values each."""
    import sympy

    (values,) = {len(feature.values) for feature in FEATURES}
    return sympy.Pow(values, len(FEATURES), evaluate=False)


def neighbours() -> sympy.Expr:
    """4·2: change one of the four features to one of its two other values."""
    import sympy

    (values,) = {len(feature.values) for feature in FEATURES}
    return sympy.Mul(len(FEATURES), values - 1, evaluate=False)


def pair_count() -> sympy.Expr:
    """81·8/2: every card's 8 neighbours, each pair counted from both of its cards."""
    import sympy

    cards, touching = card_count().doit(), neighbours().doit()
    both = sympy.Mul(cards, touching, evaluate=False)
    return sympy.Mul(both, sympy.Pow(2, -1, evaluate=False), evaluate=False)


def no_neighbour(rack_size: int) -> sympy.Expr:
    """C(72, N)/C(80, N): all N rack cards come from the 72 that cannot touch the start card."""
    import sympy

    check_rack_size(rack_size)
    top = sympy.binomial(OTHERS - TOUCHING, rack_size, evaluate=False)
    bottom = sympy.binomial(OTHERS, rack_size, evaluate=False)
    return sympy.Mul(top, sympy.Pow(bottom, -1, evaluate=False), evaluate=False)


def can_lay_first(rack_size: int) -> sympy.Expr:
    """1 − C(72, N)/C(80, N): the rack holds at least one card that may touch the start card."""
    import sympy

    taken = sympy.Mul(-1, no_neighbour(rack_size), evaluate=False)
    return sympy.Add(1, taken, evaluate=False)


def value(expr: sympy.Expr) -> sympy.Rational:
    """The expression worked out exactly."""
    import sympy

    return sympy.Rational(expr.doit())
