"""Practice at a student's level in the class service (issue #51), over real HTTP on a real class
book: the service deals from the bank at the class's aim, judges what was typed itself (a
page's word on it is never read), counts the hints it was told of, rates each deal once, never
deals one twice in a set, takes the clock off for a student with no countdown or for the whole
class or when the student turns it off (only when it is theirs to), keeps the answers where the
assignments count them, and refuses what no page sends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from statistics import mean
from typing import Any

import pytest

from mathcards.adaptive.bank import bank
from mathcards.adaptive.skills import Skill
from mathcards.book import Book
from mathcards.classroom.service.classservice import ClassService
from mathcards.mam.solver import simplest
from tests.classroom.test_service import Served, served


@pytest.fixture
def classbook(tmp_path):
    class_service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    with served(class_service) as port:
        yield Served(class_service, port)


def joined(classbook: Served, name: str) -> str:
    ticket = classbook.ticket(f"device-of-{name}-0123456789")
    assert classbook.call("join", ticket, {"nickname": name}) == (200, {"result": name})
    return ticket


def ok(classbook: Served, path: str, ticket: str, sent: Any) -> Any:
    code, answer = classbook.call(path, ticket, sent)
    assert code == 200, (path, code, answer)
    return answer["result"]


def right_answer(view: dict[str, Any]) -> str:
    deal = view["deal"]
    found = simplest(deal["cards"], deal["target"], power=deal["power"])
    assert found is not None
    return str(found.pretty)


def step(classbook: Served, ticket: str, view: dict[str, Any], kind: str, **sent: Any) -> Any:
    body = {"skill": view["skill"], "set": view["set"], "kind": kind, "seconds": 8, **sent}
    return ok(classbook, "level/steps", ticket, body)


def difficulty(key: str, skill: Skill = Skill.TARGET) -> float:
    return bank(skill).find(key).prior


def test_the_deals_get_harder_as_a_student_solves_them_then_easier_as_they_do_not(classbook):
    ola = joined(classbook, "Ola")
    view = ok(classbook, "level", ola, {"skill": "mam"})
    assert (view["position"], view["rounds"], view["results"][0]["credit"]) == (0, 10, None)
    for _ in range(5):
        view = step(classbook, ola, view, "answer", typed=right_answer(view), seconds=6)
        assert view["judged"] == {"kind": "answer", "correct": True, "rated": True}
        view = step(classbook, ola, view, "next")
        assert view["judged"]["rated"] is False, "rated once, at the right answer"
    for _ in range(5):
        view = step(classbook, ola, view, "answer", typed="1+1")
        assert view["judged"] == {"kind": "answer", "correct": False, "rated": False}
        view = step(classbook, ola, view, "next")
        assert view["judged"]["rated"] is True, "gone on from unsolved: rated wrong"
    kept = classbook.service.book_of().rating_steps("5b", "Ola")
    assert [one.right for one in kept] == [True] * 5 + [False] * 5
    dealt = [difficulty(one.item) for one in kept]
    assert dealt[4] > dealt[0] + 1 and dealt[9] < dealt[5] - 1, dealt
    assert view["position"] == 10 and view["deal"] is None, "the set is over"
    assert [one["credit"] for one in view["results"]] == [1.0] * 5 + [0.0] * 5
    assert 1 <= view["height"] <= 10 and view["weeks"][-1]["height"] == view["height"]


def test_the_service_judges_and_counts_the_hints_whatever_the_page_says(classbook):
    bo = joined(classbook, "Bo")
    view = ok(classbook, "level", bo, {"skill": "mam"})
    forged = {"correct": True, "hints": 0, "verdict_kind": "correct", "credit": 1}
    view = step(classbook, bo, view, "answer", typed="1+", **forged)
    assert view["judged"]["correct"] is False and view["tries"] == 1
    view = step(classbook, bo, view, "hint")
    assert view["hints"] == 1
    view = step(classbook, bo, view, "answer", typed=right_answer(view), **forged)
    assert view["results"][0]["credit"] == 0.5, "a hinted answer counts half right"
    (kept,) = classbook.service.book_of().rating_steps("5b", "Bo")
    assert (kept.right, kept.hints, kept.shown) == (True, 1, False)
    answers = classbook.service.book_of().answers("5b", "Bo")
    assert [(one.typed, one.correct, one.hints_used) for one in answers] == [
        ("1+", False, 0),
        (right_answer(view), True, 1),
    ], "kept as practice steps, as the teacher's page reads them"


def test_no_deal_is_dealt_twice_in_a_set_and_a_reload_finds_the_same_deal(classbook):
    kim = joined(classbook, "Kim")
    view = ok(classbook, "level", kim, {"skill": "mam-powers", "rounds": 50})
    again = ok(
        classbook, "level", classbook.ticket("device-of-Kim-0123456789"), {"skill": "mam-powers"}
    )
    assert again["deal"] == view["deal"] and again["set"] == view["set"], "where they were"
    for _ in range(49):
        view = step(classbook, kim, view, "next", seconds=1)
    keys = [one["key"] for one in view["results"]]
    assert len(keys) == len(set(keys)) == 50
    assert all(difficulty(key, Skill.TARGET_POWERS) is not None for key in keys)
    fresh = ok(classbook, "level", kim, {"skill": "mam-powers", "new": True})
    assert fresh["set"] != view["set"] and fresh["position"] == 0 and fresh["rounds"] == 10


def test_the_class_s_aim_decides_how_hard_a_new_student_s_first_deals_are(classbook):
    book = classbook.service.book_of()
    firsts = {}
    for aim in (0.6, 0.9):
        book.set_level_settings("5b", success=aim)
        found = []
        for number in range(4):
            ticket = joined(classbook, f"S{number}{int(aim * 100)}")
            found.append(
                difficulty(ok(classbook, "level", ticket, {"skill": "mam"})["deal"]["key"])
            )
        firsts[aim] = mean(found)
    assert firsts[0.9] < firsts[0.6] - 1, firsts


def test_with_no_countdown_or_the_class_s_clock_off_only_right_or_wrong_counts(classbook):
    book = classbook.service.book_of()
    moved = {}
    for name in ("Timed", "Untimed"):
        ticket = joined(classbook, name)
        if name == "Untimed":
            book.accommodate("5b", name, ["no-countdown"])
        view = ok(classbook, "level", ticket, {"skill": "mam"})
        assert view["clock"] is (name == "Timed")
        view = step(classbook, ticket, view, "answer", typed=right_answer(view), seconds=110)
        (kept,) = book.rating_history(book.student_for(f"device-of-{name}-0123456789").id, "mam")
        moved[name] = kept[2] - kept[1]
    assert moved["Untimed"] > 0 > moved["Timed"], "slow but right: as right as any untimed"
    book.set_level_settings("5b", clock=False)
    timed = classbook.ticket("device-of-Timed-0123456789")
    assert ok(classbook, "level", timed, {"skill": "mam"})["clock"] is False


def rating_changes(classbook: Served, name: str) -> list[dict[str, Any]]:
    room = json.loads(classbook.service.book_of().export("5b", "json"))["classes"][0]
    (found,) = [one for one in room["students"] if one["nickname"] == name]
    return found["rating_changes"]


def test_a_student_turns_their_own_clock_off_and_their_answers_are_rated_untimed(classbook):
    eli = joined(classbook, "Eli")
    view = ok(classbook, "level", eli, {"skill": "mam"})
    assert (view["clock"], view["clock_choice"]) == (True, True)
    view = step(classbook, eli, view, "answer", typed=right_answer(view), seconds=50)
    off = ok(classbook, "level", eli, {"skill": "mam", "clock": False})
    assert (off["clock"], off["clock_choice"]) == (False, True)
    assert (off["set"], off["position"]) == (view["set"], view["position"]), "the same set"
    assert ok(classbook, "level", eli, {"skill": "mam"})["clock"] is False, "kept in the book"
    off = step(classbook, eli, off, "next")
    off = step(classbook, eli, off, "answer", typed=right_answer(off), seconds=50)
    assert off["clock"] is False
    assert [one["clock"] for one in rating_changes(classbook, "Eli")] == [True, False]
    on = ok(classbook, "level", eli, {"skill": "roll-or-quit", "clock": True})
    assert (on["clock"], on["clock_choice"]) == (True, True), "one clock for all their practice"


def test_a_clock_the_teacher_turned_off_stays_off_whatever_the_page_sends(classbook):
    book = classbook.service.book_of()
    gus = joined(classbook, "Gus")
    book.accommodate("5b", "Gus", ["no-countdown"])
    view = ok(classbook, "level", gus, {"skill": "mam", "clock": True})
    assert (view["clock"], view["clock_choice"]) == (False, False)
    view = step(classbook, gus, view, "answer", typed=right_answer(view), seconds=50)
    assert view["clock"] is False and rating_changes(classbook, "Gus")[0]["clock"] is False
    hal = joined(classbook, "Hal")
    book.set_level_settings("5b", clock=False)
    seen = ok(classbook, "level", hal, {"skill": "mam", "clock": False})
    assert (seen["clock"], seen["clock_choice"]) == (False, False)
    book.set_level_settings("5b", clock=True)
    seen = ok(classbook, "level", hal, {"skill": "mam"})
    assert (seen["clock"], seen["clock_choice"]) == (True, True), "what was sent changed nothing"


def test_answers_at_their_level_move_the_assignments_on(classbook):
    book = classbook.service.book_of()
    today = book.class_today("5b")
    book.assign("5b", "Two deals", "mam", "deals", 2, today + timedelta(days=2))
    book.assign("5b", "One choice", "roll-or-quit", "deals", 1, today + timedelta(days=2))
    ada = joined(classbook, "Ada")
    view = ok(classbook, "level", ada, {"skill": "mam"})
    step(classbook, ada, view, "answer", typed=right_answer(view))
    done = {task["title"]: task["done"] for task in ok(classbook, "assignments", ada, None)}
    assert done == {"Two deals": 1, "One choice": 0}
    moment = ok(classbook, "level", ada, {"skill": "roll-or-quit"})
    best = bank(Skill.ROLL_OR_QUIT).find(moment["moment"]["key"]).best
    chose = step(classbook, ada, moment, "choice", choice=best)
    assert chose["judged"] == {"kind": "choice", "correct": True, "rated": True, "best": best}
    done = {task["title"]: task["done"] for task in ok(classbook, "assignments", ada, None)}
    assert done == {"Two deals": 1, "One choice": 1}


def test_a_roll_or_quit_set_keeps_to_the_page_s_dice_when_the_bank_has_them(classbook):
    eva = joined(classbook, "Eva")
    same = "1234LL,1234LL,1234LL"
    view = ok(classbook, "level", eva, {"skill": "roll-or-quit", "dice": same, "rounds": 5})
    for _ in range(4):
        assert view["moment"]["dice"] == same
        view = step(classbook, eva, view, "choice", choice="quit")
        view = step(classbook, eva, view, "next")
    other = ok(
        classbook, "level", eva, {"skill": "roll-or-quit", "dice": "666666,1,2", "new": True}
    )
    assert other["moment"] is not None and other["set"] != view["set"], "any dice of the bank"
    decisions = classbook.service.book_of().export("5b", "json")
    assert '"item": "1234LL,1234LL,1234LL/' in decisions and '"level": "my-level"' in decisions


def test_the_fixed_levels_never_resume_a_set_at_the_student_s_level(classbook):
    jan = joined(classbook, "Jan")
    view = ok(classbook, "level", jan, {"skill": "mam"})
    assert ok(classbook, "me?game=mam", jan, None)["practice"] is None
    fixed_step = {"kind": "answer", "deal": 1, "cards": [1], "target": 1, "typed": "1"}
    assert classbook.call(f"sets/{view['set']}/steps", jan, fixed_step)[0] == 400


def test_a_set_is_had_again_from_the_book_after_memory_is_lost(classbook):
    liv = joined(classbook, "Liv")
    view = ok(classbook, "level", liv, {"skill": "mam"})
    view = step(classbook, liv, view, "hint")
    classbook.service.forget_unkept()  # as after a commit that failed
    again = ok(classbook, "level", liv, {"skill": "mam"})
    assert (again["set"], again["position"], again["hints"]) == (view["set"], 0, 1)
    assert again["deal"] == view["deal"], "its steps name the deal"


def test_a_page_that_is_behind_is_sent_the_set_as_it_stands_nothing_done(classbook):
    ivo = joined(classbook, "Ivo")
    view = ok(classbook, "level", ivo, {"skill": "mam"})
    other = "1,3,4,9,10=4" if view["deal"]["key"] != "1,3,4,9,10=4" else "5,6,7,9,10=18"
    seen = step(classbook, ivo, view, "answer", typed=right_answer(view), key=other)
    assert "judged" not in seen and seen["deal"] == view["deal"] and seen["tries"] == 0
    assert classbook.service.book_of().rating_steps("5b", "Ivo") == []
    assert classbook.service.book_of().answers("5b", "Ivo") == []
    right = step(classbook, ivo, view, "answer", typed=right_answer(view), key=view["deal"]["key"])
    assert right["judged"]["correct"] is True


@pytest.mark.parametrize(
    ("path", "sent", "status", "error"),
    [
        ("level", {"skill": "chess"}, 400, "bad-request"),
        ("level", {"skill": "mam", "rounds": 0}, 400, "bad-request"),
        ("level", {"skill": "mam", "new": "yes"}, 400, "bad-request"),
        ("level", {"skill": "mam", "clock": "off"}, 400, "bad-request"),
        ("level", {"skill": "mam", "clock": 0}, 400, "bad-request"),
        ("level", {"skill": "mam", "clock": None}, 400, "bad-request"),
        ("level", {"skill": "roll-or-quit", "dice": "L" * 41}, 400, "bad-request"),
        ("level/steps", {"skill": "mam", "set": 999, "kind": "next"}, 409, "out-of-step"),
        ("level/steps", {"skill": "mam", "kind": "dance"}, 400, "bad-request"),
        ("level/steps", {"skill": "mam", "kind": "answer", "typed": "1" * 201}, 413, "too-long"),
        ("level/steps", {"skill": "mam", "kind": "next", "seconds": "5"}, 400, "bad-request"),
    ],
)
def test_what_no_page_sends_is_refused(classbook, path, sent, status, error):
    uma = joined(classbook, "Uma")
    view = ok(classbook, "level", uma, {"skill": "mam"})
    body = {"set": view["set"], **sent} if path == "level/steps" else sent
    assert classbook.call(path, uma, body) == (status, {"error": error})
    stranger = classbook.ticket("device-not-in-the-class-0")
    assert classbook.call("level", stranger, {"skill": "mam"})[0] == 400, "join first"


@contextmanager
def restarted(classbook: Served) -> Iterator[Served]:
    """The same class book served by a new class service (a restart, or a `kill -9`): nothing
    of the old one's memory."""
    url = classbook.service.book_of().url.render_as_string(hide_password=False)
    class_service = ClassService(Book(url), "5b")
    with served(class_service) as port:
        yield Served(class_service, port)


