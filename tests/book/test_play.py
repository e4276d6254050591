"""The tables of students in the class book, on SQLite and on PostgreSQL (revision
0009_play_tables): a table kept as it is played, every move in order with its seat and whether a
computer made it for a student away, had again from the book as it was; its review's decisions
kept once with their exact values and exported; a forgotten student's seat keeps the game for
the classmates, in the book and in a copy made before an upgrade."""

from __future__ import annotations

import csv
import io
import json
import random
import sqlite3
from contextlib import closing
from fractions import Fraction

import pytest

from mathcards.book import Book, BookError, UnknownClass, UnknownGame
from mathcards.cli import main
from mathcards.engine import NextRound
from mathcards.replay import replay, rules
from mathcards.review import reviews
from mathcards.table import Table


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def kept_table(book: Book, game: str = "lama_dice") -> tuple[Table, int]:
    """Ann, a computer and Bo play a whole game at a table, every move kept as it is made; Bo's
    phone sleeps once; the review's decisions are kept at the end."""
    ann, bo = book.join("5b", "Ann", "cookie-1"), book.join("5b", "Bo", "cookie-2")
    clock = Clock()
    table = Table(game, ["Ann", None, "Bo"], seed=3, clock=clock)
    number = book.record_table(
        "5b",
        game,
        settings=table.settings,
        seed=table.seed,
        students=[ann.id, None, bo.id],
        away_seconds=table.away_seconds,
    )
    careless = rules(game).strategies["bold" if game == "lama_dice" else "random"]
    rng = random.Random(3)
    while not table.game.over:
        if len(table.moves) == 6:
            table.away("Bo")
            clock.now += 31
        if len(table.moves) > 20:
            table.back("Bo")
        made = len(table.moves)
        table.tick()
        waiting = table.to_move()
        if not table.game.over and not waiting:
            table.move("Ann", NextRound())
        elif waiting and waiting[0] in ("Ann", "Bo") and not table.stood_in(table.seat(waiting[0])):
            view = table.view(waiting[0])
            table.move(waiting[0], careless(view.game, list(view.legal), rng))
        for seq in range(made + 1, len(table.moves) + 1):
            book.record_table_move(
                number,
                seq,
                table.moves[seq - 1],
                seat=table.movers[seq - 1],
                stand_in=seq in table.stand_ins,
                scores=table.game.scores(),
                winners=table.game.winners(),
                finished=table.game.over,
            )
    decisions = [d for review in table.reviews().values() for d in review.decisions]
    assert book.record_decisions(number, decisions) == len(decisions) > 0
    return table, number


def test_a_table_is_kept_move_by_move_and_had_again_as_it_was(book):
    table, number = kept_table(book)
    kept = book.table_record(number)
    assert (kept.game, kept.class_name, kept.seed, kept.finished) == ("lama_dice", "5b", 3, True)
    assert kept.moves == table.moves and kept.stand_ins == table.stand_ins != set()
    assert kept.movers == table.movers and None in kept.movers and 2 in kept.movers
    assert kept.students[1] is None and kept.scores == table.game.scores()
    again = replay(kept.game, kept.settings, kept.seed, kept.moves)
    assert again.scores() == table.game.scores()
    assert reviews(kept.game, kept.settings, kept.seed, kept.moves, kept.stand_ins).keys() == {
        "Ann",
        "Computer 1",
        "Bo",
    }


def test_a_move_out_of_step_or_a_table_that_cannot_be_is_refused(book):
    ann = book.join("5b", "Ann", "cookie-1")
    kim = book.join("6a", "Kim", "cookie-2")
    table = Table("lama", ["Ann", None], seed=1)
    keep = {"settings": table.settings, "seed": 1, "away_seconds": 30.0}
    number = book.record_table("5b", "lama", students=[ann.id, None], **keep)
    with pytest.raises(BookError, match="has 0 moves: the next is not number 2"):
        book.record_table_move(
            number,
            2,
            {"move": "quit"},
            seat=1,
            stand_in=False,
            scores={},
            winners=[],
            finished=False,
        )
    with pytest.raises(UnknownGame, match="no table number 99"):
        book.table_record(99)
    with pytest.raises(BookError, match="a different one of its class"):
        book.record_table("5b", "lama", students=[ann.id, kim.id], **keep)
    with pytest.raises(BookError, match="one student, or a computer, a seat"):
        book.record_table("5b", "lama", students=[ann.id], **keep)
    with pytest.raises(BookError, match="a table plays lama, lama_dice, unikat, not 'mam'"):
        book.record_table("5b", "mam", students=[ann.id, None], **keep)
    with pytest.raises(UnknownClass):
        book.record_table("7c", "lama", students=[ann.id, None], **keep)


