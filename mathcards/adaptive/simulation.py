"""A class of simulated students practising at their level: how well the ratings find their
abilities, and how near their share of right answers comes to the aim (bench/adaptive.py
prints it; tests/adaptive/test_simulation.py holds it to the goals of
docs/design.md#practice-at-my-level).

Each student has a true ability and each item a true difficulty, its prior plus an error the
prior model does not know. A student answers right with the logistic chance of the two and,
with the clock on, in the seconds the timed model draws (right and able: fast)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mathcards.adaptive.practice import AdaptivePractice
from mathcards.adaptive.rating import chance
from mathcards.adaptive.skills import SUCCESS, Skill

LATER = 20  # the share of right answers is counted from answer 21 on


@dataclass
class Class:
    """What became of a simulated class."""

    abilities: dict[str, float]
    ratings: dict[str, float]
    later: dict[str, list[bool]]  # each student's answers from answer 21 on: right or wrong
    choosing: list[float] = field(default_factory=list)  # seconds each choice took, if timed
    recording: list[float] = field(default_factory=list)

    @property
    def correlation(self) -> float:
        """Spearman's rank correlation of the ratings with the true abilities."""
        names = list(self.abilities)
        return spearman([self.abilities[n] for n in names], [self.ratings[n] for n in names])

    @property
    def success(self) -> float:
        """The share of right answers in answers 21 on, the whole class's."""
        answers = [right for student in self.later.values() for right in student]
        return sum(answers) / len(answers)

    def shares(self) -> list[float]:
        """Each student's own share of right answers from answer 21 on, lowest first."""
        return sorted(sum(answers) / len(answers) for answers in self.later.values())


def simulate(
    skill: Skill | str = Skill.TARGET,
    *,
    students: int = 200,
    answers: int = 40,
    success: float = SUCCESS,
    clock: bool = True,
    spread: float = 1.0,
    error: float = 0.5,
    seed: int = 0,
    timer: Callable[[], float] | None = None,
) -> Class:
    """`students` of abilities from N(0, `spread`) answer `answers` items each, in turns, one
    practice aiming at `success`; every item's true difficulty is its prior plus N(0, `error`).
    With a `timer` (time.perf_counter) each choice and each record is timed."""
    rng = random.Random(seed)
    practice = AdaptivePractice(skill, success=success, clock=clock, seed=seed)
    abilities = {f"student {n}": rng.gauss(0, spread) for n in range(students)}
    truth: dict[str, float] = {}
    result = Class(abilities, {}, {name: [] for name in abilities})
    for turn in range(answers):
        for name, ability in abilities.items():
            start = timer() if timer else 0.0
            item = practice.next_item(name)
            chosen = timer() if timer else 0.0
            difficulty = truth.setdefault(item.key, item.prior + rng.gauss(0, error))
            right = rng.random() < chance(ability - difficulty)
            seconds = timed(rng, ability - difficulty, right, practice.deadline)
            before = timer() if timer else 0.0
            practice.record(name, item, right=right, seconds=seconds)
            if timer:
                result.choosing.append(chosen - start)
                result.recording.append(timer() - before)
            if turn >= LATER:
                result.later[name].append(right)
    result.ratings = {name: practice.rating(name).value for name in abilities}
    return result


def timed(rng: random.Random, difference: float, right: bool, deadline: float) -> float:
    """Seconds drawn from the timed model: given right or wrong, the score's size u = 1 − t/d
    has the density e^(±δu) on [0, 1] (so the able answer right fast, wrong slowly)."""
    slope = difference if right else -difference
    drawn = rng.random()
    size = drawn if abs(slope) < 1e-9 else math.log1p(drawn * math.expm1(slope)) / slope
    return deadline * (1 - min(max(size, 0.0), 1.0))


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    """Spearman's rank correlation (ties take their average rank)."""
    return statistics.correlation(_ranks(first), _ranks(second))


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for place in order[start : end + 1]:
            ranks[place] = (start + end) / 2
        start = end + 1
    return ranks
