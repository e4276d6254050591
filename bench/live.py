"""A class racing MAM! live: 30 students answer within the same 100 ms, against the class
service as `mathcards serve` runs it (its calls and the live calls over HTTP, a real SQLite
class book, its writer thread), in a process of its own on a free port.

Run: ``make bench-live`` (or ``.venv/bin/python -m bench.live [--students N] [--rounds N]``).
Every student's page long-polls `live/me` as the kernel does, the projector long-polls
`live/state`; each round, every student sends one answer at a moment drawn in the same 100 ms
(a third of them wrong). Printed: p50/p99 from an answer sent to its verdict (the reply to
`POST live/answers`, given once the answer is committed) and to the projector's state showing
it; the server's CPU in the rounds (its event loop's thread and its class book writer's),
counted until every page has drawn the last reveal, and the calls made; and whether every
answer was judged, none lost, and the board in order of arrival. Goals on this machine:
verdicts within 0.3 s p99, the projector within 1 s (the ratios printed are p99 over its
goal); with `--floor` (issue #52), the verdicts' p99 at most 0.2 s above the floor's at 300
students (20 ms at 30), and the service's CPU at most 0.6 ms an answer. Every wait is
bounded; the server is stopped at the end.

The class book is a new SQLite file, else `--db URL`, else with `--postgres` a new database on
a PostgreSQL server of the bench's own (as the tests start one: tests/postgres.py).
`--together N` commits at most N calls at once (1: one commit a call, as before group commit).

`--floor` measures what this machine allows any server at all: the same students answering the
same way, each answer one POST to a tornado handler that answers at once (no ticket, no game, no
book), from the same client; the race's p99 is printed beside the floor's, and its difference
to it, the same number of rounds, in the same run.

Where the service's time goes: ``python -m bench.live --students 300 --rounds 3 --profile
live.prof`` runs the service under cProfile in the rounds only (each thread's CPU time: its
event loop's, and the class book's writer's while it commits, summed), writes the profile to
`live.prof` when it is stopped and prints the functions that took the most of it (``python -m
pstats live.prof`` reads it again). The profiler slows the service: the figures of such a run
are not measured. The writer's parts without a profiler: ``python -m bench.live_writer``.
With py-spy (``pip install py-spy``; it samples, and slows the service far less): ``py-spy
record --subprocesses --threads -r 1000 -f raw -o live.txt -- python -m bench.live --students
300 --rounds 3`` (the whole run: the class joining too).

The students call the service as the pages' kernels do (`widgets.line`): each keeps its
connections open between its calls, one for its long-poll and one for the rest; the service
is behind the kernels' door (`mathcards.classroom.service.door`), as `mathcards serve` runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median, quantiles
from typing import Any

import psutil

from mathcards.classroom.protocol import API, BACKLOG, MAM_LIVE, TICKET_HEADER
from mathcards.classroom.service.writer import MOST_TOGETHER
from tests.classroom.threaded import free_port

ROOT = Path(__file__).resolve().parent.parent
SPREAD = 0.1  # seconds: every student answers within this
CALL_SECONDS = 30.0  # one call, at most
FLOOR = "floor"  # the class book's place, for the floor's server
VERDICT_GOAL, SHOWN_GOAL = 0.3, 1.0  # seconds, p99: an answer's verdict, the projector showing it


def serve_floor(port: int) -> None:
    """The floor's server (in its own process): every answer answered at once."""
    import tornado.web

    class Echo(tornado.web.RequestHandler):
        def post(self) -> None:
            self.finish({"result": {"seq": 0, "text": json.loads(self.request.body)["text"]}})

    async def run() -> None:
        tornado.web.Application([(r".*", Echo)]).listen(port, "127.0.0.1", backlog=BACKLOG)
        print(json.dumps({"students": [], "teacher": ""}), flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())


