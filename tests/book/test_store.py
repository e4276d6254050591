"""The students' side of the class book, on SQLite and on PostgreSQL: joining with a nickname,
a device that comes back, practice sets resumed where they were, games and decisions kept."""

from __future__ import annotations

import json
import random

import pytest

from mathcards.book import (
    BadNickname,
    Book,
    BookError,
    NameTaken,
    PracticeRecord,
    Step,
    UnknownGame,
    UnknownSet,
    UnknownStudent,
)

DEAL = [7, 6, 12, 2, 15]


def answer(deal: int, typed: str, correct: bool, **more) -> Step:
    kind = "correct" if correct else "total"
    sentence = "right" if correct else "that makes 31, not 32"
    return Step("answer", deal, DEAL, 32, typed, correct, kind, sentence, **more)


def test_a_student_joins_once_and_their_device_is_remembered(book):
    ann = book.join("5b", "Ann", "cookie-1")
    assert (ann.class_name, ann.nickname) == ("5b", "Ann")
    assert book.join("5b", "Ann", "cookie-1") == ann  # the same browser, the same student
    assert book.join(" 5b ", "  ann ", "cookie-1") == ann  # spaces and case do not matter
    assert book.student_for("cookie-1") == ann
    assert book.student_for("cookie-1", "5b") == ann
    assert book.student_for("cookie-1", "6a") is None
    assert book.student_for("cookie-2") is None


def test_a_nickname_another_device_has_is_taken(book):
    book.join("5b", "Ann", "cookie-1")
    with pytest.raises(NameTaken, match="already called Ann"):
        book.join("5b", "ANN", "cookie-2")
    assert book.join("6a", "Ann", "cookie-2").class_name == "6a"  # another class is free


def test_a_shared_computer_remembers_the_student_who_joined_last(book, school_clock):
    ann = book.join("5b", "Ann", "lab-pc")
    school_clock.wind(minutes=45)
    bo = book.join("5b", "Bo", "lab-pc")
    assert book.student_for("lab-pc") == bo
    school_clock.wind(days=7)
    assert book.join("5b", "Ann", "lab-pc") == ann  # Ann's own computer still knows her
    assert book.student_for("lab-pc") == ann


@pytest.mark.parametrize("nickname", ["", "   ", "x" * 31])
def test_a_nickname_has_1_to_30_characters(book, nickname):
    with pytest.raises(BadNickname, match="a nickname has 1 to 30 letters"):
        book.join("5b", nickname, "cookie-1")


@pytest.mark.parametrize(
    ("nickname", "said"),
    [
        ("Ann<script>", "“<” (U+003C)"),
        ("a\x00b", "invisible character (U+0000)"),
        ("🦙", "U+1F999"),
    ],
)
def test_a_nickname_holds_only_what_unicode_allows_in_a_name(book, nickname, said):
    with pytest.raises(BadNickname, match="A name cannot hold") as refused:
        book.join("5b", nickname, "cookie-1")
    assert said in str(refused.value)


@pytest.mark.parametrize(
    "nickname",
    ["\u115fAnna", "Anna\u3164", "\u115fMallory", "An\u200bna", "An\u00adna", "Anna\ufe0f"],
)
def test_a_nickname_with_a_character_drawn_as_nothing_is_refused(book, nickname):
    """Hangul fillers, a zero-width space, a soft hyphen, a variation selector: three "Anna"s
    side by side on the teacher's page, one of them real (Default_Ignorable_Code_Point)."""
    book.join("5b", "Ola", "cookie-0")
    for attempt in (
        lambda: book.join("5b", nickname, "cookie-1"),
        lambda: book.rename("5b", "Ola", nickname),
    ):
        with pytest.raises(BadNickname, match="invisible character") as refused:
            attempt()
        assert refused.value.reason == "character"
        assert f"U+{ord(refused.value.detail):04X}" in str(refused.value)


def test_a_device_needs_a_cookie(book):
    with pytest.raises(BookError, match="this one is empty"):
        book.join("5b", "Ann", "")


def test_a_suggested_nickname_is_free_in_the_class(book):
    rng = random.Random(7)
    suggested = book.suggest_nickname("5b", rng)
    assert suggested == book.suggest_nickname("5b", random.Random(7))  # the rng decides
    book.join("5b", suggested, "cookie-1")
    assert book.suggest_nickname("5b", random.Random(7)) != suggested
    animal, number = suggested.rsplit(" ", 1)
    assert animal.isalpha() and 1 <= int(number) <= 99


def test_a_practice_set_is_resumed_at_the_same_deal_with_every_step(book):
    ann = book.join("5b", "Ann", "cookie-1")
    assert book.open_set(ann.id) is None
    practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1234)
    steps = [
        answer(1, "7+6+12+2", False, seconds=20.5),
        Step("hint", 1, DEAL, 32, hints_used=1),
        answer(1, "15+12+7-2", True, hints_used=1, seconds=41.0),
        Step("next", 1, DEAL, 32),
        answer(2, "12*2+6", False),
    ]
    assert [book.record_step(practice, step) for step in steps] == [1, 2, 3, 4, 5]
    # the page was closed, the kernel culled: a new page asks the book
    found = book.open_set(ann.id)
    assert isinstance(found, PracticeRecord)
    assert (found.id, found.level, found.power, found.rounds, found.seed) == (
        practice,
        "normal",
        False,
        8,
        1234,
    )
    assert found.deal == 2 and found.solved == {1}
    assert [(s.seq, s.kind, s.typed, s.correct) for s in found.steps] == [
        (1, "answer", "7+6+12+2", False),
        (2, "hint", "", None),
        (3, "answer", "15+12+7-2", True),
        (4, "next", "", None),
        (5, "answer", "12*2+6", False),
    ]
    kept = found.steps[2]
    assert (kept.cards, kept.target, kept.verdict_kind, kept.sentence) == (
        DEAL,
        32,
        "correct",
        "right",
    )
    assert (kept.hints_used, kept.seconds) == (1, 41.0)


