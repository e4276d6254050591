"""A call from a page's kernel to the class service: the one handler every call is (the book's,
the live games'), JSON in and out, by its ticket, and the one table from a refusal to its HTTP
status. A refusal is `{"error": key}`, which the kernel says in its page's language. Every
answer's JSON is written by orjson (`as_json`), here and at the door's lanes."""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any, NoReturn, Protocol, TypeVar

import orjson
import tornado.web

from mathcards.book import BadNickname, BookUnavailable, ClassFull, NameTaken, OneName
from mathcards.book.errors import ClassClosed
from mathcards.classroom.protocol import (
    MOST_BODY,
    MOST_DEPTH,
    MOST_TYPED,
    TICKET_HEADER,
    CallRefusal,
    Failure,
    Refusal,
)
from mathcards.classroom.server.clients import from_this_machine
from mathcards.classroom.service.caller import Caller, CallRefused, NotTeacher, typed
from mathcards.classroom.service.classservice import ClassService, NewNames
from mathcards.classroom.service.door import Request
from mathcards.classroom.service.games import GameRefused
from mathcards.room import LiveRefusal

Result = TypeVar("Result")
JSON_TYPE = "application/json; charset=UTF-8"
STATUS: dict[Refusal | CallRefusal, int] = {  # the HTTP status of each refusal
    CallRefusal.NOT_HERE: 403,
    CallRefusal.NO_TICKET: 401,
    CallRefusal.NO_TOKEN: 401,
    CallRefusal.HUB_DOWN: 503,
    CallRefusal.NOT_TEACHER: 403,
    CallRefusal.NAME_TAKEN: 409,
    CallRefusal.NAME_LOOK_ALIKE: 409,
    CallRefusal.NAME_EMPTY: 400,
    CallRefusal.NAME_TOO_LONG: 400,
    CallRefusal.NAME_CHARACTER: 400,
    CallRefusal.ONE_NAME: 409,
    CallRefusal.CLASS_FULL: 409,
    CallRefusal.CLASS_CLOSED: 403,
    CallRefusal.NEW_NAMES: 429,
    CallRefusal.TOO_LONG: 413,
    CallRefusal.TOO_FAST: 429,
    CallRefusal.ILLEGAL_MOVE: 409,
    CallRefusal.OUT_OF_STEP: 409,
    CallRefusal.TOO_MANY_MOVES: 409,
    CallRefusal.NOT_OVER: 409,
    CallRefusal.TOO_BIG: 413,
    CallRefusal.TOO_MANY_PAGES: 409,
    CallRefusal.BOOK_DOWN: 503,
    CallRefusal.BAD_REQUEST: 400,
    CallRefusal.SERVER: 500,
    **{refusal: 409 for refusal in Refusal},  # what the live game cannot do as it stands
}


NICKNAME_REFUSALS = {
    "empty": CallRefusal.NAME_EMPTY,
    "too-long": CallRefusal.NAME_TOO_LONG,
    "character": CallRefusal.NAME_CHARACTER,
}


def detail_of(problem: Exception) -> str:
    """What a refusal names besides its key (a character, a classmate's nickname), if any."""
    if isinstance(problem, CallRefused | BadNickname | LiveRefusal):
        return problem.detail
    if isinstance(problem, NameTaken):
        return problem.look_alike
    if isinstance(problem, OneName):
        return problem.nickname
    return ""


