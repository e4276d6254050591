"""The live class, as a page's kernel reaches it: the client of the class service's live calls
both games share (`RoomClient`; each game's own in its package), with this page's ticket, each
call bounded in time; and a follower that long-polls the game (`state?after=V`, `me?after=V`)
on a thread of its own and hands each new view to the page. A refusal comes as a key
(`{"error": "paused"}`: `mathcards.classroom.protocol.Refusal`), put into words here in the
page's language."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Generic, Self, TypeVar, cast

import ipywidgets as w

from mathcards.classroom.protocol import (
    CallRefusal,
    LiveJoinBody,
    LivePath,
    LockBody,
    PlaceBody,
    Refusal,
    RemoveBody,
    RoomView,
    SeatView,
    TeamsBody,
)
from mathcards.classroom.server.address import CODE_PARAMETER, qr_data_uri, short_page
from mathcards.i18n import N_, _, language
from widgets.book import BookDown, ClassBook
from widgets.book import refusal_for as book_refusal
from widgets.controls import Complains, button, html, row, show_notice, trouble
from widgets.teams import TeamsControls, render_teams

POLL_SECONDS = 20.0  # the longest the service holds a long-poll before it answers anyway
RETRY_SECONDS = 2.0  # after the service could not be reached, the next try

Sentences = Mapping[str, str]  # a refusal's key (`Refusal`, `CallRefusal`) → what a page says
REFUSALS: Sentences = {  # the service's refusals of a live call, as a page says them
    Refusal.NOT_JOINED: N_("Join the class first, with your name above."),
    Refusal.LOCKED: N_("The teacher has locked the room: ask to be let in."),
    Refusal.REMOVED: N_("The teacher has taken you out of the room."),
    Refusal.PAUSED: N_("The teacher has paused the game: wait a moment."),
    Refusal.NO_ROUND: N_("No round is open: wait for the next one."),
    Refusal.ALREADY_RIGHT: N_("You have already made the target this round."),
    Refusal.HAD_CLAIM: N_("You have had your claim this round: wait for the next one."),
    Refusal.TOO_MANY: N_("You have sent enough answers this round: wait for the next one."),
    Refusal.OVER: N_("This live game is over."),
    Refusal.ROUND_OPEN: N_("A round is still open: reveal it first."),
    Refusal.ALL_PLAYED: N_("Every round has been played: show the podium."),
    Refusal.NOT_PAUSED: N_("The game is not paused."),
    CallRefusal.NOT_TEACHER: N_(
        "The projector is for the teacher only: open the teacher's address first, then this page."
    ),
    Refusal.NO_GAME: N_("There is no live game yet: the teacher starts one on the projector."),
    Refusal.TEAM_CLAIMED: N_("{name} already answered for your team."),
    Refusal.NOT_IN_TEAM: N_("You are not in that team."),
    Refusal.TEAM_SIZE: N_("A team has 2 to 4 members."),
    Refusal.UNKNOWN_STUDENT: N_("That student is not in the room."),
    Refusal.TWO_TEAMS: N_("A student can be in one team only."),
    Refusal.NO_TEAMS: N_("There are no teams: make them first."),
    Refusal.NO_SUCH_TEAM: N_("There is no such team."),
    Refusal.TEAM_FULL: N_("That team is full."),
}


class LiveRefused(ValueError):
    """What the live game cannot do now, in the page's language, with the service's key."""

    def __init__(self, reason: str, sentences: Sentences = REFUSALS, detail: str = "") -> None:
        said = _(sentences[reason])
        if reason == Refusal.TEAM_CLAIMED:  # who claimed for the team: "Ola already answered…"
            said = said.format(name=detail)
        super().__init__(said)
        self.reason, self.detail = reason, detail


def live_refusal(
    error: str | None, sentences: Sentences = REFUSALS, detail: str = ""
) -> ValueError:
    """The service's refusal key as a sentence in this page's language (`sentences`: a game's
    own for its keys)."""
    if error is not None and error in sentences:
        return LiveRefused(error, sentences, detail)
    return book_refusal(error, detail)


Seated = TypeVar("Seated", bound=SeatView)  # a student's view of the game
Projected = TypeVar("Projected", bound=RoomView)  # the projector's view


class RoomClient(ClassBook, Generic[Seated, Projected]):
    """The live calls of the class service both games share, for the browser holding this
    page's ticket, under the game's `PREFIX` (`protocol.MAM_LIVE`, `protocol.LAMA_DICE_LIVE`)."""

    PREFIX: str
    SENTENCES: Sentences = REFUSALS  # the game's refusals, as its pages say them

    @classmethod
    def here(cls, environ: Mapping[str, str] = os.environ) -> Self | None:
        """The live class of the server that serves this page, if it keeps one."""
        return cls.for_page(environ)

    def refusal(self, error: str | None, detail: str = "") -> ValueError:
        return live_refusal(error, self.SENTENCES, detail)

    def live(self, path: LivePath, sent: Mapping[str, Any] | None = None) -> Any:
        """POST `sent` to one of the game's calls (GET without); what the service answered."""
        return self.call(self.PREFIX + path, sent)

    def watch(self, path: LivePath, after: int) -> Any:
        """A long-poll: the view once the game has moved past version `after`."""
        return self.call(f"{self.PREFIX}{path}?after={after}", timeout=POLL_SECONDS + self.timeout)

    # ------------------------------------------------------------ a student

    def seat(self, after: int = -1) -> Seated:
        """What this student sees, once the game has moved past version `after`."""
        return cast(Seated, self.watch(LivePath.ME, after))

    def join_live(self) -> Seated:
        sent: LiveJoinBody = {}
        return cast(Seated, self.live(LivePath.JOIN, sent))

    # ------------------------------------------------------------ the teacher

    def state(self, after: int = -1) -> Projected:
        """What the projector shows, once the game has moved past version `after`."""
        return cast(Projected, self.watch(LivePath.STATE, after))

    def reveal(self) -> None:
        self.live(LivePath.REVEAL, {})

    def lock(self, locked: bool) -> None:
        sent: LockBody = {"locked": locked}
        self.live(LivePath.LOCK, sent)

    def remove(self, name: str) -> None:
        sent: RemoveBody = {"name": name}
        self.live(LivePath.REMOVE, sent)

    def admit(self, name: str) -> None:
        """Let a student the teacher took out back into the room."""
        sent: RemoveBody = {"name": name}
        self.live(LivePath.ADMIT, sent)

    def make_teams(self, sent: TeamsBody) -> None:
        """Teams shuffled from the room, made by hand, or none."""
        self.live(LivePath.TEAMS, sent)

    def place(self, student: int, team: int) -> None:
        """A student (by id) put in a team."""
        sent: PlaceBody = {"student": student, "team": team}
        self.live(LivePath.TEAM, sent)


