"""Benchmark LAMA: tournament games per second against the issue's budget, and the exact odds.

Run: ``.venv/bin/python -m bench.lama``. The budget: 300 games of four computer players
well under a minute; the exact odds of a dealt hand (cold caches) within a few seconds.
"""

from __future__ import annotations

import time

from mathcards.lama import odds
from mathcards.lama.bots import STRATEGIES, tournament

GAMES = 300
BUDGET = 60.0


def main() -> None:
    for preset in ("classic", "party"):
        start = time.perf_counter()
        tournament(list(STRATEGIES), GAMES, seed=1, preset=preset)
        seconds = time.perf_counter() - start
        print(
            f"tournament, {preset:<8} {GAMES} games of 4 players: {seconds:6.2f} s, "
            f"{GAMES / seconds:6.1f} games/s, {BUDGET / seconds:5.1f}× under the minute"
        )
    for preset in ("classic", "party"):
        odds.deals.cache_clear()
        odds.run_chance.cache_clear()
        odds.expected_score.cache_clear()
        start = time.perf_counter()
        odds.run_chance(preset)
        odds.expected_score(preset)
        print(f"exact deal odds, {preset:<8} (cold): {time.perf_counter() - start:6.3f} s")


if __name__ == "__main__":
    main()
