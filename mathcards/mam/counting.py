"""How many calculations n cards make, as sympy works it out: the orders of the cards (n!), the
bracketings (the Catalan number C(n−1)) and an operator in each of the n − 1 gaps (4, or 5 with
the exponent variant); then, for a small hand, every one of them written out and worked out by
the rules of docs/rules.md#mam-arithmetic, to check the formula and to count the distinct
values, which the solver's own `values` must find too. `formal_count` is the mathematicians'
count without our rules (OEIS A140606).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import sympy
from sympy import QQ
from sympy.polys.fields import field

from mathcards.i18n import _
from mathcards.mam.solver import Hand, values
from mathcards.mam.steps import MAX_POWER, StepError, apply

WRITTEN_OUT = 4  # the most cards whose every calculation `census` writes out (7 680, or 15 000)
FORMAL = 4  # the most operands `formal_count` works out (1 170 rational functions)
MOST_CARDS = 8


def operators(power: bool = False) -> str:
    """The operators a gap between two cards may hold."""
    return "+-*/^" if power else "+-*/"


def _checked(cards: int, most: int = MOST_CARDS) -> int:
    """`cards`, if it is from 1 to `most`."""
    if not 1 <= cards <= most:
        raise ValueError(_("from 1 to {most} cards").format(most=most))
    return cards


def factors(cards: int, power: bool = False) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """The count of calculations with all `cards` (distinct) cards, unevaluated, as its three
    factors: the orders n!, the bracketings C(n−1), the operators 4^(n−1) (5^(n−1) with ^)."""
    n = _checked(cards)
    return (
        sympy.factorial(n, evaluate=False),
        sympy.catalan(n - 1, evaluate=False),
        sympy.Pow(len(operators(power)), n - 1, evaluate=False),
    )


def general_factors(power: bool = False) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """`factors` for any number n of cards: n!, C(n−1) and 4^(n−1) (5^(n−1) with ^)."""
    n = sympy.Symbol("n", integer=True, positive=True)
    gaps = sympy.Add(n, -1, evaluate=False)
    return (
        sympy.factorial(n),
        sympy.catalan(gaps, evaluate=False),
        sympy.Pow(len(operators(power)), gaps, evaluate=False),
    )


def calculations(cards: int, power: bool = False) -> int:
    """How many calculations use all `cards` distinct cards: the product of `factors`."""
    return int(sympy.Mul(*(factor.doit() for factor in factors(cards, power))))


@dataclass(frozen=True)
class Census:
    """Every calculation with all the cards of a hand, written out and worked out: how many
    there are, how many keep every step whole and 0 or more, and the values those make."""

    hand: Hand
    power: bool
    written: int
    allowed: int
    made: frozenset[int]

    def agrees(self) -> bool:
        """The formula's count, and the solver's values, are what writing them out found."""
        same_count = self.written == calculations(len(self.hand), self.power)
        return same_count and self.made == values(self.hand, self.power)


def census(hand: Hand, power: bool = False) -> Census:
    """Write out every order, bracketing and operator for the hand (up to `WRITTEN_OUT`
    cards) and work each calculation out by the game's rules."""
    hand = tuple(sorted(hand))
    _checked(len(hand), WRITTEN_OUT)
    results = [
        result
        for order in itertools.permutations(hand)
        for result in _worked_out(order, operators(power))
    ]
    made = frozenset(result for result in results if result is not None)
    allowed = sum(result is not None for result in results)
    return Census(hand, power, len(results), allowed, made)


def _worked_out(cards: tuple[int, ...], ops: str) -> Iterator[int | None]:
    """The value of every bracketing and choice of operators over the cards in this order
    (None for one that breaks a rule)."""
    if len(cards) == 1:
        yield cards[0]
        return
    for cut in range(1, len(cards)):
        rights = list(_worked_out(cards[cut:], ops))
        for left in _worked_out(cards[:cut], ops):
            for right in rights:
                for op in ops:
                    yield _step(op, left, right)


def _step(op: str, left: int | None, right: int | None) -> int | None:
    if left is None or right is None:
        return None
    try:
        return apply(op, left, right, powers=True, max_power=MAX_POWER)
    except StepError:
        return None


def formal_count(operands: int) -> int:
    """How many different rational functions n letters make, each used once, with + − × ÷ and
    brackets (negatives and fractions allowed): OEIS A140606."""
    n = _checked(operands, FORMAL)
    return len(_formal(frozenset(range(n)), n))


@cache
def _formal(letters: frozenset[int], operands: int) -> frozenset:
    """Every rational function the letters make, as elements of the field ℚ(x₀, …)."""
    names = ",".join(f"x{i}" for i in range(operands))
    generators = field(names, QQ)[1:]
    if len(letters) == 1:
        return frozenset({generators[next(iter(letters))]})
    made = set()
    ordered = sorted(letters)
    for size in range(1, len(ordered)):
        for part in itertools.combinations(ordered, size):
            if ordered[0] not in part:
                continue  # each split once: the part holding the first letter on the left
            rest = letters - set(part)
            for a in _formal(frozenset(part), operands):
                for b in _formal(rest, operands):
                    made |= {a + b, a - b, b - a, a * b, a / b, b / a}
    return frozenset(made)
