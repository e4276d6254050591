"""Exact odds of a LAMA Dice roll, as `Fraction`s: of what the dice show, and of each case
for the rows in front of you."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mathcards.chips import LLAMA, check_llama_scoring, penalty
from mathcards.i18n import _, ngettext
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    ROLLS,
    VALUES,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    most_discards,
    name,
    not_a_card,
    outcomes,
    roll_ways,
)
from mathcards.lama_dice.game import CARDS


def chance(dice: Dice, test: Callable[[Faces], bool]) -> Fraction:
    """The exact chance that a roll of these dice passes `test`."""
    return sum((p for faces, p in outcomes(check_dice(dice)).items() if test(faces)), Fraction(0))


def shows(dice: Dice, value: int) -> Fraction:
    """The exact chance that at least one die shows `value` (a number, or LLAMA)."""
    return chance(dice, lambda faces: value in faces)


@lru_cache(maxsize=1 << 10)
def bust_alone(held: frozenset[int], dice: Dice = DEFAULT_DICE) -> Fraction:
    """The exact chance that a roll busts the last player in the round, who holds these values:
    not three llamas, and no die shows one of them (`roll_odds(..., alone=True).bust`)."""
    ways = sum(
        count
        for faces, count in roll_ways(check_dice(dice)).items()
        if faces != (LLAMA, LLAMA, LLAMA) and not held.intersection(faces)
    )
    return Fraction(ways, ROLLS)


def three_llamas(dice: Dice) -> Fraction:
    """The exact chance that every die shows a llama."""
    return chance(dice, lambda faces: faces == (LLAMA, LLAMA, LLAMA))


@dataclass(frozen=True)
class RollOdds:
    """The chance of each case of the next roll, and of how many cards you could discard."""

    three_llamas: Fraction
    discard: Fraction
    take: Fraction
    bust: Fraction
    discard_up_to: dict[int, Fraction]  # P(the roll lets you discard at most n cards), n = 1..3
    penalty_now: int  # what the row scores if you quit now

    def of(self, case: Case) -> Fraction:
        return {
            Case.THREE_LLAMAS: self.three_llamas,
            Case.DISCARD: self.discard,
            Case.TAKE: self.take,
            Case.BUST: self.bust,
        }[case]


def checked_rows(row: Iterable[int], llama_row: Iterable[int]) -> tuple[Row, Row]:
    """Both rows as sorted tuples, or a ValueError naming what cannot be."""
    own, middle = tuple(sorted(row)), tuple(sorted(llama_row))
    for value in own + middle:
        if value not in VALUES:
            raise ValueError(not_a_card(value))
    if len(set(middle)) != len(middle):
        raise ValueError(_("the llama row holds at most one card of each value"))
    both = Counter(own) + Counter(middle)
    for value, count in both.items():
        if count > CARDS[value]:
            raise ValueError(
                ngettext(
                    "there is only {n} card {card} in the game, not {count}",
                    "there are only {n} cards {card} in the game, not {count}",
                    CARDS[value],
                ).format(n=CARDS[value], card=name(value), count=count)
            )
    return own, middle


def roll_odds(
    row: Iterable[int],
    llama_row: Iterable[int],
    dice: Dice = DEFAULT_DICE,
    *,
    alone: bool = False,
    llama_scoring: str = "once",
) -> RollOdds:
    """Exact probabilities for the next roll, summed over all 216 outcomes."""
    own, middle = checked_rows(row, llama_row)
    return _roll_odds(own, middle, check_dice(dice), alone, check_llama_scoring(llama_scoring))


@lru_cache(maxsize=1 << 14)
def _roll_odds(own: Row, middle: Row, dice: Dice, alone: bool, llama_scoring: str) -> RollOdds:
    chance = dict.fromkeys(Case, Fraction(0))
    up_to = dict.fromkeys((1, 2, 3), Fraction(0))
    for faces, p in outcomes(dice).items():
        case = case_of(faces, own, middle, alone=alone)
        chance[case] += p
        if case is Case.DISCARD:
            up_to[most_discards(faces, own)] += p
    return RollOdds(
        three_llamas=chance[Case.THREE_LLAMAS],
        discard=chance[Case.DISCARD],
        take=chance[Case.TAKE],
        bust=chance[Case.BUST],
        discard_up_to=up_to,
        penalty_now=penalty(own, llama_scoring=llama_scoring),
    )