def refusal_of(problem: Exception) -> Refusal | CallRefusal | None:
    """What a call that raised `problem` is refused with; None for a fault of the service."""
    if isinstance(problem, LiveRefusal | GameRefused):
        return problem.reason
    if isinstance(problem, CallRefused):
        return problem.refusal
    if isinstance(problem, NameTaken):
        return CallRefusal.NAME_LOOK_ALIKE if problem.look_alike else CallRefusal.NAME_TAKEN
    if isinstance(problem, BadNickname):
        return NICKNAME_REFUSALS.get(problem.reason, CallRefusal.NAME_CHARACTER)
    if isinstance(problem, OneName):
        return CallRefusal.ONE_NAME
    if isinstance(problem, ClassFull):
        return CallRefusal.CLASS_FULL
    if isinstance(problem, ClassClosed):
        return CallRefusal.CLASS_CLOSED
    if isinstance(problem, NewNames):
        return CallRefusal.NEW_NAMES
    if isinstance(problem, NotTeacher):
        return CallRefusal.NOT_TEACHER
    if isinstance(problem, BookUnavailable):
        return CallRefusal.BOOK_DOWN
    if isinstance(problem, ValueError | TypeError | KeyError | OverflowError):
        return CallRefusal.BAD_REQUEST  # OverflowError: a number a page sent past any float
    return None


def not_a_number(constant: str) -> NoReturn:
    """NaN, Infinity and -Infinity: Python's json reads them, JSON has no such numbers."""
    raise ValueError(f"{constant} is no JSON number")


