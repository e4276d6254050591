"""The teacher's page's practice at each student's level (issue #51): the class's aim and clock
set with one form (a share outside 60 % to 90 % refused in words); each student's step week by
week and the class's as a small chart drawn on the server with its text alternative; each
student's kinds of mistake week by week; the deals the class finds hardest by their learned
difficulty; a forget takes a student's curve away; the export carries ratings and their
changes. Over real HTTP, on a real class book whose clock the test winds."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
import tornado.web

from mathcards.adaptive import Attempt
from mathcards.book import Book, Step
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import page as teacher_page
from tests.book.conftest import SchoolClock
from tests.classroom import threaded
from tests.classroom.threaded import serving

CODE = "TEACHER7KQ"
TEACHER = {"mathcards-teacher": CODE, "_xsrf": "token"}
EASY, HARD = "1,3,4,9,10=4", "3,6,6,9,9=28"  # deals of the bank without powers


class Taught:
    """The class service of 5b with its teacher's page, on a port, its book on a school clock."""

    def __init__(self, url: str) -> None:
        self.clock = SchoolClock()
        self.service = ClassService(Book.create(url, clock=self.clock), "5b")
        self.port = 0

    def app(self, _port: int) -> tornado.web.Application:
        routes = [*book_calls.routes(self.service), *teacher_page.routes(self.service, CODE)]
        return tornado.web.Application(routes, cookie_secret="secret", xsrf_cookies=True)

    def send(self, **form: str) -> str:
        """A form of the teacher's page sent; what the page then says."""
        body = urlencode({**form, "_xsrf": "token"})
        status, headers, _ = threaded.post(self.port, teacher_page.TEACHER, body, TEACHER)
        assert status == 302, status
        return parse_qs(urlsplit(headers["Location"]).query)["done"][0]

    def page(self, **headers: str) -> str:
        status, _, shown = threaded.get(self.port, teacher_page.TEACHER, TEACHER, **headers)
        assert status == 200
        return shown[shown.index("id='mc-level'") :]


@pytest.fixture
def taught(tmp_path):
    served = Taught(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with serving(served.app) as port:
        served.port = port
        yield served


def practised(taught: Taught) -> None:
    """Ada climbs over four weeks and her divisions that are not whole go from 5 to 1; Bo
    answers once, wrong."""
    book = taught.service.book_of()
    ada = book.join("5b", "Ada", "device-of-ada").id
    bo = book.join("5b", "Bo", "device-of-bo").id
    for week, wrong in enumerate((5, 3, 2, 1)):
        practice = book.start_set(ada, level="normal", power=False, rounds=8, seed=week)
        for deal in range(1, wrong + 1):
            book.record_step(practice, Step("answer", deal, [7, 2, 1], 9, "7/2+1", False, "step"))
        for _ in range(3):
            book.rate_answer(ada, "mam", EASY if week < 2 else HARD, Attempt(True, 15))
        taught.clock.wind(days=7)
    book.rate_answer(bo, "mam", HARD, Attempt(False, 60))


def test_the_teacher_sets_the_class_s_aim_and_clock(taught):
    shown = taught.page()
    assert "<option value='0.75' selected>75%</option>" in shown
    assert "name='clock' value='on' checked" in shown
    said = taught.send(do="level", success="0.60")
    assert said == (
        "Practice at each student's level now aims at 60% right answers; "
        "no clock: only right or wrong counts."
    )
    book = taught.service.book_of()
    assert (book.level_settings("5b").success, book.level_settings("5b").clock) == (0.6, False)
    shown = taught.page()
    assert "<option value='0.60' selected>60%</option>" in shown and "checked" not in shown
    assert taught.send(do="level", success="0.95", clock="on").startswith(
        "the share of right answers to aim for is from 60% to 90%"
    )
    assert (
        taught.send(do="level", success="most") == "Choose a share of right answers from the list."
    )
    assert book.level_settings("5b").success == 0.6, "nothing refused is kept"
    assert "Nobody has practised at their level yet." in shown


def test_each_student_s_weeks_and_the_class_s_are_drawn_with_their_words(taught):
    practised(taught)
    shown = taught.page()
    assert "<h3 id='mc-level-1'>MAM! without powers</h3>" in shown
    charts = re.findall(r"<svg class='mc-chart' role='img' aria-label='([^']*)'", shown)
    assert len(charts) == 3, "the class's, Ada's, Bo's"
    assert charts[0].startswith("the class: step ") and "in the week of Monday" in charts[0]
    assert charts[1].startswith("Ada: step ") and charts[2].startswith("Bo: step ")
    last = [int(re.findall(r"step (\d+)", said)[-1]) for said in charts]
    assert last[2] < last[0] < last[1], "the class's last week: the mean of Ada's and Bo's"
    ada = shown[shown.index("<td>Ada</td>") :].split("</tr>")[0]
    came = re.search(r"<td>step (\d+) → step (\d+) over 4 weeks</td>", ada)
    assert came is not None and int(came.group(2)) > int(came.group(1)), ada
    assert "<td>12, right 100%</td>" in ada
    assert ada.count("<circle") == 4 and "<polyline points='0.0," in ada
    assert "<script" not in shown and "http" not in shown.split("id='mc-level'")[0][-50:]


def test_kinds_of_mistake_week_by_week_and_the_hardest_deals(taught):
    practised(taught)
    shown = taught.page()
    assert (
        "<li><b>Ada</b>: a division that is not a whole number: 5 → 1 over 4 weeks "
        "(5, 3, 2, 1)</li>"
    ) in shown
    hardest = shown[shown.index("Deals the class finds hardest") :]
    rows = hardest.split("<tr>")[2:]
    assert rows[0].startswith("<td>3 6 6 9 9 → 28</td><td>MAM! without powers</td><td>from step ")
    assert rows[0].split("</td>")[3:5] == ["<td>7", "<td>6"], "7 answers in the class, 6 right"
    assert rows[1].startswith("<td>1 3 4 9 10 → 4</td>")


def test_a_forgotten_student_s_curve_goes_with_them(taught):
    practised(taught)
    taught.send(do="forget", student="Bo")
    shown = taught.page()
    assert "<td>Bo</td>" not in shown and "aria-label='Bo:" not in shown
    assert "<td>Ada</td>" in shown


def test_the_export_carries_ratings_and_their_changes(taught):
    practised(taught)
    status, _, text = threaded.get(
        taught.port, teacher_page.TEACHER + "/export?format=json", TEACHER
    )
    assert status == 200
    (ada,) = [s for s in json.loads(text)["classes"][0]["students"] if s["nickname"] == "Ada"]
    (rating,) = ada["ratings"]
    assert rating["skill"] == "mam" and rating["answers"] == 12
    assert len(ada["rating_changes"]) == 12
    first = ada["rating_changes"][0]
    assert (first["item"], first["right"], first["clock"]) == (EASY, True, True)
    assert first["student_after"] > first["student_before"]
    status, _, csv = threaded.get(taught.port, teacher_page.TEACHER + "/export?format=csv", TEACHER)
    lines = csv.splitlines()
    assert sum(line.startswith("rating-change,5b,Ada,") for line in lines) == 12
    assert sum(line.startswith("rating,5b,Ada,") for line in lines) == 1


def test_the_section_in_polish(taught):
    practised(taught)
    shown = taught.page(**{"Accept-Language": "pl-PL,pl;q=0.9"})
    assert "Ćwiczenia na poziomie każdego ucznia" in shown
    assert "tygodni" in shown and "MAM! bez potęgowania" in shown