HERE: Any = object()  # a live page's default client: that of the server serving it, if any


Calls = TypeVar("Calls", bound=RoomClient[Any, Any])


def served(client: Any, calls: type[Calls]) -> Calls | None:
    """The page's client: `client`, or by default (HERE) the `calls` of the server serving it."""
    return calls.here() if client is HERE else client


View = TypeVar("View", bound=Mapping[str, object])  # what a page follows: a view of the game


class Follower(Generic[View]):
    """Follows the game: fetches the next view (`fetch(after)`, a long-poll) and hands it to
    `show`; on a page it does so for ever on a thread of its own, in a test one `step` at a
    time. A service that cannot be reached is `troubled` (a sentence) and tried again."""

    def __init__(
        self,
        fetch: Callable[[int], View],
        show: Callable[[View], None],
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
            version = view.get("version")
            self.version = max(self.version, version if isinstance(version, int) else -1)
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
    path = f"{server}{short_page(lesson) or '/voila/render/' + lesson}"
    return f"{path}?{CODE_PARAMETER}={code}" if code else path


def unavailable(box: Any, message: Any, text: str) -> None:
    """A page without its live class: one sentence (a notice), and nothing to press."""
    box.layout.display = "none"
    show_notice(message, text)


def render_address(url: str, lesson: str) -> str:
    """Where students join: the live page's address as text and a QR code; off the school
    network, which lesson (its title) to open from the lessons' page."""
    if not url:
        where = _("Students open “{lesson}” from the lessons' page with the class address.")
        return f"<p>{escape(where.format(lesson=lesson))}</p>"
    before, _gap, after = _("Students open {address} or scan the code.").partition("{address}")
    alt = _("QR code of {address}").format(address=url)
    return (
        f"<img src='{qr_data_uri(url)}' alt='{escape(alt)}'>"
        f"<p>{escape(before)}<strong>{escape(url)}</strong>{escape(after)}</p>"
    )


class Following(Complains, Generic[View]):
    """A live page that follows what the service says it sees (a student's view, or the
    projector's), each change drawn by `show`."""

    client: RoomClient[Any, Any] | None
    follower: Follower[View]

    def follow(self, box: Any, follow: bool, needs: str) -> None:
        """Follow the service from a thread of its own (unless `follow` is False: a test steps
        it); without the class server, `needs` says so and `box` is hidden."""
        self.follower = Follower(self.fetch, self.show, self.troubled)
        if self.client is None:
            unavailable(box, self.message, needs)
        elif follow:
            self.follower.start()

    def fetch(self, after: int) -> View:
        """The view once the game has moved past version `after`."""
        raise NotImplementedError

    def show(self, view: View) -> None:
        raise NotImplementedError

    def troubled(self, problem: Exception) -> None:
        """The view cannot be had: the page says why (a refusal, or the service not
        answering, is a notice; a bug is an error)."""
        if isinstance(problem, ValueError):
            self.notify(trouble(problem))
        else:
            self.complain(trouble(problem))


class Seat(Following[Seated]):
    """A student's live page: it joins the live game's room once the student has a name in the
    class book (`_join_live`, BookBar's callback)."""

    client: RoomClient[Seated, Any] | None
    view: Seated | None
    joined_game: int | None

    def fetch(self, after: int) -> Seated:
        assert self.client is not None
        return self.client.seat(after)

    def _join_live(self) -> None:
        if self.client is None:
            return
        try:
            self.client.join_live()
        except ValueError as problem:
            self.notify(str(problem))  # refused at the door: a notice, not a wrong answer
            return
        self.joined_game = self.view["game"] if self.view is not None else None
        self.message.value = ""


class Projector(Following[Projected]):
    """The teacher's projector of a live game: where students join (text and QR) and the room
    (lock it, remove a name), beside what its game shows; each of the teacher's calls told
    back in this page's language if the service refuses it."""

    client: RoomClient[Any, Projected] | None
    seat_lesson = ""  # the students' page, e.g. "live/1-mam-live.ipynb"
    seat_title = ""  # its title as the lessons list it (a message id)
    team_cards = True  # a team's score is cards won (MAM!), else how far its guesses were
    view: Projected | None
    controls: w.VBox  # hidden for anyone but the teacher

    def fetch(self, after: int) -> Projected:
        assert self.client is not None
        return self.client.state(after)

    def troubled(self, problem: Exception) -> None:
        """The view cannot be had: the page says why; for anyone but the teacher, the end."""
        super().troubled(problem)
        if isinstance(problem, LiveRefused) and problem.reason == CallRefusal.NOT_TEACHER:
            self.controls.layout.display = "none"
            self.follower.stop()

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
        self.removed_box = w.VBox()  # who the teacher took out, each with "Let in"
        self.removed_box.add_class("mc-live-removed")
        self.removed_rows: dict[str, w.HBox] = {}
        self.teams_controls = TeamsControls(lambda: self.client, self._call)
        self.teams_wall = html("mc-teams-wall")  # the teams, as the class sees them

    def _call(self, call: Callable[[], object]) -> bool:
        """One of the teacher's calls; False (and a notice, never a wrong answer's ✗) if the
        service refused it."""
        assert self.client is not None
        try:
            call()
        except ValueError as problem:
            self.notify(str(problem))
            return False
        self.message.value = ""
        return True

    def remove(self, name: str) -> None:
        client = self.client
        if client is not None:
            self._call(lambda: client.remove(name))

    def admit(self, name: str) -> None:
        client = self.client
        if client is not None:
            self._call(lambda: client.admit(name))

    def _lock_changed(self, _change: object = None) -> None:
        client = self.client
        if not self.showing_lock and client is not None:
            self._call(lambda: client.lock(bool(self.lock_box.value)))

    def _show_room(self, view: RoomView) -> None:
        """Where students join (drawn again only when the class address changes) and who is
        in the room."""
        class_url = view["class_url"]
        if self.fixed_address is None and class_url != self.class_url:
            self.class_url = class_url
            lesson = f"{language()}/{self.seat_lesson}"
            self.address.value = render_address(page_address(lesson, class_url), _(self.seat_title))
        room = list(view["room"])
        here = len(view["here"])  # who of the room has a page there now
        self.room_title.value = escape(_("In the room: {n}").format(n=here))
        self.showing_lock = True
        self.lock_box.value = view["locked"]
        self.showing_lock = False
        for name in room:
            if name not in self.seat_rows:
                self.seat_rows[name] = self._seat_row(name)
        self.room.children = tuple(self.seat_rows[name] for name in room)
        removed = list(view["removed"])
        for name in removed:
            if name not in self.removed_rows:
                self.removed_rows[name] = self._removed_row(name)
        self.removed_box.children = tuple(self.removed_rows[name] for name in removed)
        self.teams_controls.show(view)
        self.teams_wall.value = render_teams(view, cards=self.team_cards)

    def _removed_row(self, name: str) -> w.HBox:
        label = html("mc-live-name", escape(_("{name} (taken out)").format(name=name)))
        let_in = button(_("Let in"), "mc-live-admit", lambda _b: self.admit(name))
        return w.HBox([label, let_in])

    def _seat_row(self, name: str) -> w.HBox:
        label = html("mc-live-name", escape(name))
        remove = button(_("Remove"), "mc-live-remove", lambda _b: self.remove(name))
        seat = w.HBox([label, remove])
        seat.add_class("mc-live-seat-row")
        return seat


__all__ = ["BookDown", "Follower", "LiveRefused", "Projector", "RoomClient", "live_refusal"]
