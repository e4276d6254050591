"""A student's page at a table (docs/design.md#tables-in-the-class-service): they join the class,
then see their own table only (their hand, the shared parts the same for everyone, whose turn
it is, a seat away), make their moves with buttons (the keyboard's too; each change said by
the page's announcer), and at the end read their review and step through their game. No rule
lives here: the service judges every move; the page draws what it is sent.

The page asks the service only while its browser is awake: a heartbeat on the browser's clock
(an ipywidgets `Play`, hidden) comes every second; when it stops (a phone asleep, a tab
frozen) the page stops asking, and the service counts its seat away."""

from __future__ import annotations

import json
import threading
import time
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.classroom.protocol.play import AtTableView
from mathcards.i18n import _
from widgets.book import BookBar
from widgets.controls import Complains, announcer, button, html, row, show_notice, trouble
from widgets.live import Follower
from widgets.play.client import PlayClient
from widgets.play.drawn import PLAY_STYLE, render_game, render_newest, render_status
from widgets.play.review import ReviewPanel
from widgets.play.words import happened, move_words, whose_turn
from widgets.style import LAMA_DICE_STYLE, LAMA_STYLE, UNIKAT_STYLE, page_style

HERE: Any = object()  # the page's default client: that of the server serving it, if any
AWAKE_SECONDS = 4.0  # a browser whose heartbeat came this recently is awake
BEAT_MS = 1000  # the heartbeat's period on the browser's clock
KICK_SECONDS = 2.0  # while no beat comes, the heartbeat is started again this often
MOST_BUTTONS = 12  # more moves than this (a Unikat turn) are chosen from a list


