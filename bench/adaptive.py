"""Benchmark practice at a student's level: a simulated class, how well the ratings rank it and
how near its share of right answers comes to the aim, and how long choosing and recording take.

Run: ``.venv/bin/python -m bench.adaptive [--students N] [--answers N] [--seed N]``. For each
case a class of simulated students (abilities from N(0, 1) logits; every item's true
difficulty its prior plus N(0, 0.5)) answers in turns (mathcards/adaptive/simulation.py).
Prints, per case: Spearman's rank correlation of the ratings with the true abilities after
the last answer (goal: at least 0.9), the class's share of right answers in answers 21 on
(goal: within 0.05 of the aim), the middle 80% of the students' own shares, and the time to
choose the next item and to record an answer: the median, the 99th percentile and the worst
of every call, in the CPU time of the thread (what the code costs, whatever else the shared
machine runs), the worst as a ratio to its budget (50 ms, 5 ms). Then the first case again
timed on the wall clock, and the time to read each skill's bank from disk.
"""

from __future__ import annotations

import argparse
import statistics
import time

from mathcards.adaptive.bank import bank
from mathcards.adaptive.simulation import simulate
from mathcards.adaptive.skills import Skill

CHOOSE_BUDGET, RECORD_BUDGET = 0.050, 0.005  # seconds (issue #51)
CASES: tuple[tuple[str, Skill, float, bool], ...] = (
    ("MAM!, the clock on", Skill.TARGET, 0.75, True),
    ("MAM!, the clock off", Skill.TARGET, 0.75, False),
    ("MAM!, aim 60%", Skill.TARGET, 0.60, True),
    ("MAM!, aim 90%", Skill.TARGET, 0.90, True),
    ("MAM! with powers", Skill.TARGET_POWERS, 0.75, True),
    ("roll or quit", Skill.ROLL_OR_QUIT, 0.75, True),
    ("roll or quit, the clock off", Skill.ROLL_OR_QUIT, 0.75, False),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args()
    print(f"{args.students} students, {args.answers} answers each, seed {args.seed}")
    print(
        f"{'case':<34} {'Spearman':>8} {'aim':>5} {'right':>6} {'students 10-90%':>16}"
        f" {'choose ms (ratio)':>24} {'record ms (ratio)':>24}"
    )
    cases = [(*case, time.thread_time) for case in CASES]
    cases.append((f"{CASES[0][0]}, wall clock", *CASES[0][1:], time.perf_counter))
    for name, skill, aim, clock, timer in cases:
        simulated = simulate(
            skill,
            students=args.students,
            answers=args.answers,
            success=aim,
            clock=clock,
            seed=args.seed,
            timer=timer,
        )
        shares = simulated.shares()
        low, high = shares[len(shares) // 10], shares[-len(shares) // 10 - 1]
        print(
            f"{name:<34} {simulated.correlation:>8.3f} {aim:>5.2f} {simulated.success:>6.3f}"
            f" {f'{low:.2f} to {high:.2f}':>16}"
            f" {timing(simulated.choosing, CHOOSE_BUDGET):>24}"
            f" {timing(simulated.recording, RECORD_BUDGET):>24}"
        )
    for skill in Skill:
        reads = []
        for _ in range(5):
            bank.cache_clear()
            start = time.perf_counter()
            items = bank(skill)
            reads.append(time.perf_counter() - start)
        read = statistics.median(reads) * 1e3
        print(f"reading the {skill} bank ({len(items)} items): {read:.1f} ms")


def timing(seconds: list[float], budget: float) -> str:
    """The median, the 99th percentile and the worst, in ms, and the worst as a share of the
    budget."""
    ordered = sorted(seconds)
    middle, high, worst = ordered[len(ordered) // 2], ordered[len(ordered) * 99 // 100], ordered[-1]
    return f"{middle * 1e3:.2f}/{high * 1e3:.2f}/{worst * 1e3:.1f} ({worst / budget:.2f})"


if __name__ == "__main__":
    main()
