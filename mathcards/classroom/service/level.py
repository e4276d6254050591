"""Practice at each student's level in the class service (docs/design.md#a-set-at-my-level):
the service deals the next item from the skill's bank at the chance of a right answer the
teacher set (the solver never runs to choose), judges what the page says the student did
(the MAM! checker on what was typed; a moment's better choice from the bank), rates the answer
in the class book (`Book.rate_answer`) and keeps it as the other practice is kept: a MAM! set as
a practice set of the level MY_LEVEL and its steps, a roll-or-quit choice as a decision, so
assignments count them. Nothing is held in memory between calls but the items' ratings: a MAM!
set is replayed from the book at every call, the deal dealt in it and not answered yet kept
beside it; a roll-or-quit set is kept in the book as it stands after every call, so a restart
(or a lost commit) loses nothing acknowledged. Everything here runs in the class service's
writer thread."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC
from functools import cache

from mathcards.adaptive.bank import Deal, Item, Moment, bank
from mathcards.adaptive.practice import AdaptivePractice
from mathcards.adaptive.sets import MOST_ROUNDS, ROUNDS, Dealt, LevelSet, Taken, step_key
from mathcards.adaptive.skills import DEALS, MY_LEVEL, Skill, skill
from mathcards.book import Book, Step, zones
from mathcards.book.ratings import StudentClock
from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.level import LevelBody, LevelJudged, LevelStepBody, LevelView
from mathcards.classroom.service.games import GameRefused

DICE_LENGTH = 40  # characters of a set's dice, as `3456LL,1256LL,1234LL`


class LevelRefused(GameRefused):
    """The service will not take this step of a set at the student's level (`reason`)."""


