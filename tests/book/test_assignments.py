"""Assignments in the class book (mathcards/book/assignments.py), on SQLite and PostgreSQL: set
for the whole class, listed, removed, refused with a sentence when they cannot be done; each
student's progress worked out from their practice answers and decisions in the class's time
zone (a deal a hint had shown the whole answer of is not solved); a forget and a purge reach it;
the export carries it."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime

import pytest

from mathcards.book import BookError, Goal, Skill, State, Step
from mathcards.book.errors import UnknownAssignment
from mathcards.book.export import BOM

DEAL = ([7, 6, 12, 2, 15], 32)  # the rulebook's deal: its hint ladder has three rungs
FRIDAY = date(2026, 9, 4)  # the school clock starts on Tuesday 1 September 2026, 08:00 UTC


def answer(book, practice: int, deal: int, correct: bool, hints: int = 0) -> None:
    cards, target = DEAL
    typed = "15+12+7-2" if correct else "1+"
    book.record_step(
        practice, Step("answer", deal, cards, target, typed, correct, "correct", hints_used=hints)
    )


@pytest.fixture
def room(book):
    """Class 5b in Warsaw's time zone, with Ola, Kim and Bo."""
    book.set_class_zone("5b", "Europe/Warsaw")
    return {name: book.join("5b", name, f"device-of-{name}").id for name in ("Ola", "Kim", "Bo")}


def test_an_assignment_is_set_listed_and_removed(book, room, school_clock):
    deals = book.assign("5b", "  Eight   deals ", "mam", "deals", 8, FRIDAY)
    days = book.assign("5b", "Roll or quit", "roll-or-quit", "days", 3, "2026-09-03")
    assert (deals.title, deals.skill, deals.goal, deals.count) == (
        "Eight deals",
        Skill.TARGET,
        Goal.DEALS,
        8,
    )
    assert deals.created == school_clock.now and days.due == date(2026, 9, 3)
    assert book.assignments("5b") == [days, deals], "the first due first"
    assert book.assignments("6a") == []
    assert book.remove_assignment("5b", days.id) == days
    assert book.assignments("5b") == [deals]
    with pytest.raises(UnknownAssignment, match="no assignment number 99 in the class 5b"):
        book.remove_assignment("5b", 99)
    book.assign("6a", "Theirs", "mam", "deals", 1, FRIDAY)
    with pytest.raises(UnknownAssignment):
        book.remove_assignment("6a", deals.id)  # not 6a's


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (("", "mam", "deals", 8, FRIDAY), "title has 1 to 80 characters"),
        (("x" * 81, "mam", "deals", 8, FRIDAY), "title has 1 to 80 characters"),
        (("Deals", "chess", "deals", 8, FRIDAY), "practises one of mam, mam-powers, roll-or-quit"),
        (("Deals", "mam", "hours", 8, FRIDAY), "goal is one of deals, days"),
        (("Deals", "mam", "deals", 0, FRIDAY), "1 to 200 deals solved, not 0"),
        (("Deals", "mam", "deals", True, FRIDAY), "1 to 200 deals"),
        (("Deals", "mam", "deals", 201, FRIDAY), "1 to 200 deals"),
        (("Deals", "mam", "deals", 8, "Friday"), "a deadline is a day, as 2026-12-11"),
        (("Deals", "mam", "deals", 8, date(2026, 8, 31)), "2026-08-31 has passed"),
        (("Deals", "mam", "deals", 8, date(2027, 9, 3)), "at most a year ahead"),
        (("Deals", "mam", "days", 5, FRIDAY), "there are 4 days: ask for at most that many"),
        (("Deals", "mam", "days", 61, FRIDAY), "1 to 60 days of practice, not 61"),
    ],
)
def test_an_assignment_that_cannot_be_done_is_refused_with_a_sentence(book, room, fields, said):
    with pytest.raises(BookError, match=said):
        book.assign("5b", *fields)
    assert book.assignments("5b") == []


def test_today_and_the_deadline_are_the_class_s(book, room, school_clock):
    school_clock.now = datetime(2026, 9, 1, 22, 30, tzinfo=UTC)  # 00:30 on 2 September in Warsaw
    assert book.class_today("5b") == date(2026, 9, 2)
    with pytest.raises(BookError, match="2026-09-01 has passed: today is 2026-09-02"):
        book.assign("5b", "Deals", "mam", "deals", 8, date(2026, 9, 1))
    book.set_class_zone("5b", None)  # the server's own zone again (UTC, on this machine's tests)
    assert book.class_zone("5b") is None
    with pytest.raises(BookError, match="there is no time zone called 'Europe/Atlantis'"):
        book.set_class_zone("5b", "Europe/Atlantis")


def test_each_student_s_progress_comes_from_their_answers(book, room, school_clock):
    deals = book.assign("5b", "Four deals", "mam", "deals", 2, FRIDAY)
    powers = book.assign("5b", "With powers", "mam-powers", "deals", 1, FRIDAY)
    ola = book.start_set(room["Ola"], level="normal", power=False, rounds=8, seed=1)
    answer(book, ola, 1, correct=False)
    answer(book, ola, 1, correct=True)
    answer(book, ola, 1, correct=True)  # the same deal again: solved once
    answer(book, ola, 2, correct=True, hints=3)  # the third hint showed a whole answer
    school_clock.wind(days=1)
    answer(book, ola, 3, correct=True, hints=2)  # two hints: solved
    kim = book.start_set(room["Kim"], level="normal", power=True, rounds=8, seed=2)
    answer(book, kim, 1, correct=False)
    school_clock.wind(days=1)
    answer(book, kim, 2, correct=True)

    (first, everyone), (second, with_powers) = book.progress("5b")
    assert (first, second) == (deals, powers)
    lines = {one.nickname: one for one in everyone}
    assert [one.nickname for one in everyone] == ["Bo", "Kim", "Ola"]
    assert (lines["Ola"].state, lines["Ola"].done) == (State.FINISHED, 2)
    assert lines["Ola"].began == date(2026, 9, 1) and lines["Ola"].finished == date(2026, 9, 2)
    assert lines["Kim"].state is State.NOT_BEGUN, "her answers were with powers"
    assert lines["Bo"].state is State.NOT_BEGUN
    kim_powers = next(one for one in with_powers if one.nickname == "Kim")
    assert (kim_powers.state, kim_powers.done, kim_powers.finished) == (
        State.FINISHED,
        1,
        date(2026, 9, 3),
    )
    assert book.progress_of("5b", room["Kim"]) == [(deals, lines["Kim"]), (powers, kim_powers)]


