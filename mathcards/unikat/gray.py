"""One chain through all 81 cards: a ternary reflected Gray code, and the 9 × 9 snake it lays.

Count in base 3, one digit per feature, but so that each step changes one digit by one: the
code for n digits runs the code for n − 1 digits forwards, backwards, forwards, once for each
value of the first digit. Laid row by row as a snake (odd rows right to left), every two cards
side by side touch, across rows too. A 2 × 2 square of cards changes two different features,
each on two opposite sides: going round the square must bring every feature back.
"""

from __future__ import annotations

from enum import Enum
from itertools import combinations

from mathcards.i18n import N_, _
from mathcards.unikat.board import Cell
from mathcards.unikat.cards import DECK, FEATURES, Card, touches

SIDE = 9  # 81 cards = 9 × 9


def gray_code(digits: int) -> list[tuple[int, ...]]:
    """Every base-3 number with this many digits, each differing from the one before in one
    digit, by one."""
    if digits == 0:
        return [()]
    shorter = gray_code(digits - 1)
    return [
        (first, *rest)
        for first in range(3)
        for rest in (shorter if first % 2 == 0 else shorter[::-1])
    ]


def gray_chain() -> list[Card]:
    """All 81 cards in one chain: each differs from the one before in exactly one feature."""
    return [Card(*digits) for digits in gray_code(len(FEATURES))]


def changed_feature(before: Card, after: Card) -> str:
    """The name of the one feature in which two touching cards differ (an English key: show it
    translated)."""
    if not touches(before, after):
        raise ValueError(
            _("{card} and {other} do not differ in exactly one feature").format(
                card=before, other=after
            )
        )
    return next(f.name for f, a, b in zip(FEATURES, before, after, strict=True) if a != b)


def snake(chain: list[Card] | None = None) -> dict[Cell, Card]:
    """The chain laid on a 9 × 9 board row by row, every other row from right to left."""
    cards = gray_chain() if chain is None else chain
    return {_snake_cell(i): one for i, one in enumerate(cards)}


def _snake_cell(index: int) -> Cell:
    row, step = divmod(index, SIDE)
    return (step if row % 2 == 0 else SIDE - 1 - step, row)


class Flaw(Enum):
    """What keeps four cards from lying as the 2 × 2 square a b / c d (a b on top, c d below),
    said in words: a card twice, or a side whose two cards do not touch."""

    TWICE = N_("No: every card is unique, so one card cannot lie twice.")
    TOP = N_("No: the two cards on the top do not differ in exactly one feature.")
    BOTTOM = N_("No: the two cards on the bottom do not differ in exactly one feature.")
    LEFT = N_("No: the two cards on the left do not differ in exactly one feature.")
    RIGHT = N_("No: the two cards on the right do not differ in exactly one feature.")


SIDES = {Flaw.TOP: (0, 1), Flaw.BOTTOM: (2, 3), Flaw.LEFT: (0, 2), Flaw.RIGHT: (1, 3)}  # a, b, c, d


def square_flaw(a: Card, b: Card, c: Card, d: Card) -> Flaw | None:
    """Why four cards cannot lie as the square a b / c d: a card twice, else the first side (top,
    bottom, left, right) whose two cards do not touch; None when they can."""
    four = (a, b, c, d)
    if len(set(four)) < len(four):
        return Flaw.TWICE
    return next((side for side, (i, j) in SIDES.items() if not touches(four[i], four[j])), None)


def is_square(a: Card, b: Card, c: Card, d: Card) -> bool:
    """Can four cards lie as a 2 × 2 square, a b on top and c d below (a–b, b–d, d–c, c–a)?"""
    return square_flaw(a, b, c, d) is None


def square_features(a: Card, b: Card, c: Card, d: Card) -> tuple[str, str]:
    """The two features a square changes: one across its rows, one down its columns."""
    return changed_feature(a, b), changed_feature(a, c)


def squares() -> list[tuple[Card, Card, Card, Card]]:
    """Every set of four cards that can form a 2 × 2 square, each set once (a the smallest)."""
    found = []
    for a in DECK:
        for f, g in combinations(range(len(FEATURES)), 2):
            for x in range(3):
                for y in range(3):
                    if x == a[f] or y == a[g]:
                        continue
                    b = _with(a, f, x)
                    c = _with(a, g, y)
                    d = _with(b, g, y)
                    if a == min(a, b, c, d):
                        found.append((a, b, c, d))
    return found


def _with(one: Card, feature: int, value: int) -> Card:
    return Card(*(value if i == feature else v for i, v in enumerate(one)))
