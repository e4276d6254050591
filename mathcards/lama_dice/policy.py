"""Roll or quit? The best decision for the last player, by dynamic programming over rows.

The model (docs/rules.md#lama-dice-round-end, "when everyone else has quit"): quitting scores
the row now; an empty row scores 0; three llamas change no card, so you roll again; a roll that
matches nothing in your row is a bust (your row plus the whole llama row is scored); after a
match you discard the cards that leave you best off. Chips are ignored. Every value is an exact
`Fraction`, for the game's dice and llama scoring.

How it is worked out, in whole numbers: a row is packed into one integer (four bits a value count
its cards), so a discard is a subtraction, and the rows a row can become are worked out first,
smallest code first. Of the 216 rolls, R are not three llamas; every roll that changes the row
removes a card and divides by R once, so the expected penalty of a row of at most 13 cards is a
whole number of 1/R**13-ths: that whole number is what the tables keep.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mathcards.chips import LLAMA, check_llama_scoring, penalty
from mathcards.i18n import _
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
    discard_choices,
    roll_ways,
)
from mathcards.lama_dice.odds import checked_rows

MOST_CARDS = 13  # a row's six dealt cards and the llama row's seven
TABLE_SIZE = 1 << 13  # rows a table keeps before it starts again (13 cards become 1458)

RowCode = int  # a row packed into one integer: four bits a value count its cards
_SHIFT = {value: 4 * place for place, value in enumerate(VALUES)}
_SPARE = sum(8 << shift for shift in _SHIFT.values())  # the bit above every count (at most 7)


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
    """The best decision for the last player in the round, with both expected penalties."""
    own, middle = _checked(row, llama_row)
    return _decision(own, middle, check_dice(dice), check_llama_scoring(llama_scoring))


def expected_penalty(
    row: Row, llama_row: Row, dice: Dice = DEFAULT_DICE, llama_scoring: str = "once"
) -> Fraction:
    """The expected penalty of this round under the best play from here."""
    own, middle = _checked(row, llama_row)
    code = _code(own)
    return Fraction(_filled(code, middle, dice, llama_scoring)[code], _scale(dice))


def best_discard(
    faces: Faces, row: Row, llama_row: Row, dice: Dice = DEFAULT_DICE, llama_scoring: str = "once"
) -> Row:
    """The discard that leaves the last player with the least expected penalty."""
    own, middle = _checked(row, llama_row)
    code = _code(own)
    table = _filled(code, middle, dice, llama_scoring)
    return min(discard_choices(faces, own), key=lambda cards: table[code - _code(cards)])


def _checked(row: Iterable[int], llama_row: Iterable[int]) -> tuple[Row, Row]:
    """Both rows sorted, if the game can produce them. A row only grows by the llama row's
    cards, so the two hold at most 13 cards together (six dealt, seven in the llama row)."""
    own, middle = checked_rows(row, llama_row)
    if len(own) + len(middle) > MOST_CARDS:
        raise ValueError(
            _(
                "your row and the llama row hold at most {most} cards together (six dealt, "
                "seven in the llama row at the start), not {count}"
            ).format(most=MOST_CARDS, count=len(own) + len(middle))
        )
    return own, middle


@lru_cache(maxsize=1 << 12)
def _decision(row: Row, llama_row: Row, dice: Dice, llama_scoring: str) -> Decision:
    """Both expected penalties, for rows `_checked` has sorted."""
    quit_now = Fraction(penalty(row, llama_scoring=llama_scoring))
    if not row:
        return Decision(Fraction(0), Fraction(0))
    code = _code(row)
    table = _filled(code, llama_row, dice, llama_scoring)
    return Decision(
        Fraction(_roll_on(code, table, llama_row, dice, llama_scoring), _scale(dice)), quit_now
    )


def _filled(code: RowCode, llama_row: Row, dice: Dice, llama_scoring: str) -> dict[RowCode, int]:
    """The table of expected penalties (in 1/R**13-ths), holding this row and all it can become."""
    table = _table(llama_row, dice, llama_scoring)
    if code in table:
        return table
    if len(table) > TABLE_SIZE:
        table.clear()
    scale = _scale(dice)
    for kept in _rows_kept(code):
        if kept not in table:
            quit_now = penalty(_cards(kept), llama_scoring=llama_scoring) * scale
            table[kept] = min(quit_now, _roll_on(kept, table, llama_row, dice, llama_scoring))
    return table


def _roll_on(
    code: RowCode, table: dict[RowCode, int], llama_row: Row, dice: Dice, llama_scoring: str
) -> int:
    """Rolling on, then playing best (in 1/R**13-ths): a bust scores both rows, a match the best
    discard the row holds; three llamas are rolled again, so the rest share their chance."""
    row = _cards(code)
    busts, matches = _rolls(frozenset(row), dice)
    total = busts * penalty(row + llama_row, llama_scoring=llama_scoring) * _scale(dice)
    spare = code | _SPARE  # a discard the row holds leaves every spare bit set
    for ways, discards in matches:
        total += ways * min(
            table[code - cards] for cards in discards if (spare - cards) & _SPARE == _SPARE
        )
    return total // _moving_rolls(dice)


@lru_cache(maxsize=32)
def _table(llama_row: Row, dice: Dice, llama_scoring: str) -> dict[RowCode, int]:
    """The expected penalties worked out so far against this llama row, by row code."""
    return {}


@lru_cache(maxsize=1 << 10)
def _rolls(
    held: frozenset[int], dice: Dice
) -> tuple[int, tuple[tuple[int, tuple[RowCode, ...]], ...]]:
    """The rolls but three llamas, for a last player holding these values: the ways to bust, and
    for each set of matching faces its ways and discards (the row may not hold every one)."""
    busts = 0
    matches: Counter[tuple[int, ...]] = Counter()
    for faces, ways in _sorted_rolls(dice).items():
        case = case_of(faces, tuple(held), (), alone=True)
        if case is Case.BUST:
            busts += ways
        elif case is Case.DISCARD:
            matches[tuple(sorted(face for face in faces if face in held))] += ways
    return busts, tuple((ways, _discards(matched)) for matched, ways in matches.items())


@lru_cache(maxsize=16)
def _sorted_rolls(dice: Dice) -> Counter[Faces]:
    """The rolls with their faces sorted (for a discard the dice's order does not matter), with
    their ways."""
    sorted_rolls: Counter[Faces] = Counter()
    for faces, ways in roll_ways(dice).items():
        low, middle, high = sorted(faces)
        sorted_rolls[low, middle, high] += ways
    return sorted_rolls


@lru_cache(maxsize=1 << 8)
def _discards(matched: tuple[int, ...]) -> tuple[RowCode, ...]:
    """Every discard these matching faces allow a row holding enough cards, as codes."""
    return tuple(_code(cards) for cards in discard_choices(matched, matched))


@lru_cache(maxsize=16)
def _moving_rolls(dice: Dice) -> int:
    """R: how many of the 216 rolls are not three llamas (those are rolled again)."""
    return ROLLS - roll_ways(dice)[(LLAMA, LLAMA, LLAMA)]


@lru_cache(maxsize=16)
def _scale(dice: Dice) -> int:
    """R**13: the tables keep expected penalties in these parts."""
    return _moving_rolls(dice) ** MOST_CARDS


def _code(row: Iterable[int]) -> RowCode:
    """The row packed into one integer; a discard the row holds subtracts the discard's code."""
    return sum(1 << _SHIFT[card] for card in row)


def _cards(code: RowCode) -> Row:
    """The row a code stands for, sorted."""
    return tuple(value for value in VALUES for _ in range(code >> _SHIFT[value] & 15))


def _rows_kept(code: RowCode) -> list[RowCode]:
    """Every row that keeps some of these cards (none or all too), smallest code first: a row
    comes after every row a discard makes of it."""
    kept = [0]
    for shift in _SHIFT.values():
        most = code >> shift & 15
        kept = [row + (count << shift) for row in kept for count in range(most + 1)]
    return sorted(kept)
