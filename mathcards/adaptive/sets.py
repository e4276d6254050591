"""A set at the student's level (docs/design.md#a-set-at-my-level): the items dealt in it, never
one twice, what the student did with each, and which answer is rated. A MAM! deal is rated
once, when it is done: solved (right, half right after a hint, wrong once the hints showed a
whole answer) or gone on from unsolved (wrong); a wrong try before a right answer only costs
time. A roll-or-quit moment is rated at the choice. Who chooses the items and keeps the
ratings is the caller's: the class service (the class book), or `AdaptivePractice`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

from mathcards.adaptive.bank import Deal, Item, Moment, bank, deal_key
from mathcards.adaptive.ladder import height, weekly
from mathcards.adaptive.rating import Attempt
from mathcards.adaptive.skills import DEALS, MY_LEVEL, Skill
from mathcards.i18n import _
from mathcards.mam.checker import Verdict, check

__all__ = ["MY_LEVEL", "Dealt", "LevelSet", "Taken"]

if TYPE_CHECKING:  # the view a page is sent, for types only
    from mathcards.classroom.protocol.level import LevelDeal, LevelMoment, LevelView

ROUNDS = 10  # items in a set, unless asked otherwise
MOST_ROUNDS = 50
MOST_TRIES = 50  # answers to one deal
LONGEST = 3600.0  # seconds an answer may say it took
STEPS = ("answer", "hint", "next", "choice")
CHOICES = ("roll", "quit")
MOST_WEEKS = 26  # weeks of a student's curve sent to their page
WEEK = timedelta(days=7)
History = Sequence[tuple[datetime, float, float]]  # each answer: when, the rating before, after


@dataclass
class Dealt:
    """An item of the set and what the student did with it: the hints taken, the answers
    tried, whether they solved it (or chose the better), what its rating counted (1, ½ or 0;
    None: not rated yet), the choice made."""

    key: str
    hints: int = 0
    tries: int = 0
    solved: bool = False
    credit: float | None = None
    choice: str | None = None


@dataclass(frozen=True)
class Taken:
    """What one step did: its kind, right or not, the checker's verdict (an answer to a deal),
    the better choice (a moment), and the answer to rate (None: nothing to rate now)."""

    kind: str
    correct: bool
    seconds: float = 0.0
    verdict: Verdict | None = None
    best: str | None = None
    attempt: Attempt | None = None


@dataclass
class LevelSet:
    """`rounds` items of one skill at the student's level, numbered `number` (the class book's
    set); `dice`: a roll-or-quit set's dice, when the bank has moments of them."""

    skill: Skill
    rounds: int = ROUNDS
    number: int = 0
    dice: str = ""
    dealt: list[Dealt] = field(default_factory=list)
    moved: int = 0  # items gone on from

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int):
            raise ValueError(_("a set has 1 to {most} items").format(most=MOST_ROUNDS))
        if not 1 <= self.rounds <= MOST_ROUNDS:
            raise ValueError(_("a set has 1 to {most} items").format(most=MOST_ROUNDS))

    @property
    def current(self) -> Dealt | None:
        """The item the student is at (None: none dealt yet, or the set is finished)."""
        return self.dealt[self.moved] if self.moved < len(self.dealt) else None

    @property
    def finished(self) -> bool:
        return self.moved >= self.rounds

    @property
    def wants_item(self) -> bool:
        """Is the next item to be dealt?"""
        return not self.finished and self.current is None

    @property
    def keys(self) -> list[str]:
        """The items dealt in the set, in order: none is dealt again in it."""
        return [one.key for one in self.dealt]

    def deal(self, key: str) -> None:
        """Deal the item of this key next (a ValueError for one not in the bank, one dealt
        in the set already, or when the student is still at an item)."""
        bank(self.skill).find(key)
        if not self.wants_item or key in self.keys:
            raise ValueError(_("that item cannot be dealt now: it was dealt, or one is on"))
        self.dealt.append(Dealt(key))

    def item(self) -> Item:
        """The item the student is at."""
        current = self._at()
        return bank(self.skill).find(current.key)

    def take(
        self,
        kind: object,
        *,
        typed: object = "",
        choice: object = None,
        seconds: object = 0.0,
        clock: bool = True,
    ) -> Taken:
        """One step at the current item: an answer typed to a deal, a hint, a choice at a
        moment, or going on to the next; `seconds` since the item was shown, `clock` whether
        they count."""
        current = self._at()
        took = _seconds(seconds)
        deals = self.skill in DEALS
        if kind == "answer" and deals and isinstance(typed, str):
            return self._answer(current, typed, took, clock)
        if kind == "hint" and deals:
            self._hint(current)
            return Taken("hint", False, took)
        if kind == "choice" and not deals and choice in CHOICES:
            return self._choose(current, str(choice), took, clock)
        if kind == "next":
            return self._next(current, took, clock)
        raise ValueError(_("a step is an answer, a hint, a choice or the next item"))

    def _at(self) -> Dealt:
        if self.finished:
            raise ValueError(_("the set is finished: start a new one"))
        if self.current is None:
            raise ValueError(_("no item is dealt yet"))
        return self.current

    def _answer(self, current: Dealt, typed: str, seconds: float, clock: bool) -> Taken:
        deal = self.item()
        assert isinstance(deal, Deal)
        if current.tries >= MOST_TRIES and not current.solved:
            raise ValueError(_("that is enough answers to one deal: go on to the next"))
        verdict = check(typed, deal.cards, deal.target, power=deal.power)
        attempt = None
        if not current.solved:
            current.tries += 1
            current.solved = verdict.correct
            if verdict.correct and current.credit is None:
                shown = current.hints > 0 and current.hints >= _rungs(deal)
                attempt = Attempt(True, seconds, current.hints, shown, clock)
                current.credit = attempt.credit
        return Taken("answer", verdict.correct, seconds, verdict, attempt=attempt)

    def _hint(self, current: Dealt) -> None:
        deal = self.item()
        assert isinstance(deal, Deal)
        if current.hints >= _rungs(deal):
            raise ValueError(_("that was the last hint: a whole answer is shown above"))
        if current.credit is None:
            current.hints += 1

    def _choose(self, current: Dealt, choice: str, seconds: float, clock: bool) -> Taken:
        moment = self.item()
        assert isinstance(moment, Moment)
        if current.choice is not None:
            raise ValueError(_("that moment is decided: go on to the next"))
        current.choice, current.solved = choice, choice == moment.best
        attempt = Attempt(current.solved, seconds, clock=clock)
        current.credit = attempt.credit
        return Taken("choice", current.solved, seconds, best=moment.best, attempt=attempt)

    def _next(self, current: Dealt, seconds: float, clock: bool) -> Taken:
        attempt = None
        if current.credit is None:
            deals = self.skill in DEALS
            shown = deals and current.hints >= _rungs(self.item())
            attempt = Attempt(False, seconds, current.hints, shown, clock)
            current.credit = attempt.credit
        self.moved += 1
        return Taken("next", False, seconds, attempt=attempt)

    def view(
        self,
        value: float,
        history: History,
        clock: bool,
        where: tzinfo,
        now: datetime,
        *,
        choice: bool = True,
    ) -> LevelView:
        """The set as a page is sent it, with the student's rating `value` now and its
        `history` as steps on the ladder (their weeks in the zone `where`); whether time counts
        (`clock`) and whether the student may turn it on or off (`choice`)."""
        current = self.current
        weeks = weekly(((at, after) for at, _before, after in history), where)[-MOST_WEEKS:]
        return {
            "skill": str(self.skill),
            "set": self.number,
            "rounds": self.rounds,
            "position": self.moved,
            "deal": self._deal_seen(),
            "moment": self._moment_seen(),
            "hints": current.hints if current else 0,
            "tries": current.tries if current else 0,
            "results": [
                {"key": one.key, "solved": one.solved, "credit": one.credit} for one in self.dealt
            ],
            "clock": clock,
            "clock_choice": choice,
            "height": round(height(self.skill, value), 2),
            "before": round(height(self.skill, earlier(history, value, now)), 2),
            "weeks": [
                {"week": day.isoformat(), "height": round(height(self.skill, kept), 2)}
                for day, kept in weeks
            ],
        }

    def _deal_seen(self) -> LevelDeal | None:
        item = None if self.current is None else self.item()
        if not isinstance(item, Deal):
            return None
        cards, dice, target = list(item.cards), list(item.dice), item.target
        level, power = item.features.level, item.power
        return {
            "key": item.key,
            "cards": cards,
            "dice": dice,
            "target": target,
            "level": level,
            "power": power,
        }

    def _moment_seen(self) -> LevelMoment | None:
        item = None if self.current is None else self.item()
        if not isinstance(item, Moment):
            return None
        return {
            "key": item.key,
            "dice": item.dice,
            "row": list(item.row),
            "llama_row": list(item.llama_row),
        }

    def kept(self) -> list[dict[str, object]]:
        """Each item dealt and what the student did with it, as plain data to keep."""
        return [asdict(one) for one in self.dealt]

    @classmethod
    def restored(
        cls, skill: Skill, number: int, rounds: int, dice: str, dealt: Iterable[object], moved: int
    ) -> LevelSet:
        """A set as `kept` gave it (a ValueError for what no set holds: an item not in the
        bank, one dealt twice, more gone on from than dealt)."""
        again = cls(skill, rounds, number, dice)
        for one in dealt:
            if not isinstance(one, dict) or not isinstance(one.get("key"), str):
                raise ValueError(_("that item cannot be dealt now: it was dealt, or one is on"))
            again.deal(one["key"])
            again.dealt[-1] = _dealt(one)
            again.moved = len(again.dealt)
        if isinstance(moved, bool) or not 0 <= moved <= len(again.dealt):
            raise ValueError(_("a set has 1 to {most} items").format(most=MOST_ROUNDS))
        again.moved = moved
        return again

    @classmethod
    def replayed(
        cls, skill: Skill, number: int, rounds: int, steps: Iterable[tuple[str, int, str, str]]
    ) -> LevelSet:
        """A MAM! set as the class book kept it, its steps taken again: each step's kind, the
        deal's number in the set (from 1), its key and what was typed."""
        again = cls(skill, rounds, number)
        for kind, position, key, typed in steps:
            if position == len(again.dealt) + 1 and again.wants_item:
                again.deal(key)
            if position == again.moved + 1 and again.current is not None:
                again.take(kind, typed=typed, clock=False)
        return again


