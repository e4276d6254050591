"""Tables of students on their phones, over HTTP (`python -m bench.tables --phones`): the class
service as `mathcards serve --lan` runs it (its calls, the tables' long-polls and timers, a real
SQLite class book, its writer thread, a browser's 100 calls in 10 s), in a process of its own on
a free port; 8 tables of 4 phones play LAMA Dice at once.

Every phone long-polls `play/me` as a page's kernel does and, on its turn, thinks 0.2 to 1 s,
then sends the move a careful player chooses from its own view. One phone of each table sleeps
for a while after its table's 20th move (it stops asking): its seat is away, and the expert
plays for it after the teacher's `--away` seconds until it asks again. Printed: p50/p99 from a
move sent to its result on every phone of its table (the mover's answer, the others' long-poll;
goal p99 ≤ 0.5 s), from a game's last move to its review on each of its phones (goal ≤ 1 s),
whether every acknowledged move is in the class book in its place (none lost), and the server's
memory (RSS) as the sitting starts, ends, and after a second sitting (bounded: it does not grow
with the games played). Every wait is bounded; the server is stopped at the end."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from bench.tables import CAREFUL
from mathcards.classroom.protocol import API, BACKLOG, TICKET_HEADER
from mathcards.classroom.protocol.play import PLAY
from mathcards.replay import rules
from mathcards.views import view_of
from tests.classroom.threaded import free_port

ROOT = Path(__file__).resolve().parent.parent
CALL_SECONDS = 30.0
THINK = (0.2, 1.0)  # seconds a phone thinks before its move
SLEEP_AFTER, ASLEEP = 20, 15.0  # a table's moves before its last phone sleeps, and for how long
MOVE_GOAL, REVIEW_GOAL = 0.5, 1.0


def serve(port: int, book: str, phones: int) -> None:
    """The server's side (in its own process): the class service with its tables on `port`;
    prints the phones' tickets and the teacher's, then serves until killed."""
    import logging

    import tornado.web

    from mathcards.book import Book
    from mathcards.classroom.play import calls as play_calls
    from mathcards.classroom.service import book as book_calls
    from mathcards.classroom.service.classservice import ClassService

    logging.getLogger("tornado.access").setLevel(logging.ERROR)  # a refusal is the bench's own
    class_service = ClassService(Book.create(book), "bench")
    routes = [*book_calls.routes(class_service), *play_calls.routes(class_service)]
    tickets = {
        "phones": [
            class_service.tickets.issue(f"bench-phone-{n:03}-0123456789") for n in range(phones)
        ],
        "teacher": class_service.tickets.issue("bench-teacher-0123456789", teacher=True),
    }

    async def run() -> None:
        tornado.web.Application(routes).listen(port, "127.0.0.1", backlog=BACKLOG)
        print(json.dumps(tickets), flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())


@dataclass
class Sitting:
    """What the phones measured: each move sent (table, number) → when; each phone's first sight
    of each move; each game's last move; when each phone saw its review; the moves acknowledged."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: dict[tuple[str, int, int], float] = field(default_factory=dict)
    last: dict[int, int] = field(default_factory=dict)
    reviewed: dict[str, float] = field(default_factory=dict)
    kept: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    at: dict[str, int] = field(default_factory=dict)  # a phone → its table
    asleep: dict[str, tuple[float, float]] = field(default_factory=dict)  # a phone → when


