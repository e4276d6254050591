"""The changes of a live game waiting for the class service's writer thread, in order of
arrival: each change a student or the teacher asks for (`Pending`), taken in turn, the
answers that arrived together kept in one commit."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mathcards.classroom.live.events import Payload


@dataclass
class Pending:
    """One change asked for (an event's payload and its student, or another `call` run in its
    turn instead), and what became of it."""

    payload: Payload | None = None
    name: str = ""
    call: Callable[[], Any] | None = None
    outcome: Any = None  # what the engine (or the call) returned
    problem: Exception | None = None  # why it was refused
    kept: bool = False

    def refused(self, problem: Exception) -> Pending:
        self.problem, self.kept = problem, False
        return self


class Changes:
    """The changes waiting, in order of arrival, for the writer thread to take them."""

    def __init__(self, judge: Callable[[list[Pending]], Any]) -> None:
        self.judge = judge  # the log's: judged in order of arrival, kept in one commit, shown
        self.waiting: deque[Pending] = deque()

    def drain(self) -> None:
        """(In the writer thread.) Every change waiting, in order of arrival: the events one
        batch at a time, each other call in its turn between them."""
        batch: list[Pending] = []
        while self.waiting:
            change = self.waiting.popleft()
            if change.call is None:
                batch.append(change)
                continue
            self.keep(batch)
            batch = []
            try:
                change.outcome = change.call()
            except Exception as problem:
                change.problem = problem
        self.keep(batch)

    def keep(self, batch: list[Pending]) -> None:
        """The events of a batch, judged, kept in one commit, shown."""
        if not batch:
            return
        try:
            self.judge(batch)
        except Exception as problem:
            for change in batch:
                if change.problem is None and not change.kept:
                    change.problem = problem
