"""LAMA Dice's three dice and what a roll means for a row of cards (docs/rules.md#lama-dice-dice).

Each die is a d6 with two numbers replaced by llamas; which numbers is a parameter. A roll is a
chance event with 216 equally likely outcomes, listed exactly with `outcomes`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from enum import Enum
from fractions import Fraction
from itertools import product

from mathcards.chips import LLAMA
from mathcards.i18n import N_, _, ngettext

Faces = tuple[int, int, int]
Row = tuple[int, ...]  # a sorted tuple of card values, 1–6 and LLAMA
Dice = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

DEFAULT_DICE: Dice = (
    (3, 4, 5, 6, LLAMA, LLAMA),
    (1, 2, 5, 6, LLAMA, LLAMA),
    (1, 2, 3, 4, LLAMA, LLAMA),
)
VALUES = (1, 2, 3, 4, 5, 6, LLAMA)
ROLLS = 6**3  # the equally likely ways to roll: one face of each die
# Layouts a teacher may meet or want to compare, by name, written as `parse_dice` reads them.
# The names are keys: show them translated, `_(label)`.
LAYOUTS = {
    N_("The usual dice"): "3456LL,1256LL,1234LL",
    N_("The same on every die"): "1234LL,1234LL,1234LL",
    N_("Shifted"): "2345LL,3456LL,1256LL",
    N_("One llama a die"): "12345L,12346L,12356L",
}


class Case(Enum):
    """What a roll does, in the order the rules check: the first that applies. Each value is
    the case's name in words: show it translated, `_(case.value)`."""

    THREE_LLAMAS = N_("three llamas")
    DISCARD = N_("discard")
    TAKE = N_("take")
    BUST = N_("bust")


def name(value: int) -> str:
    """A card or face as it is printed: 1–6, or L for a llama."""
    return "L" if value == LLAMA else str(value)


def parse_value(text: str) -> int:
    """A card value from text: 1–6, or L for a llama."""
    cleaned = str(text).strip().upper()
    if cleaned in ("L", "LLAMA"):
        return LLAMA
    if cleaned in {"1", "2", "3", "4", "5", "6"}:
        return int(cleaned)
    raise ValueError(not_a_card(text))


def not_a_card(text: object) -> str:
    """The sentence for something typed as a card that is none."""
    return _("{text} is not a card: use 1 to 6, or L for a llama").format(text=repr(text))


def parse_dice(text: str) -> Dice:
    """Three dice written like ``3456LL,1256LL,1234LL``; a ValueError says what is wrong."""
    dice = [die for die in str(text).replace(" ", "").split(",")]
    if len(dice) != 3:
        raise ValueError(
            _(
                "give three dice of six faces each, separated by commas, like "
                "3456LL,1256LL,1234LL (not {count})"
            ).format(count=len(dice))
        )
    for number, die in enumerate(dice, 1):
        if len(die) != 6:
            raise ValueError(
                ngettext(
                    "die {number} has {n} face, not 6: like 3456LL",
                    "die {number} has {n} faces, not 6: like 3456LL",
                    len(die),
                ).format(number=number, n=len(die))
            )
        for face in die:
            if face.upper() not in "123456L":
                raise ValueError(
                    _("die {number}: {face} is not a face: use 1 to 6, or L").format(
                        number=number, face=repr(face)
                    )
                )
    return check_dice([[parse_value(face) for face in die] for die in dice])


def dice_text(dice: Dice) -> str:
    """Three dice written as `parse_dice` reads them: ``3456LL,1256LL,1234LL``."""
    return ",".join("".join(name(face) for face in die) for die in dice)


def check_dice(dice: Iterable[Iterable[int]]) -> Dice:
    """Three dice of six faces each, every face 1–6 or a llama; else a ValueError."""
    shape = _("give three dice of six faces each, like 3456LL,1256LL,1234LL")
    try:
        faces = [tuple(die) for die in dice]
    except TypeError:
        raise ValueError(shape) from None
    if len(faces) != 3 or any(len(die) != 6 for die in faces):
        raise ValueError(shape)
    for die in faces:
        for face in die:
            if face not in VALUES:
                raise ValueError(
                    _("{face} is not a face: use 1 to 6, or L for a llama").format(face=repr(face))
                )
    if all(face == LLAMA for die in faces for face in die):
        raise ValueError(_("the dice need at least one number among their faces"))
    first, second, third = faces
    return first, second, third


def outcomes(dice: Dice = DEFAULT_DICE) -> dict[Faces, Fraction]:
    """Every roll (one face per die, in die order) with its exact probability."""
    return {faces: Fraction(ways, ROLLS) for faces, ways in roll_ways(dice).items()}


def roll_ways(dice: Dice = DEFAULT_DICE) -> Counter[Faces]:
    """Every roll (one face per die, in die order): in how many of the 216 ways it comes."""
    return Counter(product(*dice))


def roll(rng: random.Random, dice: Dice = DEFAULT_DICE) -> Faces:
    """One roll of the three dice."""
    first, second, third = dice
    return rng.choice(first), rng.choice(second), rng.choice(third)


def case_of(faces: Faces, row: Row, llama_row: Row, *, alone: bool = False) -> Case:
    """The one case a roll falls into. Alone (all others quit), no match in the row is a bust."""
    if all(face == LLAMA for face in faces):
        return Case.THREE_LLAMAS
    if any(face in row for face in faces):
        return Case.DISCARD
    if not alone and any(face in llama_row for face in faces):
        return Case.TAKE
    return Case.BUST


def most_discards(faces: Faces, row: Row) -> int:
    """The most cards a roll lets you discard: one card per matching die."""
    shown, held = Counter(faces), Counter(row)
    return sum(min(count, held[value]) for value, count in shown.items())


def discard_choices(faces: tuple[int, ...], row: Row) -> list[Row]:
    """Every allowed discard: at least one card, at most one per matching die."""
    shown, held = Counter(faces), Counter(row)
    limits = [(value, min(count, held[value])) for value, count in sorted(shown.items())]
    choices: list[Row] = [()]
    for value, most in limits:
        choices = [choice + (value,) * n for choice in choices for n in range(most + 1)]
    return sorted((choice for choice in choices if choice), key=lambda c: (-len(c), c))


def take_choices(faces: Faces, llama_row: Row) -> list[int]:
    """The llama-row cards a roll lets you take: those whose value a die shows."""
    return sorted(matching(faces, llama_row))


def matching(faces: Faces, cards: Iterable[int]) -> set[int]:
    """The values among `cards` that a die shows (a llama die matches a llama card)."""
    return set(faces) & set(cards)


def without(row: Row, cards: Row) -> Row:
    """The row after the cards (which it holds) are removed, sorted."""
    left = sorted(row)
    for card in cards:
        left.remove(card)
    return tuple(left)
