"""The accommodations in the class book, on SQLite and on PostgreSQL: kept by the student's id
(a rename keeps them, a forget and a purge take them away), in the JSON export."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from mathcards.accommodations import Accommodation
from mathcards.book import Book, BookError, UnknownStudent

WAITS = frozenset({Accommodation.NO_COUNTDOWN})


def test_the_teacher_sets_a_students_accommodations_and_a_rename_keeps_them(book):
    book.join("5b", "Ann", "cookie-1")
    book.join("5b", "Bo", "cookie-2")
    assert book.accommodations("5b") == {"Ann": frozenset(), "Bo": frozenset()}
    assert book.accommodate("5b", "ann", ["no-countdown", "larger"]) == {
        Accommodation.NO_COUNTDOWN,
        Accommodation.LARGER,
    }
    assert book.accommodate("5b", "Ann", ["no-countdown"]) == WAITS  # the new set, whole
    book.rename("5b", "Ann", "Anna")
    assert book.accommodations("5b") == {"Anna": WAITS, "Bo": frozenset()}
    assert book.accommodate("5b", "Anna", []) == frozenset()
    assert book.accommodations("5b")["Anna"] == frozenset()
    assert book.accommodations("6a") == {}


def test_an_accommodation_not_known_or_a_student_not_in_the_class_is_a_sentence(book):
    book.join("5b", "Ann", "cookie-1")
    with pytest.raises(BookError, match="an accommodation is one of"):
        book.accommodate("5b", "Ann", ["slower"])
    with pytest.raises(UnknownStudent, match="no student called Zed"):
        book.accommodate("5b", "Zed", ["larger"])
    assert book.accommodations("5b") == {"Ann": frozenset()}


def test_a_forgotten_student_takes_their_accommodations_with_them(book):
    book.join("5b", "Ann", "cookie-1")
    book.accommodate("5b", "Ann", ["costs-nobody"])
    assert book.forget("5b", "Ann") >= 3  # the student, their device, their accommodation
    book.join("5b", "Ann", "cookie-2")  # whoever takes the name next inherits nothing
    assert book.accommodations("5b") == {"Ann": frozenset()}


def test_a_purge_takes_the_accommodations_of_the_students_it_deletes(book, school_clock):
    book.join("5b", "Ann", "cookie-1")
    book.accommodate("5b", "Ann", ["larger"])
    school_clock.wind(days=400)
    assert book.purge(30) >= 3
    assert book.accommodations("5b") == {}


def test_the_json_export_lists_each_students_accommodations(book):
    book.join("5b", "Ann", "cookie-1")
    book.join("5b", "Bo", "cookie-2")
    book.accommodate("5b", "Ann", ["larger", "no-countdown"])
    students = json.loads(book.export("5b", "json"))["classes"][0]["students"]
    assert {s["nickname"]: s["accommodations"] for s in students} == {
        "Ann": ["no-countdown", "larger"],
        "Bo": [],
    }


def test_a_forget_takes_the_accommodations_from_a_copy_made_before_an_upgrade(tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        book.join("5b", "Ann", "Ann-cookie")
        book.join("5b", "Bo", "Bo-cookie")
        book.accommodate("5b", "Ann", ["larger"])
        book.accommodate("5b", "Bo", ["larger"])
    copy = tmp_path / "classbook.sqlite.0007.bak"
    copy.write_bytes((tmp_path / "classbook.sqlite").read_bytes())
    with Book(url) as book:
        book.forget("5b", "Ann")
    with closing(sqlite3.connect(copy)) as kept:
        assert kept.execute("SELECT student_id FROM accommodations").fetchall() == [(2,)]
