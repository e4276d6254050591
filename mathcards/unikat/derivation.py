"""Unikat's counts derived in sympy: 3⁴ = 81 cards (four features of three values each),
81·8/2 = 324 pairs that may touch (8 neighbours a card, each pair counted from both cards),
and the chance that a rack of N can touch the start card, 1 − C(72, N)/C(80, N). The
expressions are unevaluated, to be shown."""

from __future__ import annotations

import sympy

from mathcards.derivation import binomial_ratio, minus, over, product, value
from mathcards.unikat.cards import FEATURES
from mathcards.unikat.odds import OTHERS, TOUCHING, check_rack_size


def card_count() -> sympy.Expr:
    """3⁴: a value for each of the four features, three values each."""
    (values,) = {len(feature.values) for feature in FEATURES}
    return sympy.Pow(values, len(FEATURES), evaluate=False)


def neighbours() -> sympy.Expr:
    """4·2: change one of the four features to one of its two other values."""
    (values,) = {len(feature.values) for feature in FEATURES}
    return product([len(FEATURES), values - 1])


def pair_count() -> sympy.Expr:
    """81·8/2: every card's 8 neighbours, each pair counted from both of its cards."""
    return over(product([card_count().doit(), neighbours().doit()]), 2)


def no_neighbour(rack_size: int) -> sympy.Expr:
    """C(72, N)/C(80, N): all N rack cards come from the 72 that cannot touch the start card."""
    check_rack_size(rack_size)
    return binomial_ratio(OTHERS - TOUCHING, OTHERS, rack_size)


def can_lay_first(rack_size: int) -> sympy.Expr:
    """1 − C(72, N)/C(80, N): the rack holds at least one card that may touch the start card."""
    return minus(1, no_neighbour(rack_size))


__all__ = ["can_lay_first", "card_count", "neighbours", "no_neighbour", "pair_count", "value"]
