"""Who may be in a class (mathcards/book/roster.py): the teacher closes the class to new names
and only its students come in; every rename and forget grows the class's roster number, which
the class service reads to have its live games see them at once (issue #50)."""

from __future__ import annotations

import pytest

from mathcards.book.errors import BookError, ClassClosed, NameTaken, OneName
from mathcards.book.roster import names_of_file


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


def test_a_class_list_gives_the_class_its_names_and_closes_it(book):
    book.join("5b", "Ola", "device-of-ola")
    added = book.class_list("5b", ["Kim", "", "  Bo  ", "ola", "kim", "Ida Nowak"])
    assert added == ["Kim", "Bo", "Ida Nowak"], "each once; Ola is in the class already"
    assert book.class_closed("5b")
    assert book.nicknames("5b") == {"Ola", "Kim", "Bo", "Ida Nowak"}
    assert book.free_names("5b") == ["Bo", "Ida Nowak", "Kim"], "Ola's browser has hers"
    assert book.join("5b", "Kim", "device-of-kim").nickname == "Kim", "she picks her name"
    assert book.free_names("5b") == ["Bo", "Ida Nowak"]
    with pytest.raises(NameTaken):
        book.join("5b", "Kim", "another-device")
    with pytest.raises(ClassClosed):
        book.join("5b", "Mallory", "device-of-a-script")


def test_a_browser_picks_one_name_of_the_list_a_lesson(book, school_clock):
    book.class_list("5b", ["Kim", "Bo"])
    book.join("5b", "Kim", "one-browser")
    with pytest.raises(OneName, match="has joined the class as Kim"):
        book.join("5b", "Bo", "one-browser")
    assert book.free_names("5b") == ["Bo"], "a classmate's name stays hers"
    school_clock.wind(hours=2)  # the next lesson, on a shared computer
    assert book.join("5b", "Bo", "one-browser").nickname == "Bo"


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (["Ola", "Kim/Bo"], "line 2 of the class list: A name cannot hold “/”"),
        (["Ola", "x" * 31], "line 2 of the class list"),
        (["Anna", "", "Аnna"], "line 3 of the class list: Аnna looks like Anna"),  # Cyrillic А
        (["", "  "], "the class list has no names"),
    ],
)
def test_a_class_list_with_a_name_that_is_not_one_is_refused_whole(book, lines, said):
    with pytest.raises(BookError, match=said):
        book.class_list("5b", lines)
    assert book.nicknames("5b") == set() and not book.class_closed("5b")


def test_a_class_list_file_is_one_name_a_line_or_a_csv():
    assert names_of_file("\ufeffOla\r\nKim\n".encode()) == ["Ola", "Kim"]
    assert names_of_file("Ola;Nowak\nŁucja;Kowalska\n".encode("cp1250")) == [
        "Ola Nowak",
        "Łucja Kowalska",
    ]
    assert names_of_file(b"Ola,Nowak\nKim,\n") == ["Ola Nowak", "Kim"]


def test_every_list_of_the_class_s_names_is_in_the_polish_alphabet_s_order(book):
    listed = ["Zofia", "Łucja", "lena", "Ćwik", "Cyprian", "Ewa", "Ęla"]
    book.class_list("5b", listed)
    polish = ["Cyprian", "Ćwik", "Ewa", "Ęla", "lena", "Łucja", "Zofia"]
    assert book.free_names("5b") == polish, "the names to pick from"
    book.accommodate("5b", "Zofia", ["no-countdown"])
    assert list(book.accommodations("5b")) == polish
    assert [one.nickname for one in book.students("5b")] == polish
    exported = book.export("5b", "json")
    assert [exported.index(f'"{name}"') for name in polish] == sorted(
        exported.index(f'"{name}"') for name in polish
    )
