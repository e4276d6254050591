"""Unikat: how fast `best_chain` finds the longest chain (a rack of 10 on a table of 30).

Run with `python -m bench.unikat`. Prints the time per search, typical and worst, for tables
grown by random legal lays, and for racks that are one tight cluster of touching cards.
"""

from __future__ import annotations

import random
import statistics
import time

from mathcards.unikat.board import random_table
from mathcards.unikat.cards import DECK, card, differences
from mathcards.unikat.chain import best_chain

TABLE_CARDS = 30
RACK_CARDS = 10


def timed(table, rack) -> tuple[float, int]:
    started = time.perf_counter()
    chain = best_chain(table, rack)
    return time.perf_counter() - started, len(chain)


def main(cases: int = 200, seed: int = 1) -> None:
    rng = random.Random(seed)
    random_racks, clusters = [], []
    for _ in range(cases):
        table = random_table(rng, TABLE_CARDS)
        left = [one for one in DECK if one not in table.values()]
        random_racks.append(timed(table, rng.sample(left, RACK_CARDS)))
        centre = rng.choice(left)
        near = sorted(left, key=lambda one: differences(one, centre))
        clusters.append(timed(table, near[:RACK_CARDS]))
    for name, runs in (("random rack", random_racks), ("clustered rack", clusters)):
        seconds = [s for s, _ in runs]
        lengths = [n for _, n in runs]
        print(
            f"{name:>15}: median {statistics.median(seconds) * 1000:7.2f} ms, "
            f"worst {max(seconds) * 1000:7.2f} ms, longest chain {max(lengths)}, "
            f"mean {statistics.mean(lengths):.1f} cards ({cases} tables of {TABLE_CARDS})"
        )
        print(f"{'':>15}  the worst case is {max(seconds):.1%} of the one-second hint budget")
    start = {(0, 0): card("swb1")}
    print(f"{'empty table':>15}: {timed(start, DECK[1:11])[0] * 1000:7.2f} ms")


if __name__ == "__main__":
    main()
