"""Who may be in a class (mathcards/book/roster.py): the teacher closes the class to new names
and only its students come in; every rename and forget grows the class's roster number, which
the class service reads to have its live games see them at once (issue #50)."""

from __future__ import annotations

import pytest

from mathcards.book.errors import ClassClosed


def test_a_closed_class_lets_its_students_in_and_no_new_name(book):
    book.join("5b", "Ola", "device-of-ola")
    book.close_class("5b")
    assert book.class_closed("5b")
    assert book.join("5b", "Ola", "device-of-ola").nickname == "Ola", "her own browser"
    with pytest.raises(ClassClosed, match="closed the class to new names"):
        book.join("5b", "Mallory", "device-of-a-script")
    assert book.nicknames("5b") == {"Ola"}, "nothing kept of the refused name"
    book.close_class("5b", closed=False)
    assert not book.class_closed("5b")
    assert book.join("5b", "Bo", "device-of-bo").nickname == "Bo"


def test_a_class_closed_before_anyone_joined_is_closed_from_the_start(book):
    assert not book.class_closed("6a") and book.roster("6a") == 0
    book.close_class("6a")
    with pytest.raises(ClassClosed):
        book.join("6a", "Ola", "device-of-ola")
    assert not book.class_closed("5b"), "only that class"


def test_every_rename_and_forget_grows_the_roster_of_that_class_only(book, school_clock):
    book.join("5b", "Ola", "device-of-ola")
    book.join("5b", "Bo", "device-of-bo")
    book.join("6a", "Ida", "device-of-ida")
    before = book.roster("5b"), book.roster("6a")
    book.rename("5b", "Ola", "Ala")
    assert book.roster("5b") == before[0] + 1 and book.roster("6a") == before[1]
    book.forget("5b", "Bo")
    assert book.roster("5b") == before[0] + 2 and book.roster("6a") == before[1]
    assert book.nicknames("5b") == {"Ala"}
    book.join("5b", "Cy", "device-of-cy")
    assert book.roster("5b") == before[0] + 2, "a newcomer changes no one's name"


def test_a_purge_of_idle_students_grows_the_rosters(book, school_clock):
    book.join("5b", "Ola", "device-of-ola")
    before = book.roster("5b")
    school_clock.wind(days=400)
    book.join("5b", "Bo", "device-of-bo")  # keeps the class
    assert book.purge(keep_days=365) >= 1
    assert book.nicknames("5b") == {"Bo"} and book.roster("5b") > before
