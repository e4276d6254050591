"""Practice at a student's level in the class book, on SQLite and on PostgreSQL: every answer's
change to both ratings worked out by the book and kept, read back in order; a rename keeps a
student's ratings, a forget and a purge take them away, an item's rating stays."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from mathcards.adaptive import AdaptivePractice, Attempt, Rating, Skill
from mathcards.adaptive.rating import new_student
from mathcards.book import Book, BookError, UnknownStudent

DEAL = "1,3,4,9,10=4"  # the first deal of the bank of MAM! without powers
MOMENT = "3456LL,1256LL,1234LL/6/1,2,3,4,5,6,7"


def test_each_answer_moves_both_ratings_as_the_model_does(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1").id
    practice = AdaptivePractice("mam")
    for right, seconds in ((True, 20), (False, 70), (True, 35)):
        school_clock.wind(minutes=2)
        kept = book.rate_answer(ann, "mam", DEAL, Attempt(right, seconds))
        expected = practice.record("Ann", DEAL, right=right, seconds=seconds, at=school_clock.now)
        assert kept.student.value == pytest.approx(expected.student.value)
        assert kept.item.value == pytest.approx(expected.item.value)
    assert book.student_rating(ann, Skill.TARGET).value == pytest.approx(
        practice.rating("Ann").value
    )
    assert book.student_rating(ann, "mam").answers == 3
    assert book.student_rating(ann, "mam-powers") == new_student(), "each skill its own"
    item = book.item_ratings("mam")[DEAL]
    assert item.answers == 3 and item.value == pytest.approx(practice.difficulty(DEAL).value)


def test_the_items_ratings_are_every_classs_and_read_back_for_choosing(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    bo = book.join("6a", "Bo", "cookie-2").id
    book.rate_answer(ann, "roll-or-quit", MOMENT, Attempt(True, clock=False))
    book.rate_answer(bo, "roll-or-quit", MOMENT, Attempt(False, clock=False))
    items = book.item_ratings("roll-or-quit")
    assert list(items) == [MOMENT] and items[MOMENT].answers == 2
    practice = AdaptivePractice("roll-or-quit", items=items, students={"Bo": Rating(1.0, 0.2)})
    assert practice.difficulty(MOMENT) == items[MOMENT]


def test_the_history_is_read_back_in_order_and_a_rename_keeps_it(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1").id
    bo = book.join("5b", "Bo", "cookie-2").id
    for student, right in ((ann, True), (bo, False), (ann, True)):
        school_clock.wind(days=1)
        book.rate_answer(student, "mam", DEAL, Attempt(right, 30, hints=1))
    book.rename("5b", "Ann", "Anna")
    steps = book.rating_steps("5b")
    assert [(step.nickname, step.right) for step in steps] == [
        ("Anna", True),
        ("Bo", False),
        ("Anna", True),
    ]
    mine = book.rating_steps("5b", "anna")
    assert len(mine) == 2 and mine[0].at < mine[1].at and mine[0].hints == 1
    assert mine[-1].rating == pytest.approx(book.student_rating(ann, "mam").value)
    assert book.rating_steps("6a") == []


@pytest.mark.parametrize(
    ("skill", "item", "words"),
    [
        ("chess", DEAL, "a skill is one of"),
        ("mam", "1,2=3", "there is no item '1,2=3'"),
        ("mam-powers", MOMENT, "there is no item"),
    ],
)
def test_an_item_or_skill_not_in_the_bank_is_refused(book, skill, item, words):
    ann = book.join("5b", "Ann", "cookie-1").id
    with pytest.raises(BookError, match=words):
        book.rate_answer(ann, skill, item, Attempt(True, 3))
    assert book.item_ratings("mam") == {}


def test_an_unknown_student_is_refused_and_nothing_kept(book):
    with pytest.raises(UnknownStudent):
        book.rate_answer(999, "mam", DEAL, Attempt(True, 3))
    assert book.item_ratings("mam") == {}


def test_an_answer_of_days_is_kept_as_a_day(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    change = book.rate_answer(ann, "mam", DEAL, Attempt(True, 1e7))
    assert change.score == 0 and book.rating_steps("5b")[0].right


def test_a_forgotten_student_takes_their_ratings_and_history_not_the_items(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    book.rate_answer(ann, "mam", DEAL, Attempt(True, 30))
    book.rate_answer(ann, "roll-or-quit", MOMENT, Attempt(True, 5))
    assert book.forget("5b", "Ann") >= 6  # two changes, two ratings, the device, the student
    again = book.join("5b", "Ann", "cookie-2").id
    assert book.student_rating(again, "mam") == new_student()
    assert book.rating_steps("5b") == []
    assert book.item_ratings("mam")[DEAL].answers == 1, "an item's rating names nobody"


def test_a_purge_takes_old_history_then_the_students_left_with_nothing(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1").id
    book.rate_answer(ann, "mam", DEAL, Attempt(True, 30))
    school_clock.wind(days=20)
    assert book.purge(30) == 0, "a change 20 days old is kept, and its student"
    school_clock.wind(days=400)
    assert book.purge(30) >= 3
    assert book.rating_steps("5b") == []
    assert book.item_ratings("mam")[DEAL].answers == 1


def test_a_student_is_forgotten_in_the_copies_of_an_sqlite_book_too(tmp_path):
    url = f"sqlite:///{tmp_path / 'book.sqlite'}"
    with Book.create(url) as book:
        ann = book.join("5b", "Ann", "cookie-1").id
        book.rate_answer(ann, "mam", DEAL, Attempt(True, 30))
        copy = tmp_path / "book.sqlite.0011_ratings.bak"
        with (
            closing(sqlite3.connect(tmp_path / "book.sqlite")) as source,
            closing(sqlite3.connect(copy)) as target,
        ):
            source.backup(target)
        book.forget("5b", "Ann")
    with closing(sqlite3.connect(copy)) as kept:
        for table in ("rating_changes", "student_ratings", "students"):
            assert kept.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)
        assert kept.execute("SELECT count(*) FROM item_ratings").fetchone() == (1,)
