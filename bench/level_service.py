"""Benchmark practice at a student's level in the class service: what a page's call costs the
service's writer thread, the class book included (mathcards/classroom/service/level.py).

Run: ``.venv/bin/python -m bench.level_service [--students N] [--rounds N] [--seed N]``. A class
of students of known ability (N(0, 1) logits), on a new SQLite class book in a temporary
folder, each opens a set of MAM! deals at their level and answers every deal (right with the
logistic chance of their ability against the deal's prior, in 20 to 100 seconds; a wrong deal
is gone on from), the students in turns, each call in a transaction of its own as the writer
commits a lone call. Prints the CPU time of the thread for each kind of call (open a set,
answer, go on): the median, the 99th percentile and the worst, in ms.
"""

from __future__ import annotations

import argparse
import math
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mathcards.adaptive.bank import bank
from mathcards.adaptive.skills import Skill
from mathcards.book import Book
from mathcards.classroom.service.classservice import ClassService
from mathcards.mam.solver import simplest

BOOK: list[Book] = []  # the class book the calls are made on


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    timed: dict[str, list[float]] = {"open": [], "answer": [], "next": []}
    with tempfile.TemporaryDirectory() as folder:
        book = Book.create(f"sqlite:///{Path(folder) / 'book.sqlite'}")
        BOOK[:] = [book]
        service = ClassService(book, "bench")
        ability = {}
        for number in range(args.students):
            device = f"device-{number:04d}-0123456789"
            book.join("bench", f"S{number}", device)
            ability[device] = rng.gauss(0, 1)
        views = {
            device: call(
                timed, "open", service.level, device, {"skill": "mam", "rounds": args.rounds}
            )
            for device in ability
        }
        for _ in range(args.rounds):
            for device, view in views.items():
                deal = view["deal"]
                prior = bank(Skill.TARGET).find(deal["key"]).prior
                right = rng.random() < 1 / (1 + math.exp(prior - ability[device]))
                typed = str(simplest(deal["cards"], deal["target"]).pretty) if right else "1+1"
                sent = {"skill": "mam", "set": view["set"], "seconds": rng.uniform(20, 100)}
                call(
                    timed,
                    "answer",
                    service.level_step,
                    device,
                    {**sent, "kind": "answer", "typed": typed},
                )
                views[device] = call(
                    timed, "next", service.level_step, device, {**sent, "kind": "next"}
                )
        book.close()
    print(f"{args.students} students, {args.rounds} deals each, seed {args.seed}")
    for kind, seconds in timed.items():
        ordered = sorted(seconds)
        middle, high = ordered[len(ordered) // 2], ordered[len(ordered) * 99 // 100]
        print(f"{kind:<7} {middle * 1e3:6.1f} / {high * 1e3:6.1f} / {ordered[-1] * 1e3:6.1f} ms")


def call(
    timed: dict[str, list[float]],
    kind: str,
    work: Callable[[str, Any], Any],
    device: str,
    sent: dict[str, Any],
) -> Any:
    """`work(device, sent)` in one transaction of the class book, its thread's CPU time kept."""
    book = BOOK[0]
    start = time.thread_time()
    with book.together():
        done = work(device, sent)
    timed[kind].append(time.thread_time() - start)
    return done


if __name__ == "__main__":
    main()