def test_lama_dice_decisions_count_as_deals_and_their_days_in_the_class_s_zone(
    book, room, school_clock
):
    daily = book.assign("5b", "Three days", "roll-or-quit", "days", 2, FRIDAY)
    right = book.assign("5b", "Two right", "roll-or-quit", "deals", 2, FRIDAY)
    school_clock.now = datetime(2026, 9, 1, 21, 30, tzinfo=UTC)  # 23:30 in Warsaw
    situation = {"row": [2, 2, 6], "llama_row": [1, 3, 5, 7]}
    book.record_decision(room["Bo"], "lama_dice", situation=situation, choice="roll", best="roll")
    school_clock.wind(hours=1)  # 00:30 on Wednesday in Warsaw
    book.record_decision(room["Bo"], "lama_dice", situation=situation, choice="quit", best="roll")
    book.record_decision(room["Bo"], "lama", situation={}, choice="draw", best="draw")  # LAMA's
    bo = {
        task.title: next(p for p in found if p.nickname == "Bo")
        for task, found in book.progress("5b")
    }
    assert (bo["Three days"].state, bo["Three days"].done) == (State.FINISHED, 2)
    assert (bo["Two right"].state, bo["Two right"].done) == (State.ON_THE_WAY, 1)
    assert [task for task, _p in book.progress_of("5b", room["Bo"])] == [daily, right]


def test_a_student_sees_only_the_open_assignments_of_their_own_class(book, room, school_clock):
    book.assign("5b", "Today", "mam", "deals", 1, date(2026, 9, 1))
    later = book.assign("5b", "Friday", "mam", "deals", 1, FRIDAY)
    book.assign("6a", "Not ours", "mam", "deals", 1, FRIDAY)
    assert len(book.progress_of("5b", room["Ola"])) == 2
    school_clock.now = datetime(2026, 9, 1, 22, tzinfo=UTC)  # midnight in Warsaw: Today is over
    assert [task for task, _p in book.progress_of("5b", room["Ola"])] == [later]
    assert book.progress_of("6a", room["Ola"]) == [], "not a student of 6a"
    assert book.progress_of("5b", 999) == []


def test_a_forget_takes_the_student_s_progress_and_leaves_the_assignment(book, room):
    task = book.assign("5b", "Friday", "mam", "deals", 1, FRIDAY)
    answer(
        book, book.start_set(room["Ola"], level="normal", power=False, rounds=8, seed=1), 1, True
    )
    book.forget("5b", "Ola")
    ((kept, everyone),) = book.progress("5b")
    assert kept == task and [one.nickname for one in everyone] == ["Bo", "Kim"]


def test_a_purge_takes_assignments_due_long_ago_and_keeps_a_class_with_a_newer_one(
    book, room, school_clock
):
    book.assign("5b", "Old", "mam", "deals", 1, FRIDAY)
    school_clock.wind(days=400)
    book.set_class_zone("6a", "Europe/Warsaw")
    new = book.assign("6a", "New", "mam", "deals", 1, date(2027, 10, 30))
    assert book.purge(keep_days=365) >= 1
    assert book.assignments("5b") == [] and book.assignments("6a") == [new]


def test_the_export_carries_each_assignment_and_every_student_s_progress(book, room):
    task = book.assign("5b", "Friday's deals", "mam", "deals", 1, FRIDAY)
    answer(
        book, book.start_set(room["Ola"], level="normal", power=False, rounds=8, seed=1), 1, True
    )
    (room_json,) = json.loads(book.export("5b", "json"))["classes"]
    assert room_json["zone"] == "Europe/Warsaw"
    (kept,) = room_json["assignments"]
    assert {key: kept[key] for key in ("assignment", "title", "skill", "goal", "count", "due")} == {
        "assignment": task.id,
        "title": "Friday's deals",
        "skill": "mam",
        "goal": "deals",
        "count": 1,
        "due": "2026-09-04",
    }
    assert [(p["student"], p["state"], p["done"], p["finished_on"]) for p in kept["progress"]] == [
        ("Bo", "not-begun", 0, None),
        ("Kim", "not-begun", 0, None),
        ("Ola", "finished", 1, "2026-09-01"),
    ]
    lines = list(
        csv.DictReader(
            io.StringIO(book.export("5b", "csv", language="pl").removeprefix(BOM)), delimiter=";"
        )
    )
    progress = [line for line in lines if line["record"] == "assignment"]
    assert [(line["student"], line["state"], line["title"]) for line in progress] == [
        ("Bo", "not-begun", "Friday's deals"),
        ("Kim", "not-begun", "Friday's deals"),
        ("Ola", "finished", "Friday's deals"),
    ]
    assert progress[2]["began_on"] == progress[2]["finished_on"] == "2026-09-01"