def test_a_finished_set_is_not_resumed_and_the_latest_unfinished_one_is(book, school_clock):
    ann = book.join("5b", "Ann", "cookie-1")
    first = book.start_set(ann.id, level="easy", power=False, rounds=4, seed=1)
    school_clock.wind(minutes=1)
    second = book.start_set(ann.id, level="hard", power=True, rounds=4, seed=2)
    record = book.open_set(ann.id)
    assert record is not None and record.id == second and record.steps == []
    book.finish_set(second)
    book.finish_set(second)  # twice is once
    record = book.open_set(ann.id)
    assert record is not None and record.id == first
    book.finish_set(first)
    assert book.open_set(ann.id) is None
    assert book.open_set(ann.id, game="lama") is None


def test_the_steps_of_each_set_are_numbered_apart(book):
    ann, bo = book.join("5b", "Ann", "a"), book.join("5b", "Bo", "b")
    one = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
    two = book.start_set(bo.id, level="normal", power=False, rounds=8, seed=1)
    assert book.record_step(one, answer(1, "1", False)) == 1
    assert book.record_step(two, answer(1, "1", False)) == 1
    assert book.record_step(one, answer(1, "2", False)) == 2


def test_games_and_decisions_are_kept(book):
    ann = book.join("5b", "Ann", "cookie-1")
    played = book.record_game(
        ann.id,
        "lama",
        players=["You", "Bot"],
        scores={"You": 12, "Bot": 40},
        winners=["You"],
        seed=99,
        finished=True,
    )
    left = book.record_game(
        ann.id, "unikat", players=["You"], scores={"You": 3}, winners=[], seed=None, finished=False
    )
    decided = book.record_decision(
        ann.id, "lama_dice", situation={"dice": [3, 5], "points": 4}, choice="roll", best="quit"
    )
    assert played != left and decided >= 1
    (line,) = book.students("5b")
    assert (line.games, line.decisions, line.decisions_right) == (2, 1, 0)


def test_a_game_kept_when_dealt_gets_its_result_when_it_ends(book):
    ann, kim = book.join("5b", "Ann", "cookie-1"), book.join("5b", "Kim", "cookie-2")
    dealt = book.record_game(
        ann.id,
        "mam",
        players=["You", "Bot"],
        scores={"You": 0, "Bot": 0},
        winners=[],
        seed=7,
        finished=False,
    )
    with pytest.raises(UnknownGame, match="no game number"):
        book.finish_game(dealt, kim.id, scores={"You": 9}, winners=["You"])  # not Kim's game
    book.finish_game(dealt, ann.id, scores={"You": 9, "Bot": 4}, winners=["You"])
    (room,) = json.loads(book.export("5b", fmt="json"))["classes"]
    (game,) = next(person for person in room["students"] if person["nickname"] == "Ann")["games"]
    assert game["finished"] and game["winners"] == ["You"] and game["scores"]["You"] == 9


def test_unknown_students_sets_and_games_are_refused_with_a_sentence(book):
    ann = book.join("5b", "Ann", "cookie-1")
    with pytest.raises(UnknownStudent, match="no student number 999"):
        book.start_set(999, level="normal", power=False, rounds=8, seed=1)
    with pytest.raises(UnknownSet, match="no practice set number 42"):
        book.record_step(42, answer(1, "1", False))
    with pytest.raises(UnknownSet):
        book.finish_set(42)
    with pytest.raises(BookError, match="not 'chess'"):
        book.record_game(ann.id, "chess", players=[], scores={}, winners=[], seed=1, finished=True)
    with pytest.raises(UnknownStudent):
        book.record_decision(999, "lama", situation={}, choice="draw", best="draw")
    with pytest.raises(BookError, match="plain data"):
        book.record_decision(ann.id, "lama", situation={"hand": {1, 2}}, choice="a", best="a")


def test_a_step_is_an_answer_a_hint_or_the_next_deal(book):
    ann = book.join("5b", "Ann", "cookie-1")
    practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
    with pytest.raises(BookError, match="one of answer, hint, next"):
        book.record_step(practice, Step("guess", 1, DEAL, 32))
    with pytest.raises(BookError, match="at a deal from 1"):
        book.record_step(practice, Step("answer", 0, DEAL, 32))
    assert book.open_set(ann.id).steps == []  # nothing half-kept


def test_a_book_is_its_own_context_and_says_where_it_is(book_url):
    with Book.create(book_url) as opened:
        assert "classbook.sqlite" in repr(opened) or "postgresql" in repr(opened)
        assert opened.join("5b", "Ann", "cookie-1").id == 1


def test_every_public_name_of_the_class_book_is_there():
    import mathcards.book as book

    assert sorted(book.__all__) == sorted(book.HOME)
    assert all(getattr(book, name) is not None for name in book.__all__)
    with pytest.raises(AttributeError):
        book.Nothing  # noqa: B018
