"""What the tables' pages are sent (mathcards.classroom.protocol.play): a table as everyone at it
and the wall see it, a seat's own view and moves, a review, a frame of a game to step through,
the class's debrief. Built in the writer thread as each change is kept, then only read."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mathcards.classroom.protocol.play import (
    Debrief,
    DecisionSeen,
    FrameSeen,
    MoveSeen,
    ReviewSeen,
    SeatSeen,
    TableSeen,
)
from mathcards.replay import rules
from mathcards.review import Review, ScoredDecision
from mathcards.table import Table
from mathcards.views import view_json

NEWEST = 8  # a table's newest moves that its view repeats


Own = tuple[str, dict[str, Any], list[dict[str, Any]]]  # a seat's player, view and moves


@dataclass(frozen=True)
class TableShown:
    """What was last sent of a table: its version, the table as everyone sees it, each
    student's own (player, view, moves) and, once it is over, each student's review."""

    version: int
    seen: TableSeen
    seats: Mapping[int, Own]
    reviews: Mapping[int, ReviewSeen]


@dataclass
class InPlay:
    """A table of the sitting in memory: its number in the class book and in the sitting, the
    table, its students by seat (None: a computer, or a student forgotten), once it is over
    each student's review, and what was last sent of it (`shown`)."""

    id: int
    number: int
    table: Table
    students: list[int | None]
    reviews: dict[int, Review] = field(default_factory=dict)
    shown: TableShown | None = None


def table_seen(played: InPlay) -> TableSeen:
    """The table as everyone at it and the wall see it: never a hand."""
    table = played.table
    wall = table.wall()
    first = max(0, len(table.moves) - NEWEST)
    players = table.settings["players"]
    newest: list[MoveSeen] = [
        {
            "number": number,
            "player": None if mover is None else players[mover - 1],
            "move": dict(move),
            "stand_in": number in table.stand_ins,
        }
        for number, move, mover in zip(
            range(first + 1, len(table.moves) + 1),
            table.moves[first:],
            table.movers[first:],
            strict=True,
        )
    ]
    seats: list[SeatSeen] = [
        {"player": seat.player, "computer": seat.computer, "away": seat.away} for seat in wall.seats
    ]
    return {
        "table": played.id,
        "number": played.number,
        "game": table.name,
        "seats": seats,
        "to_move": list(wall.to_move),
        "scores": dict(wall.scores),
        "rounds": wall.rounds,
        "moves": wall.moves,
        "newest": newest,
        "over": wall.over,
        "winners": list(table.game.winners()) if wall.over else [],
        "shared": view_json(dict(wall.shared)),
    }


def seat_parts(table: Table, student: str) -> Own:
    """One seat's own: its player, its view of the game (its hand), the moves it may make."""
    seen = table.view(student)
    written = rules(table.name).action_json
    return seen.player, view_json(seen.game), [written(action) for action in seen.legal]


def decision_seen(decision: ScoredDecision) -> DecisionSeen:
    return {
        "game": decision.game,
        "number": decision.number,
        "player": decision.player,
        "round": decision.round,
        "chosen": decision.chosen,
        "best": decision.best,
        "values": {choice: str(value) for choice, value in decision.values.items()},
        "exact": decision.exact,
        "situation": dict(decision.situation),
        "stand_in": decision.stand_in,
    }


def review_seen(review: Review) -> ReviewSeen:
    """A student's review as their page is sent it; its frames one at a time (`frame_seen`)."""
    return {
        "accuracy": float(review.accuracy),
        "decisions": len(review.own),
        "matched": review.matched,
        "costliest": [decision_seen(decision) for decision in review.costliest()],
        "frames": len(review.frames),
    }


def frame_seen(review: Review, number: int) -> FrameSeen:
    """The game after move `number` as the student saw it, and their decision at that move."""
    frame = review.frames[max(0, min(number, len(review.frames) - 1))]
    decided = next((d for d in review.decisions if d.number == frame.number), None)
    return {
        "number": frame.number,
        "of": len(review.frames) - 1,
        "player": frame.player,
        "move": None if frame.move is None else dict(frame.move),
        "view": view_json(frame.view),
        "decision": None if decided is None else decision_seen(decided),
    }


def debrief(tables: Iterable[InPlay], named: bool) -> Debrief:
    """The class's decisions at the tables that are over: how many, how many matched the best,
    and the costliest (its student named only when the teacher shows it)."""
    over = [played for played in tables if played.table.game.over]
    own = [
        (played.number, decision)
        for played in over
        for review in played.reviews.values()
        for decision in review.own
    ]
    costly = [(number, decision) for number, decision in own if decision.cost > 0]
    worst = min(costly, key=lambda f: (-f[1].cost, f[0], f[1].number), default=None)
    return {
        "tables_over": len(over),
        "decisions": len(own),
        "matched": sum(decision.matched for _number, decision in own),
        "costliest": None if worst is None else decision_seen(worst[1]),
        "named": worst[1].player if worst is not None and named else None,
    }
