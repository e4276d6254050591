"""What the LAMA Dice lessons show when they open, worked out once (by
`scripts/lama_dice_cache.py`, into `known_values.py`) so that a page opens at once.

Everything here is deterministic: exact fractions, and simulations with fixed seeds. Each lookup
gives None for anything not worked out in advance; the caller then computes it.
"""

from __future__ import annotations

import random
from fractions import Fraction

from mathcards.chips import LLAMA
from mathcards.i18n import _
from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import Dice, Row, dice_text
from mathcards.lama_dice.known_values import DECISIONS, GAME_WINNERS, LAST_ROUND_TOTALS
from mathcards.lama_dice.policy import Decision, last_player

LESSON_ROW: Row = (1, 2, 3, 4, 5, LLAMA)
LESSON_LLAMA_ROW: Row = (1, 2, 3, 4, 5, 6, LLAMA)
EXAMPLE_ROWS: tuple[Row, ...] = (
    (6,),
    (1, 6),
    (5, 6, LLAMA),
    (2, 2, 6),
    (1, 2, 3),
    (4, 5, 6, LLAMA),
    (1, 2, 3, 4, 5, LLAMA),
)
MOMENTS: tuple[tuple[Row, Row], ...] = tuple((row, LESSON_LLAMA_ROW) for row in EXAMPLE_ROWS)
LAST_ROUNDS, LAST_ROUNDS_SEED = 3000, 7
GAMES, GAMES_SEED = 60, 3


def decision(row: Row, llama_row: Row, dice: Dice, llama_scoring: str = "once") -> Decision | None:
    """The last player's decision, if worked out in advance."""
    known = DECISIONS.get((dice_text(dice), row, llama_row)) if llama_scoring == "once" else None
    if known is None:
        return None
    roll, quit_now = known
    return Decision(Fraction(roll), Fraction(quit_now))


def decide(row: Row, llama_row: Row, dice: Dice, llama_scoring: str = "once") -> Decision:
    """The last player's decision: worked out in advance for the lessons' rows, else now."""
    known = decision(row, llama_row, dice, llama_scoring)
    return known or last_player(row, llama_row, dice, llama_scoring=llama_scoring)


def moment(seed: int, number: int) -> tuple[Row, Row]:
    """The `number`-th moment (from 0) of a seeded roll-or-quit series for the last player: a
    row and the llama row, every one worked out in advance. The series goes through all the
    moments in a shuffled order, then again in another, never the same moment twice running."""
    if number < 0:
        raise ValueError(
            _("a moment of the series is counted from 0, not {number}").format(number=number)
        )
    passes, place = divmod(number, len(MOMENTS))
    order = _shuffled(seed, passes)
    if passes and order[0] == _shuffled(seed, passes - 1)[-1]:
        order[0], order[1] = order[1], order[0]
    return order[place]


def _shuffled(seed: int, passes: int) -> list[tuple[Row, Row]]:
    """The moments in the order of this pass through them (before the first is changed)."""
    order = list(MOMENTS)
    random.Random(f"roll-or-quit {seed} {passes}").shuffle(order)
    return order


def average_penalties(
    row: Row, llama_row: Row, dice: Dice, rounds: int, seed: int
) -> dict[str, float] | None:
    """Every strategy's average penalty over the lesson's seeded last rounds, if all are worked
    out in advance."""
    averages = {s: average_penalty(row, llama_row, dice, s, rounds, seed) for s in STRATEGIES}
    if any(average is None for average in averages.values()):
        return None
    return {strategy: average for strategy, average in averages.items() if average is not None}


def average_penalty(
    row: Row, llama_row: Row, dice: Dice, strategy: str, rounds: int, seed: int
) -> float | None:
    """A strategy's average penalty over the lesson's seeded last rounds, if worked out."""
    if (rounds, seed) != (LAST_ROUNDS, LAST_ROUNDS_SEED):
        return None
    total = LAST_ROUND_TOTALS.get((dice_text(dice), row, llama_row, strategy))
    return None if total is None else total / rounds


def game_winners(dice: Dice, games: int, seed: int) -> list[tuple[str, ...]] | None:
    """The winners (by strategy) of each seeded game between cautious, bold and best."""
    if (games, seed) != (GAMES, GAMES_SEED):
        return None
    return GAME_WINNERS.get(dice_text(dice))
