"""The class's open assignments on a student's practice page (widgets/assignments.py): each in
words a ten-year-old reads, in English and Polish, with a bar a screen reader names; asked for
when the student has joined, again after an answer that can move one on (never after one that
cannot), and one just finished said aloud. Against the real class service in process
(tests/widgets/in_process.py; over HTTP: tests/classroom/test_service_assignments.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mathcards import i18n
from tests.widgets.test_book import practice, solve
from widgets.assignments import render, sentence
from widgets.controls import announcer


def task(**changed):
    return {
        "number": 1,
        "title": "Friday's <deals>",
        "skill": "mam",
        "goal": "deals",
        "count": 8,
        "done": 3,
        "due": "2026-12-11",
        "days_left": 5,
        **changed,
    }


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def test_each_assignment_in_words_a_child_reads():
    assert sentence(task()) == "3 of 8 deals solved, due Friday 11 December"
    assert sentence(task(days_left=1)) == "3 of 8 deals solved, due tomorrow"
    assert sentence(task(days_left=0, done=7)) == "7 of 8 deals solved, due today"
    assert sentence(task(goal="days", count=3, done=1)) == (
        "Practised on 1 of 3 days, due Friday 11 December"
    )
    assert sentence(task(skill="roll-or-quit", count=1, done=0)) == (
        "0 of 1 decision right, due Friday 11 December"
    )
    assert sentence(task(done=8)) == "Done! 8 of 8 deals solved."


def test_each_assignment_in_polish(polish):
    assert sentence(task()) == "Rozwiązane rozdania: 3 z 8, termin: piątek 11 grudnia"
    assert sentence(task(goal="days", count=3, done=3)) == "Gotowe! Dni z ćwiczeniami: 3 z 3."
    assert sentence(task(days_left=0)) == "Rozwiązane rozdania: 3 z 8, termin: dziś"
    assert "Twoje zadania" in render([task()])


def test_the_box_names_its_bars_and_escapes_the_teacher_s_title():
    shown = render([task(), task(number=2, skill="mam-powers", done=8, title="Powers")])
    assert "Friday&#x27;s &lt;deals&gt;" in shown and "<deals>" not in shown
    assert "<progress max='8' value='3' aria-label='Friday&#x27;s &lt;deals&gt;: 3 of 8" in shown
    assert "(MAM! practice with powers)" in shown and "mc-assignment-done" in shown
    assert render([]) == ""


def test_the_practice_page_shows_them_once_joined_and_moves_them_on(service):
    due = service.book.class_today("5b") + timedelta(days=5)
    service.book.assign("5b", "Two deals", "mam", "deals", 2, due)
    session = practice(service)
    assert session.assignments.view.value == "", "nobody to show them to yet"
    session.book.join_button.click()
    assert "0 of 2 deals solved" in session.assignments.view.value
    asked = service.asked.count("assignments")
    solve(session)
    assert service.asked.count("assignments") == asked + 1
    assert "1 of 2 deals solved" in session.assignments.view.value
    session.skip()
    solve(session)
    assert "Done! 2 of 2 deals solved." in session.assignments.view.value
    assert "Assignment done: Two deals!" in announcer().text
    asked = service.asked.count("assignments")
    session.skip()
    solve(session)
    assert service.asked.count("assignments") == asked, "nothing open to move on: not asked"


def test_an_answer_in_another_skill_asks_nothing(service):
    due = service.book.class_today("5b") + timedelta(days=5)
    service.book.assign("5b", "Roll or quit", "roll-or-quit", "deals", 2, due)
    session = practice(service)
    session.book.join_button.click()
    assert "0 of 2 decisions right" in session.assignments.view.value
    asked = service.asked.count("assignments")
    solve(session)
    assert service.asked.count("assignments") == asked
