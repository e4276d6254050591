"""Issue #52: a live answer is judged once. One MAM! round followed from the phone to the teacher's
page, over real HTTP on a real class book: each answer crosses the checker once (at the
service), the round's best ways the solver once (at its reveal); the phone's verdict, the
projector's reveal, a restart of the game, and the teacher's page and its export, in English and
Polish, say what the service kept, judging nothing again. Likewise a LAMA Dice guess is read
once, and a question's exact answer worked out once."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from typing import Any

import pytest

from mathcards import i18n
from mathcards.classroom.teacher.page import TEACHER
from mathcards.lama_dice import live as guessing
from mathcards.lama_dice.live import Question
from mathcards.mam import checker
from mathcards.mam.solver import find_solutions
from tests.classroom import threaded
from tests.classroom.teacher_lesson import MATCH
from tests.classroom.test_live import GAME, right, wrong
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


def test_a_guess_is_read_once_and_a_questions_answer_worked_out_once(lesson, monkeypatch):
    runs: Counter[str] = Counter()
    exact, read = Question.exact, guessing.read_share

    def counted_exact(question: Question) -> Any:
        runs["exact"] += 1
        return exact(question)

    def counted_read(text: str) -> Any:
        runs["read"] += 1
        return read(text)

    monkeypatch.setattr(Question, "exact", counted_exact)
    monkeypatch.setattr(guessing, "read_share", counted_read)
    teacher = lesson.teacher()
    lesson.ok("games", teacher)
    ola, kim = lesson.student("Ola"), lesson.student("Kim")
    lesson.ok("questions", teacher, MATCH)
    kept = lesson.ok("guesses", ola, {"text": "0,6"})
    assert kept["share"] and lesson.ok("guesses", kim, {"text": "35"})["share"] is False
    assert lesson.call("guesses", kim, {"text": "lots"})[1]["detail"] == "not-a-chance"
    lesson.ok("reveal", teacher)
    for _poll in range(3):
        assert lesson.ok("state", teacher)["question"]["exact"] is not None
        assert lesson.ok("me", ola)["question"]["exact"] is not None
    assert runs == {"read": 3, "exact": 1}
    again = lesson.service.reach_live()  # a rename: the lessons read again from the class book
    asyncio.run_coroutine_threadsafe(again, threaded.LOOPS[lesson.port]).result(30)
    for address in (TEACHER, f"{TEACHER}/student?name=Ola", f"{TEACHER}/export?format=json"):
        status, _, page = threaded.get(lesson.port, address, COOKIE)
        assert status == 200 and "Ola" in page, address
    assert lesson.ok("state", teacher)["how_close"][0]["name"] == "Ola"
    assert runs == {"read": 3, "exact": 1}, "nothing read or worked out again"
