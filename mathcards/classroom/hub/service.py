"""The class service on JupyterHub: the same calls as on the laptop (`mathcards.classroom.service`)
and the same teacher's page (`mathcards.classroom.teacher`), run by the Hub as one of its
services (`c.JupyterHub.services`, deploy/values.yaml) and served under its prefix,
`/services/mathcards/`. Only this process holds the class book's address (MATHCARDS_DB).

- A page's kernel speaks for the Hub user whose server it runs in: it sends its server's own
  token (`Authorization: token $JUPYTERHUB_API_TOKEN`), which the Hub says is that user's and
  may reach this service (`access:services!service=mathcards`); the student is that user,
  joined to the class under their Hub name the first time (no name box on the Hub).
- The teachers are the Hub's admins (the class list's `--teacher`), and, with
  `--teachers-group NAME`, the members of the Hub's group NAME too. The teacher's page is
  theirs, logged in through the Hub (OAuth); so are the live game's teacher calls (the
  projector's: `live/state`, `live/games`, `live/rounds`, …), made by a page's kernel on a
  teacher's own server with that server's token. A student's token is refused them
  (403 `not-teacher`); the students' live calls (`live/join`, `live/answers`, `live/me`) are
  the laptop's (`mathcards.classroom.live`), each student under their Hub name.
- Each student's server tells the service whose pages are there (`pages`, with its own token):
  a student whose pages are all gone is away from the live rooms, as on the laptop.

Run by the Hub as `python -m mathcards.classroom.hub.service [--class NAME] [--language pl]
[--teachers-group NAME]`; it listens where JUPYTERHUB_SERVICE_URL says.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import ipaddress
import logging
import os
import random
import re
import secrets
import signal
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlparse

import tornado.httpserver
import tornado.web
from jupyterhub.services.auth import (  # type: ignore[import-untyped]
    HubAuth,
    HubOAuth,
    HubOAuthCallbackHandler,
    HubOAuthenticated,
)

from mathcards import i18n
from mathcards.arguments import whole
from mathcards.book import ENVIRONMENT, KEEP_DAYS, BadNickname, Book, BookError, NameTaken, names
from mathcards.classroom.hub import pages
from mathcards.classroom.live import rooms
from mathcards.classroom.play import calls as play_calls
from mathcards.classroom.protocol import BACKLOG, CallRefusal
from mathcards.classroom.protocol.book import MeView
from mathcards.classroom.server.refused import refused_page
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service import collector
from mathcards.classroom.service.caller import Caller
from mathcards.classroom.service.calls import KernelCall
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher.page import TeacherPage
from mathcards.i18n import N_, _

HUB_USER = "jupyterhub-user:"  # a Hub user's "device" in the class book: the Hub names them
TOKEN = re.compile(r"(?:token|bearer)\s+(\S+)", re.IGNORECASE)
MOST_TOKENS = 5_000  # tokens remembered, the oldest forgotten first: a few per student
TOKEN_SECONDS = 300  # how long the Hub's word on a token is trusted (HubAuth's own default)
RETRY_SECONDS = 30  # a class book that could not be opened is tried again after this
MOST_BODY_BYTES = 1 << 20  # a call's body: a practice step is a few hundred bytes
CLASS = "class"  # the class book's class, unless the Hub's command names another
LESSONS = "/hub/user-redirect/voila/render"  # the lessons, on the teacher's own Hub server
Result = TypeVar("Result")
log = logging.getLogger("mathcards.hub")


class HubClassService(ClassService):
    """The class book of the Hub's class: its students are the Hub's users, each joined under
    their Hub name the first time their page asks who they are. A book that cannot be opened
    (the database not up yet, or not upgraded) is tried again every RETRY_SECONDS."""

    def __init__(
        self,
        book: Book | None,
        class_name: str,
        problem: str = "",
        *,
        opener: Callable[[], Book] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(book, class_name, problem)
        self.opener, self.clock = opener, clock
        self.next_try = clock() + RETRY_SECONDS

    async def ready(self) -> None:
        if self.book is None and self.opener is not None and self.clock() >= self.next_try:
            self.next_try = self.clock() + RETRY_SECONDS
            await self.writer.run(self.reopen)
        await super().ready()

    def reopen(self) -> None:
        assert self.opener is not None
        try:
            self.book, self.problem = self.opener(), ""
        except BookError as problem:
            self.problem = str(problem)
            log.warning("the class book still cannot be opened: %s", problem)
        else:
            log.info("the class book is open: %s", self.book.where)

    def me(self, device: str, game: str, language: str) -> MeView:
        self.enrol(device)
        return super().me(device, game, language)

    def join(self, device: str, nickname: str, address: str = "") -> str:
        """On the Hub a student is who the Hub says: the name asked for is not used (nor an
        address counted: the Hub's users are its accounts)."""
        return self.enrol(device)

    def enrol(self, device: str) -> str:
        """The Hub user's nickname in the class, joining them under their Hub name (tidied) the
        first time, or under a free one should a classmate already be called so."""
        book = self.book_of()
        student = book.student_for(device, self.class_name)
        if student is not None:
            return student.nickname
        name = names.spaced(device.removeprefix(HUB_USER))
        try:
            joined = book.join(self.class_name, name, device).nickname
        except (NameTaken, BadNickname):
            free = book.suggest_nickname(self.class_name, random.Random())
            joined = book.join(self.class_name, free, device).nickname
        self.name_taken(joined)  # a Hub user forgotten, and back
        return joined


class Teachers:
    """Who teaches the class on the Hub: its admins, and the members of `group` if one is named
    (every token may say which groups its user is in: `read:users:groups!user`)."""

    def __init__(self, group: str = "") -> None:
        self.group = group

    def include(self, model: dict[str, Any] | None) -> bool:
        """Is the user the Hub describes so (a user, not a service) a teacher?"""
        if not model or model.get("kind") != "user":
            return False
        groups = model.get("groups") or []
        return bool(model.get("admin")) or (bool(self.group) and self.group in groups)


@dataclass(frozen=True)
class HubUser:
    """A Hub user whose server's token a call carries: their name, and whether they teach."""

    name: str
    teacher: bool = False


class ServerTokens:
    """Whose server each token is, as the Hub says: the user's, if the token may reach this
    service. The Hub's word is kept TOKEN_SECONDS, for at most MOST_TOKENS tokens (the oldest
    forgotten first), so that it is asked about a page once, not at every answer."""

    def __init__(
        self,
        hub_auth: HubAuth,
        *,
        teachers: Teachers | None = None,
        most: int = MOST_TOKENS,
        seconds: float = TOKEN_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.hub_auth, self.most, self.seconds, self.clock = hub_auth, most, seconds, clock
        self.teachers = teachers or Teachers()
        self.users: OrderedDict[str, tuple[HubUser, float]] = OrderedDict()

    async def user(self, token: str) -> HubUser | None:
        """The Hub user whose server holds this token, else None. Raises tornado's HTTPError
        when the Hub cannot be asked."""
        if not token:
            return None
        key = hashlib.sha256(token.encode()).hexdigest()
        known = self.users.pop(key, None)
        if known is not None and self.clock() < known[1]:
            self.users[key] = known
            return known[0]
        model = await self.hub_auth.user_for_token(token, use_cache=False, sync=False)
        if not self.may_call(model):
            return None
        user = HubUser(str(model["name"]), self.teachers.include(model))
        self.users[key] = (user, self.clock() + self.seconds)
        while len(self.users) > self.most:
            self.users.popitem(last=False)
        return user

    def may_call(self, model: dict[str, Any] | None) -> bool:
        """A user's token (not a service's) that may reach this service."""
        if not model or model.get("kind") != "user" or not model.get("name"):
            return False
        wanted = self.hub_auth.access_scopes
        return bool(wanted and self.hub_auth.check_scopes(wanted, model))


class ByServerToken:
    """How a call from a page's kernel on the Hub is known, from anywhere in the cluster: it
    speaks for the Hub user whose server's token it carries (the teacher's, from a teacher's
    server)."""

    def __init__(self, tokens: ServerTokens) -> None:
        self.tokens = tokens

    async def caller(self, call: KernelCall) -> Caller:
        sent = TOKEN.fullmatch(call.request.headers.get("Authorization", "").strip())
        try:
            user = await self.tokens.user(sent.group(1) if sent else "")
        except tornado.web.HTTPError:
            call.refuse(CallRefusal.HUB_DOWN)
        if user is None:
            call.refuse(CallRefusal.NO_TOKEN)
        return Caller(HUB_USER + user.name, user.teacher)


class TeacherLogin(HubOAuth):
    """The Hub's login, for the teacher's page: only a browser's cookie from the Hub's OAuth is
    taken, never a token in a header or the address (each would be a question to the Hub)."""

    def get_token(self, handler: tornado.web.RequestHandler, in_cookie: bool = True) -> str:
        return str(self._get_token_cookie(handler) or "") if in_cookie else ""


class HubTeacherPage(HubOAuthenticated, TeacherPage):
    """The teacher's page, for the class's teachers (`Teachers`): anyone else is refused."""

    def initialize(
        self,
        service: ClassService,
        code: str = "",
        home: str = "",
        lessons: str = LESSONS,
        hub_auth: HubOAuth | None = None,
        teachers: Teachers | None = None,
    ) -> None:
        super().initialize(service, code, home, lessons)
        self.hub_auth = hub_auth or TeacherLogin.instance()
        self.teachers = teachers or Teachers()

    async def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        user = await self.hub_auth.get_user(self, sync=False)
        if user is None and self.request.method in ("GET", "HEAD"):
            self.redirect(self.get_login_url())
            return
        if not self.teachers.include(user):
            self.set_status(403)
            self.finish(
                refused_page(
                    _("For the teacher only"),
                    _("The teacher's page is for the Hub's teachers: log in to the Hub as one."),
                )
            )
            return
        self._hub_auth_user_cache = user


class TeacherLoginDone(HubOAuthCallbackHandler):
    """Where the Hub sends the browser back after its login (SERVICE_PREFIX/oauth_callback)."""

    def initialize(self, hub_auth: HubOAuth) -> None:
        self.hub_auth = hub_auth


def application(
    class_service: ClassService, tokens: ServerTokens, login: HubOAuth, prefix: str
) -> tornado.web.Application:
    """The service's pages under `prefix`: the kernels' calls (prefix/api/…, the live games'
    under prefix/api/live/ and prefix/api/live/lama_dice/), the teacher's page
    (prefix/teacher) and the Hub's login round trip. The calls are the laptop's, identified
    by their server's token instead of a ticket."""
    api, identity = f"{prefix}api/", ByServerToken(tokens)
    calls = [
        *book_calls.routes(class_service, api, identity),
        *rooms.routes(rooms.open_rooms(class_service), api, identity),
        *play_calls.routes(class_service, api, identity),
        *pages.routes(class_service, api, identity),  # whose pages are there: the servers'
    ]
    teacher = f"{prefix}teacher"
    page = {"service": class_service, "home": teacher, "hub_auth": login, "lessons": LESSONS}
    page["teachers"] = tokens.teachers
    return tornado.web.Application(
        [
            *calls,
            (rf"{re.escape(teacher)}(?:/export|/student)?", HubTeacherPage, page),
            (f"{prefix}oauth_callback", TeacherLoginDone, {"hub_auth": login}),
            (prefix, tornado.web.RedirectHandler, {"url": teacher, "permanent": False}),
        ],
        cookie_secret=secrets.token_bytes(32),  # a restart asks the teacher's browser again
        xsrf_cookies=False,  # the teacher's page checks its own forms; kernels send no cookies
    )


def open_book(class_name: str, keep_days: int) -> HubClassService:
    """The class service over the book at MATHCARDS_DB, which only this process is given;
    without a book (each page says so in one sentence) until it can be opened."""

    def opener() -> Book:
        url = os.environ.get(ENVIRONMENT, "")
        if not url:
            raise BookError(
                _("{variable} is not set: the class service does not know its class book").format(
                    variable=ENVIRONMENT
                )
            )
        book = Book.create(url)
        forgotten = book.purge(keep_days)
        if forgotten:
            log.info("the class book forgot %d records older than %d days", forgotten, keep_days)
        return book

    class_service = HubClassService(None, class_name, opener=opener)
    class_service.reopen()
    return class_service


def listening_address(url: str) -> tuple[str, int]:
    """Where to listen for JUPYTERHUB_SERVICE_URL: its port, on its address if it is one (as
    127.0.0.1 on one machine), else on every interface (`http://hub:8181` in a cluster)."""
    parts = urlparse(url)
    if not parts.port:
        raise ValueError(_("{url} names no port").format(url=url))
    try:
        ipaddress.ip_address(parts.hostname or "")
    except ValueError:
        return "", parts.port
    return parts.hostname or "", parts.port


def keep_days(text: str) -> int:
    return whole(text, 1, N_("--keep-days must be a positive whole number, not {text}"))


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m mathcards.classroom.hub.service",
        description=_("The class service of mathcards, run by JupyterHub (deploy/README.md)."),
    )
    parser.add_argument(
        "--class",
        dest="class_name",
        default=CLASS,
        metavar=_("NAME"),
        help=_("the class whose work the class book keeps (default: {name})").format(name=CLASS),
    )
    parser.add_argument(
        "--keep-days",
        type=keep_days,
        default=KEEP_DAYS,
        metavar=_("DAYS"),
        help=_("forget records older than DAYS days (default: {days})").format(days=KEEP_DAYS),
    )
    parser.add_argument(
        "--teachers-group",
        default="",
        metavar=_("GROUP"),
        help=_(
            "the members of the Hub's group GROUP are the class's teachers too "
            "(the Hub's admins always are)"
        ),
    )
    parser.add_argument(
        "--language",
        choices=sorted(i18n.LANGUAGES),
        default=i18n.DEFAULT,
        help=_("the language of the teacher's page"),
    )
    args = parser.parse_args(argv)
    url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
    if not url or not os.environ.get("JUPYTERHUB_API_TOKEN"):
        parser.error(_("JupyterHub starts this service (c.JupyterHub.services): run it there"))
    try:
        args.ip, args.port = listening_address(url)
    except ValueError as problem:
        parser.error(str(problem))
    return args


def main(argv: list[str] | None = None) -> None:
    """Serve the class service until the Hub stops it."""
    args = arguments(argv)
    logging.basicConfig(level=logging.INFO, format="[mathcards %(levelname)s] %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # a migration says it in one line
    i18n.use(args.language)
    asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> None:
    class_service = open_book(args.class_name, args.keep_days)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/mathcards/")
    tokens = ServerTokens(HubAuth(), teachers=Teachers(args.teachers_group))
    app = application(class_service, tokens, TeacherLogin(), prefix)
    server = tornado.httpserver.HTTPServer(
        app, max_body_size=MOST_BODY_BYTES, max_buffer_size=MOST_BODY_BYTES
    )
    server.listen(args.port, args.ip, backlog=BACKLOG)
    where = f"{args.ip or '*'}:{args.port}{prefix}"
    log.info("the class service of %s listens on %s", args.class_name, where)
    collector.started()
    await stopped()
    server.stop()  # what was acknowledged is in the book already; the rest was never promised


async def stopped() -> None:
    """Until SIGINT or SIGTERM, whatever this process was given: the Hub stops a service with
    SIGINT, which a process started in the background inherits as ignored (it waited out the
    Hub's 10 s for each stop, then sent SIGTERM)."""
    stop, loop = asyncio.Event(), asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()


if __name__ == "__main__":
    main()