def again(served_again: Served, name: str, sent: Any) -> Any:
    return ok(served_again, "level", served_again.ticket(f"device-of-{name}-0123456789"), sent)


def test_a_roll_or_quit_set_goes_on_where_it_was_after_a_restart(classbook):
    noa = joined(classbook, "Noa")
    view = ok(classbook, "level", noa, {"skill": "roll-or-quit", "rounds": 6})
    for _ in range(2):
        view = step(classbook, noa, view, "choice", choice="roll")
        view = step(classbook, noa, view, "next")
    view = step(classbook, noa, view, "choice", choice="quit")
    assert view["position"] == 2 and len(view["results"]) == 3
    with restarted(classbook) as later:
        back = again(later, "Noa", {"skill": "roll-or-quit"})
        assert (back["set"], back["position"], back["rounds"]) == (view["set"], 2, 6)
        assert back["moment"] == view["moment"] and back["results"] == view["results"]
        ticket = later.ticket("device-of-Noa-0123456789")
        decided = {"skill": "roll-or-quit", "set": back["set"], "kind": "choice", "choice": "roll"}
        assert later.call("level/steps", ticket, decided)[0] == 400, "decided before the restart"
        view = step(later, ticket, back, "next")
        while view["moment"] is not None:
            view = step(later, ticket, view, "choice", choice="quit")
            view = step(later, ticket, view, "next")
    keys = [one["key"] for one in view["results"]]
    assert view["position"] == 6 and len(set(keys)) == 6, "the same set, no moment twice"
    kept = classbook.service.book_of().rating_steps("5b", "Noa")
    assert [one.item for one in kept] == keys, "each moment rated once, before and after"


def test_a_deal_dealt_and_not_answered_is_the_same_deal_after_a_restart(classbook):
    pia = joined(classbook, "Pia")
    view = ok(classbook, "level", pia, {"skill": "mam"})
    view = step(classbook, pia, view, "answer", typed=right_answer(view))
    view = step(classbook, pia, view, "next")  # a new deal dealt: no step names it yet
    assert view["position"] == 1 and view["tries"] == 0
    with restarted(classbook) as later:
        back = again(later, "Pia", {"skill": "mam"})
        assert (back["set"], back["position"], back["deal"]) == (
            view["set"],
            1,
            view["deal"],
        ), "the deal the page shows is still the one to answer"
        ticket = later.ticket("device-of-Pia-0123456789")
        solved = step(
            later, ticket, back, "answer", typed=right_answer(back), key=back["deal"]["key"]
        )
        assert solved["judged"] == {"kind": "answer", "correct": True, "rated": True}
