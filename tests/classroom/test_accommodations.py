"""The accommodations over real HTTP, on a real class book (issue 49): the teacher's page sets
them per student; that student's seat view carries them (with no countdown: no clock, and a
round whose time is up still open to them until the reveal); each answer keeps those in force
as it came, so a restart replays the same scores whatever the teacher set since; a student
cannot set them."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from mathcards.classroom.teacher import page as teacher_page
from mathcards.classroom.teacher.lessons import lessons
from tests.classroom import threaded
from tests.classroom.test_forget_live import CODE, LiveClass
from tests.classroom.test_live import GAME, right, wrong
from tests.classroom.threaded import serving


def accommodate(live: LiveClass, student: str, *chosen: str, cookie: str = CODE) -> str:
    """The teacher's form sent for `student` with these ticked; what the page then says."""
    form = [("do", "accommodate"), ("student", student), ("_xsrf", "token")]
    form += [("accommodation", one) for one in chosen]
    cookies = {"mathcards-teacher": cookie, "_xsrf": "token"}
    status, headers, page = threaded.post(live.port, teacher_page.TEACHER, urlencode(form), cookies)
    if status != 302:
        return f"{status} {page}"
    return parse_qs(urlsplit(headers["Location"]).query)[teacher_page.DONE][0]


@pytest.fixture
def live(tmp_path):
    served = LiveClass(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with serving(served.app) as port:
        served.port = port
        yield served


def restarted(live: LiveClass) -> LiveClass:
    """The same class book, served again by a new class service (a restart)."""
    again = LiveClass(live.service.book_of().url.render_as_string(hide_password=False))
    again.live.clock.now = live.live.clock.now  # type: ignore[attr-defined]
    return again


def test_a_student_with_no_countdown_sees_no_clock_and_answers_until_the_reveal(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ada = live.student("Ada", "device-of-ada-01234567890")
    bo = live.student("Bo", "device-of-bo-01234567890")
    before = live.ok("live/me", ada)["version"]
    assert accommodate(live, "Ada", "no-countdown") == "Ada: no countdown."
    woken = live.ok(f"live/me?after={before}", ada)  # her page's long-poll: woken at once
    assert woken["accommodations"] == ["no-countdown"]
    assert live.ok("live/me", bo)["accommodations"] == []
    _status, _headers, page = threaded.get(
        live.port, teacher_page.TEACHER, cookies={"mathcards-teacher": CODE}
    )
    adas = page.split("<legend>Ada</legend>")[1].split("</fieldset>")[0]
    assert "value='no-countdown' checked>no countdown</label>" in adas
    assert page.split("id='mc-accommodations'")[1].count(" checked>") == 1  # Ada's only

    view = live.ok("live/rounds", teacher, {"seconds": 30})
    assert live.ok("live/me", ada)["round"]["seconds_left"] is None  # no clock on her phone
    assert live.ok("live/me", bo)["round"]["seconds_left"] == 30
    live.live.clock.now += 31  # the round's time is up
    assert live.ok("live/me", bo)["phase"] == "closed"
    assert live.ok("live/me", ada)["phase"] == "open"  # still open to her
    assert live.call("live/answers", bo, {"text": right(view)}) == (409, {"error": "no-round"})
    assert live.ok("live/answers", ada, {"text": right(view)})["first"]
    assert live.ok("live/state", teacher)["phase"] == "closed"
    report = lessons(live.service.book_of().live_records("5b"))  # the teacher's page's replay
    assert [(answer.nickname, answer.correct) for answer in report.answers] == [("Ada", True)]

    live.ok("live/reveal", teacher, {})
    assert live.ok("live/me", ada)["phase"] == "revealed"
    view = live.ok("live/rounds", teacher, {"seconds": 30})
    live.live.clock.now += 31
    live.ok("live/reveal", teacher, {})
    assert live.call("live/answers", ada, {"text": right(view)}) == (409, {"error": "no-round"})


def test_a_wrong_claim_that_costs_nobody_and_a_restart_scores_the_same(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ada = live.student("Ada", "device-of-ada-01234567890")
    live.student("Bo", "device-of-bo-01234567890")
    live.student("Cy", "device-of-cy-01234567890")
    accommodate(live, "Ada", "costs-nobody", "no-countdown")
    view = live.ok("live/rounds", teacher, {"seconds": 30})
    live.live.clock.now += 31
    assert live.ok("live/answers", ada, {"text": wrong(view)})["points"] == 0
    before = live.ok("live/state", teacher)
    assert {s["name"]: s["points"] for s in before["leaderboard"]} == {"Ada": 0, "Bo": 0, "Cy": 0}
    kept = live.service.book_of().newest_live("5b", "mam")
    assert kept is not None
    (answer,) = [event for event in kept.events if event.kind == "answer"]
    assert answer.payload == {
        "text": wrong(view),
        "accommodations": ["no-countdown", "costs-nobody"],
        "verdict": answer.payload["verdict"],  # as judged once, kept with it
    }
    assert answer.payload["verdict"]["kind"] == "total"
    assert accommodate(live, "Ada") == "Ada has no accommodations now."

    again = restarted(live)
    with serving(again.app) as port:
        again.port = port
        after = again.ok(
            "live/state", again.service.tickets.issue("device-of-teacher-01", teacher=True)
        )
        assert after["leaderboard"] == before["leaderboard"] and after["board"] == before["board"]
        assert (
            again.ok("live/me", again.service.tickets.issue("device-of-ada-01234567890"))[
                "accommodations"
            ]
            == []
        )


def test_only_the_teacher_sets_an_accommodation_and_a_wrong_one_is_a_sentence(live):
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ada = live.student("Ada", "device-of-ada-01234567890")
    assert accommodate(live, "Ada", "no-countdown", cookie="WRONG").startswith("403 ")
    assert accommodate(live, "Ada", "slower").startswith("an accommodation is one of")
    assert accommodate(live, "Zed", "larger") == "there is no student called Zed in the class 5b"
    assert live.ok("live/me", ada)["accommodations"] == []
    assert live.service.book_of().accommodations("5b") == {"Ada": frozenset()}
