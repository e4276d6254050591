"""The games played at a table in the class book, on SQLite and on PostgreSQL: a game kept with
its settings, its moves one row each in order (none out of step), where it stands kept with each
move; the student's open game found again (under way, or for a while after it ended); a game
kept before its settings were, never resumed; forget and purge take the moves too."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from mathcards.book import BookError, UnknownGame

SETTINGS = {"players": ["You", "Ada"], "computers": {"Ada": "greedy"}, "rounds_to_play": 1}
LAY = {"move": "lay", "card": "swb1", "at": [0, -1]}
HOUR = timedelta(hours=1)


def dealt(book, student: int, game: str = "unikat", settings=None) -> int:
    return book.record_game(
        student,
        game,
        players=["You", "Ada"],
        scores={"You": 0, "Ada": 0},
        winners=[],
        seed=7,
        finished=False,
        settings=SETTINGS if settings is None else settings,
    )


def moved(book, game: int, student: int, seq: int, finished: bool = False) -> int:
    scores = {"You": seq, "Ada": 0}
    return book.record_move(
        game, student, seq, {**LAY, "at": [0, -seq]}, scores=scores, winners=[], finished=finished
    )


def test_a_game_keeps_its_settings_and_its_moves_in_order(book):
    ann = book.join("5b", "Ann", "cookie-1")
    game = dealt(book, ann.id)
    assert [moved(book, game, ann.id, seq) for seq in (1, 2, 3)] == [1, 2, 3]
    kept = book.game_record(game, ann.id)
    assert (kept.game, kept.seed, kept.settings, kept.finished) == ("unikat", 7, SETTINGS, False)
    assert [move["at"] for move in kept.moves] == [[0, -1], [0, -2], [0, -3]]
    assert kept.scores == {"You": 3, "Ada": 0}, "where the game stands after its last move"


def test_a_move_out_of_step_or_in_another_students_game_is_refused(book):
    ann, kim = book.join("5b", "Ann", "cookie-1"), book.join("5b", "Kim", "cookie-2")
    game = dealt(book, ann.id)
    moved(book, game, ann.id, 1)
    for seq in (1, 3):
        with pytest.raises(BookError, match=f"has 1 moves: the next is not number {seq}"):
            moved(book, game, ann.id, seq)
    with pytest.raises(UnknownGame, match="no game number"):
        moved(book, game, kim.id, 2)
    with pytest.raises(UnknownGame):
        book.game_record(game, kim.id)
    assert len(book.game_record(game, ann.id).moves) == 1


def test_the_open_game_is_the_newest_while_it_is_under_way_and_an_hour_after(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1")
    assert book.open_game(ann.id, "unikat", HOUR) is None
    first = dealt(book, ann.id)
    assert book.open_game(ann.id, "lama", HOUR) is None, "another game's table"
    second = dealt(book, ann.id)
    moved(book, second, ann.id, 1)
    school_clock.wind(days=3)
    found = book.open_game(ann.id, "unikat", HOUR)
    assert found is not None and (found.id, len(found.moves)) == (second, 1)
    assert first != second
    moved(book, second, ann.id, 2, finished=True)  # the game ends now
    school_clock.wind(minutes=50)
    ended = book.open_game(ann.id, "unikat", HOUR)
    assert ended is not None and ended.finished and ended.id == second
    school_clock.wind(minutes=20)
    assert book.open_game(ann.id, "unikat", HOUR) is None


def test_a_game_kept_without_its_settings_is_never_open(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1")
    dealt(book, ann.id, settings={})  # as games were kept before revision 0005_game_moves
    assert book.open_game(ann.id, "unikat", HOUR) is None


def test_forget_and_purge_take_the_moves_with_the_game(book, school_clock):
    ann, kim = book.join("5b", "Ann", "cookie-1"), book.join("5b", "Kim", "cookie-2")
    for student in (ann, kim):
        game = dealt(book, student.id)
        moved(book, game, student.id, 1)
        moved(book, game, student.id, 2)
    assert book.forget("5b", "Ann") == 1 + 2 + 1 + 1  # the game, its moves, the device, Ann
    school_clock.wind(days=400)
    book.join("5b", "Kim", "cookie-2")  # Kim is seen again: only the old game goes
    assert book.purge(365) == 1 + 2
    (room,) = json.loads(book.export("5b", fmt="json"))["classes"]
    assert [person["games"] for person in room["students"]] == [[]]


def test_each_table_of_a_game_finds_its_own_game(book):
    ann = book.join("5b", "Ann", "cookie-1")
    versus = dealt(book, ann.id, "mam", {"players": ["You", "Bot"], "table": "versus"})
    in_class = dealt(book, ann.id, "mam", {"players": ["A", "B"], "table": "class"})
    found = {
        table: book.open_game(ann.id, "mam", HOUR, table)
        for table in ("versus", "class", "practice")
    }
    assert found["versus"] is not None and found["versus"].id == versus
    assert found["class"] is not None and found["class"].id == in_class
    assert found["practice"] is None
