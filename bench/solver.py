"""Benchmark the target-game solver on random deals from the real deck with dice targets.

Run: ``make bench`` (or ``.venv/bin/python -m bench.solver [--deals N] [--reference-deals N]``).
Prints, per case, the solver's median and worst time, the goal, and the reference
enumerator's median on the same deals with the ratio reference / solver. Caches are cleared
before every deal, so each deal is timed cold.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from statistics import median

from mathcards.mam import LEVELS, best, is_solvable, reachable, solve
from mathcards.mam.solver import splits
from tests.mam import reference

Deal = tuple[list[int], int]


def deals(count: int, size: int, seed: int) -> list[Deal]:
    """Seeded deals: `size` cards from the shuffled normal deck and a roll of its dice."""
    rng, level = random.Random(seed), LEVELS["normal"]
    return [(level.shuffled_deck(rng)[:size], sum(level.roll(rng))) for _ in range(count)]


def timed(run: Callable[[list[int], int], object], cases: list[Deal]) -> list[float]:
    """Seconds per deal, each with cold caches."""
    seconds = []
    for cards, target in cases:
        splits.cache_clear()
        start = time.perf_counter()
        run(cards, target)
        seconds.append(time.perf_counter() - start)
    return seconds


CASES: list[tuple[str, int, float, Callable, Callable | None]] = [
    # name, cards per deal, goal (ms), solver, reference
    ("solve", 5, 10, lambda c, t: solve(c, t), lambda c, t: reference.enumerate_solutions(c, t)),
    (
        "solve --power",
        5,
        30,
        lambda c, t: solve(c, t, power=True),
        lambda c, t: reference.enumerate_solutions(c, t, True),
    ),
    ("reachable", 5, 3, lambda c, t: reachable(c), lambda c, t: reference.reachable(c)),
    (
        "is_solvable",
        7,
        150,
        lambda c, t: is_solvable(c, t),
        lambda c, t: bool(reference.enumerate_solutions(c, t)),
    ),
    (
        "best",
        7,
        150,
        lambda c, t: best(c, t),
        lambda c, t: max(map(len, map(reference.cards, reference.enumerate_solutions(c, t)))),
    ),
    ("is_solvable --power", 7, 150, lambda c, t: is_solvable(c, t, power=True), None),
    ("best --power", 7, 150, lambda c, t: best(c, t, power=True), None),
]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--deals", type=int, default=200)
    options.add_argument("--reference-deals", type=int, default=20)
    options.add_argument("--reference-deals-7", type=int, default=1, help="~30 s each")
    options.add_argument("--seed", type=int, default=2026)
    args = options.parse_args()
    print(f"{'case':<20} {'cards':>5} {'median':>9} {'worst':>9} {'goal':>7}  reference")
    for name, size, goal, run, slow in CASES:
        cases = deals(args.deals, size, args.seed)
        fast = timed(run, cases)
        line = (
            f"{name:<20} {size:>5} {median(fast) * 1e3:>7.2f}ms {max(fast) * 1e3:>7.1f}ms "
            f"{goal:>5}ms  "
        )
        few = cases[: args.reference_deals if size <= 5 else args.reference_deals_7]
        if slow is None:
            line += "not run: with powers the reference needs many GB for 7 cards"
        elif not few:
            line += "not run (--reference-deals-7 0)"
        else:
            ratio = median(timed(slow, few)) / median(timed(run, few))
            line += f"{ratio:.0f}× slower (median of {len(few)} deals)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
