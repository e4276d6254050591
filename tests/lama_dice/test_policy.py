"""The last player's decision is the exact one: the fast dynamic program (whole numbers over
packed rows) against the straightforward one in Fractions, on rows the game can produce."""

from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.chips import LLAMA as L
from mathcards.chips import LLAMA_SCORING, penalty
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    LAYOUTS,
    VALUES,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    discard_choices,
    outcomes,
    parse_dice,
    without,
)
from mathcards.lama_dice.game import CARDS
from mathcards.lama_dice.policy import MOST_CARDS, Decision, best_discard, last_player

# ----------------------------------------------------- the reference: the rules, in Fractions


@cache
def reference(row: Row, llama_row: Row, dice: Dice, llama_scoring: str) -> Decision:
    """Both expected penalties: the rolls by what they match, the best discard of each."""
    quit_now = Fraction(penalty(row, llama_scoring=llama_scoring))
    if not row:
        return Decision(Fraction(0), Fraction(0))
    again = total = Fraction(0)
    for matched, p in matches(frozenset(row), dice).items():
        if matched is None:  # three llamas: nothing changes, roll again
            again += p
        elif matched:
            total += p * reference_discard(matched, row, llama_row, dice, llama_scoring)[1]
        else:
            total += p * penalty(row + llama_row, llama_scoring=llama_scoring)
    return Decision(total / (1 - again), quit_now)


def reference_discard(
    faces: tuple[int, ...], row: Row, llama_row: Row, dice: Dice, llama_scoring: str
) -> tuple[Row, Fraction]:
    """The first discard (in `discard_choices` order) with the least expected penalty, and it."""
    left = {
        cards: reference(without(row, cards), llama_row, dice, llama_scoring).expected_penalty
        for cards in discard_choices(faces, row)
    }
    least = min(left.values())
    return next(cards for cards, value in left.items() if value == least), least


@cache
def matches(held: frozenset[int], dice: Dice) -> dict[tuple[int, ...] | None, Fraction]:
    """The rolls grouped by the faces that match the row, () for a bust, None for three llamas."""
    grouped: Counter[tuple[int, ...] | None] = Counter()
    for faces, p in outcomes(dice).items():
        case = case_of(faces, tuple(held), (), alone=True)
        key = None if case is Case.THREE_LLAMAS else tuple(sorted(f for f in faces if f in held))
        grouped[key] += p
    return grouped


# ---------------------------------------------------------- rows the game can produce, and dice


@st.composite
def game_rows(draw: st.DrawFn) -> tuple[Row, Row]:
    """A llama row (one card a value at most) and a row, 13 cards together at most."""
    llama_row = tuple(sorted(draw(st.sets(st.sampled_from(VALUES)))))
    size = draw(st.integers(0, MOST_CARDS - len(llama_row)))
    row = draw(st.lists(st.sampled_from(VALUES), min_size=size, max_size=size))
    left = Counter(CARDS) - Counter(llama_row)
    return tuple(sorted(card for card in row if Counter(row)[card] <= left[card])), llama_row


LAYOUT_DICE = [parse_dice(text) for text in LAYOUTS.values()]
any_dice = st.lists(
    st.lists(st.sampled_from(VALUES), min_size=6, max_size=6), min_size=3, max_size=3
).filter(lambda dice: any(face != L for die in dice for face in die))
dice_to_try = st.one_of(st.sampled_from(LAYOUT_DICE), any_dice.map(check_dice))
LARGEST = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, L)  # 1458 rows it can become, the most there are


# ------------------------------------------------------------------------------------ the tests


@settings(max_examples=80, deadline=None)
@given(game_rows(), dice_to_try, st.sampled_from(LLAMA_SCORING))
def test_the_decision_is_exactly_the_reference(rows, dice, llama_scoring):
    row, llama_row = rows
    decision = last_player(row, llama_row, dice, llama_scoring=llama_scoring)
    assert decision == reference(row, llama_row, dice, llama_scoring)
    assert type(decision.roll) is Fraction and type(decision.quit) is Fraction


@settings(max_examples=60, deadline=None)
@given(game_rows(), dice_to_try, st.sampled_from(LLAMA_SCORING), st.randoms())
def test_the_best_discard_is_the_reference_one(rows, dice, llama_scoring, rng):
    row, llama_row = rows
    faces: Faces = tuple(rng.choice(die) for die in dice)  # type: ignore[assignment]
    if case_of(faces, row, llama_row, alone=True) is Case.DISCARD:
        expected, _ = reference_discard(faces, row, llama_row, dice, llama_scoring)
        assert best_discard(faces, row, llama_row, dice, llama_scoring) == expected


@pytest.mark.parametrize(
    ("dice", "llama_scoring"),
    [(DEFAULT_DICE, "once"), (parse_dice(LAYOUTS["One llama a die"]), "each")],
)
def test_the_largest_row_is_exactly_the_reference(dice, llama_scoring):
    decision = last_player(LARGEST, (), dice, llama_scoring=llama_scoring)
    assert decision == reference(LARGEST, (), dice, llama_scoring)
