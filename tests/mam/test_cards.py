"""The deck, the dice, the levels, and seeded dealing."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from mathcards.mam.cards import (
    BLACK,
    BLUE_ONES,
    BLUE_TENS,
    DECK,
    LEVELS,
    RED,
    deal,
    level,
    target,
)


def test_the_deck_has_55_cards_as_in_the_rulebook():
    counts = Counter(DECK)
    assert len(DECK) == 55
    assert all(counts[v] == 4 for v in range(1, 11))
    assert all(counts[v] == 2 for v in range(11, 15))
    assert all(counts[v] == 1 for v in range(15, 20))
    assert counts[20] == 2


def test_the_dice():
    assert BLUE_ONES == (0, 2, 3, 4, 5, 8)
    assert BLUE_TENS == (20, 30, 40, 50, 60, 70)
    assert BLACK == (30, 50, 70, 80, 90, 110)
    assert RED == (0, 10, 20, 0, 10, 20)


def test_the_target_is_the_sum_of_the_dice():
    assert target((2, 30)) == 32 and target((0, 20)) == 20
    assert target(None) == 0, "no target before the dice are rolled"
    assert set(LEVELS["easy"].targets()) == {target(roll) for roll in LEVELS["easy"].rolls()}


def test_the_levels():
    assert max(LEVELS["easy"].deck) == 15
    assert len(LEVELS["easy"].deck) == 55 - 4 - 2  # no 16-19, no 20s
    assert LEVELS["easy"].dice == (BLUE_ONES, RED)
    assert LEVELS["normal"].dice == (BLUE_ONES, BLUE_TENS)
    assert LEVELS["hard"].dice == (BLUE_ONES, BLACK)
    assert level("hard", power=True).power and not LEVELS["hard"].power


def test_unknown_level_is_a_value_error():
    with pytest.raises(ValueError, match="unknown level 'medium'"):
        level("medium")


def test_target_probabilities_are_exact():
    targets = LEVELS["normal"].targets()
    assert sum(targets.values()) == 1
    assert targets[20] == Fraction(1, 36)
    assert min(targets) == 20 and max(targets) == 78
    easy = LEVELS["easy"].targets()
    assert easy[0] == Fraction(2, 36) and max(easy) == 28


def test_the_same_seed_gives_the_same_deal_even_when_random_is_disturbed():
    first = deal(random.Random(7)), LEVELS["normal"].roll(random.Random(7))
    random.seed(99)
    random.random()
    second = deal(random.Random(7)), LEVELS["normal"].roll(random.Random(7))
    assert first == second
    assert deal(random.Random(8)) != first[0]


def test_a_deal_comes_from_the_levels_deck():
    cards = deal(random.Random(1), LEVELS["easy"], count=8)
    assert len(cards) == 8 and not Counter(cards) - Counter(LEVELS["easy"].deck)


def test_reading_typed_cards():
    from mathcards.mam.inputs import read_cards

    assert read_cards("7 6, 12 2 15") == [7, 6, 12, 2, 15]
    for text, message in [
        ("", "type the cards"),
        ("7 21", "“21” is not a card"),
        ("7 x", "“x” is not a card"),
        ("٣", "is not a card"),
        ("15 15", "15 is in the deck only once, not twice"),
        ("1 " * 9, "at most 8 cards"),
    ]:
        with pytest.raises(ValueError, match=message):
            read_cards(text)
