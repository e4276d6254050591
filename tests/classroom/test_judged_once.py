"""Issue #52: a live answer is judged once. One MAM! round followed from the phone to the teacher's
page, over real HTTP on a real class book: each answer crosses the checker once (at the
service), the round's best ways the solver once (at its reveal); the phone's verdict, the
projector's reveal, a restart of the game, and the teacher's page and its export, in English and
Polish, say what the service kept, judging nothing again."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from typing import Any

import pytest

from mathcards import i18n
from mathcards.classroom.teacher.page import TEACHER
from mathcards.mam import checker
from mathcards.mam.solver import find_solutions
from tests.classroom import threaded
from tests.classroom.test_live import GAME, right, wrong
from tests.classroom.test_live_guess import Lesson
from widgets.mam.live_views import render_reveal, verdict_sentence

GAME_EVERY = {**GAME, "scoring": "every"}
COOKIE = {"mathcards-teacher": "TEACHER7KQ"}
OURS = ("mathcards", "widgets")


def in_language(language: str, say: Any) -> str:
    i18n.use(language)
    try:
        return str(say())
    finally:
        i18n.use("en")


def verdict_said(reply: dict[str, Any], text: str, language: str) -> str:
    """What the phone says of an answer, from the service's reply (`Judged`, or one of `mine`)."""
    mine = {"text": text, **reply}
    return in_language(language, lambda: verdict_sentence(mine, "every")[0])  # type: ignore[arg-type]


def reveal_said(state: dict[str, Any], language: str) -> str:
    """What the projector shows at Reveal, from the service's state."""
    return in_language(language, lambda: render_reveal(state["round"]["target"], state["reveal"]))


@pytest.fixture
def counted(monkeypatch) -> Counter[str]:
    """How often the checker (reading a text: `parse`; judging it: `check`) and the solver
    (`find_solutions`) run, wherever they are called from."""
    runs: Counter[str] = Counter()
    watched = {"check": checker.check, "parse": checker.parse, "find_solutions": find_solutions}

    def counting(name: str, real: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            runs[name] += 1
            return real(*args, **kwargs)

        return run

    ours = [module for name, module in sys.modules.items() if name.startswith(OURS)]
    for module in ours:
        for name, real in watched.items():
            if getattr(module, name, None) is real:
                monkeypatch.setattr(module, name, counting(name, real))
    return runs


@pytest.fixture
def lesson(tmp_path):
    served = Lesson(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with served.serve() as port:
        served.port = port
        yield served


def test_an_answer_is_judged_once_from_the_phone_to_the_teachers_page(lesson, counted):
    teacher = lesson.teacher()
    mam = {"game": ""}
    lesson.ok("games", teacher, GAME_EVERY, **mam)
    ola, kim, ala = (lesson.student(name) for name in ("Ola", "Kim", "Ala"))
    for ticket in (ola, kim, ala):
        lesson.ok("join", ticket, {}, **mam)
    view = lesson.ok("rounds", teacher, {}, **mam)
    low, high = min(view["round"]["cards"]), max(view["round"]["cards"])
    below = f"{low}-{high}"  # a step below zero
    sent = [
        (kim, "7 + ("),
        (kim, wrong(view)),
        (ala, wrong(view)),
        (ala, below),
        (ola, right(view)),
    ]
    replies = [lesson.ok("answers", who, {"text": text}, **mam) for who, text in sent]
    assert counted == {"check": 5, "parse": 5}, "the service judges each answer once"

    for language in ("en", "pl"):  # the phone says each verdict in its own language
        said = [
            verdict_said(reply, text, language)
            for reply, (_who, text) in zip(replies, sent, strict=True)
        ]
        assert (
            said[1] == said[2]
            and said[0] != said[1]
            and str(low) in said[3]
            and said[4].startswith("Correct!" if language == "en" else "Dobrze!")
        )
        reopened = lesson.ok("me", ola, **mam)["mine"][-1]  # a page opened again
        assert verdict_said(reopened, reopened["text"], language) == said[4]
    lesson.ok("reveal", teacher, {}, **mam)
    for language in ("en", "pl"):  # the projector, polling, shows the reveal as kept
        for _poll in range(3):
            state = lesson.ok("state", teacher, **mam)
            shown = reveal_said(state, language)
            assert "(×2)" in shown and "Ola" in shown
    once = {"check": 5, "parse": 5, "find_solutions": 1}
    assert counted == once, "the best ways are worked out once, at Reveal"

    again = lesson.service.reach_live()  # a rename: the games read again from the class book
    asyncio.run_coroutine_threadsafe(again, threaded.LOOPS[lesson.port]).result(30)
    assert lesson.ok("state", teacher, **mam)["reveal"] == state["reveal"]
    for language in ("en", "pl"):
        headers = {} if language == "en" else {"Accept-Language": "pl"}
        for address in (TEACHER, f"{TEACHER}/student?name=Kim", f"{TEACHER}/export?format=json"):
            status, _, page = threaded.get(lesson.port, address, COOKIE, **headers)
            assert status == 200 and "Kim" in page, address
    assert counted == once, "nothing judged again after the service"
    assert i18n.language() == "en"
