"""How hard an item is before anyone has answered it (docs/design.md#difficulty-of-a-deal).

A MAM! deal's features come from the solver: how many distinct answers, the fewest cards an
answer needs, whether every answer needs ÷ or a power, whether a search forward from the cards,
always taking the step that lands nearest the target, reaches it, and the level whose dice
rolled it. A roll-or-quit moment's comes from how close its two choices' expected penalties
are. Each prior is a difficulty in logits, on the scale of the ratings (`rating.py`).

Only the bank's script (scripts/adaptive_bank.py) and its test run the solver; choosing a deal
reads the bank.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations

from mathcards.adaptive.bank import Features
from mathcards.mam.solver import solve
from mathcards.mam.steps import StepError, apply

LEVEL_OFFSET = {"easy": -1.0, "normal": 0.0, "hard": 0.6}  # the level's dice: larger targets
FEWEST = 0.6  # each card more that the shortest answer needs
ANSWERS = -0.3  # each factor e more distinct answers
DIVISION = 0.6  # every answer needs ÷
POWER = 0.6  # every answer needs a power
MISSED = 0.8  # the forward search does not reach the target
FORWARD_STEP = 0.15  # each step the forward search needs beyond the first
TYPICAL = 3  # the fewest cards of a typical deal

GAP_EVEN = 0.5  # a moment's difficulty when its choices are 1 penalty point apart
GAP = -1.2  # each factor e further apart


def features(cards: Iterable[int], target: int, level: str, power: bool) -> Features:
    """A deal's features, from every one of its answers (it must have one)."""
    hand = tuple(cards)
    answers = solve(hand, target, power=power)
    if not answers:
        raise ValueError(f"{hand} cannot make {target}: a deal in the bank must have an answer")
    return Features(
        level=level,
        answers=len(answers),
        fewest=min(len(answer.cards) for answer in answers),
        division=all("/" in answer.operators for answer in answers),
        power=all("^" in answer.operators for answer in answers),
        forward=forward_steps(hand, target, power),
    )


def prior(found: Features) -> float:
    """A deal's difficulty before anyone answered it, in logits (docs/design.md#the-formula)."""
    steps = MISSED if found.forward is None else FORWARD_STEP * max(found.forward - 1, 0)
    return round(
        LEVEL_OFFSET[found.level]
        + FEWEST * (found.fewest - TYPICAL)
        + ANSWERS * math.log(found.answers)
        + DIVISION * found.division
        + POWER * found.power
        + steps,
        3,
    )


def forward_steps(cards: Iterable[int], target: int, power: bool) -> int | None:
    """Steps a forward search takes to make the target, always combining the two numbers whose
    result lands nearest it (plain + and − first on a tie), and stopping when no step gets
    nearer than the nearest number it has; None when it stops short (van der Maas and
    Nyamsuren 2017's forward proximity heuristic)."""
    numbers = sorted(cards)
    steps = 0
    while target not in numbers:
        nearest = min(abs(n - target) for n in numbers)
        step = _nearest_step(numbers, target, power)
        if step is None or abs(step[0] - target) >= nearest:
            return None
        result, i, j = step
        numbers = sorted([n for k, n in enumerate(numbers) if k not in (i, j)] + [result])
        steps += 1
    return steps


ORDER = "+-*/^"  # on a tie, the step a child tries first


def _nearest_step(numbers: list[int], target: int, power: bool) -> tuple[int, int, int] | None:
    """The step (result, i, j) over two of the numbers that lands nearest the target."""
    best: tuple[int, int, int, int, int] | None = None  # distance, operator, result, i, j
    for i, j in combinations(range(len(numbers)), 2):
        for a, b in ((numbers[i], numbers[j]), (numbers[j], numbers[i])):
            for rank, op in enumerate(ORDER):
                if op == "^" and not power:
                    continue
                try:
                    result = apply(op, a, b, powers=power)
                except StepError:
                    continue
                found = (abs(result - target), rank, result, i, j)
                if best is None or found < best:
                    best = found
    return None if best is None else best[2:]


def moment_prior(roll: Fraction, quit_now: Fraction) -> float:
    """A roll-or-quit moment's difficulty: the closer the two choices' expected penalties, the
    harder it is to tell which is better."""
    gap = abs(float(roll - quit_now))
    return round(GAP_EVEN + GAP * math.log(max(gap, 0.01)), 3)
