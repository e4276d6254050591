"""The class service: the one authority over what outlives a page. It runs inside the
`mathcards serve` process, writes the class book (`mathcards.book`) from one thread of its own,
and answers the pages' kernels over HTTP on this machine. A kernel never holds the database:
it holds a ticket, which the server handed it with its page, and which names the browser that
opened the page (its `mathcards-device` cookie). An answer is acknowledged only once it is
committed."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, is_dataclass
from typing import Any, TypeVar

import tornado.web

from mathcards import i18n
from mathcards.book import Book, BookUnavailable, NameTaken, Step
from mathcards.classroom.clients import TEACHER_COOKIE, from_this_machine, same

TICKET_HEADER = "X-Mathcards-Ticket"  # to the kernel as HTTP_X_MATHCARDS_TICKET (Voila)
MOST_TICKETS = 10_000  # the oldest is forgotten first: a page that old has long been closed
Result = TypeVar("Result")


class Tickets:
    """Which browser each page's kernel speaks for: one ticket per page view; a teacher's
    ticket was handed to a page the teacher opened (with the teacher's cookie)."""

    def __init__(self, most: int = MOST_TICKETS) -> None:
        self.most = most
        self.devices: OrderedDict[str, str] = OrderedDict()
        self.teachers: set[str] = set()

    def issue(self, device: str, teacher: bool = False) -> str:
        ticket = secrets.token_urlsafe(24)
        self.devices[ticket] = device
        if teacher:
            self.teachers.add(ticket)
        while len(self.devices) > self.most:
            self.teachers.discard(self.devices.popitem(last=False)[0])
        return ticket

    def device(self, ticket: str) -> str | None:
        return self.devices.get(ticket) if ticket else None

    def is_teacher(self, ticket: str) -> bool:
        return ticket in self.teachers


class ClassService:
    """The class book of one class, written from one thread so that the server never waits on
    the database; `book` is None when it could not be opened (`problem` says why)."""

    def __init__(
        self, book: Book | None, class_name: str, problem: str = "", teacher_code: str = ""
    ) -> None:
        self.book, self.class_name, self.problem = book, class_name, problem
        self.teacher_code = teacher_code  # the teacher's cookie holds it: their pages' tickets
        self.class_url = ""  # the class address on the school network: the projector shows it
        self.tickets = Tickets()
        self.sets: dict[int, int] = {}  # practice set → its student: only they may add to it
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="classbook")

    async def run(self, call: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
        if self.book is None:
            raise BookUnavailable(self.problem)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writer, lambda: call(*args, **kwargs))

    # What the calls do, each in the writer's thread, so `book` is not None in them.

    def me(self, device: str, game: str, language: str) -> dict[str, Any]:
        """Who this browser is in the class, and the practice set they left open."""
        book = self.book_of()
        student = book.student_for(device, self.class_name)
        if student is None:
            language = language if language in i18n.LANGUAGES else i18n.DEFAULT
            suggestion = book.suggest_nickname(self.class_name, random.Random(), language)
            return {"student": None, "suggestion": suggestion, "practice": None}
        practice = book.open_set(student.id, game)
        if practice is not None:
            self.sets[practice.id] = student.id
        return {"student": student.nickname, "practice": practice}

    def join(self, device: str, nickname: str) -> str:
        return self.book_of().join(self.class_name, nickname, device).nickname

    def start_set(self, device: str, settings: dict[str, Any]) -> int:
        student = self.student(device)
        set_id = self.book_of().start_set(student, **settings)
        self.sets[set_id] = student
        return set_id

    def record_step(self, device: str, set_id: int, step: dict[str, Any]) -> int:
        self.own_set(device, set_id)
        return self.book_of().record_step(set_id, Step(**step))

    def finish_set(self, device: str, set_id: int) -> None:
        self.own_set(device, set_id)
        self.book_of().finish_set(set_id)

    def record_game(self, device: str, game: dict[str, Any]) -> int:
        return self.book_of().record_game(self.student(device), **game)

    def finish_game(self, device: str, game_id: int, ending: dict[str, Any]) -> None:
        self.book_of().finish_game(game_id, self.student(device), **ending)

    def record_decision(self, device: str, decision: dict[str, Any]) -> int:
        return self.book_of().record_decision(self.student(device), **decision)

    def book_of(self) -> Book:
        assert self.book is not None
        return self.book

    def student(self, device: str) -> int:
        student = self.book_of().student_for(device, self.class_name)
        if student is None:
            raise KeyError("this browser has not joined the class")
        return student.id

    def own_set(self, device: str, set_id: int) -> None:
        if self.sets.get(set_id) != self.student(device):
            raise KeyError("not this student's practice set")


