"""The live games in the class book, on SQLite and PostgreSQL: a game's events kept in order of
arrival and read back as they were, the newest game the class's, an arrival number kept once,
a student forgotten or a game too old taken out, and every event in the export."""

from __future__ import annotations

import csv
import io
import json

import pytest

from mathcards.book import BookError, LiveEvent
from mathcards.book.export import BOM

SETTINGS = {"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}


def test_a_live_games_events_come_back_in_order_of_arrival(book):
    assert book.newest_live("5b") is None
    book.join("5b", "Ann", "cookie-of-ann-0123456789")
    live = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start", "", {"settings": SETTINGS}))
    events = [
        LiveEvent(2, "join", "Ann"),
        LiveEvent(3, "open"),
        LiveEvent(4, "answer", "Ann", {"text": "9"}),
    ]
    for event in events:
        book.record_live(live, event)
    record = book.newest_live("5b")
    assert record is not None and (record.id, record.game, record.settings) == (
        live,
        "mam",
        SETTINGS,
    )
    assert record.events == [LiveEvent(1, "start", "", {"settings": SETTINGS}), *events]


def test_the_newest_game_is_the_classs_and_another_class_has_its_own(book):
    first = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start"))
    newer = book.start_live("5b", "mam", {**SETTINGS, "seed": 8}, LiveEvent(2, "start"))
    other = book.start_live("6a", "mam", SETTINGS, LiveEvent(1, "start"))
    assert first < newer
    assert book.newest_live("5b").id == newer and book.newest_live("6a").id == other


def test_an_arrival_number_is_kept_once_and_only_for_a_game_that_exists(book):
    book.join("5b", "Ann", "cookie-of-ann-0123456789")
    live = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start"))
    with pytest.raises(BookError):
        book.record_live(live, LiveEvent(1, "join", "Ann"))
    with pytest.raises(BookError, match="no live game number 99"):
        book.record_live(99, LiveEvent(2, "join", "Ann"))
    with pytest.raises(BookError, match="plays live the games mam, lama_dice, not 'chess'"):
        book.start_live("5b", "chess", SETTINGS, LiveEvent(3, "start"))


def test_events_are_kept_by_the_ids_the_caller_knows_and_a_forgotten_id_is_refused(book):
    """The class service hands in the ids it read (its roster number unchanged since): the
    book keeps the events under them without asking again; an id of a student forgotten
    meanwhile keeps nothing."""
    book.join("5b", "Ann", "cookie-of-ann-0123456789")
    book.join("5b", "Bob", "cookie-of-bob-0123456789")
    ids = book.student_ids("5b")
    live = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start"))
    swapped = {"Ann": ids["Bob"], "Bob": ids["Ann"]}  # the ids given are the ones kept
    book.record_live(live, LiveEvent(2, "join", "Ann"), LiveEvent(3, "join", "Bob"), ids=swapped)
    assert [e.name for e in book.newest_live("5b").events] == ["", "Bob", "Ann"]
    book.record_live(live, LiveEvent(4, "join", "Bob"), ids={})  # a name not given: looked up
    assert book.newest_live("5b").events[-1].name == "Bob"
    book.forget("5b", "Ann")
    with pytest.raises(BookError):
        book.record_live(live, LiveEvent(5, "open"), LiveEvent(6, "join", "Ann"), ids=ids)
    assert [e.seq for e in book.newest_live("5b").events] == [1, 2, 4]  # 3 was kept as Ann's


def test_a_forgotten_student_leaves_no_live_event_and_old_games_are_purged(book, school_clock):
    book.join("5b", "Ann", "cookie-of-ann-0123456789")
    book.join("5b", "Bob", "cookie-of-bob-0123456789")
    live = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start"))
    for seq, name in enumerate(["Ann", "Bob", "Ann"], start=2):
        book.record_live(live, LiveEvent(seq, "join", name))
    assert book.forget("5b", "Ann") == 4  # two events, a device, a student
    assert [e.name for e in book.newest_live("5b").events] == ["", "Bob"]
    school_clock.wind(days=400)
    assert book.purge(365) >= 2
    assert book.newest_live("5b") is None


def test_each_game_has_its_newest_live_game_and_all_are_kept(book):
    mam = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start"))
    first = book.start_live("5b", "lama_dice", {}, LiveEvent(1, "start"))
    second = book.start_live("5b", "lama_dice", {}, LiveEvent(5, "start"))
    assert book.newest_live("5b", "mam").id == mam
    assert book.newest_live("5b", "lama_dice").id == second
    assert book.newest_live("5b").id == second
    assert [r.id for r in book.live_records("5b", "lama_dice")] == [second, first]
    assert [r.id for r in book.live_records("5b")] == [second, first, mam]


def test_the_export_has_every_live_event_with_its_students_name_now(book):
    book.join("5b", "Ann", "cookie-of-ann-0123456789")
    live = book.start_live("5b", "mam", SETTINGS, LiveEvent(1, "start", "", {"settings": SETTINGS}))
    book.record_live(
        live, LiveEvent(2, "join", "Ann"), LiveEvent(3, "answer", "Ann", {"text": "=1+1"})
    )
    book.rename("5b", "Ann", "Hanna")
    lines = [
        line
        for line in csv.DictReader(io.StringIO(book.export("5b").removeprefix(BOM)))
        if line["live"]
    ]
    assert [(line["record"], line["kind"], line["student"]) for line in lines] == [
        ("live", "start", ""),
        ("live", "join", "Hanna"),
        ("live", "answer", "Hanna"),
    ]
    assert json.loads(lines[0]["payload"]) == {"settings": SETTINGS} and lines[0]["game"] == "mam"
    assert lines[2]["payload"] == '{"text":"=1+1"}' and lines[2]["at"].startswith("2026-09-01")
    (room,) = json.loads(book.export("5b", fmt="json"))["classes"]
    (game,) = room["live_games"]
    assert (game["live"], game["game"], game["settings"]) == (live, "mam", SETTINGS)
    assert [(e["seq"], e["student"], e["payload"]) for e in game["events"]][1:] == [
        (2, "Hanna", {}),
        (3, "Hanna", {"text": "=1+1"}),
    ]