def test_the_decisions_are_kept_once_with_their_values_and_exported(book):
    table, number = kept_table(book)
    decisions = [d for review in table.reviews().values() for d in review.decisions]
    assert book.record_decisions(number, decisions) == 0, "a review kept again adds nothing"
    (room,) = json.loads(book.export("5b", "json"))["classes"]
    (kept,) = room["tables"]
    assert kept["seats"] == ["Ann", None, "Bo"] and kept["game"] == "lama_dice"
    assert [d["seq"] for d in kept["decisions"]] == sorted(d.number for d in decisions)
    by_move = {d.number: d for d in decisions}
    for line in kept["decisions"]:
        decision = by_move[line["seq"]]
        assert {k: Fraction(v) for k, v in line["values"].items()} == decision.values
        assert line["cost"] == round(float(decision.cost), 4)
        assert line["student"] == (None if decision.player == "Computer 1" else decision.player)
        assert (line["exact"], line["stand_in"]) == (decision.exact, decision.stand_in)
    polish = book.export("5b", "csv", language="pl")
    lines = [line for line in polish.splitlines() if line.startswith("table-decision;")]
    assert len(lines) == len(decisions)
    costly = max(decisions, key=lambda d: d.cost)
    assert str(round(float(costly.cost), 4)).replace(".", ",") in polish


def test_a_forgotten_student_s_seat_keeps_the_game_for_the_classmates(book):
    table, number = kept_table(book)
    ann_decisions = [d for d in table.reviews()["Ann"].decisions]
    book.forget("5b", "Bo")
    kept = book.table_record(number)
    assert kept.settings["players"] == ["Ann", "Computer 1", "Seat 3"]
    assert kept.students == [kept.students[0], None, None] and "Bo" not in kept.scores
    again = replay(kept.game, kept.settings, kept.seed, kept.moves)
    assert list(again.scores().values()) == list(table.game.scores().values())
    (room,) = json.loads(book.export("5b", "json"))["classes"]
    left = [d for d in room["tables"][0]["decisions"] if d["student"]]
    assert {d["student"] for d in left} == {"Ann"} and len(left) == len(ann_decisions)
    assert "Bo" not in json.dumps(room)


def test_a_forget_reaches_the_tables_in_a_copy_made_before_an_upgrade(tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        kept_table(book, "unikat")
    copy = tmp_path / "classbook.sqlite.0008.bak"
    copy.write_bytes((tmp_path / "classbook.sqlite").read_bytes())
    with Book(url) as book:
        book.forget("5b", "Bo")
    with closing(sqlite3.connect(copy)) as kept:
        (settings,) = kept.execute("SELECT settings FROM play_tables").fetchone()
        assert json.loads(settings)["players"] == ["Ann", "Computer 1", "Seat 3"]
        seats = kept.execute("SELECT student_id FROM play_seats ORDER BY seat").fetchall()
        assert seats == [(1,), (None,), (None,)]
        theirs = "SELECT count(*) FROM play_decisions WHERE student_id = 2"
        assert kept.execute(theirs).fetchone() == (0,)
        assert kept.execute("SELECT nickname FROM students").fetchall() == [("Ann",)]


def test_purge_takes_a_table_last_played_long_ago_with_all_it_holds(book, school_clock):
    table, number = kept_table(book)
    kept = book.table_record(number)
    decisions = len(json.loads(book.export("5b", "json"))["classes"][0]["tables"][0]["decisions"])
    school_clock.wind(days=400)
    ann = book.join("5b", "Ann", "cookie-1")  # Ann is seen again, Bo only at a new table
    bo = kept.students[2]
    book.record_table(
        "5b",
        "lama",
        settings={**table.settings, "players": ["Ann", "Bo"]},
        seed=1,
        students=[ann.id, bo],
        away_seconds=30,
    )
    went = book.purge(365)
    assert went == 1 + 3 + len(kept.moves) + decisions  # the old table, its seats, moves, …
    with pytest.raises(UnknownGame):
        book.table_record(number)
    (room,) = json.loads(book.export("5b", "json"))["classes"]
    assert [s["nickname"] for s in room["students"]] == ["Ann", "Bo"]
    assert [t["seats"] for t in room["tables"]] == [["Ann", "Bo"]]
    school_clock.wind(days=400)
    assert book.purge(365) == 1 + 2 + 2 + 2 + 1  # that table, its seats, each student and
    # their device, the class


def test_mathcards_book_export_carries_every_decision_at_a_table_with_its_values(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        table, _number = kept_table(book)
    decisions = [d for review in table.reviews().values() for d in review.decisions]
    capsys.readouterr()
    assert main(["book", "export", "--db", url, "--class", "5b"]) == 0
    lines = list(csv.DictReader(io.StringIO(capsys.readouterr().out.removeprefix("\ufeff"))))
    played = [line for line in lines if line["record"] == "table-decision"]
    assert [int(line["seq"]) for line in played] == sorted(d.number for d in decisions)
    by_move = {d.number: d for d in decisions}
    for line in played:
        decision = by_move[int(line["seq"])]
        values = {choice: Fraction(value) for choice, value in json.loads(line["values"]).items()}
        assert values == decision.values and line["chosen"] == decision.chosen
        assert float(line["cost"]) == round(float(decision.cost), 4)
        assert line["game"] == "lama_dice" and line["class"] == "5b"