def unpaired(sent: Any) -> bool:
    """Does `sent` hold a lone surrogate (JSON's "\\ud800"): no text, and no database keeps it?"""
    try:
        json.dumps(sent, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    return False


def too_deep(sent: Any, most: int = MOST_DEPTH) -> bool:
    """Is `sent` nested more than `most` lists and objects deep? (No call reads deeper than
    two; a deeper body would only cost the code that copies or stores it its stack.)"""
    level: list[Any] = [sent]
    for _depth in range(most + 1):
        level = [
            inner
            for value in level
            if isinstance(value, dict | list)
            for inner in (value.values() if isinstance(value, dict) else value)
        ]
        if not level:
            return False
    return True


def sent_body(raw: bytes | None) -> dict[str, Any]:
    """The JSON object a call sent, at most so deep, its numbers JSON's, its texts whole (its
    values are checked where they are used); else refused (`bad-request`)."""
    raw = raw or b"{}"
    try:  # read as `json.loads` reads bytes, by one decoder made once
        sent = READER.decode(raw.decode(json.detect_encoding(raw), "surrogatepass"))
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's stack
        sent = None
    if not isinstance(sent, dict) or too_deep(sent) or unpaired(sent):
        raise CallRefused(CallRefusal.BAD_REQUEST)
    return sent


READER = json.JSONDecoder(parse_constant=not_a_number)  # one for every call: made once


def admitted(service: ClassService, caller: Caller, size: int, for_teacher: bool) -> None:
    """A refusal unless `caller`'s call (of `size` bytes, `for_teacher` or not) may be made:
    at most `MOST_BODY`, a teacher's call by the teacher, a student's within their rate
    (`TooFast`)."""
    if size > MOST_BODY:  # read or not, no call takes more
        raise CallRefused(CallRefusal.TOO_LONG)
    if for_teacher and not caller.teacher:
        raise CallRefused(CallRefusal.NOT_TEACHER)
    if not caller.teacher and not service.calls.allows(caller.device):
        raise TooFast(max(1, round(service.calls.wait(caller.device))))


class TooFast(CallRefused):
    """A student's calls past their rate: the next in `seconds` (its `Retry-After`)."""

    def __init__(self, seconds: int) -> None:
        super().__init__(CallRefusal.TOO_FAST)
        self.seconds = seconds


def as_json(sent: dict[str, Any]) -> bytes:
    """An answer's JSON, without the spaces a person reads, written by orjson: a hall's answers
    and views, a projector's 100 KB, at a fraction of `json`'s CPU (docs/design.md, "The
    kernels' door"); a key that is no text written as `json` writes it."""
    return orjson.dumps(sent, option=orjson.OPT_NON_STR_KEYS)


def by_ticket(service: ClassService, request: Request) -> Caller:
    """On the laptop: the caller of a call from this machine, by its page's ticket (a
    teacher's ticket was handed to a page the teacher opened); else refused."""
    if not from_this_machine(request):
        raise CallRefused(CallRefusal.NOT_HERE)
    ticket = service.tickets.get(request.headers.get(TICKET_HEADER, ""))
    if ticket is None:  # looked up once a call: its kernel asked whether it runs once
        raise CallRefused(CallRefusal.NO_TICKET)
    return Caller(ticket.device, ticket.teacher, ticket.address)


class Identity(Protocol):
    """How a call's caller is known: the browser it speaks for, whether it is the teacher's,
    where its page was asked from; else the call refused (`KernelCall.refuse`)."""

    async def caller(self, call: KernelCall) -> Caller: ...


class ByTicket:
    """On the laptop: a call from this machine, with its page's ticket (a teacher's ticket was
    handed to a page the teacher opened)."""

    async def caller(self, call: KernelCall) -> Caller:
        try:
            return by_ticket(call.service, call.request)
        except CallRefused as refused:
            call.refuse(refused.refusal)


BY_TICKET = ByTicket()


class KernelCall(tornado.web.RequestHandler):
    """A call from a page's kernel, JSON in and out, by its caller (`identity`: on the laptop
    by its page's ticket, from this machine only; on the Hub by its server's token)."""

    service: ClassService
    identity: Identity
    caller: Caller
    device: str
    for_teacher = False  # a teacher's call: refused (`not-teacher`) to anyone else

    def initialize(self, service: ClassService, identity: Identity | None = None) -> None:
        self.service, self.identity = service, identity or BY_TICKET

    def check_xsrf_cookie(self) -> None:
        """A kernel carries its page's ticket, not a browser's cookies."""

    def compute_etag(self) -> None:
        """No ETag: a call's answer is never cached (tornado would hash every answer)."""

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        """An answer of JSON written by orjson (`as_json`), as the lanes write theirs."""
        if isinstance(chunk, dict):
            self.set_header("Content-Type", JSON_TYPE)
            chunk = as_json(chunk)
        super().write(chunk)

    async def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.caller = await self.identity.caller(self)
        self.device = self.caller.device
        try:
            admitted(self.service, self.caller, len(self.request.body or b""), self.for_teacher)
        except TooFast as fast:
            self.set_header("Retry-After", str(fast.seconds))
            self.refuse(fast.refusal)
        except CallRefused as refused:
            self.refuse(refused.refusal)

    def address(self) -> str:
        """The address this call's page was asked from ("": this machine, on the Hub)."""
        return self.caller.address

    def refuse(self, refusal: Refusal | CallRefusal, detail: str = "") -> NoReturn:
        """Answer `{"error": refusal}` (and its `detail`) with its status, and end the call."""
        self.set_status(STATUS[refusal])
        failure: Failure = {"error": refusal}
        if detail:
            failure["detail"] = detail
        raise tornado.web.Finish(failure)

    def body(self) -> dict[str, Any]:
        """The JSON object sent, at most so deep, its numbers JSON's, its texts whole (its
        values are checked where they are used)."""
        try:
            return sent_body(self.request.body)
        except CallRefused as refused:
            self.refuse(refused.refusal)

    def typed(self, sent: dict[str, Any], field: str, most: int = MOST_TYPED) -> str:
        """A text the page sent (`field`: "" when it sent none), at most `most` characters."""
        try:
            return typed(sent.get(field, ""), most)
        except CallRefused as refused:
            self.refuse(refused.refusal)

    async def attempt(self, work: Awaitable[Result]) -> Result:
        """What `work` gives, else the call refused in words (a fault of the service raises)."""
        try:
            return await work
        except Exception as problem:
            refusal = refusal_of(problem)
            if refusal is None:
                raise
            self.refuse(refusal, detail_of(problem))

    async def answer(self, work: Awaitable[Any]) -> None:
        """Answer with what `work` gives, once it is done (kept, when it keeps something)."""
        self.finish({"result": await self.attempt(work)})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Cache-Control", "no-store")  # tornado cleared the headers first
        failure: Failure = {
            "error": CallRefusal.BAD_REQUEST if status_code < 500 else CallRefusal.SERVER
        }
        self.finish(dict(failure))
