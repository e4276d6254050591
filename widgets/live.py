"""The live class, as a page's kernel reaches it: the client of the class service's live calls
(`/mathcards/api/live/…`), with this page's ticket, each call bounded in time; and a follower
that long-polls the game (`state?after=V`, `me?after=V`) on a thread of its own and hands each
new view to the page. A refusal comes as a key (`{"error": "paused"}`), said here in the
page's language."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Self, TypeVar

import ipywidgets as w

from mathcards.classroom.address import CODE_PARAMETER, qr_data_uri
from mathcards.i18n import N_, _, language
from widgets.book import HUB_TOKEN_ENV, SERVICE_ENV, TICKET_ENV, BookDown, ClassBook, wait_for_page
from widgets.book import refusal_for as book_refusal
from widgets.controls import Complains, button, html, render_message, row, trouble

POLL_SECONDS = 20.0  # the longest the service holds a long-poll before it answers anyway
RETRY_SECONDS = 2.0  # after the service could not be reached, the next try

REFUSALS = {  # the service's refusal keys, as a page says them
    "not-joined": N_("Join the class first, with your name above."),
    "locked": N_("The teacher has locked the room: ask to be let in."),
    "removed": N_("The teacher has taken you out of the room."),
    "paused": N_("The teacher has paused the game: wait a moment."),
    "no-round": N_("No round is open: wait for the next one."),
    "already-right": N_("You have already made the target this round."),
    "had-claim": N_("You have had your claim this round: wait for the next one."),
    "over": N_("This live game is over."),
    "round-open": N_("A round is still open: reveal it first."),
    "all-played": N_("Every round has been played: show the podium."),
    "not-paused": N_("The game is not paused."),
    "not-teacher": N_(
        "The projector is for the teacher only: open the teacher's address first, then this page."
    ),
    "no-game": N_("There is no live game yet: the teacher starts one on the projector."),
    "teacher-only": N_(
        "The projector is for the teacher only: open the teacher's address first, then this page."
    ),
    "bad-settings": N_("These settings cannot make a live game."),
}


class LiveRefused(ValueError):
    """What the live game cannot do now, in the page's language, with the service's key."""

    def __init__(self, reason: str, said: Mapping[str, str] = REFUSALS) -> None:
        super().__init__(_(said[reason]))
        self.reason = reason


def live_refusal(error: str | None, said: Mapping[str, str] = REFUSALS) -> ValueError:
    """The service's refusal key as a sentence in this page's language (`said`: a game's own
    sentences for its keys)."""
    if error in said:
        assert error is not None
        return LiveRefused(error, said)
    return book_refusal(error)


class LiveClient(ClassBook):
    """The live calls of the class service, for the browser holding this page's ticket (MAM!'s
    under live/, another game's under its `PREFIX`)."""

    PREFIX = "live/"

    @classmethod
    def here(cls, environ: Mapping[str, str] = os.environ) -> Self | None:
        """The live class of the server that serves this page, if it keeps one."""
        if not environ.get(SERVICE_ENV):
            return None
        wait_for_page()
        ticket, hub_token = environ.get(TICKET_ENV, ""), environ.get(HUB_TOKEN_ENV, "")
        if not (ticket or hub_token):
            return None
        return cls(environ[SERVICE_ENV], ticket, hub_token=hub_token if not ticket else "")

    def refusal(self, error: str | None) -> ValueError:
        return live_refusal(error)

    def live(self, path: str, sent: dict[str, Any] | None = None) -> Any:
        return self.call(self.PREFIX + path, sent)

    # ------------------------------------------------------------ a student

    def seat(self, after: int = -1) -> dict[str, Any]:
        """What this student sees, once the game has moved past version `after`."""
        return dict(
            self.call(f"{self.PREFIX}me?after={after}", timeout=POLL_SECONDS + self.timeout)
        )

    def join_live(self) -> None:
        self.live("join", {})

    def answer(self, text: str) -> dict[str, Any]:
        """Send a calculation; the service's judgement (seq, correct, points, first)."""
        return dict(self.live("answers", {"text": text}))

    # ------------------------------------------------------------ the teacher

    def state(self, after: int = -1) -> dict[str, Any]:
        """What the projector shows, once the game has moved past version `after`."""
        return dict(
            self.call(f"{self.PREFIX}state?after={after}", timeout=POLL_SECONDS + self.timeout)
        )

    def new_game(self, **settings: Any) -> None:
        self.live("games", settings)

    def open_round(self, seconds: int | None = None) -> None:
        self.live("rounds", {"seconds": seconds} if seconds else {})

    def reveal(self) -> None:
        self.live("reveal", {})

    def pause(self) -> None:
        self.live("pause", {})

    def resume(self) -> None:
        self.live("resume", {})

    def lock(self, locked: bool) -> None:
        self.live("lock", {"locked": locked})

    def remove(self, name: str) -> None:
        self.live("remove", {"name": name})

    def finish(self) -> None:
        self.live("finish", {})


