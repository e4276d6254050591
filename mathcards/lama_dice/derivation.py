"""LAMA Dice's chances derived in sympy, die by die: the dice are independent, so a chance
about all three is a product of one chance per die. At least one die shows v is
1 − (1 − a/6)(1 − b/6)(1 − c/6), with a, b, c the faces of each die that show v; three llamas
is a product; the four cases of a roll (a bust among them) add up to 1. The expressions are
unevaluated, to be shown; `value` works them out exactly."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sympy

from mathcards.chips import LLAMA
from mathcards.derivation import minus, over, product, value
from mathcards.lama_dice.dice import VALUES, Case, Dice, Row, check_dice

FACES = 6


def symbols() -> tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]:
    """a, b, c: how many faces of the first, second and third die count."""
    a, b, c = sympy.symbols("a b c")
    return a, b, c


def faces_showing(dice: Dice, values: Iterable[int]) -> tuple[int, int, int]:
    """For each die, how many of its six faces show one of `values`."""
    wanted = set(values)
    first, second, third = (sum(face in wanted for face in die) for die in check_dice(dice))
    return first, second, third


def sixths(count: object) -> sympy.Expr:
    """count/6, kept as it is written (2/6, not 1/3)."""
    return over(count, FACES)


def none_shows(counts: Sequence[object]) -> sympy.Expr:
    """(1 − a/6)(1 − b/6)(1 − c/6): no die shows it, each die missing on its own."""
    return product(minus(1, sixths(count)) for count in counts)


def at_least_one(counts: Sequence[object] | None = None) -> sympy.Expr:
    """1 − (1 − a/6)(1 − b/6)(1 − c/6), in letters, or for the counts given."""
    return minus(1, none_shows(symbols() if counts is None else counts))


def every_die(counts: Sequence[object]) -> sympy.Expr:
    """(a/6)(b/6)(c/6): every die shows one of its counted faces."""
    return product(sixths(count) for count in counts)


def chance_shows(dice: Dice, shown: int) -> sympy.Rational:
    """At least one die shows `shown`: the formula in letters, with a, b, c put in."""
    letters = dict(zip(symbols(), faces_showing(dice, [shown]), strict=True))
    return value(at_least_one().subs(letters))


def three_llamas(dice: Dice) -> sympy.Expr:
    """(a/6)(b/6)(c/6) with a, b, c the llamas on each die."""
    return every_die(faces_showing(dice, [LLAMA]))


def cases(dice: Dice, row: Row, llama_row: Row) -> dict[Case, sympy.Expr]:
    """Each case of the next roll (not alone) as products of one chance per die.

    Per die: r faces match your row, d faces match neither row. Three llamas is checked
    first, so it is taken out of the case the llamas would otherwise fall in."""
    matched = set(row) | set(llama_row)
    mine = faces_showing(dice, row)
    dead = faces_showing(dice, set(VALUES) - matched)
    llamas = three_llamas(dice)
    in_case = {
        Case.DISCARD: LLAMA in row,
        Case.TAKE: LLAMA in llama_row and LLAMA not in row,
        Case.BUST: LLAMA not in matched,
    }
    shown = {
        Case.DISCARD: at_least_one(mine),
        Case.TAKE: minus(none_shows(mine), every_die(dead)),
        Case.BUST: every_die(dead),
    }
    return {
        Case.THREE_LLAMAS: llamas,
        **{case: minus(expr, llamas) if in_case[case] else expr for case, expr in shown.items()},
    }


def bust(dice: Dice, row: Row, llama_row: Row) -> sympy.Expr:
    """The chance of a bust: every die misses both rows (less three llamas, if they miss)."""
    return cases(dice, row, llama_row)[Case.BUST]
