"""Computer players for the target game, with the speed of a beginner, a good or an expert player.

The time a computer player needs grows with how hard the easiest solution is: its cards and its
harder operators (× ÷ ^). An expert sometimes goes for more cards, and takes longer for it.
All chance comes from the player's own seeded `random.Random`, and a computer player sees only
what every player sees (`MamGame.view`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mathcards.i18n import N_, _
from mathcards.mam.game import MamView, Take
from mathcards.mam.solver import Solution, best, simplest

HARD_OPERATORS = "*/^"


@dataclass(frozen=True)
class Skill:
    """How fast a computer player thinks, and how far it looks."""

    name: str
    seconds: float  # to look at a new table
    per_card: float  # for every card in the answer
    per_hard_operator: float  # for every × ÷ ^ in it
    greed: float  # the chance of going for the most cards
    reach: int  # the most cards in an answer it can find


SKILLS = {
    "beginner": Skill("beginner", 8.0, 4.0, 3.0, 0.0, 3),
    "good": Skill("good", 4.0, 2.5, 1.5, 0.15, 5),
    "expert": Skill("expert", 2.0, 1.2, 0.6, 0.4, 8),
}
SKILL_NAMES = {"beginner": N_("beginner"), "good": N_("good"), "expert": N_("expert")}


def computer_name(number: int, skill: str) -> str:
    """A computer player's seat at the table: "Computer 1 (expert)", in the language in use."""
    return _("Computer {number} ({skill})").format(number=number, skill=_(SKILL_NAMES[skill]))


def computer_seat(number: int, skill: str) -> str:
    """The same seat in English whatever the language: what a seeded computer player is keyed
    on, so a seed plays the same game on every page."""
    return f"Computer {number} ({skill})"


def unknown_skill(skill: object) -> ValueError:
    """The error for a skill that is not one of `SKILLS`."""
    message = _("unknown skill {skill}: choose one of {known}")
    return ValueError(message.format(skill=repr(skill), known=", ".join(SKILLS)))


@dataclass(frozen=True)
class Plan:
    """What a computer player will do this round: claim `answer` after `seconds` (or not)."""

    player: str
    seconds: float
    answer: str | None  # None: it finds nothing


class Bot:
    """A computer player; it only ever makes moves the engine offers or a claim."""

    def __init__(
        self, name: str, skill: str = "good", seed: object = None, *, seat: str | None = None
    ) -> None:
        """`seat` keys the seed instead of the name, so that a player named in another
        language ("Komputer 1") thinks exactly as the same seat in English."""
        if skill not in SKILLS:
            raise unknown_skill(skill)
        self.name, self.skill = name, SKILLS[skill]
        self.rng = random.Random(f"{seed}/{seat or name}" if seed is not None else None)

    def plan(self, table: MamView) -> Plan:
        """The answer this player will find for the table, and how long it takes."""
        cards, target, power = table.solver_cards(), table.target, table.power
        easiest = simplest(cards, target, power=power)
        if easiest is None or len(easiest.cards) > self.skill.reach:
            return Plan(self.name, self._think(self.skill.seconds * 3), None)
        chosen = easiest
        if self.rng.random() < self.skill.greed:
            chosen = best(cards, target, power=power) or easiest
        return Plan(self.name, self._think(self._effort(easiest, chosen)), chosen.text)

    def take(self, table: MamView) -> Take:
        """After someone's wrong claim: pick one of the face-up cards."""
        return Take(self.name, self.rng.choice(sorted(set(table.face_up))))

    def _effort(self, easiest: Solution, chosen: Solution) -> float:
        skill = self.skill
        hard = sum(op in HARD_OPERATORS for op in easiest.operators)
        extra_cards = len(chosen.cards) - len(easiest.cards)
        return (
            skill.seconds
            + skill.per_card * (len(easiest.cards) + 2 * extra_cards)
            + skill.per_hard_operator * hard
        )

    def _think(self, seconds: float) -> float:
        return round(seconds * self.rng.uniform(0.8, 1.25), 1)


def race(bots: list[Bot], table: MamView) -> Plan:
    """Who shouts "MAM!" first: the fastest computer player that finds an answer (or, when none
    does, the first to give up)."""
    if not bots:
        raise ValueError(_("a race needs at least one computer player"))
    plans = [bot.plan(table) for bot in bots]
    finders = [plan for plan in plans if plan.answer]
    return min(finders or plans, key=lambda plan: plan.seconds)
