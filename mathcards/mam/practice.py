"""A self-paced practice set: seeded deals, answers, hints, a running score and a summary.

A solved deal wins the cards its answer used, less one card for every hint taken; once the last
hint has shown a whole answer, the deal wins nothing (it still counts as solved).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cached_property

from mathcards.i18n import _, ngettext
from mathcards.mam.cards import FACE_UP, LEVELS, Level, target
from mathcards.mam.checker import Verdict, check
from mathcards.mam.expression import Sentence, pretty
from mathcards.mam.hints import hint_ladder
from mathcards.mam.solver import is_solvable, simplest


@dataclass
class Exercise:
    """One deal to solve, and how the student did on it."""

    cards: list[int]
    dice: tuple[int, int]
    power: bool
    solved_with: tuple[int, ...] | None = None
    answer: str | None = None  # the student's right answer, as printed
    hints_used: int = 0
    tries: int = 0

    @property
    def target(self) -> int:
        return target(self.dice)

    @property
    def solved(self) -> bool:
        return self.solved_with is not None

    @cached_property
    def hints(self) -> list[str]:
        """The hint ladder for this deal, worked out once."""
        return hint_ladder(self.cards, self.target, power=self.power)

    @property
    def answer_shown(self) -> bool:
        """Has the last hint given a whole answer away?"""
        return self.hints_used >= len(self.hints)

    @property
    def won(self) -> int:
        """Cards won: those the answer used, less one a hint; none once the answer was shown."""
        if self.solved_with is None or self.answer_shown:
            return 0
        return max(len(self.solved_with) - self.hints_used, 0)

    def check(self, text: str) -> Verdict:
        """What `text` is as an answer to this deal."""
        return check(text, self.cards, self.target, power=self.power)

    def good_answer(self) -> str:
        """One simple right answer, to show after the deal."""
        found = simplest(self.cards, self.target, power=self.power)
        if found is None:
            return _("none")
        return Sentence(found.pretty, (found.confirmed(self.target).form,))


STEPS = ("answer", "hint", "next")  # what a student does in a set, as the class book keeps it


@dataclass
class PracticeSet:
    """`rounds` solvable deals at one level; the same seed gives the same set."""

    level: Level = field(default_factory=lambda: LEVELS["normal"])
    rounds: int = 8
    seed: int | None = None
    exercises: list[Exercise] = field(init=False)
    position: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 50:
            message = _("a practice set has 1 to 50 rounds, not {rounds}")
            raise ValueError(message.format(rounds=repr(self.rounds)))
        rng = random.Random(self.seed)
        self.exercises = [self._deal(rng) for _ in range(self.rounds)]

    def _deal(self, rng: random.Random) -> Exercise:
        """Shuffle, turn up five cards, roll; again until the target can be made."""
        while True:
            cards = self.level.shuffled_deck(rng)[:FACE_UP]
            dice = self.level.roll(rng)
            if is_solvable(cards, target(dice), power=self.level.power):
                return Exercise(cards, dice, self.level.power)

    @property
    def current(self) -> Exercise:
        return self.exercises[min(self.position, self.rounds - 1)]

    @property
    def finished(self) -> bool:
        return self.position >= self.rounds

    def answer(self, text: str) -> Verdict:
        """Check an answer to the current deal; a correct one wins the cards it used."""
        exercise = self.current
        verdict = exercise.check(text)
        if not self.finished and not exercise.solved:
            exercise.tries += 1
            if verdict.correct and verdict.form is not None:
                exercise.solved_with = verdict.cards
                exercise.answer = Sentence(pretty(verdict.form), (verdict.form,))
        return verdict

    def hint(self) -> str:
        """The next rung of the hint ladder for the current deal (each costs a card)."""
        if self.finished:
            raise ValueError(_("the set is finished: there is no deal to give a hint for"))
        exercise = self.current
        if exercise.answer_shown:
            raise ValueError(_("that was the last hint: a whole answer is shown above"))
        if not exercise.solved:
            exercise.hints_used += 1
        return self.revealed()[-1]

    def revealed(self) -> list[str]:
        """The hints shown so far for the current deal (at least the first, once asked)."""
        exercise = self.current
        return exercise.hints[: max(exercise.hints_used, 1)]

    def next(self) -> None:
        """Move on to the next deal (an unsolved one stays unsolved)."""
        if self.finished:
            raise ValueError(_("the set is finished: there is no next deal"))
        self.position += 1

    def replay(self, kind: str, typed: str = "") -> None:
        """Take a kept step again (`answer` with what was typed, `hint`, `next`): a set that
        was left comes back to where it was."""
        if kind not in STEPS:
            raise ValueError(_("a practice step is an answer, a hint or the next deal"))
        if self.finished:
            return
        if kind == "answer":
            self.answer(typed)
        elif kind == "hint" and not self.current.answer_shown:
            self.hint()
        elif kind == "next":
            self.next()

    def score(self) -> tuple[int, int, int]:
        """(deals solved, cards won, hints used) so far."""
        solved = sum(exercise.solved for exercise in self.exercises)
        won = sum(exercise.won for exercise in self.exercises)
        return solved, won, sum(exercise.hints_used for exercise in self.exercises)

    def summary(self) -> str:
        """The set in a few kind sentences (the widget lists every deal below them); no praise
        for hints not taken when nothing was solved."""
        solved, won, hints = self.score()
        sentences = [
            ngettext(
                "You solved {solved} of {n} deal.", "You solved {solved} of {n} deals.", self.rounds
            ).format(solved=solved, n=self.rounds),
            ngettext("You won {n} card.", "You won {n} cards.", won).format(n=won),
            ngettext("You used {n} hint.", "You used {n} hints.", hints).format(n=hints)
            if hints
            else _("You used no hints.")
            if solved
            else _("Below is one good answer for every deal: try them, then a new set."),
        ]
        return " ".join(sentences)
