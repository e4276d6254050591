"""What the class book keeps for practice at each student's level besides the ratings, on
SQLite and on PostgreSQL: the share of right answers the teacher aims the class's deals at
(0.60 to 0.90, else refused) and whether time counts for the class; whether it counts for a
student (not with no countdown, nor when they turned it off themselves, the teacher's word
first); a student's rating history; and a set at their level apart from the sets of the fixed
levels."""

from __future__ import annotations

import json

import pytest

from mathcards.adaptive import Attempt
from mathcards.adaptive.skills import MY_LEVEL
from mathcards.book import BookError, UnknownStudent
from mathcards.book.ratings import LevelSettings, StudentClock

DEAL = "1,3,4,9,10=4"


def test_the_class_s_aim_and_clock_are_kept_and_checked(book):
    assert book.level_settings("5b") == LevelSettings(0.75, True), "a class not in the book yet"
    assert book.set_level_settings("5b", success=0.6) == LevelSettings(0.6, True)
    assert book.set_level_settings(" 5b ", clock=False) == LevelSettings(0.6, False)
    for wrong in (0.5, 0.95, "0.7", True):
        with pytest.raises(BookError, match="from 60% to 90%"):
            book.set_level_settings("5b", success=wrong)
    with pytest.raises(BookError, match="on or off"):
        book.set_level_settings("5b", clock="no")  # type: ignore[arg-type]
    assert book.level_settings("5b") == LevelSettings(0.6, False), "nothing refused kept"
    assert book.level_settings("6a") == LevelSettings()


def test_time_counts_unless_the_class_s_clock_is_off_or_the_student_has_no_countdown(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    bo = book.join("5b", "Bo", "cookie-2").id
    assert book.clock_for(ann) and book.clock_for(bo)
    book.accommodate("5b", "Bo", ["no-countdown"])
    assert book.clock_for(ann) and not book.clock_for(bo)
    book.accommodate("5b", "Bo", ["larger"])
    assert book.clock_for(bo)
    book.set_level_settings("5b", clock=False)
    assert not book.clock_for(ann) and not book.clock_for(bo)


def test_a_student_turns_their_own_clock_off_and_on_and_it_is_kept_by_their_id(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    bo = book.join("5b", "Bo", "cookie-2").id
    assert book.clock_of(ann) == StudentClock(True, True), "never chosen: time counts"
    assert book.set_own_clock(ann, False) == StudentClock(False, True)
    assert not book.clock_for(ann) and book.clock_for(bo), "hers alone"
    book.rename("5b", "Ann", "Anna")
    assert book.clock_of(ann) == StudentClock(False, True), "a rename keeps it"
    (anna, _bo) = json.loads(book.export("5b", "json"))["classes"][0]["students"]
    assert (anna["nickname"], anna["own_clock"], _bo["own_clock"]) == ("Anna", False, None)
    assert book.set_own_clock(ann, True) == StudentClock(True, True)
    for wrong in (None, 0, "off"):
        with pytest.raises(BookError, match="on or off"):
            book.set_own_clock(ann, wrong)  # type: ignore[arg-type]
    with pytest.raises(UnknownStudent):
        book.set_own_clock(ann + bo + 99, False)
    assert book.clock_for(ann), "nothing refused kept"


def test_the_teacher_s_word_on_the_clock_comes_first_and_the_student_s_stays(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    bo = book.join("5b", "Bo", "cookie-2").id
    book.accommodate("5b", "Bo", ["no-countdown"])
    assert book.set_own_clock(bo, True) == StudentClock(False, False), "no countdown: not hers"
    book.set_own_clock(ann, False)
    book.set_level_settings("5b", clock=False)
    assert book.set_own_clock(ann, True) == StudentClock(False, False), "changes nothing"
    book.set_level_settings("5b", clock=True)
    assert book.clock_of(ann) == StudentClock(False, True), "her own choice, as she left it"
    book.forget("5b", "Ann")
    again = book.join("5b", "Ann", "cookie-3").id
    assert book.clock_of(again) == StudentClock(True, True), "nothing of hers is inherited"


def test_a_student_s_history_is_each_answer_with_the_rating_before_and_after(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1").id
    for right in (True, False):
        school_clock.wind(days=3)
        book.rate_answer(ann, "mam", DEAL, Attempt(right, 20))
    (first, before, after), (second, again, last) = book.rating_history(ann, "mam")
    assert first < second == school_clock.now
    assert before == 0.0 and after > before and again == after and last < again
    assert book.rating_history(ann, "mam-powers") == []


def test_a_set_at_the_student_s_level_is_not_the_set_of_a_fixed_level(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    fixed = book.start_set(ann, level="easy", power=False, rounds=3, seed=1)
    mine = book.start_set(ann, level=MY_LEVEL, power=False, rounds=10, seed=0)
    powers = book.start_set(ann, level=MY_LEVEL, power=True, rounds=10, seed=0)
    found = book.open_set(ann, "mam")
    assert found is not None and found.id == fixed
    at_level = book.open_set(ann, "mam", level=MY_LEVEL)
    assert at_level is not None and at_level.id == mine
    with_powers = book.open_set(ann, "mam", level=MY_LEVEL, power=True)
    assert with_powers is not None and with_powers.id == powers
    book.finish_set(mine)
    assert book.open_set(ann, "mam", level=MY_LEVEL) is None
