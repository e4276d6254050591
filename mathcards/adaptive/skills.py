"""What a student practises at their level: the skills, each with its own ratings, its deadline
for the timed score, and the success a teacher may aim the deals at."""

from __future__ import annotations

from enum import StrEnum

from mathcards.i18n import N_, _, percent


class Skill(StrEnum):
    """A skill has its own rating per student and its own items."""

    TARGET = "mam"  # MAM!, the target game, without powers
    TARGET_POWERS = "mam-powers"  # MAM! with the exponent variant
    ROLL_OR_QUIT = "roll-or-quit"  # LAMA Dice: the last player's roll-or-quit decision


LABELS = {
    Skill.TARGET: N_("MAM! without powers"),
    Skill.TARGET_POWERS: N_("MAM! with powers"),
    Skill.ROLL_OR_QUIT: N_("LAMA Dice: roll or quit?"),
}
DEADLINES = {Skill.TARGET: 120.0, Skill.TARGET_POWERS: 150.0, Skill.ROLL_OR_QUIT: 20.0}
DEALS = (Skill.TARGET, Skill.TARGET_POWERS)  # the skills whose items are MAM! deals

MY_LEVEL = "my-level"  # a MAM! practice set at the student's level, as the class book names it
SUCCESS = 0.75  # the share of right answers deals are chosen for (Klinkenberg et al. 2011)
LOWEST, HIGHEST = 0.60, 0.90  # what a teacher may set instead


def skill(name: object) -> Skill:
    """The skill of this name (a ValueError, in a sentence, for one that is none)."""
    if name not in set(Skill):
        message = _("a skill is one of {choices}, not {name}")
        raise ValueError(message.format(choices=", ".join(Skill), name=repr(name)))
    return Skill(str(name))


def label(chosen: Skill) -> str:
    """The skill's name as a page shows it, in the language in use."""
    return _(LABELS[chosen])


def checked_success(target: object) -> float:
    """A teacher's target success, checked: from 0.60 to 0.90 (60 % to 90 %)."""
    if (
        isinstance(target, bool)
        or not isinstance(target, int | float)
        or not LOWEST <= target <= HIGHEST
    ):
        message = _("the share of right answers to aim for is from {lowest} to {highest}, not {x}")
        raise ValueError(
            message.format(lowest=percent(LOWEST, 0), highest=percent(HIGHEST, 0), x=repr(target))
        )
    return float(target)
