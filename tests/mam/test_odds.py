"""How easy the target game is: counting calculations, and the packaged solvability counts."""

import json
from fractions import Fraction

import pytest

from mathcards.mam import LEVELS, level
from mathcards.mam.odds import (
    TABLE,
    count_solvability,
    distinct_calculations,
    ordered_calculations,
    solvability,
)
from tests.mam.reference import all_card_forms


@pytest.mark.parametrize(("cards", "count"), [(1, 1), (2, 8), (3, 192), (5, 430_080)])
def test_ordered_calculations_count_orders_brackets_and_operators(cards, count):
    assert ordered_calculations(cards) == count


@pytest.mark.parametrize("hand", [(3,), (3, 5), (2, 3, 5), (2, 3, 5, 7), (2, 2, 4)])
def test_distinct_calculations_match_the_reference(hand):
    assert distinct_calculations(hand) == len(all_card_forms(list(hand)))
    assert distinct_calculations(hand, power=True) == len(all_card_forms(list(hand), True))


def test_the_packaged_counts_are_what_counting_gives():
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    assert len(table) == 2 * len(LEVELS), "every level, with and without powers"
    for name in LEVELS:
        for power in (False, True):
            chosen = level(name, power=power)
            assert solvability(chosen, 200, seed=1) == count_solvability(chosen, 200, 1)


def test_other_settings_are_counted_when_asked():
    few = solvability(LEVELS["normal"], deals=3, seed=9)
    assert few.deals == 3 and sum(few.fewest.values()) == 1
    assert set(few.per_target.values()) <= {Fraction(n, 3) for n in range(4)}
    with pytest.raises(ValueError, match="from 1 to 2000"):
        solvability(LEVELS["normal"], deals=0)