def profiled(path: str) -> None:
    """Profile this process from SIGUSR1 (the rounds begin): its event loop and its class
    book's writer thread as it commits, each thread's CPU time by a profiler of its own; write
    both, summed, to `path` when it is stopped (SIGTERM)."""
    import cProfile
    import pstats

    from mathcards.classroom.service.writer import Call, Writer

    loop, writer = cProfile.Profile(time.thread_time), cProfile.Profile(time.thread_time)
    commit, on = Writer.commit, threading.Event()

    def profiled_commit(self: Writer, together: list[Call]) -> None:
        if not on.is_set():
            return commit(self, together)
        writer.enable()
        try:
            return commit(self, together)
        finally:
            writer.disable()

    def start(*_: object) -> None:
        on.set()
        loop.enable()

    def stop(*_: object) -> None:
        loop.disable()
        loop.create_stats()
        writer.create_stats()
        pstats.Stats(loop).add(writer).dump_stats(path)
        os._exit(0)

    Writer.commit = profiled_commit  # type: ignore[method-assign]
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGTERM, stop)


def serve(port: int, book: str, students: int, together: int, profile: str = "") -> None:
    """The server's side (in its own process): the class service on `port`, its class book at
    the URL `book`; prints the students' tickets and the teacher's, then serves until killed
    (under the profiler, writing to `profile`, if one is named)."""
    if profile:
        profiled(profile)

    from mathcards.book import Book
    from mathcards.classroom.live import rooms
    from mathcards.classroom.service import book as book_calls
    from mathcards.classroom.service import collector
    from mathcards.classroom.service.classservice import ClassService
    from mathcards.classroom.service.door import Door, listening

    class_service = ClassService(Book.create(book), "bench")
    class_service.writer.most = together
    opened = rooms.open_rooms(class_service)
    routes = [*book_calls.routes(class_service), *rooms.routes(opened)]
    tickets = {
        "students": [
            class_service.tickets.issue(f"bench-device-{n:03}-0123456789") for n in range(students)
        ],
        "teacher": class_service.tickets.issue("bench-teacher-0123456789", teacher=True),
    }

    async def run() -> None:
        door = Door(routes, lanes=rooms.lanes(opened))  # as `mathcards serve` serves kernels
        await door.start(listening(port))
        collector.started()  # as `mathcards serve` has, once started
        print(json.dumps(tickets), flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class Line:
    """HTTP/1.1 calls to the server on `port`, each caller's connections kept open between its
    calls, as a page's kernel keeps its own (`widgets.line`: one a thread; its long-poll has a
    thread of its own, its other calls are its page's: joining, answering)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.idle: dict[tuple[str, bool], list[Connection]] = {}  # by caller, and poll or not

    async def fetch(
        self, caller: str, method: str, path: str, body: bytes, poll: bool = False
    ) -> tuple[int, bytes]:
        """The status and body of the answer to one call of `caller`'s (`poll`: on the
        connection of its long-poll's thread)."""
        idle = self.idle.setdefault((caller, poll), [])
        reader, writer = (
            idle.pop() if idle else await asyncio.open_connection("127.0.0.1", self.port)
        )
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{TICKET_HEADER}: {caller}\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        writer.write(head.encode() + body)
        status = int((await reader.readline()).split()[1])
        length, closes = 0, False
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            length = int(value) if name.lower() == "content-length" else length
            closes = closes or (name.lower() == "connection" and value.strip() == "close")
        answer = await reader.readexactly(length)
        if closes:
            writer.close()
        else:
            idle.append((reader, writer))
        return status, answer


class Class:
    """The bench's side: calls to the service, by ticket."""

    def __init__(self, port: int, tickets: dict[str, Any]) -> None:
        self.base = f"{API}{MAM_LIVE}"
        self.students, self.teacher = tickets["students"], tickets["teacher"]
        self.line = Line(port)
        self.stop = False
        self.board_seen: dict[int, float] = {}  # seq → when the projector first showed it
        self.calls: Counter[str] = Counter()  # the calls made, by path (`me`, `answers`, …)
        self.opened = 0  # the pages that have drawn their first view
        self.pages_at: dict[str, int] = {}  # each page's version, as last drawn

    async def call(
        self, path: str, ticket: str, sent: Any = None, wait: float = 0, poll: bool = False
    ) -> Any:
        """One call of the page of `ticket` (`poll`: its long-poll's), answered within
        CALL_SECONDS and the `wait` it asks."""
        self.calls[path.partition("?")[0]] += 1
        method, body = ("GET", b"") if sent is None else ("POST", json.dumps(sent).encode())
        fetched = self.line.fetch(ticket, method, self.base + path, body, poll)
        status, answer = await asyncio.wait_for(fetched, CALL_SECONDS + wait)
        if status >= 400:
            raise RuntimeError(f"{path}: {status} {answer.decode()}")
        return json.loads(answer)["result"]

    async def projector(self) -> None:
        """The projector's page: long-polls the state, noting when each answer shows."""
        version = 0
        while not self.stop:
            state = await self.call(f"state?after={version}", self.teacher, wait=20, poll=True)
            now = time.perf_counter()
            version = state["version"]
            for row in state["board"]:
                self.board_seen.setdefault(row["seq"], now)

    async def page(self, ticket: str) -> None:
        """A student's page: long-polls what this student sees."""
        version = (await self.call("me", ticket, poll=True))["version"]
        self.opened += 1
        while not self.stop:
            asked = f"me?after={version}"
            version = (await self.call(asked, ticket, wait=20, poll=True))["version"]
            self.pages_at[ticket] = version


async def answer(
    room: Class, ticket: str, text: str, delay: float
) -> tuple[float, float, dict[str, Any]]:
    await asyncio.sleep(delay)
    sent = time.perf_counter()
    verdict = await room.call("answers", ticket, {"text": text})
    return sent, time.perf_counter(), verdict


def texts(round_view: dict[str, Any], students: int) -> list[str]:
    """One answer a student: a right one, every third a wrong one."""
    from mathcards.mam.solver import simplest

    found = simplest(round_view["cards"], round_view["target"], power=round_view["power"])
    assert found is not None
    one, two = round_view["cards"][:2]
    wrong = f"{one}+{two}" if one + two != round_view["target"] else f"{one}*{two}"
    return [wrong if n % 3 == 0 else found.text for n in range(students)]


async def race(
    port: int,
    tickets: dict[str, Any],
    rounds: int,
    cpu: Callable[[], float] = lambda: 0.0,
    begin: Callable[[], None] = lambda: None,
    threads: Callable[[], dict[str, float]] = dict,
) -> dict[str, Any]:
    """The class joins, then races `rounds` rounds; `cpu()` is the server's CPU seconds so far,
    `begin()` is told as the rounds begin."""
    room = Class(port, tickets)
    game = {"level": "normal", "rounds": rounds, "scoring": "every", "seed": 2026}
    await room.call("games", room.teacher, game)
    for n, ticket in enumerate(room.students):
        await room.call("join", ticket, {"nickname": f"Student {n}"})
    watchers = [asyncio.ensure_future(room.projector())]
    watchers += [asyncio.ensure_future(room.page(ticket)) for ticket in room.students]
    end = time.perf_counter() + CALL_SECONDS
    while room.opened < len(room.students) and time.perf_counter() < end:
        await asyncio.sleep(0.01)  # every page open, waiting, before the first round
    verdicts: list[float] = []
    shown: list[float] = []
    problems: list[str] = []
    rng = random.Random(20)
    begin()
    spent, before, at_first = cpu(), room.calls.copy(), threads()
    for _ in range(rounds):
        view = (await room.call("rounds", room.teacher, {}))["round"]
        answers = texts(view, len(room.students))
        results = await asyncio.gather(
            *(
                answer(room, ticket, text, rng.uniform(0, SPREAD))
                for ticket, text in zip(room.students, answers, strict=True)
            )
        )
        verdicts += [done - sent for sent, done, _ in results]
        board = await until_shown(room, [v["seq"] for _, _, v in results])
        shown += [room.board_seen[v["seq"]] - sent for sent, _, v in results]
        problems += judged(board, results, answers)
        revealed = (await room.call("reveal", room.teacher, {}))["version"]
    await until_drawn(room, revealed)  # the calls the rounds made the pages make, counted in
    spent, calls, at_last = cpu() - spent, room.calls - before, threads()
    by_thread = {name: at_last[name] - at_first.get(name, 0.0) for name in at_last}
    room.stop = True
    await room.call("finish", room.teacher, {})  # wakes every long-poll
    await asyncio.wait(watchers, timeout=CALL_SECONDS)
    return {
        "verdicts": verdicts,
        "shown": shown,
        "problems": problems,
        "cpu": spent,
        "calls": calls,
        "threads": by_thread,
    }


async def floor(
    port: int, students: int, rounds: int, cpu: Callable[[], float] = lambda: 0.0
) -> tuple[list[float], float]:
    """Each round, every student sends one answer within the same 100 ms to a server that
    answers at once: from each answer sent to its reply; and the server's CPU seconds."""
    room = Class(port, {"students": [], "teacher": ""})
    rng, replies, spent = random.Random(20), [], cpu()
    for _ in range(rounds):
        sent = [answer(room, "", "8+7", rng.uniform(0, SPREAD)) for _ in range(students)]
        replies += [done - start for start, done, _ in await asyncio.gather(*sent)]
    return replies, cpu() - spent


async def until_drawn(room: Class, version: int) -> None:
    """Until every page has drawn the game at `version` or later (bounded)."""
    end = time.perf_counter() + CALL_SECONDS
    while any(room.pages_at.get(page, -1) < version for page in room.students):
        if time.perf_counter() > end:
            raise RuntimeError("a page never drew the last reveal")
        await asyncio.sleep(0.01)


async def until_shown(room: Class, seqs: list[int]) -> list[dict[str, Any]]:
    """The round's board, once the projector has shown every answer (bounded)."""
    end = time.perf_counter() + CALL_SECONDS
    while not all(seq in room.board_seen for seq in seqs):
        if time.perf_counter() > end:
            raise RuntimeError("the projector never showed every answer")
        await asyncio.sleep(0.01)
    return list((await room.call("state", room.teacher))["board"])


def judged(board: list[dict[str, Any]], results: list[Any], answers: list[str]) -> list[str]:
    """What went wrong in a round: an answer not judged, lost, or out of order."""
    problems = []
    seqs = [row["seq"] for row in board]
    if sorted(seqs) != seqs or len(set(seqs)) != len(seqs):
        problems.append("the board is not in order of arrival")
    if sorted(v["seq"] for _, _, v in results) != seqs:
        problems.append("an answer acknowledged is not on the board")
    right = [v["correct"] for _, _, v in results]
    if right != [n % 3 != 0 for n in range(len(answers))]:
        problems.append("an answer was judged wrongly")
    return problems


def percentiles(times: list[float], goal: float) -> str:
    """p50, p99 and the slowest, and p99 over its goal (at most 1: met)."""
    p99 = quantiles(times, n=100)[98] if len(times) > 1 else times[0]
    p50, most = median(times) * 1000, max(times) * 1000
    return (
        f"p50 {p50:.0f} ms, p99 {p99 * 1000:.0f} ms, max {most:.0f} ms; "
        f"p99 / goal {p99 / goal:.2f} (goal: p99 ≤ {goal * 1000:.0f} ms)"
    )


@contextmanager
def class_book(args: argparse.Namespace, folder: Path) -> Iterator[str]:
    """The class book's URL: `--db`, else a database on a PostgreSQL server of the bench's own
    (`--postgres`), else a new SQLite file in `folder`."""
    if args.db:
        yield args.db
    elif args.postgres:
        from tests.postgres import Server, programs  # the tests' PostgreSQL, only with --postgres

        bin = programs()
        if bin is None:
            raise SystemExit("no PostgreSQL server programs (initdb, pg_ctl): `make postgres`")
        server = Server(bin)
        try:
            server.start()
            yield server.database()
        finally:
            server.stop()
    else:
        yield f"sqlite:///{folder / 'classbook.sqlite'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--db", metavar="URL", help="the class book (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL of the bench's own")
    parser.add_argument("--together", type=int, default=MOST_TOGETHER, help="calls a commit")
    parser.add_argument("--floor", action="store_true", help="and a server that answers at once")
    parser.add_argument("--profile", metavar="FILE", help="profile the service into FILE")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "BOOK"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve and args.serve[1] == FLOOR:
        serve_floor(int(args.serve[0]))
        return
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.students, args.together, args.profile)
        return
    with (
        tempfile.TemporaryDirectory(prefix="mathcards-live-") as folder,
        class_book(args, Path(folder)) as book,
    ):
        result = raced(args, book)
        where = "PostgreSQL" if book.startswith("postgresql") else "SQLite"
    count = len(result["verdicts"])
    print(
        f"{args.students} students × {args.rounds} rounds, within {SPREAD * 1000:.0f} ms each, ",
        end="",
    )
    print(f"on {os.cpu_count()} cores, {where}, at most {args.together} calls a commit: ", end="")
    print(f"{count} answers")
    print(f"  answer → verdict:            {percentiles(result['verdicts'], VERDICT_GOAL)}")
    print(f"  answer → projector's state:  {percentiles(result['shown'], SHOWN_GOAL)}")
    each = result["cpu"] / max(1, count) * 1000
    calls = sum(result["calls"].values())  # the polls woken vary with the machine's speed
    print(
        f"  the server's CPU in the rounds: {result['cpu']:.2f} s, {each:.2f} ms an answer "
        f"({calls / max(1, count):.2f} calls an answer, {result['cpu'] / max(1, calls) * 1000:.2f}"
        " ms a call)"
    )
    by_thread = {name: spent / max(1, count) * 1000 for name, spent in result["threads"].items()}
    print(
        f"    of which the event loop's thread {by_thread.get('loop', 0):.2f} ms, "
        f"the class book's writer's {by_thread.get('others', 0):.2f} ms"
    )
    made = ", ".join(f"{n} {path}" for path, n in result["calls"].most_common())
    print(f"  the calls in the rounds: {made}")
    problems = result["problems"]
    print("  every answer judged, none lost, in order of arrival" if not problems else "")
    for problem in sorted(set(problems)):
        print(f"  PROBLEM: {problem}")
    if args.floor:
        floored, spent = served(
            args, FLOOR, lambda port, server: floor(port, args.students, args.rounds, cpu(server))
        )
        print(f"  the floor, answer → reply:   {percentiles(floored, VERDICT_GOAL)}")
        print(f"  the floor's CPU: {spent / len(floored) * 1000:.2f} ms an answer")
        ours, theirs = (quantiles(times, n=100)[98] for times in (result["verdicts"], floored))
        above = (ours - theirs) * 1000
        print(
            f"  the verdicts' p99 over the floor's: {ours / theirs:.2f}, {above:+.0f} ms above it"
        )
    if args.profile:
        import pstats

        print(f"  the service's profile, in {args.profile}; where its time went:")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


