"""The garbage collector of a process that serves a class (`mathcards serve`, the Hub's class
service): what the process made to start lives as long as it, and is frozen out of the
collector, so that a full collection goes over what the class made, not over every module
again; and the young objects are looked at every `YOUNG` made, not every 700, for a class's
calls make many short-lived objects, nearly all freed by their counts
(docs/design.md#the-garbage-collector)."""

from __future__ import annotations

import gc

YOUNG = 10_000  # objects made between two collections of the young
OLDER = 10  # collections of a generation between two of the next


def started() -> None:
    """The process has started: what it made is kept out of the collector from now on."""
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)
