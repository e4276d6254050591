"""sympy checks the solver and the checker (issue 21, §2): every solution listed over random
deals, with and without the exponent variant, is worked out by sympy exactly to the target; and
"the same solution" (docs/rules.md#mam-same-answer) is exactly the same structure of the sympy
expression: chains of + and − flattened to what is added and what is taken away, chains of × and
÷ to the factors and the divisors, a power kept as base and exponent."""

from __future__ import annotations

from itertools import combinations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.mam.checker import check, evaluate
from mathcards.mam.solver import find_solutions
from mathcards.mam.steps import StepError
from mathcards.mam.tree import Node, Number, Operation, tree_text
from mathcards.mam.typeset import exact, expression

cards = st.lists(st.integers(1, 20), min_size=1, max_size=5)


def shape(expr: sympy.Expr) -> tuple:
    """The structure docs/rules.md#mam-same-answer calls one solution, read from the sympy
    expression alone."""
    if expr.is_Integer:
        return ("card", int(expr))
    if expr.is_Pow and expr.args[1] is not sympy.S.NegativeOne:
        return ("power", shape(expr.args[0]), shape(expr.args[1]))
    if expr.is_Add or _negated(expr):
        added: list[tuple] = []
        taken: list[tuple] = []
        _signed(expr, True, added, taken)
        return ("sum", sorted(added, key=repr), sorted(taken, key=repr))
    factors: list[tuple] = []
    divisors: list[tuple] = []
    _divided(expr, True, factors, divisors)
    return ("product", sorted(factors, key=repr), sorted(divisors, key=repr))


def _negated(expr: sympy.Expr) -> bool:
    return bool(expr.is_Mul and expr.args[0] is sympy.S.NegativeOne)


def _signed(expr: sympy.Expr, plus: bool, added: list, taken: list) -> None:
    if expr.is_Add:
        for term in expr.args:
            _signed(term, plus, added, taken)
    elif _negated(expr):
        _signed(expr.args[1], not plus, added, taken)
    else:
        (added if plus else taken).append(shape(expr))


def _divided(expr: sympy.Expr, up: bool, factors: list, divisors: list) -> None:
    if expr.is_Mul and not _negated(expr):
        for factor in expr.args:
            _divided(factor, up, factors, divisors)
    elif expr.is_Pow and expr.args[1] is sympy.S.NegativeOne:
        _divided(expr.args[0], not up, factors, divisors)
    else:
        (factors if up else divisors).append(shape(expr))


@st.composite
def typed(draw: st.DrawFn, numbers: list[int] | None = None, power: bool = True) -> Node:
    """A calculation as a child might type it: the numbers in any order, any brackets."""
    if numbers is None:
        numbers = draw(st.lists(st.integers(1, 12), min_size=1, max_size=5))
    numbers = draw(st.permutations(numbers))
    if len(numbers) == 1:
        return Number(numbers[0], 0)
    cut = draw(st.integers(1, len(numbers) - 1))
    op = draw(st.sampled_from("+-*/^" if power else "+-*/"))
    left = draw(typed(numbers[:cut], power))
    return Operation(op, left, draw(typed(numbers[cut:], power)), 0)


def mirrored(tree: Node) -> Node:
    """The same solution typed another way: the two sides of every + and × swapped."""
    if isinstance(tree, Number):
        return tree
    left, right = mirrored(tree.left), mirrored(tree.right)
    if tree.op in "+*":
        left, right = right, left
    return Operation(tree.op, left, right, 0)


def form_of(tree: Node) -> tuple | None:
    try:
        return evaluate(tree, power=True)[1]
    except StepError:
        return None


@settings(max_examples=60)
@given(cards=cards, target=st.integers(0, 60), power=st.booleans())
def test_every_listed_solution_is_the_target_in_sympy(cards, target, power):
    found = find_solutions(cards, target, power=power, limit=30)
    forms = [solution.form for solution in found.solutions]
    assert len(set(forms)) == len(forms)  # distinct listed solutions: distinct canonical forms
    shapes = [shape(expression(form)) for form in forms]
    assert len(set(map(repr, shapes))) == len(shapes)  # … and distinct in sympy's structure
    for solution in found.solutions:
        assert exact(solution.form) == target and solution.confirmed(target) is solution
    for solution in found.solutions[:3]:  # sympy's own doit(), slower: a few
        assert expression(solution.form).doit() == target


@settings(max_examples=150)
@given(st.data())
def test_the_same_solution_is_the_same_sympy_structure(data):
    tree = data.draw(typed())
    form = form_of(tree)
    if form is None:
        return
    assert form_of(mirrored(tree)) == form
    assert shape(expression(mirrored(tree))) == shape(expression(tree)) == shape(expression(form))
    other = data.draw(typed([number.value for number in _numbers(tree)]))
    other_form = form_of(other)
    if other_form is not None:
        same_shape = shape(expression(other)) == shape(expression(tree))
        assert (other_form == form) == same_shape


@settings(max_examples=100)
@given(st.data(), st.booleans())
def test_an_answer_judged_right_is_the_target_in_sympy(data, power):
    tree = data.draw(typed(power=power))
    used = [number.value for number in _numbers(tree)]
    try:
        target = evaluate(tree, power=power)[0] + data.draw(st.sampled_from([0, 0, 1]))
    except StepError:
        return
    verdict = check(tree_text(tree), used, target, power=power)
    assert verdict.correct == (exact(tree) == target)
    if verdict.correct:
        assert expression(tree).doit() == target == exact(verdict.form)
        assert verdict.confirmed() is verdict


def test_a_rulebook_table_s_solutions_are_sympy_s_32_and_distinct_in_pairs():
    found = find_solutions([7, 6, 12, 2, 15], 32, power=True)
    assert found.complete and found.total == len(found.solutions) == 40
    for first, second in combinations(found.solutions, 2):
        assert shape(expression(first.form)) != shape(expression(second.form))


def _numbers(tree: Node) -> list[Number]:
    if isinstance(tree, Number):
        return [tree]
    return _numbers(tree.left) + _numbers(tree.right)
