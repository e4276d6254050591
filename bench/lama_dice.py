"""Benchmark LAMA Dice: simulated rolls against their one-second budget, and the exact tools.

Run: ``make bench`` (or ``.venv/bin/python -m bench.lama_dice``). Prints each case's time and
its ratio to the budget the lessons need (100 000 rolls well under a second).
"""

from __future__ import annotations

import time

from mathcards.chips import LLAMA
from mathcards.lama_dice.odds import _roll_odds, roll_odds
from mathcards.lama_dice.policy import _decision, last_player
from mathcards.lama_dice.simulate import simulate_rolls

ROW, LLAMA_ROW = (1, 2, 3, 4, 5, LLAMA), (1, 2, 3, 4, 5, 6, LLAMA)
CASES = [
    ("100 000 simulated rolls", 1.0, lambda: simulate_rolls(ROW, LLAMA_ROW, 100_000, seed=1)),
    ("exact odds of one roll", 0.01, lambda: roll_odds(ROW, LLAMA_ROW)),
    ("last player, full row (cold)", 1.0, lambda: last_player(ROW, LLAMA_ROW)),
]


def main() -> None:
    print(f"{'case':<32} {'seconds':>9} {'budget':>8} {'budget / time':>14}")
    for name, budget, run in CASES:
        _roll_odds.cache_clear()
        _decision.cache_clear()
        start = time.perf_counter()
        run()
        seconds = time.perf_counter() - start
        print(f"{name:<32} {seconds:>9.4f} {budget:>8.2f} {budget / seconds:>13.1f}×")


if __name__ == "__main__":
    main()