class Levels:
    """Every student's set at their level in the class book `book_of()` of `class_name`."""

    def __init__(self, book_of: Callable[[], Book], class_name: str) -> None:
        self.book_of, self.class_name = book_of, class_name
        self.practices: dict[Skill, AdaptivePractice] = {}  # the items' ratings, read once
        self.rng = random.Random()

    def forget(self) -> None:
        """(A commit failed.) The items' ratings are had again from the class book."""
        self.practices.clear()

    def open(self, student: int, sent: LevelBody) -> LevelView:
        """The student's set at their level in the skill: the one open, else a new one (a
        `new` one when asked), its item dealt; their page of the game opens at their level
        from now on. The student's `clock`, when sent, is kept if it is theirs to choose (the
        book decides)."""
        chosen = skill(sent.get("skill"))
        new, rounds, dice = sent.get("new", False), sent.get("rounds", ROUNDS), sent.get("dice", "")
        if not isinstance(new, bool) or not isinstance(dice, str) or len(dice) > DICE_LENGTH:
            raise ValueError("new is true or false, dice a short text")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 0 < rounds <= MOST_ROUNDS:
            raise ValueError("a set has 1 to 50 items")
        if "clock" in sent and not isinstance(sent["clock"], bool):
            raise ValueError("the clock is true or false")
        book = self.book_of()
        book.choose_level(student, "mam" if chosen in DEALS else "lama_dice", str(chosen))
        if "clock" in sent:
            book.set_own_clock(student, sent["clock"])
        level = self._found(student, chosen)
        if level is None or level.finished or new:
            level = self._begin(student, chosen, rounds, dice, level)
        if self._fill(student, level):
            self._keep_moments(level)
        return self._view(student, level)

    def step(self, student: int, sent: LevelStepBody) -> LevelView:
        """A step at the set's current item, judged and kept here, the answer rated; the set
        as it stands after it, with what the step was (nothing done for a page that shows
        another item: the set as it stands)."""
        chosen = skill(sent.get("skill"))
        level = self._found(student, chosen)
        if level is None or sent.get("set") != level.number or level.finished:
            raise LevelRefused(CallRefusal.OUT_OF_STEP)
        if self._fill(student, level):
            self._keep_moments(level)
        current, item, position = level.current, level.item(), level.moved
        assert current is not None
        if sent.get("key", item.key) != item.key:  # the page shows another: it is behind
            return self._view(student, level)
        clock = self.book_of().clock_of(student)
        typed, choice = sent.get("typed", ""), sent.get("choice")
        taken = level.take(
            sent.get("kind"),
            typed=typed,
            choice=choice,
            seconds=sent.get("seconds", 0.0),
            clock=clock.counts,
        )
        self._keep(student, level, (position, current, item), taken, str(typed))
        self._fill(student, level)
        self._keep_moments(level)
        view = self._view(student, level, clock)
        judged: LevelJudged = {
            "kind": taken.kind,
            "correct": taken.correct,
            "rated": taken.attempt is not None,
        }
        if taken.best:
            judged["best"] = taken.best
        view["judged"] = judged
        return view

    def _found(self, student: int, chosen: Skill) -> LevelSet | None:
        """The student's open set in the skill, from the class book: a MAM! one replayed (with
        the deal dealt in it since its last step), a roll-or-quit one as it was kept."""
        book = self.book_of()
        if chosen not in DEALS:
            moments = book.level_set(student, chosen)
            if moments is None:
                return None
            try:
                return LevelSet.restored(
                    chosen, moments.id, moments.rounds, moments.dice, moments.dealt, moments.moved
                )
            except ValueError:  # a moment the bank no longer holds (mathcards upgraded)
                return None
        kept = book.open_set(student, "mam", level=MY_LEVEL, power=chosen is Skill.TARGET_POWERS)
        if kept is None:
            return None
        steps = [(s.kind, s.deal, step_key(s.cards, s.target), s.typed) for s in kept.steps]
        try:
            level = LevelSet.replayed(chosen, kept.id, kept.rounds, steps)
        except ValueError:  # a deal the bank no longer holds (mathcards upgraded): a new set
            book.finish_set(kept.id)
            return None
        dealt = kept.dealt
        if dealt is not None and level.wants_item and dealt not in level.keys:
            with suppress(ValueError):  # not in the bank any more: another is dealt
                level.deal(dealt)
        return level

    def _begin(
        self, student: int, chosen: Skill, rounds: int, dice: str, before: LevelSet | None
    ) -> LevelSet:
        """A new set, the one `before` it finished."""
        book = self.book_of()
        if chosen not in DEALS:
            tidy = _dice(dice)
            number = book.start_level_set(student, str(chosen), rounds=rounds, dice=tidy)
            return LevelSet(chosen, rounds, number, tidy)
        if before is not None and not before.finished:
            book.finish_set(before.number)
        power = chosen is Skill.TARGET_POWERS
        number = book.start_set(
            student, game="mam", level=MY_LEVEL, power=power, rounds=rounds, seed=0
        )
        return LevelSet(chosen, rounds, number)

    def _fill(self, student: int, level: LevelSet) -> bool:
        """Deal the set's next item, if it wants one: the chance nearest the class's aim, none
        dealt in the set before (a MAM! deal kept beside its set until a step on it is kept);
        whether one was dealt."""
        if not level.wants_item:
            return False
        book, name = self.book_of(), str(student)
        practice = self._practice(level.skill)
        practice.success = book.level_settings(self.class_name).success
        practice.students[name] = book.student_rating(student, level.skill)
        practice.dealt[name] = level.keys
        item = practice.next_item(name, _other_dice(level.dice) if level.dice else ())
        level.deal(item.key)
        if level.skill in DEALS:
            book.keep_dealt(level.number, item.key)
        return True

    def _keep_moments(self, level: LevelSet) -> None:
        """A roll-or-quit set as it stands, kept in the class book."""
        if level.skill not in DEALS:
            self.book_of().keep_level_set(level.number, level.kept(), level.moved)

    def _practice(self, chosen: Skill) -> AdaptivePractice:
        """The skill's items with their ratings learned so far, read from the book once."""
        if chosen not in self.practices:
            learned = self.book_of().item_ratings(chosen)
            self.practices[chosen] = AdaptivePractice(
                chosen, items=learned, seed=self.rng.getrandbits(32)
            )
        return self.practices[chosen]

    def _keep(
        self, student: int, level: LevelSet, at: tuple[int, Dealt, Item], taken: Taken, typed: str
    ) -> None:
        """Keep the step in the class book, as the other practice is kept, then rate it."""
        position, current, item = at
        book = self.book_of()
        if isinstance(item, Deal):
            verdict = taken.verdict
            step = Step(taken.kind, position + 1, list(item.cards), item.target)
            if verdict is not None:
                step.typed, step.correct = typed, verdict.correct
                step.verdict_kind, step.sentence = verdict.kind.value, str(verdict.message)
            step.hints_used, step.seconds = current.hints, taken.seconds
            book.record_step(level.number, step)
            if level.finished:
                book.finish_set(level.number)
        elif isinstance(item, Moment) and taken.kind == "choice":
            situation = {
                "dice": item.dice,
                "row": list(item.row),
                "llama_row": list(item.llama_row),
                "item": item.key,
                "level": MY_LEVEL,
            }
            book.record_decision(
                student,
                "lama_dice",
                situation=situation,
                choice=str(current.choice),
                best=item.best,
            )
        if taken.attempt is not None:
            change = book.rate_answer(student, level.skill, item.key, taken.attempt)
            self._practice(level.skill).learned(item.key, change.item)

    def _view(self, student: int, level: LevelSet, clock: StudentClock | None = None) -> LevelView:
        book = self.book_of()
        rating = book.student_rating(student, level.skill)
        history = book.rating_history(student, level.skill)
        where = zones.zone(book.class_zone(self.class_name))
        if clock is None:
            clock = book.clock_of(student)
        now = book.clock()
        now = now if now.tzinfo else now.replace(tzinfo=UTC)
        return level.view(rating.value, history, clock.counts, where, now, choice=clock.theirs)


def _dice(dice: str) -> str:
    """The dice a roll-or-quit set is dealt with: these, when the bank has moments of them."""
    tidy = dice.replace(" ", "").upper()
    return tidy if tidy in _bank_dice() else ""


@cache
def _bank_dice() -> frozenset[str]:
    """The dice of the bank's roll-or-quit moments."""
    return frozenset(key.split("/")[0] for key in bank(Skill.ROLL_OR_QUIT).keys)


@cache
def _other_dice(dice: str) -> frozenset[int]:
    """The bank's places of moments of other dice than these (one of `_bank_dice`)."""
    keys = bank(Skill.ROLL_OR_QUIT).keys
    return frozenset(place for place, key in enumerate(keys) if key.split("/")[0] != dice)
