"""Ratings of students and items on one scale, both updated after every answer
(docs/design.md#practice-at-my-level).

A rating is a value in logits and its variance: how unsure it still is. A student of rating θ
answers an item of rating β right with the chance 1 / (1 + e^−(θ−β)). The answer is scored as
Klinkenberg, Straatemeier and van der Maas (2011) score it, "high speed, high stakes": right
fast scores near +1, wrong fast near −1, slow near 0; with the clock off only right or wrong
counts. Both ratings then take one Bayesian step: the unsurer a rating, the further it moves,
and every answer makes both surer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime

from mathcards.i18n import _

STUDENT_START = 0.0  # a new student, on the items' scale (docs/design.md#the-rating-model)
STUDENT_VARIANCE = 1.2**2  # how far a new student may be from it: a class's spread
ITEM_VARIANCE = 0.7**2  # how far a deal's first difficulty may be from its true one
LEARNING = 0.004  # the variance a student's rating gains each answer: students learn
AWAY = 0.05  # and each day away, up to STUDENT_VARIANCE
SMALL = 1e-4  # below this |θ − β| the scored expectation is its series


@dataclass(frozen=True)
class Rating:
    """A rating: its value in logits, its variance, the answers it has seen and when the last
    one came (None: never, or not said)."""

    value: float
    variance: float
    answers: int = 0
    last: datetime | None = None

    @property
    def spread(self) -> float:
        """The rating's standard deviation: how far from `value` the truth may well be."""
        return math.sqrt(self.variance)


def new_student() -> Rating:
    """The rating of a student who has not answered yet."""
    return Rating(STUDENT_START, STUDENT_VARIANCE)


def new_item(prior: float) -> Rating:
    """The rating of an item nobody has answered yet: its difficulty worked out beforehand."""
    return Rating(prior, ITEM_VARIANCE)


@dataclass(frozen=True)
class Attempt:
    """One answer: right or wrong, the seconds it took, the hints taken (a hinted right answer
    counts half), whether the hints showed a whole answer (then it counts as wrong), and
    whether the clock was on (off: only right or wrong counts)."""

    right: bool
    seconds: float | None = None
    hints: int = 0
    shown: bool = False
    clock: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.right, bool):
            raise ValueError(_("an answer is right or wrong, not {right}").format(right=self.right))
        if not isinstance(self.hints, int) or isinstance(self.hints, bool) or self.hints < 0:
            message = _("hints must be a whole number, 0 or more, not {hints}")
            raise ValueError(message.format(hints=repr(self.hints)))
        if self.clock and self.seconds is None:
            raise ValueError(_("with the clock on, an answer needs its seconds"))
        seconds = self.seconds
        if seconds is not None and not (isinstance(seconds, int | float) and 0 <= seconds < 1e9):
            message = _("seconds must be a number, 0 or more, not {seconds}")
            raise ValueError(message.format(seconds=repr(seconds)))

    @property
    def credit(self) -> float:
        """How right: 1, ½ when a hint helped, 0 when wrong or when a hint showed the answer."""
        if not self.right or self.shown:
            return 0.0
        return 0.5 if self.hints else 1.0


def score(answer: Attempt, deadline: float) -> float:
    """The answer's score from −1 to 1: with the clock, (2·right − 1)·(deadline − s)/deadline
    (0 once the deadline has passed); without it, 2·right − 1."""
    sign = 2 * answer.credit - 1
    if not answer.clock:
        return sign
    assert answer.seconds is not None  # Attempt refuses a timed answer without its seconds
    return sign * max(deadline - answer.seconds, 0.0) / deadline


def chance(difference: float) -> float:
    """The chance of a right answer when the student is `difference` = θ − β above the item."""
    if difference < -700:
        return 0.0
    return 1 / (1 + math.exp(-difference))


def expected_score(difference: float, clock: bool = True) -> float:
    """The expected score at θ − β: coth(δ) − 1/δ with the clock (the paper's expectation),
    tanh(δ/2) = 2·chance − 1 without it."""
    if not clock:
        return math.tanh(difference / 2)
    if abs(difference) < SMALL:
        return difference / 3
    if abs(difference) > 30:
        return math.copysign(1.0, difference) - 1 / difference
    return 1 / math.tanh(difference) - 1 / difference


