"""A plain reference enumerator for the target game, written to check and time the solver.

It shares no code with `mathcards`: every binary tree over every selection of cards, exact
`Fraction` arithmetic, its own reading of docs/rules.md#mam-arithmetic (steps and canonical
forms), and its own reader of printed solutions (Python's `ast`). Slow on purpose: it is
obviously right.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

Form = tuple  # ("card", n) | ("sum", added, subtracted) | ("product", factors, divisors)
#              | ("power", base, exponent); the multisets are sorted tuples of forms
CHAIN = {"+": "sum", "-": "sum", "*": "product", "/": "product"}


def card(value: int) -> Form:
    return ("card", value)


def combine(op: str, left: Form, right: Form) -> Form:
    """docs/rules.md#mam-same-answer: chains of + and − (× and ÷) flatten into what is added
    and subtracted."""
    if op == "^":
        return ("power", left, right)
    kind = CHAIN[op]
    plus, minus = (left[1], left[2]) if left[0] == kind else ((left,), ())
    more, less = (right[1], right[2]) if right[0] == kind else ((right,), ())
    if op in "-/":
        more, less = less, more
    return (kind, tuple(sorted(plus + more)), tuple(sorted(minus + less)))


def cards(form: Form) -> list[int]:
    """The cards a form uses."""
    if form[0] == "card":
        return [form[1]]
    if form[0] == "power":
        return cards(form[1]) + cards(form[2])
    return [value for part in form[1] + form[2] for value in cards(part)]


def form_of(text: str) -> Form:
    """The canonical form of a printed solution such as ``7*6+2-12`` or ``7^(12/6)-15-2``."""
    operators = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "^"}

    def read(node: ast.expr) -> Form:
        if isinstance(node, ast.Constant):
            return card(node.value)
        assert isinstance(node, ast.BinOp), ast.dump(node)
        return combine(operators[type(node.op)], read(node.left), read(node.right))

    return read(ast.parse(text.replace("^", "**"), mode="eval").body)


def _step(op: str, a: Fraction, b: Fraction, power: bool, max_power: int) -> Fraction | None:
    """docs/rules.md#mam-whole-numbers read directly: each intermediate value a whole number, 0
    or more."""
    if op == "+":
        result: Fraction | None = a + b
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


def _trees(values: list[int], power: bool, max_power: int):
    """A function giving every (value, form) over exactly the cards at some indices."""
    ops = "+-*/^" if power else "+-*/"

    @cache
    def trees(indices: frozenset[int]) -> frozenset[tuple[Fraction, Form]]:
        if len(indices) == 1:
            (i,) = indices
            return frozenset({(Fraction(values[i]), card(values[i]))})
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


def _selections(values: list[int]) -> Iterator[frozenset[int]]:
    for mask in range(1, 1 << len(values)):
        yield frozenset(i for i in range(len(values)) if mask >> i & 1)


def enumerate_solutions(
    values: list[int], target: int, power: bool = False, max_power: int = 10**6
) -> set[Form]:
    """Every canonical form, over any selection of the cards, whose value is `target`."""
    trees = _trees(values, power, max_power)
    return {
        form for chosen in _selections(values) for result, form in trees(chosen) if result == target
    }


def all_card_forms(values: list[int], power: bool = False, max_power: int = 10**6) -> set[Form]:
    """Every canonical form that uses every one of the cards."""
    trees = _trees(values, power, max_power)
    return {form for _, form in trees(frozenset(range(len(values))))}


@cache
def solutions_by_target(
    values: tuple[int, ...], power: bool = False, max_power: int = 10**6
) -> dict[int, set[Form]]:
    """Every canonical form over any selection of the cards, by the target it makes."""
    trees = _trees(list(values), power, max_power)
    made: dict[int, set[Form]] = {}
    for chosen in _selections(list(values)):
        for result, form in trees(chosen):
            made.setdefault(int(result), set()).add(form)
    return made


def reachable(values: list[int], power: bool = False, max_power: int = 10**6) -> dict:
    """Every reachable target with the (fewest, most) cards that reach it."""
    trees = _trees(values, power, max_power)
    reach: dict[int, tuple[int, int]] = {}
    for chosen in _selections(values):
        for result, _ in trees(chosen):
            fewest, most = reach.get(int(result), (len(chosen), len(chosen)))
            reach[int(result)] = (min(fewest, len(chosen)), max(most, len(chosen)))
    return reach