class Phones:
    """The bench's side: the phones and the teacher, by ticket."""

    def __init__(self, port: int, tickets: dict[str, Any], rng: random.Random) -> None:
        self.base = f"http://127.0.0.1:{port}{API}"
        self.phones, self.teacher, self.rng = tickets["phones"], tickets["teacher"], rng
        self.http = AsyncHTTPClient(force_instance=True, max_clients=2 * len(self.phones) + 8)
        self.sitting = Sitting()
        self.sleepers: set[str] = set()  # each table's last seat: its phone sleeps a while

    async def call(self, path: str, ticket: str, sent: Any = None) -> Any:
        request = HTTPRequest(
            self.base + path,
            method="GET" if sent is None else "POST",
            body=None if sent is None else json.dumps(sent),
            headers={TICKET_HEADER: ticket},
            request_timeout=CALL_SECONDS,
        )
        try:
            answer = await self.http.fetch(request)
        except HTTPClientError as refused:
            body = refused.response.body if refused.response else b"{}"
            raise RuntimeError(f"{path}: {refused.code} {body.decode()}") from None
        return json.loads(answer.body)["result"]

    def saw(self, phone: str, view: dict[str, Any]) -> None:
        """A phone sees its table after its moves (every move before too), maybe its review."""
        table, now = view["table"], time.perf_counter()
        if table is None:
            return
        self.sitting.at[phone] = table["table"]
        for number in range(1, table["moves"] + 1):
            self.sitting.seen.setdefault((phone, table["table"], number), now)
        if view["review"] is not None:
            self.sitting.reviewed.setdefault(phone, now)
            self.sitting.last.setdefault(table["table"], table["moves"])

    async def phone(self, ticket: str) -> None:
        """A phone's page: asks what it sees, moves on its turn; its table's sleeper sleeps a
        while once its table has made SLEEP_AFTER moves."""
        view, slept = await self.call(f"{PLAY}me", ticket), False
        while view["table"] is None or not view["table"]["over"]:
            self.saw(ticket, view)
            table = view["table"]
            sleeps = view["player"] in self.sleepers and not slept
            if table is not None and sleeps and table["moves"] >= SLEEP_AFTER:
                slept, began = True, time.perf_counter()
                await asyncio.sleep(ASLEEP)  # its page asks nothing meanwhile
                self.sitting.asleep[ticket] = (began, time.perf_counter())
                view = await self.call(f"{PLAY}me", ticket)
                continue
            if table is not None and view["legal"] and self.mine(view):
                await asyncio.sleep(self.rng.uniform(*THINK))
                view = await self.move(ticket, view)
                continue
            view = await self.call(f"{PLAY}me?after={view['version']}", ticket)
        self.saw(ticket, view)

    @staticmethod
    def mine(view: dict[str, Any]) -> bool:
        """Is it this phone's move: its turn, or the next round at the table's first seat?"""
        table = view["table"]
        if table["to_move"]:
            return bool(view["player"] in table["to_move"])
        return bool(table["seats"][0]["player"] == view["player"])

    async def move(self, ticket: str, view: dict[str, Any]) -> dict[str, Any]:
        """The move a careful player makes from this phone's view, sent; what the phone sees."""
        table, game = view["table"], view["table"]["game"]
        move = view["legal"][0]  # the next round, when it is the only move
        if len(view["legal"]) > 1 or move["move"] != "next-round":
            engine_view = view_of(game, view["view"])
            legal = [rules(game).action_of(move) for move in view["legal"]]
            careful = rules(game).strategies[CAREFUL[game]]
            move = rules(game).action_json(careful(engine_view, legal, self.rng))
        number = table["moves"] + 1
        self.sitting.sent[(table["table"], number)] = time.perf_counter()
        try:
            seen = await self.call(f"{PLAY}moves", ticket, {"move": move, "seen": table["moves"]})
        except RuntimeError as refused:  # the table moved on meanwhile (the expert, a mate)
            if "409" not in str(refused):
                raise
            self.sitting.sent.pop((table["table"], number), None)
            return await self.call(f"{PLAY}me", ticket)
        self.sitting.kept[(table["table"], number)] = move
        self.saw(ticket, seen)
        return seen

    async def play(self, game: str, seats: int, away: float) -> Sitting:
        """The class joins and opens the tables' page, the teacher starts the tables once the
        room holds every phone, every phone plays to the end."""
        self.sitting, self.sleepers = Sitting(), set()
        for n, ticket in enumerate(self.phones):
            await self.call("join", ticket, {"nickname": f"Phone {n}"})
        playing = [asyncio.ensure_future(self.phone(ticket)) for ticket in self.phones]
        for _wait in range(600):
            if len((await self.call(f"{PLAY}wall", self.teacher))["room"]) == len(self.phones):
                break
            await asyncio.sleep(0.05)
        sitting = {"game": game, "size": seats, "computers": False, "away_seconds": away}
        wall = await self.call(f"{PLAY}tables", self.teacher, sitting)
        self.sleepers = {table["seats"][-1]["player"] for table in wall["tables"]}
        await asyncio.wait_for(asyncio.gather(*playing), timeout=3600)
        return self.sitting


def latencies(sitting: Sitting) -> tuple[list[float], list[float], int]:
    """From each move sent to its result on every phone of its table (none asleep then); from
    each game's last move to each of its phones' review; the results never seen."""
    phones: dict[int, list[str]] = {}
    for phone, table in sitting.at.items():
        phones.setdefault(table, []).append(phone)
    moves, missing = [], 0
    for (table, number), sent in sitting.sent.items():
        for phone in phones.get(table, []):
            began, ended = sitting.asleep.get(phone, (0.0, 0.0))
            if began <= sent <= ended:
                continue
            seen = sitting.seen.get((phone, table, number))
            if seen is None:
                missing += 1
            else:
                moves.append(max(0.0, seen - sent))
    reviews = [
        sitting.reviewed[phone] - sitting.sent[(table, sitting.last[table])]
        for phone, table in sitting.at.items()
        if phone in sitting.reviewed and (table, sitting.last.get(table, 0)) in sitting.sent
    ]
    return moves, reviews, missing


def lost(sitting: Sitting, book: str) -> list[str]:
    """Every move a phone was told was kept, in the class book at its number, as sent."""
    from mathcards.book import Book

    kept = Book.create(book)
    records = {table: kept.table_record(table) for table in set(sitting.at.values())}
    return [
        f"table {table} move {number}"
        for (table, number), move in sitting.kept.items()
        if len(records[table].moves) < number or records[table].moves[number - 1] != move
    ]


def measured(game: str, tables: int, seats: int, away: float, book: str) -> dict[str, Any]:
    """Two sittings against a server of its own on the class book `book` (stopped at the end)."""
    port, phones = free_port(), tables * seats
    command = [sys.executable, "-m", "bench.table_phones", str(port), book, str(phones)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        tickets = json.loads(server.stdout.readline())
        memory = psutil.Process(server.pid)
        rss = [memory.memory_info().rss]
        bench = Phones(port, tickets, random.Random(53))
        first = asyncio.run(bench.play(game, seats, away))
        rss.append(memory.memory_info().rss)
        second = asyncio.run(Phones(port, tickets, random.Random(54)).play(game, seats, away))
        rss.append(memory.memory_info().rss)
    finally:
        server.terminate()
        server.wait(30)
    moves, reviews, missing = latencies(first)
    again, reviewed, missed = latencies(second)
    return {
        "moves": moves + again,
        "reviews": reviews + reviewed,
        "missing": missing + missed,
        "lost": lost(first, book) + lost(second, book),
        "sent": len(first.sent) + len(second.sent),
        "rss": rss,
    }


if __name__ == "__main__":
    serve(int(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
