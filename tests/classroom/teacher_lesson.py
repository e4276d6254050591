"""A whole lesson for the teacher's page (issue 49), over real HTTP on a real class book: Ola (who
practises in Polish) and Kim race a live MAM! round, Kim with a typing slip first; both guess in
a live LAMA Dice lesson, Ola typing "0,6"; Ola practises a deal, using a card twice; Kim plays
a game of LAMA at a table. The teacher's page, its student pages and its exports read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mathcards.classroom.service.judge import judged, practice_set
from mathcards.i18n import use
from tests.classroom.test_live import GAME, right, wrong
from tests.classroom.test_live_guess import MOMENT, Lesson

SLIP = "7 + ("  # what Kim mistypes: the checker cannot read it
MATCH = {**MOMENT, "asks": "discard"}  # the chance of a match for 2 2 6: 29/54, 53.7 %
PRACTICE = {"level": "normal", "power": False, "rounds": 2, "seed": 5}


@dataclass
class Held:
    """What the lesson was: the live round's deal, Ola's practice deal and what she typed."""

    round: dict[str, Any]
    cards: list[int]
    target: int
    typed: str


def whole_lesson(lesson: Lesson) -> Held:
    teacher = lesson.teacher()
    ola, kim = lesson.student("Ola"), lesson.student("Kim")
    lesson.ok("games", teacher, GAME, game="")
    for ticket in (ola, kim):
        lesson.ok("join", ticket, {}, game="")
    view = lesson.ok("rounds", teacher, {}, game="")
    assert lesson.ok("answers", kim, {"text": SLIP}, game="")["seq"] is None  # no claim
    assert lesson.ok("answers", kim, {"text": wrong(view)}, game="")["correct"] is False
    assert lesson.ok("answers", ola, {"text": right(view)}, game="")["correct"] is True
    lesson.ok("reveal", teacher, {}, game="")
    lesson.ok("finish", teacher, {}, game="")

    lesson.ok("games", teacher)
    for ticket in (ola, kim):
        lesson.ok("join", ticket, {})
    lesson.ok("questions", teacher, MATCH)
    lesson.ok("guesses", ola, {"text": "0,6"})
    lesson.ok("guesses", kim, {"text": "35"})
    lesson.ok("reveal", teacher)

    book = lesson.service.book_of()
    student = book.student_for("device-of-Ola-0123456789", "5b")
    assert student is not None
    practice = practice_set(PRACTICE)
    deal = practice.current
    twice = next(card for card in deal.cards if deal.cards.count(card) == 1)
    typed = f"{twice}+{twice}"
    use("en")  # the service judges in its own language: the book keeps an English sentence
    step = judged(practice, {"kind": "answer", "typed": typed, "seconds": 9.5})
    set_id = book.start_set(student.id, **PRACTICE)
    book.record_step(set_id, step)

    kim_id = book.student_for("device-of-Kim-0123456789", "5b")
    assert kim_id is not None
    book.record_game(
        kim_id.id,
        "lama",
        players=["Kim", "Computer 1"],
        scores={"Kim": 12, "Computer 1": 31},
        winners=["Kim"],
        seed=4,
        finished=True,
    )
    return Held(view["round"], list(deal.cards), deal.target, typed)
