"""Practice at each student's level, in plain Python (docs/python.md shows it): ask
for a student's next item, record their answer, read their rating. Everything is kept in
memory; the class service keeps the same ratings in the class book."""

from __future__ import annotations

import random
from collections.abc import Container, Mapping
from datetime import datetime

from mathcards.adaptive.bank import Bank, Item, bank
from mathcards.adaptive.choosing import choose
from mathcards.adaptive.rating import (
    ITEM_VARIANCE,
    Attempt,
    Change,
    Rating,
    expected_chance,
    new_item,
    new_student,
    update,
)
from mathcards.adaptive.skills import DEADLINES, SUCCESS, Skill, checked_success, skill
from mathcards.i18n import _


class AdaptivePractice:
    """One skill's practice for a class: each student's rating, each item's rating, and the
    items dealt in each student's set so far (never dealt again in that set).

    `success` is the share of right answers the items are chosen for (0.60 to 0.90); `clock`
    whether answers are timed (off: only right or wrong counts); `seed` makes the choices
    among near-equals repeat; `students` and `items` are ratings kept from before, by student
    and by item key."""

    def __init__(
        self,
        practised: Skill | str = Skill.TARGET,
        *,
        success: float = SUCCESS,
        clock: bool = True,
        seed: int | str | None = None,
        students: Mapping[str, Rating] | None = None,
        items: Mapping[str, Rating] | None = None,
    ) -> None:
        self.skill = skill(practised)
        self.success = success
        if not isinstance(clock, bool):
            raise ValueError(_("the clock is on (True) or off (False), not {x}").format(x=clock))
        self.clock = clock
        self.deadline = DEADLINES[self.skill]
        self.bank: Bank = bank(self.skill)
        self.students: dict[str, Rating] = {
            _named(name): kept for name, kept in (students or {}).items()
        }
        self.items: dict[str, Rating] = {}  # the items answered, by key
        self.dealt: dict[str, list[str]] = {}  # each student's set so far, by key
        self._values = list(self.bank.priors)  # every item's rating, in the bank's order
        self._variances = [ITEM_VARIANCE] * len(self.bank)
        self._rng = random.Random(seed)
        for key, kept in (items or {}).items():
            self.learned(key, kept)

    @property
    def success(self) -> float:
        """The share of right answers the items are chosen for: 0.75 unless the teacher set
        another, from 0.60 to 0.90."""
        return self._success

    @success.setter
    def success(self, target: float) -> None:
        self._success = checked_success(target)

    def next_item(self, student: str, leaving_out: Container[int] = ()) -> Item:
        """The student's next item: the chance of a right answer nearest `success`, and none
        dealt to them in this set, nor at the bank's places `leaving_out`."""
        dealt = self.dealt.setdefault(_named(student), [])
        places = _Either({self.bank.index[key] for key in dealt}, leaving_out)
        place = choose(
            self.rating(student), self._values, self._variances, self.success, self._rng, places
        )
        dealt.append(self.bank.keys[place])
        return self.bank.item(place)

    next_deal = next_item  # a MAM! skill's items are deals

    def new_set(self, student: str) -> None:
        """Start the student's next set: what was dealt before may be dealt again."""
        self.dealt.pop(_named(student), None)

    def record(
        self,
        student: str,
        item: Item | str,
        *,
        right: bool,
        seconds: float | None = None,
        hints: int = 0,
        shown: bool = False,
        clock: bool | None = None,
        at: datetime | None = None,
    ) -> Change:
        """Record an answer to an item (or its key) and update both ratings: `seconds` it took
        (needed with the clock on), `hints` taken, whether they `shown` a whole answer, whether
        the `clock` was on (the practice's own setting unless said), `at` when it was given."""
        key = self.bank.find(item if isinstance(item, str) else item.key).key
        answer = Attempt(right, seconds, hints, shown, self.clock if clock is None else clock)
        change = update(self.rating(student), self.difficulty(key), answer, self.deadline, at)
        self.students[_named(student)] = change.student
        self.learned(key, change.item)
        return change

    def learned(self, key: str, rating: Rating) -> None:
        """Keep an item's rating, learned from answers (here or, for the class service, in the
        class book)."""
        self.bank.find(key)  # a ValueError naming a key the bank does not hold
        place = self.bank.index[key]
        self.items[key] = rating
        self._values[place], self._variances[place] = rating.value, rating.variance

    def rating(self, student: str) -> Rating:
        """The student's rating in this skill (a new student's until they answer)."""
        return self.students.get(_named(student)) or new_student()

    def difficulty(self, item: Item | str) -> Rating:
        """An item's rating: learned from the answers, or its prior before any."""
        found = self.bank.find(item if isinstance(item, str) else item.key)
        return self.items.get(found.key) or new_item(found.prior)

    def chance(self, student: str, item: Item | str) -> float:
        """The chance this student answers this item right, as the ratings see it now."""
        return expected_chance(self.rating(student), self.difficulty(item))


class _Either:
    """The places in either of two containers."""

    def __init__(self, first: Container[int], second: Container[int]) -> None:
        self.first, self.second = first, second

    def __contains__(self, place: object) -> bool:
        return place in self.first or place in self.second


def _named(student: object) -> str:
    """A student's name or id, checked: some text."""
    if not isinstance(student, str) or not student.strip():
        message = _("a student is named by some text, not {student}")
        raise ValueError(message.format(student=repr(student)))
    return student
