"""Tables of students playing at once, in-process: what one move costs the table engine
(`mathcards/table.py`), as the class service will pay it for every move of every table.

Run: ``.venv/bin/python -m bench.tables [--tables 8] [--seats 4] [--game lama_dice]``. Every
table has `--seats` students (no computer); they play in turns, table after table, each choosing
with a computer player's strategy from their own seat's view (not timed). One move's cost, in
CPU time (what the machine's other work does not lengthen): the move checked and made
(`Table.move`), the moves the table then makes by itself (`tick`), and what every phone of the
table and the projector are sent (each seat's `view`, the `wall`). Printed: p50, p99 and the
slowest move, over the floor (the engine alone: the same move made on a copy of the game and
every seat's engine view, no table), and over the 0.5 s a move's result has to reach every phone
of its table (issue #53: the service's share is this); then what each game's review cost once it
was over (goal: within 1 s) and the memory the tables hold at the end (pickled). One seat of
each table sleeps for a while: the expert moves for it.

The service and the phones (HTTP, the long-poll, the class book's commits) come later.
"""

from __future__ import annotations

import argparse
import copy
import pickle
import random
import tempfile
import time
from pathlib import Path
from statistics import median, quantiles
from typing import Any

from mathcards.engine import NextRound, make_move
from mathcards.replay import rules
from mathcards.table import GAMES, Table

CAREFUL = {"lama": "cautious", "lama_dice": "cautious", "unikat": "greedy"}  # the students' play
MOVE_GOAL = 0.5  # seconds, p99: a move's result on every phone of its table
REVIEW_GOAL = 1.0  # seconds: a game's review on a phone after its end
ASLEEP = 40.0  # seconds a sleeping phone stays away (the table's away time is 30)


class Clock:
    """The bench's own time: a second a move, so that an away seat comes back to play."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def play_round_robin(
    tables: list[Table], clock: Clock, rng: random.Random
) -> tuple[list[float], list[float], list[float]]:
    """Play every table to its end, one move a table in turn: each move's cost, the floor's,
    and each review's."""
    costs: list[float] = []
    floors: list[float] = []
    reviews: list[float] = []
    sleeper = {id(table): table.seats[-1].student for table in tables}
    while any(not table.game.over for table in tables):
        clock.now += 1.0
        for table in tables:
            if table.game.over:
                continue
            student, move = choose(table, rng)
            if student is None:
                continue
            if len(table.moves) == 20:  # the last seat's phone sleeps
                table.away(str(sleeper[id(table)]))
            if len(table.moves) == 20 + int(ASLEEP):
                table.back(str(sleeper[id(table)]))
            floors.append(floor(table, move))
            start = time.process_time()
            table.move(student, move)
            table.tick()
            for seat in table.seats:
                table.view(str(seat.student))
            table.wall()
            costs.append(time.process_time() - start)
            if table.game.over:
                start = time.process_time()
                table.reviews()
                reviews.append(time.process_time() - start)
    return costs, floors, reviews


def choose(table: Table, rng: random.Random) -> tuple[str | None, Any]:
    """The student to move and their move, chosen from their own view (None: nobody is to
    move now, the sleeper's turn before the table plays for them)."""
    table.tick()
    if table.game.over:
        return None, None
    waiting = table.to_move()
    if not waiting:
        return str(table.seats[0].student), NextRound()
    seat = next(seat for seat in table.seats if seat.player == waiting[0])
    if seat.away_since is not None:
        return None, None
    view = table.view(str(seat.student))
    strategy = rules(table.name).strategies[CAREFUL[table.name]]
    return seat.student, strategy(view.game, list(view.legal), rng)


def floor(table: Table, move: Any) -> float:
    """The engine alone: the same move on a copy of the game, and every seat's engine view."""
    game = copy.deepcopy(table.game)
    start = time.process_time()
    make_move(game, move)
    for player in game.players:
        game.view(player)
    return time.process_time() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", choices=GAMES, default="lama_dice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phones", action="store_true", help="phones over HTTP to a service")
    parser.add_argument("--away", type=float, default=5.0, help="with --phones: away seconds")
    args = parser.parse_args()
    if args.phones:
        over_http(args)
        return
    clock, rng = Clock(), random.Random(args.seed)
    tables = [
        Table(
            args.game,
            [f"T{number} S{seat}" for seat in range(1, args.seats + 1)],
            seed=args.seed * 1000 + number,
            clock=clock,
        )
        for number in range(1, args.tables + 1)
    ]
    costs, floors, reviews = play_round_robin(tables, clock, rng)
    held = len(pickle.dumps(tables))
    moves = sum(len(table.moves) for table in tables)
    p99, floor_p99 = quantiles(costs, n=100)[98], quantiles(floors, n=100)[98]
    print(f"{args.tables} tables × {args.seats} seats of {args.game}: {moves} moves, all kept")
    print(f"{'a move':<24} {'p50':>11} {'p99':>11} {'slowest':>11}")
    print(f"{'table (move, views)':<24} {ms(median(costs))} {ms(p99)} {ms(max(costs))}")
    print(f"{'floor (engine alone)':<24} {ms(median(floors))} {ms(floor_p99)} {ms(max(floors))}")
    print(f"p99 over the floor: {p99 / floor_p99:.1f}×; over the goal {MOVE_GOAL} s: ", end="")
    print(f"{p99 / MOVE_GOAL:.4f}")
    print(f"a review: p50 {ms(median(reviews))}, slowest {ms(max(reviews))}", end="")
    print(f" ({max(reviews) / REVIEW_GOAL:.3f} of its {REVIEW_GOAL} s)")
    stand_ins = sum(len(table.stand_ins) for table in tables)
    print(f"moves made for a sleeping phone: {stand_ins}; the tables pickled: {held / 1e3:.0f} kB")


def over_http(args: argparse.Namespace) -> None:
    """Phones over HTTP to the class service (bench/table_phones.py), two sittings in a row."""
    from bench.machine import load
    from bench.table_phones import MOVE_GOAL, REVIEW_GOAL, measured

    with tempfile.TemporaryDirectory(prefix="mathcards-tables-") as folder:
        book = f"sqlite:///{Path(folder) / 'classbook.sqlite'}"
        found = measured(args.game, args.tables, args.seats, args.away, book)
    moves, reviews = found["moves"], found["reviews"]
    print(
        f"{args.tables} tables × {args.seats} phones of {args.game} over HTTP, two sittings, ",
        end="",
    )
    print(f"{found['sent']} moves sent, load {load()}")
    print(f"  a move → every phone of its table: {spread(moves, MOVE_GOAL)}")
    print(f"  a game's end → its review on each phone: {spread(reviews, REVIEW_GOAL)}")
    print(f"  results never seen: {found['missing']}; moves lost: {len(found['lost'])}")
    start, middle, end = (rss / 1e6 for rss in found["rss"])
    print(f"  the server's memory: {start:.0f} MB, {middle:.0f} MB after one sitting, ", end="")
    print(f"{end:.0f} MB after two")


def spread(times: list[float], goal: float) -> str:
    """p50, p99 and the slowest, and p99 over its goal (at most 1: met)."""
    p99 = quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else times[0]
    p50, most, ratio = median(times) * 1000, max(times) * 1000, p99 / goal
    return f"p50 {p50:.0f} ms, p99 {p99 * 1000:.0f} ms, max {most:.0f} ms (p99 / goal {ratio:.2f})"


if __name__ == "__main__":
    main()
