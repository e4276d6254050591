"""Playing at tables in the class service, over real HTTP on a real class book (issue 53): the
teacher makes two tables of three from the six students in the room, every move is sent by a
student's page, checked by the engine in the service and kept before it is acknowledged, each
seat sees its own table and hand only, a page that stops asking is away and the expert moves
for it, the reviews and the debrief come at the end; a new service on the same book has the
tables back."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
import tornado.web

from mathcards.book import Book
from mathcards.classroom.play import calls as play_calls
from mathcards.classroom.play.keeper import TableKeeper
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.server.clients import Pace
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher_page
from mathcards.review import ScoredDecision
from tests.classroom import threaded
from tests.classroom.threaded import serving

SIX = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
CODE = "TEACHER7KQ"


def asked(path: str, after: int | None) -> str:
    """A long-poll's address: at once without `after`."""
    return path if after is None else f"{path}?after={after}"


class PlayClass:
    """The class service with its tables, on a port; each student a browser with a ticket."""

    def __init__(self, book_url: str, **keeping: Any) -> None:
        self.book_url = book_url
        self.service = ClassService(Book.create(book_url), "5b")
        self.service.calls = Pace(100_000, 10.0)  # these students play faster than fingers
        self.keeper = TableKeeper(self.service, **keeping)
        self.teacher = self.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
        self.tickets: dict[str, str] = {}

    def app(self, _port: int) -> tornado.web.Application:
        routes = [
            *book_calls.routes(self.service),
            *play_calls.routes(self.service, keeper=self.keeper),
            *teacher_page.routes(self.service, CODE),
        ]
        return tornado.web.Application(routes, cookie_secret="secret")

    def teacher_reads(self, path: str = "") -> str:
        """The teacher's page (or its export, `/export?format=json`), as the teacher's browser
        reads it."""
        cookies = {"mathcards-teacher": CODE}
        status, _headers, body = threaded.get(self.port, teacher_page.TEACHER + path, cookies)
        assert status == 200, status
        return body

    def call(self, path: str, ticket: str, sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{API}{path}", sent, **{TICKET_HEADER: ticket})

    def ok(self, path: str, ticket: str, sent: Any = None) -> Any:
        code, answer = self.call(path, ticket, sent)
        assert code == 200, (path, code, answer)
        return answer["result"]

    def joins(self, *names: str) -> None:
        """Each student joins the class and opens the tables' page (asks what they see)."""
        for name in names:
            ticket = self.service.tickets.issue(f"device-of-{name.lower()}-0123456789")
            self.ok("join", ticket, {"nickname": name})
            self.tickets[name] = ticket
            assert self.ok("play/me", ticket)["table"] is None

    def me(self, name: str, after: int | None = None) -> Any:
        return self.ok(asked("play/me", after), self.tickets[name])

    def wall(self, after: int | None = None) -> Any:
        return self.ok(asked("play/wall", after), self.teacher)

    def to_move(self, table: dict[str, Any]) -> str | None:
        """The student whose turn it is at this table (their name is their player's)."""
        movers = [name for name in table["to_move"] if name in self.tickets]
        return movers[0] if movers else None

    def move(self, name: str, move: dict[str, Any], seen: int) -> tuple[int, Any]:
        return self.call("play/moves", self.tickets[name], {"move": move, "seen": seen})


@pytest.fixture
def tables(tmp_path):
    served = PlayClass(f"sqlite:///{tmp_path / 'book.sqlite'}", pace=0.0, gone=60.0)
    with serving(served.app) as port:
        served.port = port
        yield served


def play_to_the_end(tables: PlayClass, names: tuple[str, ...]) -> int:
    """Each student moves when it is their turn (their first legal move: a roll, a card),
    anyone deals the next round, until every table is over; how many moves were sent."""
    sent = 0
    for _turn in range(5000):
        playing = [table for table in tables.wall()["tables"] if not table["over"]]
        if not playing:
            return sent
        for table in playing:
            name = tables.to_move(table) or table["seats"][0]["player"]  # or the next round
            view = tables.me(name)
            code, answer = tables.move(name, view["legal"][0], view["table"]["moves"])
            assert code == 200, answer
            sent += 1
    raise AssertionError("the tables never ended")


def test_two_tables_of_three_play_lama_dice_to_the_end_and_everyone_has_a_review(tables):
    tables.joins(*SIX)
    assert tables.wall()["room"] == list(SIX)
    code, refused = tables.call("play/wall", tables.tickets["Ada"])
    assert (code, refused) == (403, {"error": "not-teacher"})
    started = tables.ok("play/tables", tables.teacher, {"game": "lama_dice", "size": 3})
    assert [len(table["seats"]) for table in started["tables"]] == [3, 3]
    seated = sorted(seat["player"] for t in started["tables"] for seat in t["seats"])
    assert seated == sorted(SIX), "everyone in the room at one table, no computer"

    ada = tables.me("Ada")
    assert ada["player"] == "Ada" and ada["table"]["game"] == "lama_dice"
    assert ada["view"]["viewer"] == "Ada" and set(ada["view"]["rows"]) == {
        seat["player"] for seat in ada["table"]["seats"]
    }
    mover = tables.to_move(ada["table"])
    other = next(s["player"] for s in ada["table"]["seats"] if s["player"] != mover)
    code, refused = tables.move(other, {"move": "roll"}, 0)
    assert (code, refused) == (409, {"error": "illegal-move"}), "not their turn"
    roll = {"move": "roll"}
    first = tables.ok("play/moves", tables.tickets[mover], {"move": roll, "seen": 0})
    assert first["table"]["moves"] == 1 and first["table"]["newest"][0]["player"] == mover
    again = tables.ok("play/moves", tables.tickets[mover], {"move": roll, "seen": 0})
    assert again["table"]["moves"] == 1, "a move sent again is acknowledged, not made twice"
    code, refused = tables.move(mover, {"move": "quit"}, 0)
    assert (code, refused) == (409, {"error": "out-of-step"}), "made on a table that moved on"
    kept = tables.service.book_of().table_record(ada["table"]["table"])
    assert kept.moves == [roll] and kept.movers == [kept.settings["players"].index(mover) + 1]

    play_to_the_end(tables, SIX)
    wall = tables.wall()
    assert all(table["over"] and table["winners"] for table in wall["tables"])
    decisions = 0
    for name in SIX:
        view = tables.me(name)
        review = view["review"]
        assert review is not None and 0 <= review["accuracy"] <= 100
        assert review["decisions"] >= review["matched"] and len(review["costliest"]) <= 3
        assert all(d["player"] == name for d in review["costliest"])
        decisions += review["decisions"]
        last = tables.ok(f"play/review?frame={review['frames'] - 1}", tables.tickets[name])
        assert last["number"] == last["of"] == view["table"]["moves"]
        assert last["view"]["viewer"] == name
    debrief = wall["debrief"]
    assert debrief["tables_over"] == 2 and debrief["decisions"] == decisions
    assert debrief["named"] is None, "no name until the teacher shows it"
    named = tables.ok("play/debrief", tables.teacher, {"named": True})["debrief"]
    if debrief["costliest"] is not None:
        assert named["named"] == debrief["costliest"]["player"]
        values = debrief["costliest"]["values"]
        worst = ScoredDecision(**{**debrief["costliest"], "values": values})
        assert worst.game == "lama_dice" and set(values) == {"roll", "quit"}
    kept = [tables.service.book_of().table_record(t["table"]) for t in wall["tables"]]
    assert [len(record.moves) for record in kept] == [t["moves"] for t in wall["tables"]]
    assert all(record.finished for record in kept)

    page = tables.teacher_reads()
    assert "Playing at tables" in page and "LAMA Dice" in page
    for name in SIX:
        assert f"<td>{name}</td><td>1</td>" in page, name  # each student's line: one game
    exported = json.loads(tables.teacher_reads("/export?format=json"))
    played = exported["classes"][0]["tables"]
    assert len(played) == 2 and sum(len(t["decisions"]) for t in played) == decisions
    assert all(set(d["values"]) == {"roll", "quit"} for t in played for d in t["decisions"])


def test_each_seat_sees_its_own_hand_and_the_wall_none(tables):
    tables.joins("Gus", "Hal", "Ivy")
    by_hand = {"game": "lama", "tables": [["Gus", "Hal"], ["Ivy"]], "computers": False}
    started = tables.ok("play/tables", tables.teacher, by_hand)
    seats = [[seat["player"] for seat in table["seats"]] for table in started["tables"]]
    assert seats[0] == ["Gus", "Hal"] and seats[1][0] == "Ivy" and len(seats[1]) == 2
    assert started["tables"][1]["seats"][1]["computer"], "a table of one gets a computer"
    assert "hand" not in json.dumps(started), "no hand on the wall"
    gus, hal = tables.me("Gus"), tables.me("Hal")
    assert gus["view"]["viewer"] == "Gus" and hal["view"]["viewer"] == "Hal"
    assert gus["table"] == hal["table"], "the shared parts the same for both"
    assert gus["table"]["shared"]["seats"][1]["cards"] == len(hal["view"]["hand"])
    assert "hand" not in json.dumps(gus["table"])
    ivy = tables.me("Ivy")
    assert ivy["table"]["number"] == 2 and "Gus" not in json.dumps(ivy)

    code, refused = tables.call(
        "play/tables", tables.teacher, {"game": "lama", "tables": [["Gus", "Zed"]]}
    )
    assert code == 400 and "'Zed' is not in the room" in refused["detail"]
    code, refused = tables.call("play/tables", tables.teacher, {"game": "unikat", "size": 7})
    assert code == 400 and refused["detail"] == "a table has 2 to 6 seats"
    assert tables.wall()["tables"] == started["tables"], "a refused start changes nothing"


def test_a_new_service_on_the_same_book_has_the_tables_back(tables):
    tables.joins("Jo", "Kay")
    tables.ok("play/tables", tables.teacher, {"game": "lama_dice", "size": 2})
    mover = tables.to_move(tables.me("Jo")["table"])
    assert mover is not None
    view = tables.me(mover)
    tables.ok("play/moves", tables.tickets[mover], {"move": view["legal"][0], "seen": 0})
    before = {name: tables.me(name) for name in ("Jo", "Kay")}

    restarted = PlayClass(tables.book_url, pace=0.0, gone=60.0)
    restarted.tickets = {
        name: restarted.service.tickets.issue(f"device-of-{name.lower()}-0123456789")
        for name in ("Jo", "Kay")
    }
    with serving(restarted.app) as port:
        restarted.port = port
        for name in ("Jo", "Kay"):
            after = restarted.me(name)
            assert after["version"] > before[name]["version"], "a page's after is behind"
            for part in ("table", "player", "view", "legal", "sitting"):
                assert after[part] == before[name][part], part
        view = restarted.me(mover)
        moved = restarted.ok(
            "play/moves",
            restarted.tickets[mover],
            {"move": view["legal"][0], "seen": view["table"]["moves"]},
        )
        assert moved["table"]["moves"] == 2


def test_a_page_that_stops_asking_is_away_the_expert_moves_for_it_and_it_comes_back(tmp_path):
    served = PlayClass(f"sqlite:///{tmp_path / 'book.sqlite'}", pace=0.0, gone=0.3, wait=2.0)
    with serving(served.app) as port:
        served.port = port
        served.joins("Lu", "Mo")
        sitting = {"game": "lama_dice", "size": 2, "away_seconds": 0}
        started = served.ok("play/tables", served.teacher, sitting)
        first = started["tables"][0]["to_move"][0]
        sleeper = "Mo" if first == "Lu" else "Lu"
        awake = first
        stop = threading.Event()

        def keep_asking() -> None:  # the awake student's page asks, as a page does
            after = None
            while not stop.is_set():
                after = served.me(awake, after)["version"]

        asking = threading.Thread(target=keep_asking, daemon=True)
        asking.start()
        try:
            view = served.me(awake)
            served.ok("play/moves", served.tickets[awake], {"move": {"move": "quit"}, "seen": 0})
            wall, after = served.wall(), None
            for _wait in range(60):  # each a long-poll of at most 2 s: until the expert moved
                wall = served.wall(after)
                after = wall["version"]
                table = wall["tables"][0]
                if any(move["stand_in"] for move in table["newest"]):
                    break
            table = wall["tables"][0]
            away = {seat["player"]: seat["away"] for seat in table["seats"]}
            assert away == {awake: False, sleeper: True}
            stand_ins = [m for m in table["newest"] if m["stand_in"]]
            assert stand_ins and all(m["player"] == sleeper for m in stand_ins)
            back = served.me(sleeper)
            assert {s["player"]: s["away"] for s in back["table"]["seats"]}[sleeper] is False
        finally:
            stop.set()
            asking.join(10)
        assert view["table"]["moves"] == 0
        record = served.service.book_of().table_record(table["table"])
        assert record.stand_ins and all(record.movers[n - 1] for n in record.stand_ins)
