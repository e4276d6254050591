"""Where the class book's writer spends its CPU on a live MAM! answer, piece by piece, in one
process: no HTTP, no other thread competing (bench.live measures the whole service).

Run: ``.venv/bin/python -m bench.live_writer [--students 300] [--together 30]``. A class of
`--students` joins a live game on a new SQLite class book; each of 3 rounds, the answers (a
third of them wrong) reach the writer `--together` at a time, as a hall's burst does, so each
batch is judged and kept in one commit. Printed: the writer thread's CPU time an answer for a
whole batch (`commit`) and for its parts: the roster compared with the book's, each answer
judged (of which the checker), the events kept (the SQL), and the batch shown (the projector's
view and every student's)."""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.live import texts
from mathcards.book import Book
from mathcards.classroom.live import rooms
from mathcards.classroom.live.log import LiveLog
from mathcards.classroom.service.caller import Caller
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.writer import Writer
from mathcards.mam.practice import Exercise

PARTS: list[tuple[str, type, str]] = [  # what is timed: its name, its class, its method
    ("commit", Writer, "commit"),
    ("roster", LiveLog, "roster_checked"),
    ("judge", LiveLog, "apply"),
    ("checker", Exercise, "check"),
    ("keep", LiveLog, "keep"),
    ("show", LiveLog, "publish"),
]


def timed(spent: Counter[str]) -> None:
    """Each part's thread CPU time, added up in `spent` under its name."""
    for name, owner, method in PARTS:
        work = getattr(owner, method)

        def clocked(*args: Any, _work: Callable[..., Any] = work, _name: str = name) -> Any:
            start = time.thread_time()
            try:
                return _work(*args)
            finally:
                spent[_name] += time.thread_time() - start

        setattr(owner, method, clocked)


async def race(book: str, students: int, together: int, spent: Counter[str]) -> int:
    """The class joins, then answers 3 rounds `together` at a time: the answers made."""
    service = ClassService(Book.create(book), "bench")
    room = rooms.open_rooms(service).mam
    teacher = Caller("bench-teacher-0123456789", teacher=True)
    seats = [Caller(f"bench-device-{n:03}-0123456789") for n in range(students)]
    game = {"level": "normal", "rounds": 3, "scoring": "every", "seed": 2026}
    await room.new_game(teacher, game)
    for n, seat in enumerate(seats):
        await room.join(seat, f"Student {n}")
    spent.clear()
    for _ in range(3):
        answers = texts((await room.next_round(teacher))["round"], students)
        for first in range(0, students, together):
            gate = threading.Event()  # the writer held while a batch's answers queue up
            held = asyncio.ensure_future(service.run(gate.wait))
            await asyncio.sleep(0.01)
            batch = slice(first, first + together)
            burst = zip(seats[batch], answers[batch], strict=True)
            sent = [asyncio.ensure_future(room.answer(seat, text)) for seat, text in burst]
            await asyncio.sleep(0.01)
            gate.set()
            await asyncio.gather(held, *sent)
        await room.reveal(teacher)
    return 3 * students


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--together", type=int, default=30, help="answers a batch")
    args = parser.parse_args()
    spent: Counter[str] = Counter()
    timed(spent)
    with tempfile.TemporaryDirectory(prefix="mathcards-writer-") as folder:
        book = f"sqlite:///{Path(folder) / 'classbook.sqlite'}"
        count = asyncio.run(race(book, args.students, args.together, spent))
    print(f"{args.students} students × 3 rounds, {args.together} answers a batch: {count} answers")
    for name, *_ in PARTS:
        print(f"  {name:8} {spent[name] / count * 1000:.3f} ms an answer")


if __name__ == "__main__":
    main()
