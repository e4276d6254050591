"""The class book's writer thread alone, without HTTP: N calls that each keep a row (a practice
set begun) arrive at once, and each waits for its answer, given once its row is committed. Run
with one commit a call (`--together 1`, as before group commit) and with the calls that arrive
together in one commit (the default, `MOST_TOGETHER`), on SQLite and on PostgreSQL.

Run: ``.venv/bin/python -m bench.writer [--calls 300] [--postgres | --db URL]``. Printed, for
each way: every call acknowledged after how long (p50, p99, the last), the commits made, and
the ratio of the last acknowledgement one commit a call to together.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from statistics import median, quantiles

from sqlalchemy import event

from bench.live import class_book
from mathcards.book import Book
from mathcards.classroom.service.writer import MOST_TOGETHER, Writer


async def flood(book: Book, students: list[int], together: int) -> tuple[list[float], int]:
    """Every student begins a practice set at once; how long each waited, and the commits."""
    commits = [0]

    def counted(connection: object) -> None:
        commits[0] += 1

    event.listen(book._engine, "commit", counted)
    writer = Writer(lambda: book, most=together)

    async def begin(student: int, seed: int) -> float:
        sent = time.perf_counter()
        await writer.run(
            lambda: book.start_set(student, level="normal", power=False, rounds=8, seed=seed)
        )
        return time.perf_counter() - sent

    waits = await asyncio.gather(*(begin(s, n) for n, s in enumerate(students)))
    event.remove(book._engine, "commit", counted)
    return list(waits), commits[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--db", metavar="URL", help="the class book (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL of the bench's own")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="mathcards-writer-") as folder,
        class_book(args, Path(folder)) as url,
    ):
        book = Book.create(url)
        students = [
            book.join("bench", f"Student {n}", f"bench-device-{n:03}-0123456789").id
            for n in range(args.calls)
        ]
        where = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        print(f"{args.calls} calls at once, each keeping a row, {where}:")
        last = {}
        for together in (1, MOST_TOGETHER):
            waits, commits = asyncio.run(flood(book, students, together))
            p99 = quantiles(waits, n=100)[98]
            last[together] = max(waits)
            print(
                f"  at most {together:>2} a commit: p50 {median(waits) * 1000:.0f} ms, "
                f"p99 {p99 * 1000:.0f} ms, last {max(waits) * 1000:.0f} ms; {commits} commits"
            )
        print(
            f"  last acknowledgement, one a commit / together: {last[1] / last[MOST_TOGETHER]:.1f}"
        )
        book.close()


if __name__ == "__main__":
    main()
