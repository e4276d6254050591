"""Practice at the student's level (`BookPath.LEVEL`, `BookPath.LEVEL_STEPS`): the page asks for
the student's set in a skill and says what the student did (what they typed, a hint, the
choice, the seconds); the class service deals, judges and rates, and answers with the set as it
stands and the student's step on the ladder, never a rating in logits."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class LevelBody(TypedDict):
    """The student's set at their level in `skill` (`mam`, `mam-powers`, `roll-or-quit`): the
    one open, or a `new` one of `rounds` items; a roll-or-quit set's moments dealt with `dice`
    (as `3456LL,1256LL,1234LL`) when the bank has moments of them; `clock`, the student turning
    time on or off for their practice at their level (kept only when it is theirs to choose)."""

    skill: str
    new: NotRequired[bool]
    rounds: NotRequired[int]
    dice: NotRequired[str]
    clock: NotRequired[bool]


class LevelStepBody(TypedDict):
    """A step at the current item of set number `set`: `answer` (what was `typed`), `hint`,
    `choice` (`roll` or `quit`) or `next`, and the `seconds` since the item was shown; `key`,
    the item the page shows (another than the set's: the page is behind, and is sent the set as
    it stands, nothing done)."""

    skill: str
    set: int
    kind: str
    key: NotRequired[str]
    typed: NotRequired[str]
    choice: NotRequired[str]
    seconds: NotRequired[float]


class LevelDeal(TypedDict):
    """A MAM! deal: five cards, the dice (their level's colours) and the target."""

    key: str
    cards: list[int]
    dice: list[int]
    target: int
    level: str
    power: bool


class LevelMoment(TypedDict):
    """A roll-or-quit moment: the dice, the last player's row and the llama row."""

    key: str
    dice: str
    row: list[int]
    llama_row: list[int]


class LevelResult(TypedDict):
    """An item of the set so far: solved (or the better choice), and what its rating counted
    (1, 0.5, 0; None: not rated yet)."""

    key: str
    solved: bool
    credit: float | None


class WeekPoint(TypedDict):
    """The student's step at the end of a week (its Monday, ISO), from 1 to 10."""

    week: str
    height: float


class LevelJudged(TypedDict):
    """What the step just taken was, as the service judged it: right or not, whether it was
    rated, and a moment's better choice."""

    kind: str
    correct: bool
    rated: bool
    best: NotRequired[str]


class LevelView(TypedDict):
    """The set as it stands: its number and size, the item at `position` (from 0; `rounds`
    once finished), the hints taken and answers tried on it, every item so far; whether time
    counts (`clock`: off, no clock is shown) and whether the student may turn it on or off
    (`clock_choice`: not when the teacher took it off); the student's step now (`height`, 1 to
    10) and a week ago or at their first answer (`before`), and their weeks."""

    skill: str
    set: int
    rounds: int
    position: int
    deal: LevelDeal | None
    moment: LevelMoment | None
    hints: int
    tries: int
    results: list[LevelResult]
    clock: bool
    clock_choice: bool
    height: float
    before: float
    weeks: list[WeekPoint]
    judged: NotRequired[LevelJudged]  # none: nothing was done (the page was behind)