def raced(args: argparse.Namespace, book: str) -> dict[str, Any]:
    """The race against a server of its own (stopped at the end) on the class book `book`."""

    def run(port: int, server: subprocess.Popen[str]) -> Any:
        assert server.stdout is not None
        tickets = json.loads(server.stdout.readline())

        def begin() -> None:
            if args.profile:
                server.send_signal(signal.SIGUSR1)  # the profiler starts

        process = psutil.Process(server.pid)

        def threads() -> dict[str, float]:
            """The CPU seconds of the event loop's thread, and of the others (the writer's)."""
            spent = {t.id: t.user_time + t.system_time for t in process.threads()}
            loop = spent.pop(server.pid, 0.0)
            return {"loop": loop, "others": sum(spent.values())}

        return race(port, tickets, args.rounds, cpu(server), begin, threads)

    return served(args, book, run)


def cpu(server: subprocess.Popen[str]) -> Callable[[], float]:
    """The server's CPU seconds so far (user and system)."""
    process = psutil.Process(server.pid)
    return lambda: sum(process.cpu_times()[:2])


def served(args: argparse.Namespace, book: str, run: Callable[..., Any]) -> Any:
    """`run(port, server)`'s coroutine run against a server of its own on the class book
    `book` (`FLOOR`: the floor's), stopped at the end."""
    port = free_port()
    command = [sys.executable, "-m", "bench.live", "--students", str(args.students)]
    command += ["--together", str(args.together), "--serve", str(port), book]
    if args.profile and book != FLOOR:
        command += ["--profile", str(Path(args.profile).resolve())]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        if book == FLOOR:
            assert server.stdout is not None
            server.stdout.readline()  # it listens
        return asyncio.run(run(port, server))
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
