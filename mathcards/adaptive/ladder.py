"""A rating as a student and a teacher read it: a step on a ladder of ten, never a number in
logits (docs/design.md#the-ladder). Step k means: the student makes, three times in four, the
easiest (k − 1)/9 of the skill's bank. The ladder is the bank's first difficulties, so a
student's step moves only with their own rating. And a rating over the weeks, as a chart draws
it: each week's last value."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta, tzinfo
from functools import cache

from mathcards.adaptive.bank import bank
from mathcards.adaptive.skills import SUCCESS, Skill

RUNGS = 10  # the ladder's steps
SURE = math.log(SUCCESS / (1 - SUCCESS))  # θ − β at which a student makes an item 3 times in 4


@cache
def _priors(skill: Skill) -> list[float]:
    """The skill's first difficulties, smallest first (read once a process)."""
    return sorted(bank(skill).priors)


def height(skill: Skill, value: float) -> float:
    """Where a rating stands on the ladder, from 1 to RUNGS: 1 + 9 × the share of the bank's
    items the student makes three times in four."""
    priors = _priors(skill)
    share = bisect.bisect_right(priors, value - SURE) / len(priors)
    return 1 + (RUNGS - 1) * share


def rung(skill: Skill, value: float) -> int:
    """The step a rating stands on: 1 to RUNGS."""
    return min(int(height(skill, value)), RUNGS)


def week_of(moment: datetime, where: tzinfo) -> date:
    """The Monday of the week a moment falls in, in the zone."""
    day = moment.astimezone(where).date()
    return day - timedelta(days=day.weekday())


def weekly(moments: Iterable[tuple[datetime, float]], where: tzinfo) -> list[tuple[date, float]]:
    """Each week's last value (its Monday, in the zone), the first week first; `moments` in
    the order they came."""
    last: dict[date, float] = {}
    for moment, value in moments:
        last[week_of(moment, where)] = value
    return sorted(last.items())


def polyline(
    values: Sequence[float], width: float, tall: float, low: float = 1, high: float = RUNGS
) -> str:
    """The points of a line chart of `values` from left to right in a `width` × `tall` box,
    `low` at the bottom and `high` at the top ("x,y x,y", one decimal); one value, a dot's."""
    if not values:
        return ""
    gap = width / max(len(values) - 1, 1)
    span = (high - low) or 1

    def place(index: int, value: float) -> str:
        x = width / 2 if len(values) == 1 else index * gap
        y = tall - (min(max(value, low), high) - low) / span * tall
        return f"{x:.1f},{y:.1f}"

    return " ".join(place(index, value) for index, value in enumerate(values))
