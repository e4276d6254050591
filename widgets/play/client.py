"""The tables' calls of the class service, as a page's kernel makes them (under
`protocol.play.PLAY`): a student's (`seat`, `move`, `frame`) and the teacher's (`wall`, `start`,
`show_name`), each bounded in time, a refusal in the page's language."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Self, cast

from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.play import (
    PLAY,
    AtTableView,
    DebriefBody,
    FrameSeen,
    PlayMoveBody,
    PlayPath,
    PlayWallView,
    TablesBody,
)
from mathcards.i18n import _
from widgets.book import ClassBook, refusal_for
from widgets.play.words import REFUSALS

POLL_SECONDS = 10.0  # the longest the service holds a table's long-poll


class PlayRefused(ValueError):
    """The service refused a call of the tables (`reason`, its key), in the page's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(_(REFUSALS[reason]))
        self.reason = reason


class PlayClient(ClassBook):
    """The class service's tables, for the browser holding this page's ticket (on the Hub: its
    server's token)."""

    @classmethod
    def here(cls, environ: Mapping[str, str] = os.environ) -> Self | None:
        """The tables of the server that serves this page, if it keeps a class book."""
        return cls.for_page(environ)

    def refusal(self, error: str | None, detail: str = "") -> ValueError:
        """The service's refusal in this page's words; a start the rules refuse, in theirs."""
        if error in REFUSALS:
            return PlayRefused(error)
        if error == CallRefusal.BAD_REQUEST and detail:
            return ValueError(detail)
        return refusal_for(error, detail)

    def watch(self, path: PlayPath, after: int) -> Any:
        return self.call(f"{PLAY}{path}?after={after}", timeout=POLL_SECONDS + self.timeout)

    # ------------------------------------------------------------ a student

    def seat(self, after: int = -1) -> AtTableView:
        """What this student sees, once it has changed past version `after`."""
        return cast(AtTableView, self.watch(PlayPath.ME, after))

    def move(self, move: Mapping[str, Any], seen: int) -> AtTableView:
        sent: PlayMoveBody = {"move": dict(move), "seen": seen}
        return cast(AtTableView, self.call(PLAY + PlayPath.MOVES, sent))

    def frame(self, number: int) -> FrameSeen:
        return cast(FrameSeen, self.call(f"{PLAY}{PlayPath.REVIEW}?frame={number}"))

    # ------------------------------------------------------------ the teacher

    def wall(self, after: int = -1) -> PlayWallView:
        return cast(PlayWallView, self.watch(PlayPath.WALL, after))

    def start(self, sitting: TablesBody) -> PlayWallView:
        return cast(PlayWallView, self.call(PLAY + PlayPath.TABLES, sitting))

    def show_name(self, named: bool) -> PlayWallView:
        sent: DebriefBody = {"named": named}
        return cast(PlayWallView, self.call(PLAY + PlayPath.DEBRIEF, sent))
