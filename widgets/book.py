"""The class book, as a page's kernel reaches it: a small HTTP client of the class service
(`mathcards/classroom/service/`, its calls and views declared in `mathcards.classroom.protocol`),
and the bar at the top of a page that says who the student
is, lets them join the class under a nickname, and says in one sentence when their work cannot
be saved. Without a class service (JupyterLab, a test) there is no bar and nothing is sent."""

from __future__ import annotations

import copy
import http.client
import json
import os
import urllib.parse
from collections.abc import Callable, Mapping
from contextlib import suppress
from functools import cached_property
from html import escape
from typing import TYPE_CHECKING, Any, Self, Unpack, cast

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import TextStyle

from mathcards import i18n
from mathcards.book import identifiers
from mathcards.classroom.protocol import (
    HUB_TOKEN_ENV,
    MOST_NICKNAME,
    MOST_TYPED,
    SERVICE_ENV,
    TICKET_ENV,
    TICKET_HEADER,
    BookPath,
    CallRefusal,
)
from mathcards.i18n import N_, _
from widgets.controls import (
    announce,
    button,
    fixed,
    html,
    render_message,
    row,
    shared,
    show_message,
)
from widgets.line import ServiceLine
from widgets.warm import page_caller

if TYPE_CHECKING:  # the class book's views and bodies, types only: a page's kernel loads none
    from mathcards.classroom.protocol.book import (
        AssignmentView,
        DecisionBody,
        GameBody,
        GameEnding,
        GameView,
        JoinBody,
        MeView,
        MoveBody,
        PracticeView,
        SetBody,
        StepBody,
    )
    from mathcards.classroom.protocol.level import LevelBody, LevelStepBody, LevelView

__all__ = [
    "HUB_TOKEN_ENV",
    "SERVICE_ENV",
    "TICKET_ENV",
    "BookBar",
    "BookDown",
    "BookRefused",
    "ClassBook",
    "Kept",
    "Scorebook",
]
MOST_BEHIND = 20  # sets or games begun while the book was down, waiting behind the one on the page
TIMEOUT_SECONDS = 15.0  # a call to the service on this machine; beyond it, the book is down.
# Longer than the service's own bound on its database (mathcards.book.database.TIMEOUT) and
# a busy server's queue (a class arriving at once): the page says "not saved" when the service
# said so, never for a step the service was still keeping.


HERE: Any = object()  # a widget's default book: that of the server serving its page, if any
PAGE_BOOKS: dict[tuple[str, str, str], ClassBook] = {}  # (url, ticket, Hub token) → the book


def served(book: ClassBook | None) -> ClassBook | None:
    """The class book a widget was given, or by default (HERE) the one serving its page."""
    return ClassBook.here() if book is HERE else book


