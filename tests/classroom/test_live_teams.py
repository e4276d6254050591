"""Teams in the live games over real HTTP, on a real class book: the teacher shuffles the room
into teams or makes them by hand (students by id), any member claims for the team, the first
claim counts and the others are told who claimed, the projector shows teams, the class book
keeps who claimed and for which team, and a restart gives the same teams back."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from mathcards.book.export import BOM
from mathcards.classroom.teacher import page as teacher
from tests.classroom import threaded
from tests.classroom.test_live import GAME, Class, right, wrong
from tests.classroom.test_presence import page


def ids_of(state: dict[str, Any]) -> dict[str, int]:
    return {m["name"]: m["id"] for team in state["teams"] for m in team["members"]}


def members(state: dict[str, Any]) -> list[list[str]]:
    return [[m["name"] for m in team["members"]] for team in state["teams"]]


def two_teams(room: Class) -> tuple[str, dict[str, str]]:
    """Four students in two teams of two, by hand: Ola with Kim, Ala with Ewa."""
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    pages = {name: room.student(name) for name in ("Ola", "Kim", "Ala", "Ewa")}
    shuffled = room.ok("teams", teacher, {"size": 2, "shuffle": True})
    assert sorted(len(team) for team in members(shuffled)) == [2, 2]
    ids = ids_of(shuffled)
    by_hand = [[ids["Ola"], ids["Kim"]], [ids["Ala"], ids["Ewa"]]]
    made = room.ok("teams", teacher, {"size": 2, "teams": by_hand})
    assert members(made) == [["Ola", "Kim"], ["Ala", "Ewa"]] and made["team_size"] == 2
    return teacher, pages


def test_the_first_claim_of_a_team_counts_and_the_teammate_is_told_who(room):
    teacher, pages = two_teams(room)
    seen = room.ok("rounds", teacher, {})
    assert room.ok("me", pages["Kim"])["round"] == room.ok("me", pages["Ola"])["round"]
    won = room.ok("answers", pages["Ola"], {"text": right(seen)})
    assert won["first"] and won["points"] > 0
    refused = room.call("answers", pages["Kim"], {"text": right(seen)})
    assert refused == (409, {"error": "team-claimed", "detail": "Ola"})
    kims = room.ok("me", pages["Kim"])
    assert kims["team"] == {
        "number": 1,
        "members": ["Ola", "Kim"],
        "score": won["points"],
        "claimed": "Ola",
    }
    assert kims["team_claim"]["name"] == "Ola" and kims["team_claim"]["correct"]
    assert kims["place"] == 1 and kims["points"] == won["points"]
    mistake = room.ok("answers", pages["Ewa"], {"text": wrong(seen)})
    assert mistake["given"] == 0  # the round was won: a late wrong claim costs nothing

    state = room.ok("state", teacher)
    assert [(t["number"], t["claimed"], t["score"]) for t in state["teams"]] == [
        (1, "Ola", won["points"]),
        (2, "Ewa", None),
    ]
    assert [(s["team"], s["points"]) for s in state["leaderboard"]] == [(1, won["points"]), (2, 0)]
    assert [(a["name"], a["team"]) for a in state["board"]] == [("Ola", 1), ("Ewa", 2)]


def test_a_wrong_claim_gives_the_other_team_one_card(room):
    teacher, pages = two_teams(room)
    seen = room.ok("rounds", teacher, {})
    mistake = room.ok("answers", pages["Kim"], {"text": wrong(seen)})
    assert mistake["given"] == 1  # one other team, not three other children
    assert room.call("answers", pages["Ola"], {"text": right(seen)})[0] == 409
    state = room.ok("state", teacher)
    assert {s["team"]: s["points"] for s in state["leaderboard"]} == {1: 0, 2: 1}


def test_bad_teams_calls_are_refused_with_their_reason(room):
    teacher, pages = two_teams(room)
    ids = ids_of(room.ok("state", teacher))
    for sent, error in (
        ({"size": 9, "shuffle": True}, "team-size"),
        ({"size": True, "shuffle": True}, "team-size"),
        ({"size": 2, "teams": [[ids["Ola"], 999_999]]}, "unknown-student"),
        ({"size": 2, "teams": [["Ola"]]}, "unknown-student"),  # by id, never by nickname
        ({"size": 2, "teams": [[ids["Ola"], ids["Kim"], ids["Ala"]]]}, "team-size"),
        ({"size": 2, "teams": [[ids["Ola"]], [ids["Ola"]]]}, "two-teams"),
    ):
        code, answer = room.call("teams", teacher, sent)
        assert (code, answer["error"]) == (409, error), sent
    assert room.call("teams", teacher, {"size": 2}) == (400, {"error": "bad-request"})
    assert room.call("team", teacher, {"student": ids["Ola"], "team": 2})[1] == {
        "error": "team-full"
    }
    assert room.call("team", teacher, {"student": ids["Ola"], "team": 7})[1] == {
        "error": "no-such-team"
    }
    assert room.call("teams", pages["Ola"], {"size": 2, "shuffle": True})[0] == 403
    assert members(room.ok("state", teacher)) == [["Ola", "Kim"], ["Ala", "Ewa"]]  # as before
    seen = room.ok("rounds", teacher, {})
    mine = room.call("answers", pages["Ola"], {"text": right(seen), "team": 2})
    assert mine == (409, {"error": "not-in-team"})
    assert room.call("answers", pages["Ola"], {"text": right(seen), "team": "1"})[0] == 400
    assert room.call("teams", teacher, {"size": 3, "shuffle": True})[1] == {"error": "round-open"}


def test_a_late_student_joins_the_smallest_team_and_the_teacher_moves_one(room):
    teacher, _pages = two_teams(room)
    room.ok("teams", teacher, {"size": 3, "teams": []})  # everyone to the smallest team
    nina = room.student("Nina")
    state = room.ok("state", teacher)
    assert sorted(len(team) for team in members(state)) == [2, 3]
    assert room.ok("me", nina)["team"] is not None
    ids = ids_of(state)
    full = next(t["number"] for t in state["teams"] if len(t["members"]) == 3)
    assert room.call("team", teacher, {"student": ids["Nina"], "team": full})[0] == 409
    moved = room.ok("team", teacher, {"student": ids["Nina"], "team": 3})  # a new team
    assert members(moved)[2] == ["Nina"]
    off = room.ok("teams", teacher, {"off": True})
    assert (off["team_size"], off["teams"]) == (None, [])
    assert room.ok("me", nina)["team"] is None


def test_the_book_keeps_who_claimed_for_which_team_and_a_restart_gives_the_teams_back(room):
    teacher, pages = two_teams(room)
    seen = room.ok("rounds", teacher, {})
    room.ok("answers", pages["Kim"], {"text": right(seen)})
    kept = room.service.book_of().newest_live("5b", "mam")
    answer = next(event for event in kept.events if event.kind == "answer")
    assert (answer.name, answer.payload["counted"]) == ("Kim", 1)
    before = room.ok("state", teacher)
    again = Class(room.url)
    again.wall.now = room.wall.now
    with again.serve() as port:
        again.port = port
        assert again.ok("state", again.teacher()) == before
        ola = again.service.tickets.issue("device-of-Ola-0123456789")
        assert again.call("answers", ola, {"text": right(seen)})[1]["error"] == "team-claimed"


def test_a_teams_guess_is_its_first_members_and_the_others_are_told(lesson):
    teacher = lesson.teacher()
    lesson.ok("games", teacher)
    pages = {name: lesson.student(name) for name in ("Ola", "Kim", "Ala", "Ewa")}
    made = lesson.ok("teams", teacher, {"size": 2, "shuffle": True})
    first = members(made)[0]
    lesson.ok("questions", teacher, {"row": [6], "llama_row": [1], "asks": "bust"})
    lesson.ok("guesses", pages[first[0]], {"text": "50"})
    told = lesson.call("guesses", pages[first[1]], {"text": "60"})
    assert told == (409, {"error": "team-claimed", "detail": first[0]})
    seat = lesson.ok("me", pages[first[1]])
    assert seat["team_guess"]["name"] == first[0] and seat["mine"] is None
    lesson.ok("reveal", teacher)
    state = lesson.ok("state", teacher)
    assert state["teams"][0]["score"] is not None and state["teams"][0]["claimed"] == first[0]
    assert state["question"]["guesses"][0]["team"] == 1


def test_the_report_and_the_exports_show_the_team_and_who_claimed(lesson):
    teacher_ticket = lesson.teacher()
    lesson.ok("games", teacher_ticket, GAME, game="")
    pages = {name: lesson.student(name) for name in ("Ola", "Kim", "Ala", "Ewa")}
    for name in ("Ola", "Kim", "Ala", "Ewa"):
        lesson.ok("join", pages[name], {}, game="")
    state = lesson.ok("teams", teacher_ticket, {"size": 2, "shuffle": True}, game="")
    ids = ids_of(state)
    by_hand = [[ids["Ola"], ids["Kim"]], [ids["Ala"], ids["Ewa"]]]
    lesson.ok("teams", teacher_ticket, {"size": 2, "teams": by_hand}, game="")
    seen = lesson.ok("rounds", teacher_ticket, {}, game="")
    lesson.ok("answers", pages["Kim"], {"text": right(seen)}, game="")
    lesson.ok("answers", pages["Ewa"], {"text": wrong(seen)}, game="")

    cookie = {"mathcards-teacher": "TEACHER7KQ"}
    status, _headers, page = threaded.get(
        lesson.port, f"{teacher.TEACHER}/student?name=Kim", cookie
    )
    assert status == 200 and "round 1, for Team 1" in page
    status, _headers, text = threaded.get(lesson.port, f"{teacher.TEACHER}/export", cookie)
    answers = [
        line
        for line in csv.DictReader(io.StringIO(text.removeprefix(BOM)))
        if line["kind"] == "answer"
    ]
    assert [(line["student"], line["team"]) for line in answers] == [("Kim", "1"), ("Ewa", "2")]
    status, _headers, text = threaded.get(
        lesson.port, f"{teacher.TEACHER}/export?format=json", cookie
    )
    (room,) = json.loads(text)["classes"]
    events = [event for live in room["live_games"] for event in live["events"]]
    claims = [(e["student"], e["team"]) for e in events if e["kind"] == "answer"]
    assert claims == [("Kim", 1), ("Ewa", 2)]
    placed = [(e["student"], e["payload"]["team"]) for e in events if e["kind"] == "team"]
    assert placed[-4:] == [("Ola", 1), ("Kim", 1), ("Ala", 2), ("Ewa", 2)]


def test_a_claim_keeps_its_team_after_a_classmate_is_forgotten(room):
    """Nina came late into the smallest team (2); once Kim is forgotten, the teams replayed
    would put a newcomer in team 1: her claim still counts for team 2, as the book kept it."""
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    for name in ("Ola", "Kim", "Ala"):
        room.student(name)
    ids = ids_of(room.ok("teams", teacher, {"size": 3, "shuffle": True}))
    by_hand = [[ids["Ola"], ids["Kim"]], [ids["Ala"]]]
    room.ok("teams", teacher, {"size": 3, "teams": by_hand})
    nina = room.student("Nina")
    assert room.ok("me", nina)["team"]["number"] == 2
    seen = room.ok("rounds", teacher, {})
    won = room.ok("answers", nina, {"text": right(seen)})
    room.service.book_of().forget("5b", "Kim")  # `mathcards book forget`
    again = Class(room.url)
    again.wall.now = room.wall.now
    with again.serve() as port:
        again.port = port
        state = again.ok("state", again.teacher())
        assert members(state) == [["Ola"], ["Ala", "Nina"]]
        assert [(s["team"], s["points"]) for s in state["leaderboard"]] == [
            (2, won["points"]),
            (1, 0),
        ]


def test_teams_are_shuffled_from_the_students_here_and_one_back_joins_the_smallest(room):
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    tickets = {name: page(room, name) for name in ("Ala", "Ola", "Ela", "Iza", "Kim")}
    threaded.on_loop(room.port, room.service.presence.ended, "kernel-of-Kim")  # her page went
    made = room.ok("teams", teacher, {"size": 2, "shuffle": True})
    assert sorted(len(team) for team in members(made)) == [2, 2]
    assert all("Kim" not in team for team in members(made)), "not a page that is gone"
    threaded.on_loop(room.port, room.service.presence.came, "kernel-of-Kim")  # she is back
    seen = room.ok("rounds", teacher, {})
    claim = room.ok("answers", tickets["Kim"], {"text": right(seen)})
    assert claim["first"], "she claims for the team she joined"
    assert [len(team) for team in members(room.ok("state", teacher))] == [2, 2, 1]
