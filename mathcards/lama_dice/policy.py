"""Roll or quit? The best decision for the last player, by dynamic programming over rows.

The model (RULES.md §3, "when all others have quit"): quitting scores the row now; an empty row
scores 0; three llamas change no card, so you roll again; a roll that matches nothing in your
row is a bust (your row plus the whole llama row is scored); after a match you discard the cards
that leave you best off. Chips are ignored. Every value is an exact `Fraction`, for the game's
dice and llama scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mathcards.chips import check_llama_scoring, penalty
from mathcards.i18n import _
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    discard_choices,
    outcomes,
    without,
)
from mathcards.lama_dice.odds import checked_rows

MOST_CARDS = 13  # a row's six dealt cards and the llama row's seven


@dataclass(frozen=True)
class Decision:
    """The expected penalty of rolling on and of quitting now, and which is better."""

    roll: Fraction
    quit: Fraction

    @property
    def action(self) -> str:
        return "roll" if self.roll < self.quit else "quit"

    @property
    def expected_penalty(self) -> Fraction:
        return min(self.roll, self.quit)


def last_player(
    row: Iterable[int],
    llama_row: Iterable[int],
    dice: Dice = DEFAULT_DICE,
    *,
    llama_scoring: str = "once",
) -> Decision:
    """The best decision for the last player in the round, with both expected penalties.

    A row only grows by the llama row's cards, so the two hold at most 13 cards together (six
    dealt, seven in the llama row); larger rows cannot happen and are refused."""
    own, middle = checked_rows(row, llama_row)
    if len(own) + len(middle) > MOST_CARDS:
        raise ValueError(
            _(
                "your row and the llama row hold at most {most} cards together (six dealt, "
                "seven in the llama row at the start), not {count}"
            ).format(most=MOST_CARDS, count=len(own) + len(middle))
        )
    return _decision(own, middle, check_dice(dice), check_llama_scoring(llama_scoring))


def expected_penalty(
    row: Row, llama_row: Row, dice: Dice = DEFAULT_DICE, llama_scoring: str = "once"
) -> Fraction:
    """The expected penalty of this round under the best play from here."""
    return _decision(
        tuple(sorted(row)), tuple(sorted(llama_row)), dice, llama_scoring
    ).expected_penalty


def best_discard(
    faces: Faces, row: Row, llama_row: Row, dice: Dice = DEFAULT_DICE, llama_scoring: str = "once"
) -> Row:
    """The discard that leaves the last player with the least expected penalty."""
    return min(
        discard_choices(faces, row),
        key=lambda cards: expected_penalty(without(row, cards), llama_row, dice, llama_scoring),
    )


@lru_cache(maxsize=1 << 16)
def _decision(row: Row, llama_row: Row, dice: Dice, llama_scoring: str) -> Decision:
    quit_now = Fraction(penalty(row, llama_scoring=llama_scoring))
    if not row:
        return Decision(Fraction(0), Fraction(0))
    again = Fraction(0)
    total = Fraction(0)
    for matched, p in _matches(frozenset(row), dice).items():
        if matched is None:  # three llamas: nothing changes, roll again
            again += p
        elif matched:
            total += p * min(
                _decision(without(row, cards), llama_row, dice, llama_scoring).expected_penalty
                for cards in discard_choices(matched, row)
            )
        else:
            total += p * penalty(row + llama_row, llama_scoring=llama_scoring)
    return Decision(total / (1 - again), quit_now)


@lru_cache(maxsize=1 << 12)
def _matches(held: frozenset[int], dice: Dice) -> dict[tuple[int, ...] | None, Fraction]:
    """The rolls grouped by what they mean for a last player holding these values: the faces
    that match the row (all a discard depends on), () for a bust, None for three llamas."""
    grouped: dict[tuple[int, ...] | None, Fraction] = {}
    for faces, p in outcomes(dice).items():
        case = case_of(faces, tuple(held), (), alone=True)
        key = None if case is Case.THREE_LLAMAS else tuple(sorted(f for f in faces if f in held))
        grouped[key] = grouped.get(key, Fraction(0)) + p
    return grouped