class BookDown(ValueError):
    """The class book cannot keep this now: the page goes on without it."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "Your work is not being saved right now: the class book cannot be reached. "
                "Go on practising, and tell your teacher."
            )
        )


class BookRefused(ValueError):
    """The class book refuses this one thing as it is (an answer too long): it will never keep
    it, and what comes after it is kept as before."""


class NicknameRefused(ValueError):
    """The nickname is refused: another student of the class has it (or one like it), or it is
    not a nickname; the sentence says which."""


class ClassBook:
    """The class service at `url`, speaking for the browser that holds `ticket` or, on
    JupyterHub, for the Hub user whose server holds `hub_token`. Who the student is (`me`) is
    asked once until this book sends something: a page's tables share their page's book."""

    def __init__(
        self, url: str, ticket: str, timeout: float = TIMEOUT_SECONDS, *, hub_token: str = ""
    ) -> None:
        self.url, self.ticket, self.timeout = url.rstrip("/") + "/", ticket, timeout
        self.hub_token = hub_token
        self.known: dict[tuple[str, str], MeView] = {}  # (game, language) → who, as last asked

    @classmethod
    def here(cls, environ: Mapping[str, str] = os.environ) -> ClassBook | None:
        """The class book of the server that serves this page, if it keeps one: the same one
        for every widget of the page."""
        caller = page_caller(environ)
        if caller is None:
            return None
        if caller not in PAGE_BOOKS:
            PAGE_BOOKS[caller] = cls(*caller[:2], hub_token=caller[2])
        return PAGE_BOOKS[caller]

    @classmethod
    def for_page(cls, environ: Mapping[str, str] = os.environ) -> Self | None:
        """A client of its own for the server that serves this page, if it keeps a class book
        (a live game's, the tables'), for the page's browser."""
        caller = page_caller(environ)
        return None if caller is None else cls(*caller[:2], hub_token=caller[2])

    def call(
        self, path: str, sent: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """GET `path` (or POST `sent` to it) and return the result (the JSON of a view, which
        each call names); refusals as ValueErrors. What is sent may change who the student is."""
        if sent is not None:
            self.known.clear()
        return self.exchange(path, sent, timeout or self.timeout)

    @cached_property
    def line(self) -> ServiceLine:
        """This book's line to the service, opened at its first call."""
        return ServiceLine(self.url)

    def exchange(self, path: str, sent: Mapping[str, Any] | None, timeout: float) -> Any:
        """The HTTP request of `call`, on this book's line to the service."""
        method, body = ("GET", None) if sent is None else ("POST", json.dumps(sent).encode())
        headers = {**self.credentials(), "Content-Type": "application/json"}
        try:
            status, answer = self.line.send(method, self.line.path + path, body, headers, timeout)
            if status >= 400:
                raise self.refusal(*error_of(answer))
            return json.loads(answer)["result"]
        except (OSError, http.client.HTTPException, json.JSONDecodeError, KeyError, TypeError):
            raise BookDown() from None

    def refusal(self, error: str | None, detail: str = "") -> ValueError:
        """The service's refusal (`{"error": what}`) as a sentence in this page's language."""
        return refusal_for(error, detail)

    def credentials(self) -> dict[str, str]:
        """Who is calling: this page's ticket, else its server's token on the Hub."""
        if self.ticket or not self.hub_token:
            return {TICKET_HEADER: self.ticket}
        return {"Authorization": f"token {self.hub_token}"}

    def me(self, game: str) -> MeView:
        asked = (game, i18n.language())
        if asked not in self.known:
            self.known[asked] = self.who(*asked)
        return copy.deepcopy(self.known[asked])

    def who(self, game: str, language: str) -> MeView:
        """Who this browser is, asked of the service (`me` asks once until something is sent)."""
        return cast("MeView", self.call(f"{BookPath.ME}?game={game}&lang={language}"))

    def join(self, nickname: str) -> str:
        sent: JoinBody = {"nickname": nickname}
        return str(self.call(BookPath.JOIN, sent))

    def start_set(self, **settings: Unpack[SetBody]) -> int:
        return int(self.call(BookPath.SETS, settings))

    def record_step(self, set_id: int, **step: Unpack[StepBody]) -> int:
        return int(self.call(BookPath.STEPS.format(set_id=set_id), step))

    def finish_set(self, set_id: int) -> None:
        self.call(BookPath.SET_FINISHED.format(set_id=set_id), {})

    def record_game(self, **game: Unpack[GameBody]) -> int:
        return int(self.call(BookPath.GAMES, game))

    def record_move(self, game_id: int, **move: Unpack[MoveBody]) -> int:
        return int(self.call(BookPath.MOVES.format(game_id=game_id), move))

    def open_game(self, game: str, table: str) -> GameView | None:
        asked = urllib.parse.urlencode({"game": game, "table": table})
        return cast("GameView | None", self.call(f"{BookPath.OPEN_GAME}?{asked}"))

    def finish_game(self, game_id: int) -> GameEnding:
        return cast("GameEnding", self.call(BookPath.GAME_OVER.format(game_id=game_id), {}))

    def record_decision(self, **decision: Unpack[DecisionBody]) -> int:
        return int(self.call(BookPath.DECISIONS, decision))

    def assignments(self) -> list[AssignmentView]:
        return cast("list[AssignmentView]", self.call(BookPath.ASSIGNMENTS))

    def level(self, **asked: Unpack[LevelBody]) -> LevelView:
        return cast("LevelView", self.call(BookPath.LEVEL, asked))

    def level_step(self, **step: Unpack[LevelStepBody]) -> LevelView:
        return cast("LevelView", self.call(BookPath.LEVEL_STEPS, step))


def error_of(refusal: bytes) -> tuple[str | None, str]:
    """The key of the service's refusal (`{"error": what, "detail": …}`) and its detail, read
    from its answer."""
    try:
        failure = json.loads(refusal)
        error, detail = failure.get("error"), failure.get("detail", "")
    except (ValueError, AttributeError):
        return None, ""
    return (error if isinstance(error, str) else None), (detail if isinstance(detail, str) else "")


NAME_REFUSALS: dict[
    str, str
] = {  # the service's refusals of a nickname, each saying what is wrong with it
    CallRefusal.NAME_TAKEN: N_("Someone in the class already has that name: choose another one."),
    CallRefusal.NAME_LOOK_ALIKE: N_(
        "That name looks like {name}, a classmate's name: choose another one."
    ),
    CallRefusal.NAME_EMPTY: N_("Type a name first."),
    CallRefusal.NAME_TOO_LONG: N_(
        "That name is too long: a name has at most {most} letters, digits or spaces."
    ),
    CallRefusal.ONE_NAME: N_(
        "This browser has joined the class as {name} already: ask your teacher to rename you."
    ),
}
REFUSALS: dict[str, str] = {  # the service's other refusals a page says in its own words
    CallRefusal.CLASS_FULL: N_(
        "The class book has as many students as it keeps: ask your teacher."
    ),
    CallRefusal.CLASS_CLOSED: N_(
        "The teacher has closed the class to new names: ask your teacher to let you in."
    ),
    CallRefusal.NEW_NAMES: N_(
        "Too many new names came from this network this hour: ask your teacher."
    ),
    CallRefusal.TOO_LONG: N_("That is too long: type at most {most} characters."),
    CallRefusal.TOO_FAST: N_("This page is sending too much too fast: wait a moment, then go on."),
}


def refusal_for(error: str | None, detail: str = "") -> ValueError:
    """The service's refusal (`{"error": what}`) as a sentence in this page's language, what
    is wrong with a nickname filled in (`detail`)."""
    if error == CallRefusal.NAME_CHARACTER:  # the character and its code point
        return NicknameRefused(identifiers.refused(detail[:1] or "\ufffd"))
    if error in NAME_REFUSALS:
        sentence = _(NAME_REFUSALS[error])
        return NicknameRefused(
            sentence.format(name=detail, character=detail[:1], most=MOST_NICKNAME)
        )
    if error == CallRefusal.TOO_LONG:
        return BookRefused(_(REFUSALS[error]).format(most=MOST_TYPED))
    if error in REFUSALS:
        return ValueError(_(REFUSALS[error]).format(most=MOST_TYPED))
    return BookDown()


class BookBar(w.VBox):
    """Who the student is in the class book: a name box to join the class (`mc-join-name`,
    `mc-join`; a class list's names to pick from instead, `mc-join-pick`), then their
    nickname; every save goes through `save`, and a book that is down costs one sentence here,
    never the page. A bar that does not `invite` (a game's table, which the teacher also
    projects) shows nothing until the browser has joined the class. The views `below` it go
    with it (a game's table: the line that says a game came back)."""

    def __init__(
        self,
        book: ClassBook | None,
        game: str,
        joined: Callable[[], None] = lambda: None,
        *,
        invite: bool = True,
        below: tuple[w.Widget, ...] = (),
    ) -> None:
        self.book, self.game, self.joined, self.invite = book, game, joined, invite
        self.student: str | None = None
        self.practice: PracticeView | None = None
        self.my_level: str | None = None  # the skill last practised at the student's level
        self.down = False
        self.saved = 0  # things kept since the page opened, each acknowledged by the service
        self.status = html("mc-book-status")
        self.retry: w.Button | None = None  # "Try again", while the book could not be reached
        self.shown = (self._name_box(), self.status) if invite else (self.status,)
        self.below = below
        super().__init__(
            [*self.shown, *below],
            layout=w.Layout(display="none" if book is None else ""),
            _dom_classes=("mc-book",),
        )
        if book is not None:
            self.look_up()

    def _name_box(self) -> w.VBox:
        """The name to join the class with, and its button (shown while the student has not
        joined): a bar that invites."""
        self.name = w.Text(
            description=_("Your name"),
            style=shared(TextStyle, description_width="initial"),
            layout=fixed(width="18em", max_width="calc(100% - 4px)"),
            _dom_classes=("mc-join-name",),
        )
        self.join_button = button(_("Join the class"), "mc-join", self.join, button_style="info")
        self.message = html("mc-join-message")
        self.joining = row(self.name, self.join_button, css="mc-joining")
        self.name_box = w.VBox([self.joining, self.message], layout=w.Layout(display="none"))
        self.pick: w.Dropdown | None = None  # a class list's names, made once there is one
        return self.name_box

    def _pick_from(self, names: list[str]) -> None:
        """The class has a list of names: the student picks theirs (`mc-join-pick`) from those
        no browser has taken yet, instead of typing one."""
        if self.pick is None:
            self.pick = w.Dropdown(
                description=_("Your name"),
                style=shared(DescriptionStyle, description_width="initial"),
                _dom_classes=("mc-join-pick",),
            )
            self.joining.children = (self.pick, self.join_button)
        self.pick.options = [(_("Choose your name"), ""), *((name, name) for name in names)]
        self.pick.value = ""
        if names:
            show_message(self.status, _("Choose your name from the class list, then join."))
        else:
            show_message(self.status, _("Every name on the class list is taken: ask your teacher."))

    @property
    def keeping(self) -> bool:
        """Is the work on this page kept in a class book (the student has joined one)?"""
        return self.book is not None and self.student is not None

    @property
    def waiting(self) -> bool:
        """Must the student join the class before the page goes on?"""
        return self.invite and self.book is not None and self.student is None and not self.down

    def look_up(self) -> None:
        assert self.book is not None
        try:
            me = self.book.me(self.game)
        except ValueError as problem:
            self.down = True
            show_message(self.status, str(problem), ok=False)
            self._offer_retry()
            return
        self.student, self.practice = me["student"], me["practice"]
        self.my_level = me.get("my_level")
        if self.student is None and not self.invite:
            self.layout.display = "none"
        elif self.student is None and "names" in me:
            self.name_box.layout.display = ""
            self._pick_from(list(me["names"]))
        elif self.student is None:
            self.name.value = str(me.get("suggestion") or "")
            self.name_box.layout.display = ""
            show_message(
                self.status, _("Choose a name for the class book (no real name needed), then join.")
            )
        else:
            self._show_student()

    def try_again(self, _button: object = None) -> None:
        """Look the student up again, after the class book could not be reached: once it
        answers, the page goes on as if it had just opened (a name to join with, or the
        student's own work, `joined`)."""
        self.down = False
        self.look_up()
        if self.down or self.retry is None:
            return
        retry, self.retry = self.retry, None
        self.children = (*self.shown, *self.below)
        retry.close()
        if self.student is not None:
            self.joined()

    def _offer_retry(self) -> None:
        """The button "Try again" under the sentence (made only when it is needed: a page is
        built for a phone, docs/design.md#few-models-for-a-phone)."""
        if self.retry is not None:
            return
        self.retry = button(_("Try again"), "mc-book-retry", self.try_again)
        self.children = (*self.shown, self.retry, *self.below)

    def join(self, _button: object = None) -> None:
        assert self.book is not None
        typed = self.name.value if self.pick is None else str(self.pick.value or "")
        nickname = " ".join(typed.split())
        if not nickname:
            first = _("Type a name first.") if self.pick is None else _("Choose your name first.")
            show_message(self.message, first, ok=False)
            return
        try:
            self.student = self.book.join(nickname)
        except ValueError as problem:
            show_message(self.message, str(problem), ok=False)
            if self.pick is not None:  # taken meanwhile: the names still free
                with suppress(ValueError):
                    self._pick_from(list(self.book.me(self.game).get("names", [])))
            return
        self.message.value = ""
        self.name_box.layout.display = "none"
        self._show_student()
        self.joined()

    def ask(self, call: Callable[[ClassBook], Any]) -> Any:
        """Read something from the class book; None (and one sentence) if it cannot be read."""
        if not self.keeping:
            return None
        assert self.book is not None
        try:
            return call(self.book)
        except ValueError as problem:
            show_message(self.status, str(problem), ok=False)
            return None

    def save(self, call: Callable[[ClassBook], Any], *, refusable: bool = False) -> Any:
        """Keep something in the class book; None (and one sentence) if it cannot be kept. A
        thing the book refuses as it is (`BookRefused`) is said under the student's line, which
        stays, and raised again if the caller goes on without it (`refusable`)."""
        if not self.keeping:
            return None
        assert self.book is not None
        try:
            kept = call(self.book)
        except BookRefused as refusal:
            self._show_student(str(refusal))
            if refusable:
                raise
            return None
        except ValueError as problem:
            show_message(self.status, str(problem), ok=False)
            return None
        self.saved += 1
        self._show_student()
        return kept

    def _show_student(self, refused: str = "") -> None:
        """Who the student is and how much is saved; under it what the book `refused`, if
        anything (said by the page's announcer too)."""
        self.layout.display = ""
        sentence = _("You are {name} in the class book: your work is saved as you go.")
        who = escape(sentence.format(name=self.student))
        saved = _("Saved: {n}").format(n=self.saved) if self.saved else ""
        self.status.value = (
            f"<p class='mc-book-who'>{who} <span class='mc-saved'>{escape(saved)}</span></p>"
        )
        if refused:
            self.status.value += render_message(refused)
            announce(refused)


class Kept:
    """What a page keeps in the class book (a practice set, a game at a table), and behind it
    the ones before it on the page that the book could not keep whole while it was down: those
    go in first, in order, once the book can be reached (docs/design.md#a-game-replayed)."""

    def __init__(self, bar: BookBar) -> None:
        self.bar = bar
        self.behind: list[Kept] = []  # the earlier ones, each still owing something

    def put_behind(self) -> None:
        """Another takes this one's place on the page: what the book has not kept of it waits."""
        if self.bar.book is not None and self.owing() and len(self.behind) < MOST_BEHIND:
            earlier = copy.copy(self)
            earlier.behind = []
            self.behind.append(earlier)

    def catch_up(self) -> None:
        """What the class book has not kept yet, the earlier ones first; stop at the first it
        cannot keep (the next step or move tries again)."""
        if not self.bar.keeping:
            return
        while self.behind:
            if not self.behind[0].keep():
                return
            self.behind.pop(0)
        self.keep()

    def owing(self) -> bool:
        """Has the class book still to keep something of it?"""
        raise NotImplementedError

    def keep(self) -> bool:
        """Send what the class book has not kept of it, in order, up to the first it cannot
        keep; whether it owes nothing now."""
        raise NotImplementedError


class Scorebook(Kept):
    """The games played at one table, kept in the class book move by move: each game as soon
    as it is dealt, with its settings (`dealt`), then every move made at the table, the
    computer players' too, in order (`moved`), each counted once the service has kept it, then
    its end (`seen`). Moves the book could not keep wait here and go, in order, with the next
    one; a game dealt anew meanwhile goes after them. A game that comes back from the book
    (`open`, then `back`) goes on where it was."""

    def __init__(self, bar: BookBar, game: str) -> None:
        super().__init__(bar)
        self.game = game
        self.kept: int | None = None  # the game's number in the class book, once kept
        self.dealing: GameBody | None = None  # the game dealt, until the book has kept it
        self.moves: list[dict[str, Any]] = []  # every move of the game on the table, as JSON
        self.sent = 0  # how many of them the book has kept
        self.over = False  # the game is over on the table
        self.ended = True  # and the class book knows it

    def dealt(self, seed: int, settings: dict[str, Any]) -> None:
        """A new game is on the table: dealt with these settings and seed."""
        self.put_behind()
        self.kept, self.moves, self.sent, self.over, self.ended = None, [], 0, False, False
        self.dealing = {"game": self.game, "seed": seed, "settings": settings}
        self.catch_up()

    def moved(self, move: dict[str, Any]) -> None:
        """A move was made at the table (as JSON)."""
        self.moves.append(move)
        self.catch_up()

    def seen(self, game: Any) -> None:
        """After every move: once the game is over, the class book is told (it works out the
        result from the moves itself)."""
        self.over = game.over
        if self.over and not self.ended:
            self.catch_up()

    def open(self, table: str) -> GameView | None:
        """The student's game of this table that comes back to it, if the class book has one."""
        return cast("GameView | None", self.bar.ask(lambda book: book.open_game(self.game, table)))

    def back(self, view: GameView) -> None:
        """The game `view` is on the table again: its next move is its next in the book."""
        self.kept, self.dealing = view["id"], None
        self.moves, self.sent = list(view["moves"]), len(view["moves"])
        self.over = self.ended = view["finished"]

    def owing(self) -> bool:
        return (
            (self.kept is None and self.dealing is not None)
            or self.sent < len(self.moves)
            or (self.over and not self.ended)
        )

    def keep(self) -> bool:
        """The game, then its moves in order, then its end."""
        dealing = self.dealing
        if self.kept is None and dealing is not None:
            self.kept = self.bar.save(lambda book: book.record_game(**dealing))
        while self.kept is not None and self.sent < len(self.moves):
            if self.bar.save(self._next_move(self.kept, self.sent + 1)) is None:
                return False
            self.sent += 1
        if self.kept is not None and self.over and not self.ended:
            kept = self.kept
            self.ended = self.bar.save(lambda book: book.finish_game(kept)) is not None
        return not self.owing()

    def _next_move(self, kept: int, seq: int) -> Callable[[ClassBook], int]:
        """The call that keeps move number `seq` of game `kept`."""
        move = self.moves[seq - 1]
        return lambda book: book.record_move(kept, seq=seq, move=move)
