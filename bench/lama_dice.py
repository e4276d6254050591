"""Benchmark LAMA Dice: simulated rolls against their one-second budget, and the exact tools.

Run: ``make bench`` (or ``.venv/bin/python -m bench.lama_dice``). Prints each case's time and
its ratio to the budget the lessons need (100 000 rolls well under a second), then the last
player's decision on the largest rows the game can produce (13 cards with the llama row), cold,
for every layout and llama scoring: the slowest of them has a second (issue 11).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from mathcards.chips import LLAMA, LLAMA_SCORING
from mathcards.lama_dice import odds, policy
from mathcards.lama_dice.dice import LAYOUTS, Row, name, parse_dice
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import simulate_rolls

ROW, LLAMA_ROW = (1, 2, 3, 4, 5, LLAMA), (1, 2, 3, 4, 5, 6, LLAMA)
CASES = [
    ("100 000 simulated rolls", 1.0, lambda: simulate_rolls(ROW, LLAMA_ROW, 100_000, seed=1)),
    ("exact odds of one roll", 0.01, lambda: odds.roll_odds(ROW, LLAMA_ROW)),
    ("last player, full row (cold)", 1.0, lambda: last_player(ROW, LLAMA_ROW)),
]
# The largest rows: 13 cards with the llama row, as many different values as can be (the first two
# become 1458 rows, the most of any; the slowest of 3010 such rows, searched on every layout).
WORST_ROWS = [
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, LLAMA), ()),
    ((1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, LLAMA, LLAMA), ()),
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, LLAMA), (1,)),
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), (LLAMA,)),
    ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, LLAMA, LLAMA), (6,)),
]
WORST_BUDGET = 1.0


def cold() -> None:
    """Forget everything worked out so far, as in a fresh process."""
    for module in (odds, policy):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def seconds(run: Callable[[], object]) -> float:
    """The CPU time of one cold run."""
    cold()
    start = time.process_time()
    run()
    return time.process_time() - start


def decision_seconds(row: Row, llama_row: Row, layout: str, llama_scoring: str) -> float:
    """The CPU time of the last player's decision, cold."""
    dice = parse_dice(layout)
    return seconds(lambda: last_player(row, llama_row, dice, llama_scoring=llama_scoring))


def shown(row: Row) -> str:
    """A row as the cards are printed, like 1122L; - for no cards."""
    return "".join(name(card) for card in row) or "-"


def main() -> None:
    print(f"{'case':<32} {'seconds':>9} {'budget':>8} {'budget / time':>14}")
    for case, budget, run in CASES:
        time_taken = seconds(run)
        print(f"{case:<32} {time_taken:>9.4f} {budget:>8.2f} {budget / time_taken:>13.1f}×")
    print(f"\nlast player, 13 cards (cold), slowest layout and scoring; budget {WORST_BUDGET} s")
    for row, llama_row in WORST_ROWS:
        slowest, layout = max(
            (decision_seconds(row, llama_row, text, scoring), text)
            for text in LAYOUTS.values()
            for scoring in LLAMA_SCORING
        )
        print(
            f"{shown(row):>13} | {shown(llama_row):<2} {layout:<21} {slowest:>8.4f} "
            f"{WORST_BUDGET / slowest:>13.1f}×"
        )


if __name__ == "__main__":
    main()
