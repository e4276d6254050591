"""How the bank is built (by scripts/adaptive_bank.py, checked by tests/adaptive/test_bank.py):
seeded deals of every level, each with its features and first difficulty; every roll-or-quit
moment of a few cards, with both choices' exact expected penalties. Deterministic: the same
code deals the same bank."""

from __future__ import annotations

import json
import random
from collections.abc import Container, Iterator
from itertools import combinations_with_replacement
from pathlib import Path

from mathcards.adaptive.bank import FILES, deal_key, moment_key
from mathcards.adaptive.difficulty import features, moment_prior, prior
from mathcards.adaptive.skills import DEALS, Skill
from mathcards.chips import LLAMA
from mathcards.lama_dice.dice import LAYOUTS, parse_dice
from mathcards.lama_dice.known import LESSON_LLAMA_ROW
from mathcards.lama_dice.policy import last_player
from mathcards.mam.cards import FACE_UP, LEVELS
from mathcards.mam.solver import is_solvable

DEALS_A_LEVEL = 1200  # the bank's deals of each level, for each skill (docs/measurements.md)
MOMENT_CARDS = 4  # the most cards in a moment's row
LLAMA_ROWS: tuple[tuple[int, ...], ...] = (LESSON_LLAMA_ROW, (4, 5, 6, LLAMA), (1, 2))
TIE = 0.0005  # choices closer than this are a tie once rounded: no such moment is kept


def deal_rows(skill: Skill, level: str, count: int, seen: Container[str] = ()) -> Iterator[list]:
    """The first `count` solvable deals of the level, dealt from its seed, leaving out any
    already `seen` (in an earlier level) or dealt before: [key, prior, cards, dice, features…]."""
    power = skill is Skill.TARGET_POWERS
    chosen, rng = LEVELS[level].with_power(power), random.Random(f"{skill} {level}")
    kept: set[str] = set()
    while len(kept) < count:
        cards = tuple(sorted(chosen.shuffled_deck(rng)[:FACE_UP]))
        dice = chosen.roll(rng)
        key = deal_key(cards, sum(dice))
        if key in seen or key in kept or not is_solvable(cards, sum(dice), power=power):
            continue
        kept.add(key)
        found = features(cards, sum(dice), level, power)
        yield [
            key,
            prior(found),
            list(cards),
            list(dice),
            level,
            found.answers,
            found.fewest,
            found.division,
            found.power,
            found.forward,
        ]


def moment_row(dice: str, row: tuple[int, ...], llama_row: tuple[int, ...]) -> list | None:
    """A moment's row of the bank, or None when its two choices tie."""
    decision = last_player(row, llama_row, parse_dice(dice))
    if abs(decision.roll - decision.quit) < TIE:
        return None
    key = moment_key(dice, row, llama_row)
    roll, quit_now = round(float(decision.roll), 3), round(float(decision.quit), 3)
    return [key, moment_prior(decision.roll, decision.quit), roll, quit_now]


def moment_rows() -> Iterator[list]:
    """Every moment of one to `MOMENT_CARDS` cards, for every layout of the dice and llama row."""
    for dice in LAYOUTS.values():
        for llama_row in LLAMA_ROWS:
            for size in range(1, MOMENT_CARDS + 1):
                for row in combinations_with_replacement(range(1, LLAMA + 1), size):
                    found = moment_row(dice, row, llama_row)
                    if found is not None:
                        yield found


def rows(skill: Skill, deals_a_level: int = DEALS_A_LEVEL) -> list[list]:
    """A skill's bank: every level's deals in turn, or every moment."""
    if skill not in DEALS:
        return list(moment_rows())
    dealt: list[list] = []
    for level in LEVELS:
        seen = {row[0] for row in dealt}
        dealt += deal_rows(skill, level, deals_a_level, seen)
    return dealt


ABOUT = "Written by scripts/adaptive_bank.py (mathcards/adaptive/building.py): do not edit."


def write(skill: Skill, items: list[list]) -> Path:
    """Save a skill's bank, one item a line (a change reads as a diff); its path."""
    lines = [json.dumps({"about": ABOUT, "skill": str(skill)})[:-1] + ', "items": [']
    lines += [f" {json.dumps(row)}," for row in items[:-1]]
    lines += [f" {json.dumps(items[-1])}", "]}"]
    FILES[skill].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return FILES[skill]
