"""The next item for a student: the one whose chance of a right answer is nearest the success
aimed at, never one already dealt in the set, chosen at random among near-equals
(docs/design.md#choosing-the-next-item)."""

from __future__ import annotations

import math
import random
from collections.abc import Container, Sequence

from mathcards.adaptive.rating import Rating, chance
from mathcards.i18n import _

NEAR = 0.02  # items at most this much further from the aim than the nearest are near-equals
SPREAD = math.pi / 8  # the probit approximation's factor (rating.expected_chance)


def choose(
    student: Rating,
    values: Sequence[float],
    variances: Sequence[float],
    success: float,
    rng: random.Random,
    dealt: Container[int] = (),
) -> int:
    """The place of the next item among the bank's items, whose ratings are `values` and
    `variances`, leaving out the places `dealt`.

    The chance is monotone in the scaled difference x = (θ − β) / √(1 + π(σ² + σᵢ²)/8), so the
    items are compared by x, and only the two nearest the aim's x on either side are weighed
    by their chance."""
    theta, own = student.value, student.variance
    aim = math.log(success / (1 - success))
    scaled = [
        (theta - value) / math.sqrt(1 + SPREAD * (own + variance))
        for value, variance in zip(values, variances, strict=True)
    ]
    below, above = -math.inf, math.inf  # the nearest x on either side of the aim's
    for place, x in enumerate(scaled):
        if x <= aim:
            if x > below and place not in dealt:
                below = x
        elif x < above and place not in dealt:
            above = x
    if below == -math.inf and above == math.inf:
        raise ValueError(_("every item has been dealt in this set: start a new set"))
    nearest = min(abs(chance(x) - success) for x in (below, above) if math.isfinite(x))
    low, high = _scaled(success - nearest - NEAR), _scaled(success + nearest + NEAR)
    near = [place for place, x in enumerate(scaled) if low <= x <= high and place not in dealt]
    return rng.choice(near)


def _scaled(share: float) -> float:
    """The scaled difference at which the chance is `share` (±∞ beyond 0 and 1)."""
    if share <= 0:
        return -math.inf
    if share >= 1:
        return math.inf
    return math.log(share / (1 - share))