HERE: Any = object()  # a live page's default client: that of the server serving it, if any


Calls = TypeVar("Calls", bound=LiveClient)


def served(client: Any, calls: type[Calls]) -> Calls | None:
    """The page's client: `client`, or by default (HERE) the `calls` of the server serving it."""
    return calls.here() if client is HERE else client


class Follower:
    """Follows the game: fetches the next view (`fetch(after)`, a long-poll) and hands it to
    `show`; on a page it does so for ever on a thread of its own, in a test one `step` at a
    time. A service that cannot be reached is `troubled` (a sentence) and tried again."""

    def __init__(
        self,
        fetch: Callable[[int], dict[str, Any]],
        show: Callable[[dict[str, Any]], None],
        troubled: Callable[[Exception], None],
    ) -> None:
        self.fetch, self.show, self.troubled = fetch, show, troubled
        self.version = -1
        self.lock = threading.RLock()  # the thread and the page's buttons render one at a time
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None

    def step(self) -> bool:
        """Fetch and show the next view; False if the service could not give one."""
        try:
            view = self.fetch(self.version)
        except ValueError as problem:
            self.troubled(problem)
            return False
        with self.lock:
            self.version = max(self.version, int(view.get("version", self.version)))
            self.show(view)
        return True

    def start(self) -> None:
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopped.set()

    def _follow(self) -> None:
        while not self.stopped.is_set():
            try:
                if not self.step():
                    self.stopped.wait(RETRY_SECONDS)
            except Exception as problem:  # a bug must reach the page, and the page go on
                self.troubled(problem)
                self.stopped.wait(RETRY_SECONDS)


def page_address(lesson: str, class_url: str) -> str:
    """The address of the live lesson `lesson` (e.g. "en/live/1-mam-live.ipynb") as students
    type it on the school network (`class_url`, the class address, which the service gives the
    projector), with the class code; "" off the school network."""
    if not class_url:
        return ""
    server, _slash, query = class_url.partition("/?")
    code = dict(part.partition("=")[::2] for part in query.split("&") if part).get(CODE_PARAMETER)
    path = f"{server}/voila/render/{lesson}"
    return f"{path}?{CODE_PARAMETER}={code}" if code else path


TEACHER_ONLY = ("teacher-only", "not-teacher")  # the service's refusal of anyone else


def unavailable(box: Any, message: Any, text: str) -> None:
    """A page without its live class: one sentence, and nothing to press."""
    box.layout.display = "none"
    message.value = render_message(text, ok=False)


def render_address(url: str, lesson: str) -> str:
    """Where students join: the live page's address as text and a QR code; off the school
    network, which lesson (its title) to open from the lessons' page."""
    if not url:
        said = _("Students open “{lesson}” from the lessons' page with the class address.")
        return f"<p>{escape(said.format(lesson=lesson))}</p>"
    before, _gap, after = _("Students open {address} or scan the code.").partition("{address}")
    alt = _("QR code of {address}").format(address=url)
    return (
        f"<img src='{qr_data_uri(url)}' alt='{escape(alt)}'>"
        f"<p>{escape(before)}<strong>{escape(url)}</strong>{escape(after)}</p>"
    )