class KernelCall(tornado.web.RequestHandler):
    """A call from a page's kernel: from this machine only, JSON in and out, by its ticket.
    A refusal is `{"error": what}`, which the kernel says in its page's language."""

    service: ClassService
    device: str
    for_teacher = False  # a teacher's call: refused (403 `not-teacher`) to anyone else

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        """A kernel carries its page's ticket, not a browser's cookies."""

    async def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        device = await self.identify()
        if device is None:
            return
        if self.for_teacher and not self.is_teacher():
            self.refuse(403, "not-teacher")
            return
        self.device = device

    async def identify(self) -> str | None:
        """The browser this call speaks for (its device), else None, the call refused: here a
        call from this machine with its page's ticket (on the Hub, its server's token)."""
        if not from_this_machine(self.request):
            self.refuse(403, "not-here")
            return None
        device = self.service.tickets.device(self.request.headers.get(TICKET_HEADER, ""))
        if device is None:
            self.refuse(401, "no-ticket")
        return device

    def is_teacher(self) -> bool:
        """Does this call (identified) speak for the teacher? Here: its ticket was handed to a
        page the teacher opened (on the Hub: its server's user is a teacher)."""
        return self.service.tickets.is_teacher(self.request.headers.get(TICKET_HEADER, ""))

    def refuse(self, status: int, error: str) -> None:
        self.set_status(status)
        self.finish({"error": error})

    def body(self) -> dict[str, Any]:
        try:
            sent = json.loads(self.request.body or b"{}")
        except ValueError:
            sent = None
        if not isinstance(sent, dict):
            raise tornado.web.HTTPError(400, "a JSON object was expected")
        return sent

    async def answer(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Run `call` on the book, then answer with what it returned; refusals as words."""
        try:
            result = await self.service.run(call, *args, **kwargs)
        except NameTaken:
            self.refuse(409, "name-taken")
        except BookUnavailable:
            self.refuse(503, "book-down")
        except (ValueError, TypeError, KeyError):
            self.refuse(400, "bad-request")
        else:
            self.finish({"result": plain(result)})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": "bad-request" if status_code < 500 else "server"})


def plain(value: Any) -> Any:
    """A result as JSON can carry it: dataclasses as objects, tuples as lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return plain(asdict(value))
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


class Me(KernelCall):
    """GET: who this browser is, and their open practice set of `?game=`; a name to suggest
    in the page's language (`?lang=`)."""

    async def get(self) -> None:
        game, language = self.get_query_argument("game", "mam"), self.get_query_argument("lang", "")
        await self.answer(self.service.me, self.device, game, language)


class Join(KernelCall):
    """POST {nickname}: this browser joins the class under a nickname."""

    async def post(self) -> None:
        await self.answer(self.service.join, self.device, str(self.body().get("nickname", "")))


class Sets(KernelCall):
    """POST {game, level, power, rounds, seed}: a practice set begins."""

    async def post(self) -> None:
        await self.answer(self.service.start_set, self.device, self.body())


class Steps(KernelCall):
    """POST a step of practice set N: an answer, a hint or the next deal."""

    async def post(self, set_id: str) -> None:
        await self.answer(self.service.record_step, self.device, int(set_id), self.body())


class Finish(KernelCall):
    """POST: practice set N is finished."""

    async def post(self, set_id: str) -> None:
        await self.answer(self.service.finish_set, self.device, int(set_id))


class Games(KernelCall):
    """POST {game, players, scores, winners, seed, finished}: a game played."""

    async def post(self) -> None:
        await self.answer(self.service.record_game, self.device, self.body())


class GameOver(KernelCall):
    """POST {scores, winners}: game N, kept when it was dealt, is over."""

    async def post(self, game_id: str) -> None:
        await self.answer(self.service.finish_game, self.device, int(game_id), self.body())


class Decisions(KernelCall):
    """POST {game, situation, choice, best}: a decision exercise answered."""

    async def post(self) -> None:
        await self.answer(self.service.record_decision, self.device, self.body())


API = "/mathcards/api/"
CALLS: list[tuple[str, type[KernelCall]]] = [
    ("me", Me),
    ("join", Join),
    ("sets", Sets),
    (r"sets/(\d+)/steps", Steps),
    (r"sets/(\d+)/finish", Finish),
    ("games", Games),
    (r"games/(\d+)", GameOver),
    ("decisions", Decisions),
]


def routes(
    service: ClassService, api: str = API
) -> list[tuple[str, type[KernelCall], dict[str, Any]]]:
    """The kernels' calls, each under `api`."""
    return [(f"{api}{path}", handler, {"service": service}) for path, handler in CALLS]


def hand_ticket(
    page: tornado.web.RequestHandler, service: ClassService | None, device: str
) -> None:
    """Give the kernel of the page being opened a ticket for this browser (`device`): a request
    header that Voila passes to the kernel, never one the browser sent (it is replaced). The
    ticket is a teacher's when the request carries the teacher's valid cookie."""
    if TICKET_HEADER in page.request.headers:
        del page.request.headers[TICKET_HEADER]
    if service is not None:
        cookie = page.get_cookie(TEACHER_COOKIE) or ""
        teacher = bool(service.teacher_code and cookie and same(cookie, service.teacher_code))
        page.request.headers[TICKET_HEADER] = service.tickets.issue(device, teacher=teacher)


def open_service(class_name: str, keep_days: int, log: logging.Logger) -> ClassService:
    """The class service over the class book named by MATHCARDS_DB (else the default file),
    which forgets records older than `keep_days`; without a book when it cannot be opened."""
    try:
        book = Book.create()  # $MATHCARDS_DB, else the default file
        forgotten = book.purge(keep_days)
    except BookUnavailable as problem:
        log.warning("the class book cannot be opened: %s", problem)
        return ClassService(None, class_name, str(problem))
    if forgotten:
        log.info("the class book forgot %d records older than %d days", forgotten, keep_days)
    return ClassService(book, class_name)
