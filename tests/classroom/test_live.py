"""The live calls over real HTTP, on a real class book (an SQLite file), served on a thread of
its own as `mathcards serve` serves them (the kernels' door, with its lanes): a teacher's
ticket for the projector's calls, a round raced by the class and judged in order of arrival,
each student seeing only their own answers, a restart that gives the same game back, a
countdown on the service's clock, and a book that is down costing one refusal."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import tornado.web
from sqlalchemy import event
from sqlalchemy import text as sql

from mathcards.book import Book, BookUnavailable, head, upgrade
from mathcards.book.database import book_url as parse
from mathcards.book.database import make_engine
from mathcards.book.schema import migrate
from mathcards.classroom.live import room as poll
from mathcards.classroom.live import rooms
from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.server.clients import TEACHER_COOKIE, remember_device
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.service.door import Door
from mathcards.classroom.service.tickets import hand_ticket
from mathcards.mam.live import LiveGame
from mathcards.mam.solver import simplest
from tests.classroom import threaded
from tests.classroom.threaded import serving

GAME = {"level": "normal", "rounds": 3, "scoring": "rulebook", "seed": 7}
AT = {"at": "2026-09-01 08:00:00"}


class Wall:
    """The service's clock in a test: seconds that move only when the test winds them."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Class:
    """A class service with its live game on a port; kernels' calls to it, by ticket."""

    def __init__(self, book_url: str, port_of: Any = None) -> None:
        self.url, self.wall = book_url, Wall()

    def serve(self):
        self.service = ClassService(Book.create(self.url), "5b")
        opened = rooms.open_rooms(self.service, self.wall)
        self.live = opened.mam
        routes = [*book_calls.routes(self.service), *rooms.routes(opened)]
        door = Door(routes, lanes=rooms.lanes(opened))  # as `mathcards serve` has it
        return serving(lambda _port: threaded.AtTheDoor(door))

    def call(self, path: str, ticket: str, sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{API}live/{path}", sent, **{TICKET_HEADER: ticket})

    def ok(self, path: str, ticket: str, sent: Any = None) -> Any:
        code, answer = self.call(path, ticket, sent)
        assert code == 200, (path, code, answer)
        return answer["result"]

    def student(self, nickname: str) -> str:
        """A student's page: in the class book, and in the live game if there is one."""
        ticket = self.service.tickets.issue(f"device-of-{nickname}-0123456789")
        joined = threaded.call(
            self.port, f"{API}join", {"nickname": nickname}, **{TICKET_HEADER: ticket}
        )
        assert joined == (200, {"result": nickname})  # the class book first, as a page joins
        code, _ = self.call("join", ticket, {})
        assert code == 200 or self.ok("state", self.teacher())["game"] is None
        return ticket

    def teacher(self) -> str:
        return self.service.tickets.issue("device-of-the-teacher-0123", teacher=True)


def right(view: dict[str, Any]) -> str:
    deal = view["round"]
    found = simplest(deal["cards"], deal["target"], power=deal["power"])
    assert found is not None
    return found.text


def wrong(view: dict[str, Any]) -> str:
    """A readable answer that makes another number."""
    one, two = view["round"]["cards"][:2]
    return f"{one}+{two}" if one + two != view["round"]["target"] else f"{one}*{two}"


def until_waiting(room: Class, name: str | None, polling: threading.Thread) -> None:
    """Until the poll of student `name` (None: a browser not in the room yet) waits at the
    service, or it was answered: a condition, looked at for 30 s at most."""
    for _ in range(3000):
        if name in room.live.waiting or not polling.is_alive():
            return
        polling.join(0.01)
    raise AssertionError(f"the poll of {name} neither waits nor was answered")


def test_only_a_teachers_ticket_makes_the_teachers_calls(room):
    ola = room.student("Ola")
    assert room.call("state", ola) == (403, {"error": "not-teacher"})
    for call in ("games", "rounds", "reveal", "pause", "lock", "remove", "finish"):
        assert room.call(call, ola, {}) == (403, {"error": "not-teacher"}), call
    assert room.call("state", "made-up") == (401, {"error": "no-ticket"})
    room.service.class_url = "http://10.0.0.5:8866/?class=K7Q2HM"
    state = room.ok("state", room.teacher())
    assert (state["game"], state["phase"], state["board"]) == (None, None, [])
    assert state["class_url"] == room.service.class_url, "the projector shows where to join"
    assert "K7Q2HM" not in json.dumps(room.ok("me", ola)), "a student's page is not told it"


class Page(tornado.web.RequestHandler):
    def get(self) -> None:
        tickets = self.application.settings["service"].tickets
        ticket = hand_ticket(self, tickets, remember_device(self))
        tickets.admit(ticket)  # the page has its kernel (here: none to end)
        self.finish({"ticket": self.request.headers.get(TICKET_HEADER, "")})


def test_a_page_opened_with_the_teachers_cookie_gets_a_teachers_ticket():
    class_service = ClassService(None, "5b", teacher_code="the-teachers-code")
    pages = tornado.web.Application([("/", Page)], service=class_service)
    with serving(lambda _port: pages) as port:

        def ticket(cookie: str | None) -> str:
            cookies = {TEACHER_COOKIE: cookie} if cookie else None
            return threaded.get(port, "/", cookies)[2].split('"')[3]

        assert class_service.tickets.is_teacher(ticket("the-teachers-code"))
        assert not class_service.tickets.is_teacher(ticket("a-guess"))
        assert not class_service.tickets.is_teacher(ticket(None))


def test_a_round_the_first_right_answer_wins_and_a_wrong_one_is_told_only_to_its_sender(room):
    teacher = room.teacher()
    started = room.ok("games", teacher, GAME)
    assert started["phase"] == "lobby" and started["settings"] == GAME
    ola, kim, ala = (room.student(name) for name in ("Ola", "Kim", "Ala"))
    assert room.ok("state", teacher)["room"] == ["Ola", "Kim", "Ala"]
    opened = room.ok("rounds", teacher, {})
    assert opened["round"]["number"] == 1 and opened["round"]["seconds_left"] is None

    seen = room.ok("me", ola)
    assert seen["round"] == opened["round"] and seen["joined"] and seen["name"] == "Ola"
    mistake = room.ok("answers", kim, {"text": wrong(seen)})
    assert (mistake["correct"], mistake["points"], mistake["first"]) == (False, 0, False)
    assert mistake["given"] == 2  # a card to Ola and to Ala
    assert room.call("answers", kim, {"text": right(seen)}) == (409, {"error": "had-claim"})
    won = room.ok("answers", ola, {"text": right(seen)})
    assert won["correct"] and won["first"] and won["points"] > 0 and won["seq"] > mistake["seq"]
    late = room.ok("answers", ala, {"text": right(seen)})
    assert late["correct"] and not late["first"] and late["points"] == 0

    state = room.ok("state", teacher)
    assert [(row["name"], row["correct"]) for row in state["board"]] == [
        ("Kim", False),
        ("Ola", True),
        ("Ala", True),
    ]
    assert state["answered"] == 3
    points = {row["name"]: row["points"] for row in state["leaderboard"]}
    assert points == {"Ola": won["points"] + 1, "Ala": 1, "Kim": 0}  # Kim's claim: a card each
    kims = room.ok("me", kim)
    assert [mine["text"] for mine in kims["mine"]] == [wrong(seen)]
    assert right(seen) not in str(kims) and "Ola" not in str(kims)  # never another's answer
    olas = room.ok("me", ola)
    assert [mine["correct"] for mine in olas["mine"]] == [True] and olas["place"] == 1
    assert wrong(seen) not in str(olas) and "Kim" not in str(olas)

    room.ok("reveal", teacher, {})
    over = room.ok("finish", teacher, {})
    assert over["phase"] == "over" and over["podium"][0]["name"] == "Ola"
    assert room.ok("me", kim)["podium"] == over["podium"]


def test_a_wrong_claim_once_the_round_is_won_says_it_gave_no_one_a_card(room):
    """The service tells the page what the wrong claim did (the page never guesses it)."""
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    ola, kim = room.student("Ola"), room.student("Kim")
    seen = room.ok("rounds", teacher, {})
    won = room.ok("answers", ola, {"text": right(seen)})
    before = {row["name"]: row["points"] for row in room.ok("state", teacher)["leaderboard"]}
    late = room.ok("answers", kim, {"text": wrong(seen)})
    assert (late["correct"], late["points"], late["given"]) == (False, 0, 0)
    assert [mine["given"] for mine in room.ok("me", kim)["mine"]] == [0]
    after = {row["name"]: row["points"] for row in room.ok("state", teacher)["leaderboard"]}
    assert after == before == {"Ola": won["points"], "Kim": 0}


def test_the_refusals_are_the_engines_reasons(room):
    teacher, ola = room.teacher(), room.student("Ola")
    assert room.call("answers", ola, {"text": "1+1"}) == (409, {"error": "no-game"})
    assert room.call("rounds", teacher, {}) == (409, {"error": "no-game"})
    assert room.call("games", teacher, {**GAME, "scoring": "fastest"})[0] == 400
    room.ok("games", teacher, GAME)
    assert room.call("answers", ola, {"text": "1+1"}) == (409, {"error": "not-joined"})
    room.ok("join", ola, {})
    assert room.call("answers", ola, {"text": "1+1"}) == (409, {"error": "no-round"})
    view = room.ok("rounds", teacher, {})
    room.ok("pause", teacher, {})
    assert room.call("answers", ola, {"text": right(view)}) == (409, {"error": "paused"})
    room.ok("resume", teacher, {})
    room.ok("answers", ola, {"text": right(view)})
    assert room.call("answers", ola, {"text": right(view)}) == (409, {"error": "already-right"})
    room.ok("lock", teacher, {"locked": True})
    kim = room.service.tickets.issue("device-of-Kim-0123456789")
    assert room.call("join", kim, {"nickname": "Kim"}) == (409, {"error": "locked"})
    room.ok("remove", teacher, {"name": "Ola"})
    assert room.ok("state", teacher)["room"] == []
    assert room.call("rounds", teacher, {"seconds": -3}) == (400, {"error": "bad-request"})
    assert room.call("answers", ola, {"text": "1"}) == (409, {"error": "removed"})


def test_thirty_answers_at_once_are_all_judged_in_order_of_arrival(room):
    teacher = room.teacher()
    room.ok("games", teacher, {**GAME, "scoring": "every"})
    tickets = [room.student(f"Student {n}") for n in range(30)]
    view = room.ok("rounds", teacher, {})

    def answer(n: int) -> dict[str, Any]:
        return room.ok("answers", tickets[n], {"text": right(view) if n % 3 else wrong(view)})

    with ThreadPoolExecutor(max_workers=30) as students:
        verdicts = list(students.map(answer, range(30)))
    board = room.ok("state", teacher)["board"]
    assert len(board) == 30 and sorted(row["seq"] for row in board) == [r["seq"] for r in board]
    assert {row["seq"]: row["name"] for row in board} == {
        verdict["seq"]: f"Student {n}" for n, verdict in enumerate(verdicts)
    }
    assert [v["correct"] for v in verdicts] == [bool(n % 3) for n in range(30)]
    first = min((row for row in board if row["correct"]), key=lambda row: row["seq"])
    assert [row for row in board if row["first"]] == [first]  # the first to arrive, not to send


def kept_by_revision_0003(url: str, texts: list[tuple[str, str, str]]) -> None:
    """A class book as the version before the payloads kept a live MAM! game of GAME: each
    event's (kind, name, text), the text's form hung on its kind; each name a student of the
    class (who joined the class book as they came into the room)."""
    engine = make_engine(parse(url))
    with engine.connect() as connection:
        migrate(connection, "0003")
        connection.execute(sql("INSERT INTO classes (id, name, created) VALUES (1, '5b', :at)"), AT)
        for name in dict.fromkeys(name for _kind, name, _text in texts if name):
            connection.execute(
                sql(
                    "INSERT INTO students (class_id, nickname, nickname_key, created)"
                    " VALUES (1, :name, :key, :at)"
                ),
                {"name": name, "key": name.casefold(), **AT},
            )
        connection.execute(
            sql("INSERT INTO live_games VALUES (1, 1, 'mam', :settings, :at)"),
            {"settings": json.dumps(GAME), **AT},
        )
        for seq, (kind, name, text) in enumerate(texts, start=1):
            connection.execute(
                sql("INSERT INTO live_events VALUES (:seq, 1, :seq, :kind, :name, :text, :at)"),
                {"seq": seq, "kind": kind, "name": name, "text": text, **AT},
            )
        connection.commit()
    engine.dispose()


def test_a_game_kept_before_the_payloads_is_the_same_game_after_the_upgrade(tmp_path):
    """A live game the version before kept (revision 0003) replays as it was played: its room,
    its lock, its answers judged in their order, its countdown paused with its seconds left."""
    deal = LiveGame(GAME["level"], GAME["rounds"], GAME["seed"], GAME["scoring"]).deals[0]
    found = simplest(deal.cards, deal.target, power=deal.power)
    assert found is not None
    one, two = deal.cards[:2]
    mistake = f"{one}+{two}" if one + two != deal.target else f"{one}*{two}"
    url = f"sqlite:///{tmp_path / 'book.sqlite'}"
    kept_by_revision_0003(
        url,
        [
            ("start", "", json.dumps(GAME)),
            ("join", "Ola", ""),
            ("join", "Kim", ""),
            ("lock", "", "1"),
            ("open", "", "1000060.0"),
            ("answer", "Kim", mistake),
            ("answer", "Ola", found.text),
            ("pause", "", "45.0"),
        ],
    )
    assert upgrade(url).after == head()
    again = Class(url)
    with again.serve() as port:
        again.port = port
        state = again.ok("state", again.teacher())
    assert (state["phase"], state["locked"], state["room"]) == ("paused", True, ["Ola", "Kim"])
    assert state["round"]["number"] == 1 and state["round"]["seconds_left"] == 45
    assert [(row["name"], row["correct"], row["first"]) for row in state["board"]] == [
        ("Kim", False, False),
        ("Ola", True, True),
    ]
    assert state["version"] == 8 and state["settings"] == GAME


def test_a_restart_gives_the_same_game_and_scores(room, tmp_path):
    teacher = room.teacher()
    room.ok("games", teacher, {**GAME, "seed": None})
    ola, kim = room.student("Ola"), room.student("Kim")
    view = room.ok("rounds", teacher, {"seconds": 60})
    room.ok("answers", kim, {"text": wrong(view)})
    room.ok("answers", ola, {"text": right(view)})
    room.wall.now += 15
    before = room.ok("state", teacher)
    assert isinstance(before["settings"]["seed"], int)  # the service picked one

    again = Class(room.url)
    again.wall.now = room.wall.now
    with again.serve() as port:
        again.port = port
        after = again.ok("state", again.teacher())
        assert after == before and after["round"]["seconds_left"] == 45
        ola_again = again.service.tickets.issue("device-of-Ola-0123456789")  # the page reloaded
        me = again.ok("me", ola_again)
        assert me["joined"] and me["points"] == before["leaderboard"][0]["points"]
        assert me["mine"][0]["correct"]
        nina = again.student("Nina")
        assert again.ok("answers", nina, {"text": right(view)})["seq"] > before["version"]


def test_the_countdown_runs_on_the_services_clock_and_stops_for_a_pause(room):
    teacher, ola = room.teacher(), room.student("Ola")
    room.ok("games", teacher, GAME)
    room.ok("join", ola, {})
    view = room.ok("rounds", teacher, {"seconds": 30})
    assert view["round"]["seconds_left"] == 30
    room.wall.now += 10
    assert room.ok("pause", teacher, {})["round"]["seconds_left"] == 20
    room.wall.now += 500
    assert room.ok("me", ola)["round"]["seconds_left"] == 20
    assert room.ok("resume", teacher, {})["round"]["seconds_left"] == 20
    room.wall.now += 20
    assert room.ok("me", ola)["phase"] == "closed"
    assert room.call("answers", ola, {"text": right(view)}) == (409, {"error": "no-round"})
    assert room.ok("reveal", teacher, {})["phase"] == "revealed"


def test_the_teacher_gives_a_round_more_time_or_turns_its_countdown_off(room):
    """WCAG 2.2.1: a class's time limit can be lengthened (+30 s, also once it is up: the round
    takes answers again) or turned off, on the service's clock; a restart keeps it."""
    teacher, ola = room.teacher(), room.student("Ola")
    room.ok("games", teacher, GAME)
    room.ok("join", ola, {})
    assert room.call("time", teacher, {"more": 30}) == (409, {"error": "no-round"})
    view = room.ok("rounds", teacher, {"seconds": 30})
    room.wall.now += 10
    assert room.ok("time", teacher, {"more": 30})["round"]["seconds_left"] == 50
    assert room.ok("me", ola)["round"]["seconds_left"] == 50
    room.ok("pause", teacher, {})
    assert room.ok("time", teacher, {"more": 30})["round"]["seconds_left"] == 80
    room.wall.now += 500
    assert room.ok("resume", teacher, {})["round"]["seconds_left"] == 80
    off = room.ok("time", teacher, {"off": True})
    assert off["phase"] == "open" and off["round"]["seconds_left"] is None
    room.wall.now += 3600
    assert room.ok("me", ola)["phase"] == "open", "no countdown: the round waits"
    assert room.ok("answers", ola, {"text": wrong(view)})["correct"] is False

    room.ok("reveal", teacher, {})
    view = room.ok("rounds", teacher, {"seconds": 10})
    room.wall.now += 11
    assert room.ok("me", ola)["phase"] == "closed"
    again = room.ok("time", teacher, {"more": 30})
    assert again["phase"] == "open" and again["round"]["seconds_left"] == 30
    assert room.ok("answers", ola, {"text": right(view)})["correct"], "time's up, then more"

    restarted = Class(room.url)
    restarted.wall.now = room.wall.now + 5
    with restarted.serve() as port:
        restarted.port = port
        state = restarted.ok("state", restarted.teacher())
        assert state["phase"] == "open" and state["round"]["seconds_left"] == 25


def test_a_change_of_time_is_the_teachers_and_says_what_it_is(room):
    teacher, ola = room.teacher(), room.student("Ola")
    room.ok("games", teacher, GAME)
    room.ok("rounds", teacher, {"seconds": 30})
    assert room.call("time", ola, {"more": 30}) == (403, {"error": "not-teacher"})
    for sent in ({}, {"more": 0}, {"more": -5}, {"more": True}, {"more": 4000}, {"off": False}):
        assert room.call("time", teacher, sent) == (400, {"error": "bad-request"}), sent
    assert room.call("time", teacher, {"more": 30, "off": True})[0] == 400
    room.ok("reveal", teacher, {})
    room.ok("rounds", teacher, {})
    untimed = room.ok("time", teacher, {"more": 30})
    assert untimed["phase"] == "open" and untimed["round"]["seconds_left"] is None, "none stays"


def test_a_long_poll_returns_at_the_next_change_or_at_once_when_behind(room, monkeypatch):
    teacher, ola = room.teacher(), room.student("Ola")
    version = room.ok("games", teacher, GAME)["version"]
    assert room.ok("me?after=0", ola)["version"] == version  # behind: at once
    answered: dict[str, Any] = {}
    polling = threading.Thread(
        target=lambda: answered.update(room.ok(f"me?after={version}", ola)), daemon=True
    )
    polling.start()
    room.ok("join", ola, {})
    polling.join(30)
    assert answered["version"] > version and answered["joined"]
    monkeypatch.setattr(poll, "LONGEST_WAIT", 0.01)
    unchanged = room.ok(f"state?after={answered['version']}", teacher)
    assert unchanged["version"] == answered["version"]


def test_a_page_waiting_when_its_student_joins_gets_their_own_view_at_once(room):
    """A student's page polls before its student has a name; the join answers that poll with
    the student's own view, not a stranger's (which would leave the page showing "join the
    class" for a whole poll, until the next change of the game)."""
    room.ok("games", room.teacher(), GAME)
    ticket = room.service.tickets.issue("device-of-Ola-0123456789")
    stranger = room.ok("me", ticket)
    assert (stranger["name"], stranger["joined"]) == (None, False)
    answered: dict[str, Any] = {}
    polling = threading.Thread(
        target=lambda: answered.update(room.ok(f"me?after={stranger['version']}", ticket)),
        daemon=True,
    )
    polling.start()
    until_waiting(room, None, polling)
    joined = room.ok("join", ticket, {"nickname": "Ola"})
    polling.join(30)
    assert (answered["name"], answered["joined"]) == ("Ola", True)
    assert answered["version"] == joined["version"]


def test_a_classmates_answer_wakes_only_the_polls_whose_view_it_changes(room):
    """A hall of 300 is not woken for each classmate's answer: Kim's page, polling, is not
    woken by Ola's wrong answer (scoring each right answer, Kim's view is the same: in the
    rulebook's, Kim would take a card), the projector's is; nor by Kim's own, whose reply is
    his view (one call an answer, not two); the reveal wakes it."""
    teacher = room.teacher()
    room.ok("games", teacher, {**GAME, "scoring": "every"})
    ola, kim = room.student("Ola"), room.student("Kim")
    seen = room.ok("rounds", teacher, {})
    version = room.ok("me", kim)["version"]
    polling = threading.Thread(target=lambda: room.ok(f"me?after={version}", kim), daemon=True)
    polling.start()
    until_waiting(room, "Kim", polling)
    kims = room.live.waiting["Kim"]
    projectors = room.live.waiting.setdefault(None, asyncio.Event())
    room.ok("answers", ola, {"text": wrong(seen)})  # answered once judged, kept and woken
    assert room.live.waiting.get("Kim") is kims and not kims.is_set()
    assert projectors.is_set()
    mine = room.ok("answers", kim, {"text": wrong(seen)})  # his own: the reply is his view
    assert [answer["text"] for answer in mine["seat"]["mine"]] == [wrong(seen)]
    assert room.live.waiting.get("Kim") is kims and not kims.is_set()
    room.ok("reveal", teacher, {})
    polling.join(30)
    assert not polling.is_alive() and kims.is_set()


def test_a_place_moved_while_a_round_is_raced_wakes_no_page_and_shows_at_its_next_look(room):
    """A hall's places move at every batch of right answers: Kim's page, polling, is not woken
    when Ola's answer takes his first place (as many cards, later: the rulebook's tie-break),
    and whatever his page asks next shows his place as it is now; the reveal wakes it."""
    teacher = room.teacher()
    room.ok("games", teacher, {**GAME, "scoring": "every"})
    kim, ola = room.student("Kim"), room.student("Ola")
    seen = room.ok("rounds", teacher, {})
    his = room.ok("answers", kim, {"text": right(seen)})["seat"]
    assert his["place"] == 1
    shown: dict[str, Any] = {}
    asked = f"me?after={his['version']}"
    polling = threading.Thread(target=lambda: shown.update(room.ok(asked, kim)), daemon=True)
    polling.start()
    until_waiting(room, "Kim", polling)
    kims = room.live.waiting["Kim"]
    assert room.ok("answers", ola, {"text": right(seen)})["seat"]["place"] == 1
    assert room.live.waiting.get("Kim") is kims and not kims.is_set(), "not woken"
    assert room.ok("me", kim)["place"] == 2, "his place as it is now"
    room.ok("reveal", teacher, {})
    polling.join(30)
    assert not polling.is_alive() and shown["place"] == 2 and shown["phase"] == "revealed"


def test_a_page_woken_by_a_round_its_answer_told_meanwhile_waits_on(room, monkeypatch):
    """A hall answers a round before the game is still: Kim's page, woken by the round's
    opening, lingers until the game is still; his answer's reply tells his page his view
    meanwhile, so once the game is still his poll is not answered that view again: it waits
    on, and the reveal answers it."""
    monkeypatch.setattr(poll, "QUIET", 600.0)  # the game still only when the test says so
    monkeypatch.setattr(poll, "MOST_STILL", 600.0)
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    kim = room.student("Kim")
    shown: dict[str, Any] = {}
    asked = f"me?after={room.ok('me', kim)['version']}"
    polling = threading.Thread(target=lambda: shown.update(room.ok(asked, kim)), daemon=True)
    polling.start()
    until_waiting(room, "Kim", polling)
    seen = room.ok("rounds", teacher, {})  # wakes it: it lingers until the game is still
    told = room.ok("answers", kim, {"text": wrong(seen)})["seat"]
    threaded.on_loop(room.port, room.live.settle)  # the game is still
    until_waiting(room, "Kim", polling)
    assert polling.is_alive() and not shown, "not answered the view his answer told"
    assert room.ok("me", kim)["version"] == told["version"]
    room.ok("reveal", teacher, {})
    threaded.on_loop(room.port, room.live.settle)
    polling.join(30)
    assert not polling.is_alive() and shown["phase"] == "revealed"


def test_a_book_that_is_down_costs_one_refusal_and_nothing_else(room, monkeypatch):
    teacher, ola, kim = room.teacher(), room.student("Ola"), room.student("Kim")
    room.ok("games", teacher, GAME)
    room.ok("join", ola, {}), room.ok("join", kim, {})
    view = room.ok("rounds", teacher, {})
    book = room.service.book_of()
    record = book.record_live

    def down_once(*args: Any, **kwargs: Any) -> None:
        monkeypatch.setattr(book, "record_live", record)
        raise BookUnavailable("the class book cannot be reached")

    monkeypatch.setattr(book, "record_live", down_once)
    assert room.call("answers", ola, {"text": right(view)}) == (503, {"error": "book-down"})
    state = room.ok("state", teacher)
    assert state["board"] == [] and all(row["points"] == 0 for row in state["leaderboard"])
    assert room.ok("answers", kim, {"text": right(view)})["first"]  # never happened, Ola's
    assert room.ok("answers", ola, {"text": right(view)})["points"] == 0


def test_a_service_without_a_book_refuses_every_live_call():
    class_service = ClassService(None, "5b", problem="the database is down")
    routes = rooms.routes(rooms.open_rooms(class_service))
    with serving(lambda _port: tornado.web.Application(routes)) as port:
        ticket = class_service.tickets.issue("device-of-ola-0123456789", teacher=True)
        for path, sent in (("me", None), ("state", None), ("games", GAME), ("join", {})):
            answer = threaded.call(port, f"{API}live/{path}", sent, **{TICKET_HEADER: ticket})
            assert answer == (503, {"error": "book-down"}), path


def test_a_commit_that_fails_shows_and_keeps_nothing_of_what_it_took(room):
    """The answers committed together: when their commit fails, none is acknowledged, the
    projector shows none, and the game goes on from what the book kept."""
    teacher, ola, kim = room.teacher(), room.student("Ola"), room.student("Kim")
    room.ok("games", teacher, GAME)
    room.ok("join", ola, {}), room.ok("join", kim, {})
    view = room.ok("rounds", teacher, {})
    failed = threading.Event()

    def fail_once(connection: Any) -> None:
        if connection.get_execution_options().get("writing") and not failed.is_set():
            failed.set()
            raise OSError("the disk went away")

    event.listen(room.service.book_of()._engine, "commit", fail_once)
    assert room.call("answers", ola, {"text": right(view)}) == (503, {"error": "book-down"})
    state = room.ok("state", teacher)
    assert state["board"] == [] and all(row["points"] == 0 for row in state["leaderboard"])
    assert room.ok("answers", kim, {"text": right(view)})["first"]  # never happened, Ola's
    assert room.ok("answers", ola, {"text": right(view)})["points"] == 0
