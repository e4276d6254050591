"""What practice at a student's level acknowledged is kept in the class book, on SQLite and on
PostgreSQL (mathcards/book/levels.py): a roll-or-quit set as it stands and the MAM! deal dealt
and not answered yet, read back the same; a forget, a purge and the copies take them away."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from mathcards.adaptive.bank import bank
from mathcards.adaptive.sets import LevelSet
from mathcards.adaptive.skills import MY_LEVEL, Skill
from mathcards.book import Book, BookError, UnknownSet, UnknownStudent


def moments_set(rounds: int = 4) -> LevelSet:
    """A roll-or-quit set two moments in: the first chosen and gone on from, the second open."""
    keys = bank(Skill.ROLL_OR_QUIT).keys
    level = LevelSet(Skill.ROLL_OR_QUIT, rounds, 1)
    level.deal(keys[10])
    level.take("choice", choice="roll", seconds=4)
    level.take("next")
    level.deal(keys[20])
    return level


def test_a_roll_or_quit_set_is_kept_as_it_stands_and_read_back_the_same(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    assert book.level_set(ann, "roll-or-quit") is None
    number = book.start_level_set(ann, "roll-or-quit", rounds=4, dice="1234LL,1234LL,1234LL")
    level = moments_set()
    book.keep_level_set(number, level.kept(), level.moved)
    kept = book.level_set(ann, "roll-or-quit")
    assert kept is not None and (kept.id, kept.rounds, kept.moved) == (number, 4, 1)
    assert kept.dice == "1234LL,1234LL,1234LL"
    again = LevelSet.restored(Skill.ROLL_OR_QUIT, kept.id, 4, kept.dice, kept.dealt, kept.moved)
    assert again.dealt == level.dealt and again.moved == 1 and not again.wants_item
    newer = book.start_level_set(ann, "roll-or-quit", rounds=2)
    assert book.level_set(ann, "roll-or-quit").id == newer > number, "the newest"


def test_the_deal_dealt_is_kept_beside_its_practice_set(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    number = book.start_set(ann, level=MY_LEVEL, power=False, rounds=10, seed=0)
    assert book.open_set(ann, level=MY_LEVEL).dealt is None
    book.keep_dealt(number, "1,3,4,9,10=4")
    assert book.open_set(ann, level=MY_LEVEL).dealt == "1,3,4,9,10=4"
    with pytest.raises(BookError, match="short text"):
        book.keep_dealt(number, "1" * 81)
    with pytest.raises(UnknownSet):
        book.keep_dealt(number + 99, None)


def test_what_no_set_holds_is_refused(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    with pytest.raises(UnknownStudent):
        book.start_level_set(ann + 99, "roll-or-quit", rounds=4)
    number = book.start_level_set(ann, "roll-or-quit", rounds=4)
    with pytest.raises(BookError, match="up to 50"):
        book.keep_level_set(number, [{"key": "x"}] * 51, 0)
    with pytest.raises(BookError):
        book.keep_level_set(number, [], 1)
    with pytest.raises(UnknownSet):
        book.keep_level_set(number + 99, [], 0)


def test_a_forget_and_a_purge_take_the_kept_sets_away(book, school_clock):
    for name in ("Ann", "Bo"):
        student = book.join("5b", name, f"cookie-{name}").id
        level = moments_set()
        number = book.start_level_set(student, "roll-or-quit", rounds=4)
        book.keep_level_set(number, level.kept(), level.moved)
    book.forget("5b", "Ann")
    again = book.join("5b", "Ann", "cookie-2").id
    assert book.level_set(again, "roll-or-quit") is None, "nothing of hers is inherited"
    school_clock.wind(days=400)
    assert book.purge(30) >= 2
    assert book.students("5b") == [], "a set kept nobody once it went"


def test_a_forget_reaches_the_kept_sets_in_an_sqlite_book_s_copies(tmp_path):
    with Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}") as book:
        ann = book.join("5b", "Ann", "cookie-1").id
        book.start_level_set(ann, "roll-or-quit", rounds=4)
        copy = tmp_path / "book.sqlite.0013_level_keep.bak"
        with (
            closing(sqlite3.connect(tmp_path / "book.sqlite")) as source,
            closing(sqlite3.connect(copy)) as target,
        ):
            source.backup(target)
        book.forget("5b", "Ann")
    with closing(sqlite3.connect(copy)) as kept:
        assert kept.execute("SELECT count(*) FROM level_sets").fetchone() == (0,)


def test_the_choice_of_practice_at_my_level_is_kept_by_game(book):
    ann = book.join("5b", "Ann", "cookie-1").id
    assert book.my_level(ann, "mam") is None
    book.choose_level(ann, "mam", "mam-powers")
    book.choose_level(ann, "lama_dice", "roll-or-quit")
    assert (book.my_level(ann, "mam"), book.my_level(ann, "lama_dice")) == (
        "mam-powers",
        "roll-or-quit",
    )
    book.choose_level(ann, "mam", None)
    assert book.my_level(ann, "mam") is None and book.my_level(ann, "lama_dice")
    book.rename("5b", "Ann", "Anna")
    assert book.my_level(ann, "lama_dice") == "roll-or-quit", "a rename keeps it"
    with pytest.raises(BookError):
        book.choose_level(ann, "chess", "mam")
    with pytest.raises(UnknownStudent):
        book.choose_level(ann + 99, "mam", "mam")