class Following(Complains):
    """A live page that follows what the service says it sees (`watching`: a student's "seat",
    or the projector's "state"), each change drawn by `show`."""

    watching = "seat"
    client: Any
    follower: Follower
    controls: Any  # a projector's: hidden for anyone but the teacher

    def follow(self, box: Any, follow: bool, needs: str) -> None:
        """Follow the service from a thread of its own (unless `follow` is False: a test steps
        it); without the class server, `needs` says so and `box` is hidden."""
        self.follower = Follower(self._fetch, self.show, self._troubled)
        if self.client is None:
            unavailable(box, self.message, needs)
        elif follow:
            self.follower.start()

    def show(self, view: dict[str, Any]) -> None:
        raise NotImplementedError

    def _fetch(self, after: int) -> dict[str, Any]:
        assert self.client is not None
        return getattr(self.client, self.watching)(after)

    def _troubled(self, problem: Exception) -> None:
        """The view cannot be had: said; for anyone but the teacher on a projector, the end."""
        self.complain(trouble(problem))
        if self.watching == "state" and getattr(problem, "reason", None) in TEACHER_ONLY:
            self.controls.layout.display = "none"
            self.follower.stop()


class Seat(Following):
    """A student's live page: it joins the live game's room once the student has a name in the
    class book (`_join_live`, BookBar's callback)."""

    view: dict[str, Any]
    joined_game: Any

    def _join_live(self) -> None:
        if self.client is None:
            return
        try:
            self.client.join_live()
        except ValueError as problem:
            self.complain(str(problem))
            return
        self.joined_game = self.view.get("game")
        self.message.value = ""


class Projector(Following):
    """The teacher's projector of a live game: where students join (text and QR) and the room
    (lock it, remove a name), beside what its game shows; each of the teacher's calls said
    back in this page's language if the service refuses it."""

    watching = "state"
    seat_lesson = ""  # the students' page, e.g. "live/1-mam-live.ipynb"
    seat_title = ""  # its title as the lessons list it (a message id)
    view: dict[str, Any]

    def _build_room(self, address: str | None) -> None:
        self.fixed_address = address  # else the class address the service gives
        self.class_url: str | None = None
        self.address = html("mc-live-address", render_address(address or "", _(self.seat_title)))
        self.lock_box = w.Checkbox(description=_("Room locked"))
        self.lock_box.add_class("mc-live-lock")
        self.lock_box.observe(self._lock_changed, names="value")
        self.showing_lock = False  # the service's lock being drawn, not the teacher's click
        self.room_title = html("mc-live-room-title")
        self.room = w.VBox()
        self.room.add_class("mc-live-room")
        self.room_line = row(self.room_title, self.lock_box)
        self.seat_rows: dict[str, w.HBox] = {}  # each name's row in the room, made once

    def _call(self, action: str, *args: Any, **settings: Any) -> bool:
        """One of the teacher's calls; False (and a sentence) if the service refused it."""
        assert self.client is not None
        try:
            getattr(self.client, action)(*args, **settings)
        except ValueError as problem:
            self.complain(str(problem))
            return False
        self.message.value = ""
        return True

    def remove(self, name: str) -> None:
        self._call("remove", name)

    def _lock_changed(self, _change: object = None) -> None:
        if not self.showing_lock and self.client is not None:
            self._call("lock", bool(self.lock_box.value))

    def _show_room(self, view: dict[str, Any]) -> None:
        """Where students join (drawn again only when the class address changes) and who is
        in the room."""
        class_url = view.get("class_url") or ""
        if self.fixed_address is None and class_url != self.class_url:
            self.class_url = class_url
            lesson = f"{language()}/{self.seat_lesson}"
            self.address.value = render_address(page_address(lesson, class_url), _(self.seat_title))
        room = list(view.get("room") or [])
        self.room_title.value = escape(_("In the room: {n}").format(n=len(room)))
        self.showing_lock = True
        self.lock_box.value = bool(view.get("locked"))
        self.showing_lock = False
        for name in room:
            if name not in self.seat_rows:
                self.seat_rows[name] = self._seat_row(name)
        self.room.children = tuple(self.seat_rows[name] for name in room)

    def _seat_row(self, name: str) -> w.HBox:
        label = html("mc-live-name", escape(name))
        remove = button(_("Remove"), "mc-live-remove", lambda _b: self.remove(name))
        seat = w.HBox([label, remove])
        seat.add_class("mc-live-seat-row")
        return seat


__all__ = ["BookDown", "Follower", "LiveClient", "LiveRefused", "Projector", "live_refusal"]
