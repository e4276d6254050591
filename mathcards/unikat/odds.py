"""Counting Unikat's cards, and the exact chance that a rack can touch the start card.

After the start card is drawn, 80 cards are left and 8 of them touch it (four features, two
other values each), so the number of such cards in a rack of N is hypergeometric.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from mathcards.i18n import _, number
from mathcards.unikat.cards import DECK, FEATURES, touches

CARDS = len(DECK)  # 3 × 3 × 3 × 3 = 81
OTHERS = CARDS - 1  # every card but the start card
TOUCHING = len(FEATURES) * 2  # one feature changed to one of its two other values: 8
RACK_SIZES = range(1, OTHERS + 1)  # a rack drawn after the start card


def check_rack_size(rack_size: int) -> int:
    """A rack drawn after the start card holds 1 to 80 cards."""
    if rack_size not in RACK_SIZES:
        raise ValueError(
            _("a rack holds 1 to {most} cards, not {n}").format(most=OTHERS, n=rack_size)
        )
    return rack_size


def touching_odds(rack_size: int) -> dict[int, Fraction]:
    """The chance that a rack of this size holds exactly k cards that may touch the start card."""
    check_rack_size(rack_size)
    ways = comb(OTHERS, rack_size)
    return {
        k: Fraction(comb(TOUCHING, k) * comb(OTHERS - TOUCHING, rack_size - k), ways)
        for k in range(min(TOUCHING, rack_size) + 1)
        if rack_size - k <= OTHERS - TOUCHING
    }


def can_lay_first(rack_size: int) -> Fraction:
    """The chance that the rack holds at least one card that may touch the start card."""
    check_rack_size(rack_size)
    return 1 - Fraction(comb(OTHERS - TOUCHING, rack_size), comb(OTHERS, rack_size))


def can_lay_first_by_size() -> dict[int, Fraction]:
    """The chance that a rack can touch the start card, for every rack size from 1 to 80."""
    return {rack_size: can_lay_first(rack_size) for rack_size in RACK_SIZES}


def expected_neighbours(rack_size: int) -> Fraction:
    """How many cards that may touch the start card a rack holds on average: N × 8/80."""
    return check_rack_size(rack_size) * Fraction(TOUCHING, OTHERS)


def exactly(value: Fraction) -> str:
    """A fraction as it is, and as a decimal when it is not whole: 3/10 (0.3), or 1."""
    return str(value) if value.denominator == 1 else f"{value} ({number(value)})"


def simulate_can_lay_first(rack_size: int, deals: int, seed: int | None = None) -> list[bool]:
    """Deal a start card and a rack `deals` times: could the rack touch the start card?"""
    check_rack_size(rack_size)
    rng = random.Random(seed)
    results = []
    for _deal in range(deals):
        start, *rack = rng.sample(DECK, rack_size + 1)
        results.append(any(touches(start, one) for one in rack))
    return results


def against_exact(deals: Sequence[bool], rack_size: int) -> tuple[float, float]:
    """Simulated deals next to the exact chance: the share of racks that could touch the start
    card, and how far that share is off the exact chance (+ above it, − below)."""
    share = sum(deals) / len(deals)
    return share, share - float(can_lay_first(rack_size))


def touching_pairs() -> int:
    """How many pairs of cards may lie side by side: 81 × 8 / 2, counted one pair at a time."""
    return sum(touches(a, b) for a, b in combinations(DECK, 2))