def earlier(history: History, value: float, now: datetime) -> float:
    """The rating a week before `now`: the last after an answer by then, else the one before
    the first answer kept, else `value` (none kept)."""
    before = [after for at, _before, after in history if at <= now - WEEK]
    if before:
        return before[-1]
    return history[0][1] if history else value


def _dealt(kept: dict[str, object]) -> Dealt:
    """An item of a set as `LevelSet.kept` gave it."""
    hints, tries, credit, choice = (
        kept.get(name) for name in ("hints", "tries", "credit", "choice")
    )
    return Dealt(
        str(kept["key"]),
        hints if isinstance(hints, int) else 0,
        tries if isinstance(tries, int) else 0,
        kept.get("solved") is True,
        float(credit) if isinstance(credit, int | float) else None,
        choice if choice in CHOICES else None,
    )


def step_key(cards: Iterable[int], target: int) -> str:
    """The bank's key of a deal as a practice step keeps it."""
    return deal_key(tuple(cards), target)


def _rungs(item: Item) -> int:
    """How many hints a deal's ladder has (mathcards.mam.hints: how many cards, the first step,
    a whole answer), from the bank, never the solver: no first step when a card is the target."""
    assert isinstance(item, Deal)
    return 2 if item.features.fewest == 1 else 3


def _seconds(seconds: object) -> float:
    """The seconds a step says it took, kept between 0 and LONGEST."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds != seconds:
        raise ValueError(
            _("seconds must be a number, 0 or more, not {seconds}").format(
                seconds=repr(seconds)[:20]
            )
        )
    return min(max(float(seconds), 0.0), LONGEST)
