"""A plain reference enumerator for the target game, written to check and time the solver.

Recursive over every binary tree of every selection of cards, exact `Fraction` arithmetic,
its own reading of the step rules, and canonical dedupe. Slow on purpose: it is obviously right.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from mathcards.target.expression import Form, combine, leaf


def _step(op: str, a: Fraction, b: Fraction, power: bool, max_power: int) -> Fraction | None:
    """RULES.md §1 read directly: each intermediate value a whole number, 0 or more."""
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "*":
        result = a * b
    elif op == "/":
        result = a / b if b else None
    elif not power or (a == 0 and b == 0) or (a > 1 and b > 64):
        result = None
    else:
        result = a**b
        if result > max_power:
            result = None
    if result is None or result < 0 or result.denominator != 1:
        return None
    return result


def _trees(cards: list[int], power: bool, max_power: int):
    """A function giving every (value, form) over exactly the cards at some indices."""
    ops = "+-*/^" if power else "+-*/"

    @cache
    def trees(indices: frozenset[int]) -> frozenset[tuple[Fraction, Form]]:
        if len(indices) == 1:
            (i,) = indices
            return frozenset({(Fraction(cards[i]), leaf(cards[i]))})
        made = set()
        members = sorted(indices)
        for mask in range(1, (1 << len(members)) - 1):
            left = frozenset(m for k, m in enumerate(members) if mask >> k & 1)
            for a, left_form in trees(left):
                for b, right_form in trees(indices - left):
                    for op in ops:
                        result = _step(op, a, b, power, max_power)
                        if result is not None:
                            made.add((result, combine(op, left_form, right_form)))
        return frozenset(made)

    return trees


def _selections(cards: list[int]):
    for mask in range(1, 1 << len(cards)):
        yield frozenset(i for i in range(len(cards)) if mask >> i & 1)


def enumerate_solutions(
    cards: list[int], target: int, power: bool = False, max_power: int = 10**6
) -> set[Form]:
    """Every canonical form, over any selection of the cards, whose value is `target`."""
    trees = _trees(cards, power, max_power)
    return {
        form for chosen in _selections(cards) for result, form in trees(chosen) if result == target
    }


def reachable(cards: list[int], power: bool = False, max_power: int = 10**6) -> dict:
    """Every reachable target with the (fewest, most) cards that reach it."""
    trees = _trees(cards, power, max_power)
    reach: dict[int, tuple[int, int]] = {}
    for chosen in _selections(cards):
        for result, _ in trees(chosen):
            fewest, most = reach.get(int(result), (len(chosen), len(chosen)))
            reach[int(result)] = (min(fewest, len(chosen)), max(most, len(chosen)))
    return reach
