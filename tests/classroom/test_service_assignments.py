"""The class service's call for a student's assignments (issue #51): the class's open ones, each
with how far this browser's student is, worked out by the service from the class book whatever
the page sends; none to a browser that has not joined; at most MOST_SHOWN. And a class list's
names in `me`, only for a browser not in the class yet that came in with the class code. Over
real HTTP, on a real class book."""

from __future__ import annotations

from datetime import timedelta

from mathcards.classroom.protocol.book import MOST_SHOWN
from tests.classroom.test_forget_live import live  # noqa: F401 - the fixture
from tests.classroom.test_service import SET


def test_a_student_s_assignments_move_on_as_the_service_judges_their_answers(live):  # noqa: F811
    book = live.service.book_of()
    book.set_class_zone("5b", "Europe/Warsaw")
    today = book.class_today("5b")
    book.assign("5b", "Two deals", "mam", "deals", 2, today + timedelta(days=3))
    book.assign("5b", "Today", "roll-or-quit", "days", 1, today)
    book.assign("6a", "Another class's", "mam", "deals", 1, today)
    ticket = live.service.tickets.issue("device-of-ola-0123456789")
    assert live.ok("assignments", ticket) == [], "not in the class yet: nothing"
    assert live.ok("join", ticket, {"nickname": "Ola"}) == "Ola"
    today_first, two_deals = live.ok("assignments", ticket)
    assert two_deals == {
        "number": 1,
        "title": "Two deals",
        "skill": "mam",
        "goal": "deals",
        "count": 2,
        "done": 0,
        "due": (today + timedelta(days=3)).isoformat(),
        "days_left": 3,
    }
    assert (today_first["title"], today_first["days_left"]) == ("Today", 0)

    practice = live.ok("sets", ticket, SET)
    deal = live.service.practices[practice].current
    claimed = {"correct": True, "verdict_kind": "correct", "hints_used": 0}  # never read
    live.ok(f"sets/{practice}/steps", ticket, {"kind": "answer", "typed": "1+", **claimed})
    assert live.ok("assignments", ticket)[1]["done"] == 0, "the service judged it wrong"
    live.ok(f"sets/{practice}/steps", ticket, {"kind": "answer", "typed": deal.good_answer()})
    assert live.ok("assignments", ticket)[1]["done"] == 1
    assert live.ok("assignments?skill=mam&done=2", ticket)[1]["done"] == 1, "asked for nothing"


def test_at_most_the_first_due_assignments_are_sent(live):  # noqa: F811
    book = live.service.book_of()
    today = book.class_today("5b")
    for number in range(MOST_SHOWN + 5):
        book.assign("5b", f"Task {number}", "mam", "deals", 1, today + timedelta(days=30 - number))
    ticket = live.service.tickets.issue("device-of-bo-0123456789")
    live.ok("join", ticket, {"nickname": "Bo"})
    sent = live.ok("assignments", ticket)
    assert len(sent) == MOST_SHOWN and sent[0]["title"] == f"Task {MOST_SHOWN + 4}"


def test_a_class_list_s_free_names_go_only_to_a_browser_that_came_in_with_the_code(live):  # noqa: F811
    book = live.service.book_of()
    book.class_list("5b", ["Ola", "Kim", "Bo"])
    kim = live.service.tickets.issue("device-of-kim-0123456789")
    assert live.ok("me", kim)["names"] == ["Bo", "Kim", "Ola"], "off the school network: all"
    assert live.ok("join", kim, {"nickname": "Kim"}) == "Kim"
    seen = live.ok("me", kim)
    assert seen["student"] == "Kim" and "names" not in seen
    came_in = {"device-of-ola-0123456789"}
    live.service.came_in = came_in.__contains__  # on the school network: the gate's members
    assert live.ok("me", live.service.tickets.issue("device-of-ola-0123456789"))["names"] == [
        "Bo",
        "Ola",
    ]
    stranger = live.service.tickets.issue("a-cookie-without-the-code-0")
    assert "names" not in live.ok("me", stranger)
    book.close_class("5b", closed=False)
    assert "names" not in live.ok("me", live.service.tickets.issue("device-of-ola-0123456789"))
