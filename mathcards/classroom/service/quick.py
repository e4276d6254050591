"""The calls a class makes by the hundred in a round (a student's answer, their page's
long-poll), answered at the kernels' door without tornado's handler (`quick`, a door's `Lane`):
the same caller by ticket, the same checks and refusals, the same JSON as `KernelCall`'s, from
the same functions (docs/design.md#the-kernels-door)."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from email.utils import formatdate
from typing import Any

from mathcards.classroom.protocol import CallRefusal, Failure
from mathcards.classroom.service.caller import Caller
from mathcards.classroom.service.calls import (
    JSON_TYPE,
    STATUS,
    TooFast,
    admitted,
    as_json,
    by_ticket,
    detail_of,
    refusal_of,
)
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Lane, Reply, Request

Work = Callable[[Caller, Request], Awaitable[Any]]  # a call's work, for its caller
log = logging.getLogger("mathcards.classroom")


def quick(service: ClassService, work: Work, for_teacher: bool = False) -> Lane:
    """A call of `service` that does `work` (`for_teacher`: the teacher's), as a door's lane:
    its caller by the page's ticket, admitted as `KernelCall` admits it, answered `{"result":
    …}` or refused."""

    async def lane(request: Request) -> Reply:
        try:
            caller = by_ticket(service, request)
            admitted(service, caller, len(request.body or b""), for_teacher)
            return reply(200, {"result": await work(caller, request)})
        except Exception as problem:
            return refused(problem, request)

    return lane


def refused(problem: Exception, request: Request) -> Reply:
    """A call that raised `problem` refused in words (`{"error": key}`, its status), or, for a
    fault of the service's, answered as such and logged."""
    refusal = refusal_of(problem)
    if refusal is None:
        log.error("%s %s", request.method, request.path, exc_info=problem)
        return reply(500, {"error": CallRefusal.SERVER})
    failure: Failure = {"error": refusal}
    if detail := detail_of(problem):
        failure["detail"] = detail
    more = (("Retry-After", str(problem.seconds)),) if isinstance(problem, TooFast) else ()
    return reply(STATUS[refusal], dict(failure), more)


def reply(status: int, sent: dict[str, Any], more: tuple[tuple[str, str], ...] = ()) -> Reply:
    """An answer of JSON (`as_json`), never cached, with the headers `more`."""
    headers = [
        ("Content-Type", JSON_TYPE),
        ("Cache-Control", "no-store"),
        ("Date", date_of(int(time.time()))),
        *more,
    ]
    return Reply(status, headers, as_json(sent))


@functools.lru_cache(maxsize=1)  # every answer of a second has the same
def date_of(second: int) -> str:
    """The `Date` of an answer in this second."""
    return formatdate(second, usegmt=True)
