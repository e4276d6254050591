"""The real class service in the test's process, behind the page's real client (no HTTP): each
call the pages of practice at one's level make is the service's own method on a real SQLite
class book, its answer through JSON as over the wire, its refusal as the client says it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from mathcards.book import Book
from mathcards.classroom.service.calls import detail_of, refusal_of
from mathcards.classroom.service.classservice import ClassService
from widgets.book import ClassBook


def class_service(tmp_path: Any) -> ClassService:
    return ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")


class InProcessBook(ClassBook):
    """A page's class book whose calls are `service`'s methods, for the browser `device`."""

    def __init__(self, service: ClassService, device: str) -> None:
        super().__init__("http://in-process/", ticket=device)
        self.service = service

    def exchange(self, path: str, sent: Mapping[str, Any] | None, timeout: float) -> Any:
        try:
            answer = self.answer(path, dict(sent) if sent is not None else None)
        except Exception as problem:
            refusal = refusal_of(problem)
            if refusal is None:
                raise
            raise self.refusal(refusal, detail_of(problem)) from None
        return json.loads(json.dumps(answer))

    def answer(self, path: str, sent: dict[str, Any] | None) -> Any:
        service, device = self.service, self.ticket
        if path.startswith("me"):
            asked = parse_qs(path.partition("?")[2])
            return service.me(device, asked["game"][0], asked.get("lang", [""])[0])
        if path.startswith("sets/"):
            number = int(path.split("/")[1])
            if path.endswith("/steps"):
                return service.record_step(device, number, sent)  # type: ignore[arg-type]
            return service.finish_set(device, number)
        calls: dict[str, Any] = {
            "sets": lambda: service.start_set(device, sent),  # type: ignore[arg-type]
            "join": lambda: service.join(device, str(sent and sent["nickname"])),
            "assignments": lambda: service.assignments(device),
            "level": lambda: service.level(device, sent),  # type: ignore[arg-type]
            "level/steps": lambda: service.level_step(device, sent),  # type: ignore[arg-type]
            "decisions": lambda: service.record_decision(device, sent),  # type: ignore[arg-type]
        }
        return calls[path]()
