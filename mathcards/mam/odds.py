"""How easy is the target game? Exact dice odds, and how often a deal can make the roll.

Counting what seeded deals can make takes seconds, so the lessons' counts ship with the package
(`solvability.json`, written by ``python -m mathcards.mam.odds``); other settings are counted
when asked.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from mathcards.i18n import _, ngettext, percent
from mathcards.mam.cards import FACE_UP, LEVELS, Level
from mathcards.mam.solver import Hand, Search, reachable, values
from mathcards.mam.steps import MAX_POWER

OPERATORS = 4  # + − × ÷


@dataclass(frozen=True)
class Solvability:
    """How often seeded deals of five cards can make the rolled target (exact over the dice)."""

    level: Level
    deals: int
    fewest: dict[int, Fraction]  # P(the easiest answer needs n cards); n = 0: no answer
    per_target: dict[int, Fraction]  # for each dice total: the share of deals that make it

    @property
    def chance(self) -> Fraction:
        """The chance that the rolled target can be made at all."""
        return 1 - self.fewest.get(0, Fraction(0))

    def __str__(self) -> str:
        if self.level.power:
            message = ngettext(
                "{level} with ^: {share} over {n} deal",
                "{level} with ^: {share} over {n} deals",
                self.deals,
            )
        else:
            message = ngettext(
                "{level}: {share} over {n} deal", "{level}: {share} over {n} deals", self.deals
            )
        return message.format(level=self.level.label, share=percent(self.chance), n=self.deals)


TABLE = Path(__file__).with_name("solvability.json")
LESSON_DEALS, LESSON_SEED = 200, 1
MAX_DEALS = 2000


def solvability(level: Level, deals: int = 200, seed: int = 0) -> Solvability:
    """Deal `deals` seeded hands of five cards; for each, every dice total is weighed exactly."""
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        message = _("deals must be a whole number from 1 to {most}, not {deals}")
        raise ValueError(message.format(most=MAX_DEALS, deals=repr(deals)))
    record = _packaged().get(_key(level, deals, seed))
    if record is None:
        return count_solvability(level, deals, seed)
    return Solvability(
        level,
        deals,
        {int(n): Fraction(p) for n, p in record["fewest"].items()},
        {int(t): Fraction(p) for t, p in record["per_target"].items()},
    )


def _key(level: Level, deals: int, seed: int) -> str:
    """What a count depends on: the level's cards, dice and variant, the deals and the seed."""
    return json.dumps([level.max_card, level.dice, level.power, deals, seed])


@cache
def _packaged() -> dict[str, dict]:
    return json.loads(TABLE.read_text(encoding="utf-8")) if TABLE.exists() else {}


def count_solvability(level: Level, deals: int, seed: int) -> Solvability:
    """The count itself, without the packaged table."""
    rng, odds = random.Random(seed), level.targets()
    fewest: dict[int, Fraction] = {}
    made_by: dict[int, int] = dict.fromkeys(odds, 0)
    for _deal in range(deals):
        reach = reachable(level.shuffled_deck(rng)[:FACE_UP], power=level.power)
        for target, chance in odds.items():
            needed = reach[target].fewest if target in reach else 0
            fewest[needed] = fewest.get(needed, Fraction(0)) + chance / deals
            made_by[target] += target in reach
    shares = {target: Fraction(count, deals) for target, count in made_by.items()}
    return Solvability(level, deals, dict(sorted(fewest.items())), shares)


def ordered_calculations(cards: int, operators: int = OPERATORS) -> int:
    """Calculations using all of `cards` distinct cards, counting every order and bracketing:
    n! orders of the cards × Catalan(n−1) bracketings × operators^(n−1)."""
    if cards < 1:
        raise ValueError(_("at least one card"))
    bracketings = math.comb(2 * (cards - 1), cards - 1) // cards
    return math.factorial(cards) * bracketings * operators ** (cards - 1)


def distinct_calculations(hand: Hand, *, power: bool = False) -> int:
    """Calculations over exactly these cards that are different solutions (canonical forms),
    every step a whole number, 0 or more."""
    hand = tuple(sorted(hand))
    search = Search(power, MAX_POWER)
    return sum(len(search.forms(hand, made)) for made in values(hand, power))


def write_table() -> None:
    """Count every level, with and without powers, as the lessons show them; save the table."""
    table = {}
    for name in LEVELS:
        for power in (False, True):
            level = LEVELS[name].with_power(power)
            counted = count_solvability(level, LESSON_DEALS, LESSON_SEED)
            table[_key(level, LESSON_DEALS, LESSON_SEED)] = {
                "level": str(counted),
                "fewest": {n: str(p) for n, p in counted.fewest.items()},
                "per_target": {t: str(p) for t, p in counted.per_target.items()},
            }
    TABLE.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_table()