def expected_chance(student: Rating, item: Rating) -> float:
    """The chance of a right answer, the two ratings' uncertainty counted (the logistic
    averaged over it, by the probit approximation)."""
    variance = student.variance + item.variance
    return chance((student.value - item.value) / math.sqrt(1 + math.pi * variance / 8))


@dataclass(frozen=True)
class Change:
    """What one answer did: both ratings before and after, the score and its expectation."""

    student_before: Rating
    item_before: Rating
    student: Rating
    item: Rating
    score: float
    expected: float


def update(
    student: Rating,
    item: Rating,
    answer: Attempt,
    deadline: float,
    at: datetime | None = None,
) -> Change:
    """Both ratings after one answer: the exact posterior of θ − β under the two ratings'
    Gaussians and the answer's likelihood, worked out on a grid, its mean and variance shared
    back by the ratings' variances (docs/design.md#the-rating-model)."""
    if isinstance(deadline, bool) or not isinstance(deadline, int | float) or not deadline > 0:
        raise ValueError(_("the deadline must be above 0 seconds, not {d}").format(d=deadline))
    before = _drifted(student, at)
    difference = before.value - item.value
    variance = before.variance + item.variance
    scored = score(answer, deadline)
    mean, spread = _posterior(difference, variance, scored, answer)
    moved = (mean - difference) / variance  # per unit of variance
    shrunk = (variance - spread) / variance**2
    return Change(
        student,
        item,
        Rating(
            before.value + before.variance * moved,
            max(before.variance - before.variance**2 * shrunk, FLOOR),
            before.answers + 1,
            at or before.last,
        ),
        Rating(
            item.value - item.variance * moved,
            max(item.variance - item.variance**2 * shrunk, FLOOR),
            item.answers + 1,
            at or item.last,
        ),
        scored,
        expected_score(difference, answer.clock),
    )


GRID = [step / 4 for step in range(-24, 25)]  # θ − β in standard deviations, ±6
WEIGHTS = [math.exp(-z * z / 2) for z in GRID]
FLOOR = 1e-4  # no rating is ever surer than this variance


def _posterior(
    difference: float, variance: float, scored: float, answer: Attempt
) -> tuple[float, float]:
    """The mean and variance of θ − β once the answer is known, prior N(difference, variance)."""
    spread = math.sqrt(variance)
    logs = [_likelihood(difference + spread * z, scored, answer.clock, answer.credit) for z in GRID]
    top = max(logs)
    weights = [w * math.exp(log - top) for w, log in zip(WEIGHTS, logs, strict=True)]
    total = sum(weights)
    mean = sum(w * z for w, z in zip(weights, GRID, strict=True)) / total
    square = sum(w * z * z for w, z in zip(weights, GRID, strict=True)) / total
    return difference + spread * mean, variance * max(square - mean**2, 1e-9)


def _likelihood(difference: float, scored: float, clock: bool, credit: float) -> float:
    """The log-likelihood of the answer at θ − β: with the clock, the density of the score,
    e^(δ·S)·δ / (2 sinh δ) on [−1, 1]; without it, credit·log p + (1 − credit)·log(1 − p)."""
    if clock:
        size = abs(difference)
        if size < 1e-6:
            return -math.log(2)
        return difference * scored - size - math.log(-math.expm1(-2 * size) / size)
    right = -math.log1p(math.exp(-difference)) if difference > -700 else difference
    wrong = -math.log1p(math.exp(difference)) if difference < 700 else -difference
    return credit * right + (1 - credit) * wrong


def _drifted(student: Rating, at: datetime | None) -> Rating:
    """The student's rating grown a little unsurer: they learn as they answer, and forget or
    grow away from practice."""
    variance = student.variance + LEARNING
    if at is not None and student.last is not None:
        days = max((at - student.last).total_seconds(), 0.0) / 86400
        variance += AWAY * days
    return replace(student, variance=min(variance, max(STUDENT_VARIANCE, student.variance)))
