"""Issue #52: one room per live game, in process. Its typed methods take the caller as a
parameter and return the protocol's views; the laptop's handlers and the Hub's are the same
classes, each given how its caller is known (never a class made at run time); the class
service tells its rooms when the class book changes, through a typed list it is given."""

from __future__ import annotations

from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.hub import service as hub
from mathcards.classroom.live import lama_dice_room, mam_room, rooms
from mathcards.classroom.live.room import LiveRoom
from mathcards.classroom.play import calls as play_calls
from mathcards.classroom.play.keeper import TableKeeper
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.caller import Caller, NotTeacher
from mathcards.classroom.service.classservice import ClassService
from mathcards.room import LiveRefusal
from tests.classroom.test_live import GAME, Wall, right, wrong
from tests.classroom.threaded import run_apart

TEACHER = Caller("device-of-the-teacher-0123", teacher=True)
OLA, KIM = Caller("device-of-ola-0123456789"), Caller("device-of-kim-0123456789")


def played(scenario: Any) -> Any:
    """The scenario run to its end on a loop of its own (this thread may hold a browser's)."""
    return run_apart(scenario)


def test_a_round_called_in_process_each_caller_a_parameter(tmp_path):
    service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    room = rooms.open_rooms(service, Wall()).mam

    async def scenario() -> None:
        started = await room.new_game(TEACHER, GAME)
        assert started["phase"] == "lobby" and started["settings"] == GAME
        with pytest.raises(NotTeacher):
            await room.new_game(OLA, GAME)
        with pytest.raises(LiveRefusal) as refused:
            await room.answer(OLA, "1+1")
        assert refused.value.reason == "not-joined"
        assert (await room.join(OLA, "Ola"))["name"] == "Ola"
        assert (await room.join(KIM, "Kim"))["joined"]
        view = await room.next_round(TEACHER)
        with pytest.raises(ValueError):
            await room.next_round(TEACHER, 3601)  # a countdown is an hour at most
        lost = await room.answer(KIM, wrong(view))
        won = await room.answer(OLA, right(view))
        assert not lost["correct"] and lost["verdict"]["kind"] == "total"
        assert won["first"] and won["verdict"]["key"] == "correct"
        mine = await room.seat(OLA)
        assert [answer["seq"] for answer in mine["mine"]] == [won["seq"]]
        with pytest.raises(NotTeacher):
            await room.projector(OLA)
        shown = await room.reveal(TEACHER)
        assert shown["reveal"] is not None and shown["reveal"]["solutions"]
        over = await room.finish(TEACHER)
        assert over["podium"][0]["name"] == "Ola"

    played(scenario())


def test_the_hubs_calls_are_the_laptops_each_given_how_its_caller_is_known(tmp_path):
    service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens = hub.ServerTokens(hub_auth=None)
    app = hub.application(service, tokens, login=None, prefix="/services/mathcards/")
    every = [mam_room.CALLS, lama_dice_room.CALLS, book_calls.CALLS, play_calls.CALLS]
    ours = {call for calls in every for call in calls.values()}
    found = [rule.target for rule in app.wildcard_router.rules if rule.target in ours]
    assert len(found) == sum(len(calls) for calls in every)
    kinds = {type(rule.target_kwargs.get("identity")) for rule in app.wildcard_router.rules}
    assert hub.ByServerToken in kinds
    live, tables = service.rooms[:2], service.rooms[2:]
    assert all(isinstance(room, LiveRoom) for room in live), "both live games"
    assert [type(room) for room in tables] == [TableKeeper], "the tables, told as the rooms are"


def test_a_laptops_routes_and_a_hubs_reach_the_same_kind_of_room(tmp_path):
    service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    opened = rooms.open_rooms(service)
    routes = rooms.routes(opened)
    assert {settings["room"] for _path, _call, settings in routes} == {opened.mam, opened.guess}
    assert all(settings["identity"] is None for _path, _call, settings in routes)
    tornado.web.Application(routes)  # they serve as they are