class Heartbeat:
    """The browser's heartbeat: `awake()` while it beats (or for a while after the page was
    made, before its browser draws it); `wait()` blocks a thread until it beats again. A
    `Play` counts only once its view saw it start playing, so `wait` starts it again (a kick)
    while no beat comes: a browser awake beats from then on, one asleep from when it wakes."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock, self.last = clock, clock()
        self.beat = threading.Event()
        self.player = w.Play(
            interval=BEAT_MS,
            max=1_000_000,
            repeat=True,
            playing=False,
            show_repeat=False,
            layout=w.Layout(display="none"),
        )
        self.player.add_class("mc-play-heartbeat")
        self.player.observe(lambda _change: self.beaten(), names="value")

    def beaten(self) -> None:
        self.last = self.clock()
        self.beat.set()

    def awake(self) -> bool:
        return self.clock() - self.last < AWAKE_SECONDS

    def wait(self, stopped: threading.Event) -> None:
        """Until the browser is awake (or the follower stops), kicking its clock meanwhile."""
        while not self.awake() and not stopped.is_set():
            self.beat.clear()
            self.player.playing = False
            self.player.playing = True
            self.beat.wait(KICK_SECONDS)


class AtTheTable(Complains, w.VBox):
    """A student's page at their table."""

    def __init__(self, client: Any = HERE, *, follow: bool = True) -> None:
        self.client: PlayClient | None = PlayClient.here() if client is HERE else client
        self.view: AtTableView | None = None
        self.said = 0  # the newest move already said by the announcer
        self.bar = BookBar(self.client, "play")
        self.status = html("mc-play-status-line")
        self.table = html("mc-play-table")
        self.buttons: dict[str, w.Button] = {}  # the button of each move shown now
        self.before: dict[str, w.Button] = {}  # the last view's others, for a tap a moment late
        self.fresh: dict[str, int] = {}  # each move shown now → the table's moves then
        self.shown_at: dict[str, int] = {}  # the same, for this view's moves and the last's
        self.moves = w.HBox(layout=w.Layout(flex_flow="row wrap"), _dom_classes=("mc-play-moves",))
        self.choice = w.Dropdown(description=_("Your move"), layout=w.Layout(max_width="100%"))
        self.choice.add_class("mc-play-choice")
        self.make = button(_("Make this move"), "mc-play-make", lambda _b: self.send_chosen())
        self.chooser = row(self.choice, self.make, hides=True)
        self.chooser.layout.display = "none"
        self.message = html("mc-message-line")
        self.newest = html("mc-play-newest-box")
        self.review = ReviewPanel(self.client)
        self.heart = Heartbeat()
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE + LAMA_STYLE + UNIKAT_STYLE, PLAY_STYLE),
                self.bar,
                self.status,
                self.moves,
                self.chooser,
                self.message,
                self.table,
                self.newest,
                self.review,
                self.heart.player,
            ]
        )
        self.add_class("mc-play-seat")
        self.follower = Follower(self.fetch, self.show, self.troubled)
        if self.client is None:
            show_notice(self.message, _("Playing at tables needs the class server."))
        elif follow:
            self.follower.start()

    # ------------------------------------------------------------ the service

    def fetch(self, after: int) -> AtTableView:
        """The student's view once it changed past `after`, asked while the browser is awake."""
        assert self.client is not None
        if self.follower.thread is not None:  # a page's follower: a test's steps never sleep
            self.heart.wait(self.follower.stopped)
        return self.client.seat(after)

    def troubled(self, problem: Exception) -> None:
        if isinstance(problem, ValueError):
            self.notify(trouble(problem))
        else:
            self.complain(trouble(problem))

    def send(self, move: dict[str, Any]) -> None:
        """The student's move, sent with the moves the table had made when it was shown (a tap
        on a button the next view took away is out of step, never a move the rules refuse);
        what they see then."""
        view = self.view
        if self.client is None or view is None or view["table"] is None:
            return
        made = self.shown_at.get(json.dumps(move, sort_keys=True), view["table"]["moves"])
        try:
            seen = self.client.move(move, made)
        except ValueError as problem:
            self.notify(str(problem))  # refused: a notice, never a wrong answer
            return
        with self.follower.lock:
            self.message.value = ""
            self.show(seen)

    def send_chosen(self) -> None:
        if self.choice.value:
            self.send(json.loads(self.choice.value))

    # ------------------------------------------------------------ what the student sees

    def show(self, view: AtTableView) -> None:
        """Draw what the service says this student sees (the newest version only)."""
        if self.view is not None and view["version"] < self.view["version"]:
            return
        self.view = view
        table, player = view["table"], view["player"]
        if view["name"] is not None and self.bar.student is None:
            self.bar.look_up()  # joined from another page meanwhile
        if table is None or view["view"] is None:
            self.status.value = escape(_("Wait for your teacher to start the tables."))
            self.table.value = self.newest.value = ""
            self._moves([])
            self.review.hide()
            return
        self.status.value = render_status(table, player)
        self.table.value = render_game(table, player, view["view"])
        self.newest.value = render_newest(table)
        self._moves(view["legal"] if not table["over"] else [])
        self._announce(view)
        if view["review"] is not None and player is not None:
            self.review.show(table["game"], player, view["review"])
        else:
            self.review.hide()

    def _moves(self, legal: list[dict[str, Any]]) -> None:
        """A button for each move the student may make, or a list when there are many."""
        table = self.view["table"] if self.view else None
        game, made = (table["game"], table["moves"]) if table else ("", 0)
        fresh = {json.dumps(move, sort_keys=True): made for move in legal}
        self.shown_at, self.fresh = {**self.fresh, **fresh}, fresh  # this view's and the last
        many = len(legal) > MOST_BUTTONS
        self.chooser.layout.display = "" if many else "none"
        if many:
            self.choice.options = [(move_words(game, m), json.dumps(m)) for m in legal]
        self._show_buttons(game, [] if many else legal)

    def _show_buttons(self, game: str, legal: list[dict[str, Any]]) -> None:
        """The moves' buttons, each kept while its move is shown (and for one view more, so a
        tap on it a moment late is still heard, out of step), else closed: a page whose game
        goes on for hours keeps at most two views' buttons, never every move there was."""
        shown: dict[str, w.Button] = {}
        for move in legal:
            key = json.dumps(move, sort_keys=True)
            kept = self.buttons.get(key) or self.before.get(key)
            shown[key] = kept or button(
                move_words(game, move),
                f"mc-play-move mc-play-{move.get('move')}",
                lambda _b, m=move: self.send(m),
            )
        self.moves.children = tuple(shown.values())
        last = {key: made for key, made in self.buttons.items() if key not in shown}
        for key, old in self.before.items():
            if key not in shown and key not in last:
                old.close()
        self.before, self.buttons = last, shown

    def _announce(self, view: AtTableView) -> None:
        """The moves made since the last said, and whose turn it is now."""
        table = view["table"]
        assert table is not None
        fresh = [m for m in table["newest"] if m["number"] > self.said]
        if not fresh and self.said:
            return
        self.said = table["moves"]
        told = [happened(table["game"], moved) for moved in fresh]
        announcer().say(*told, whose_turn(table, view["player"]))


__all__ = ["AtTheTable", "Heartbeat"]
