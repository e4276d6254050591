"""The class book in a real browser, against `mathcards serve` and a real database (an SQLite
file, then a PostgreSQL server the suite starts): a student joins, answers two deals, closes
the page and finds the set where it was; the teacher's page shows both answers; `mathcards book
export` prints them and `mathcards book forget` removes them."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from mathcards.mam import best
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems
from tests.postgres import (
    MISSING,
    Server,
    postgres,  # noqa: F401 - the session's PostgreSQL server
    programs,
)
from tests.servers import ROOT, serving, stop

pytestmark = pytest.mark.browser
PRACTICE = "en/mam/2-practice.ipynb"


def book(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mathcards.cli", "book", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    return str(request.getfixturevalue("postgres").database())


def answer(practice, text: str) -> None:
    practice.locator(".mc-answer input").fill(text)
    practice.locator("button.mc-mam").click()


def good_answer(practice) -> str:
    """A good answer to the deal on the page (each page load deals a fresh set), read from its
    cards and target as a student sees them."""
    practice.locator("svg.mc-card").nth(4).wait_for()
    cards = practice.locator("svg.mc-card").evaluate_all("cards => cards.map(c => c.dataset.value)")
    target = practice.locator(".mc-target").get_attribute("data-target")
    return best([int(card) for card in cards], int(target)).text


def test_a_students_work_is_kept_shown_to_the_teacher_exported_and_forgotten(
    browser, tmp_path, database
):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    with serving(ROOT / "lessons", tmp_path, "--warm", PRACTICE, db=database) as served:
        page = context.new_page()
        page.goto(f"{served.base}/voila/render/{PRACTICE}")
        expect(page.locator(".mc-join-name input")).to_be_visible()
        join(page, "Ola")
        practice = page.locator(".mc-practice")
        expect(practice.locator(".mc-progress")).to_contain_text("Deal 1 of 8")
        solution = good_answer(practice)
        answer(practice, solution)
        expect(practice.locator(".mc-message.mc-ok")).to_be_visible()
        practice.locator("button.mc-next").click()
        expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8")
        answer(practice, "1+")
        expect(practice.locator(".mc-message.mc-error")).to_contain_text("Not yet")
        # the set, two answers and going on: each acknowledged once it is committed
        expect(page.locator(".mc-saved")).to_have_text("Saved: 4")
        stop(served.process, signal.SIGKILL)  # kill -9: no time to save anything more

    with serving(ROOT / "lessons", tmp_path, "--warm", "none", db=database) as served:
        again = context.new_page()  # the page opened again, in the same browser
        again.goto(f"{served.base}/voila/render/{PRACTICE}")
        practice = again.locator(".mc-practice")
        expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8")
        expect(practice.locator(".mc-progress")).to_contain_text("solved 1")
        expect(practice.locator(".mc-message")).to_contain_text("where you left off")
        assert_accessible(again)  # a practice set come back where it was left
        expect(again.locator(".mc-join-name input")).to_be_hidden()
        expect(again.locator(".mc-book-who")).to_contain_text("Ola")

        teacher = context.new_page()
        teacher.goto(served.teacher_url())
        students = teacher.locator("table").first
        row = students.locator("tr", has_text="Ola")
        expect(row.locator("td").nth(2)).to_have_text("1")  # deals solved
        expect(row.locator("td").nth(3)).to_have_text("2")  # answers
        expect(teacher.locator("body")).to_contain_text("a number is missing after the last")
        assert not layout_problems(teacher)
        assert_accessible(teacher)  # the teacher's page, with a student's work
        seats = teacher.locator("table").last  # who holds pages open now: Ola, one page
        expect(seats.locator("tr", has_text="Ola").locator("td").nth(1)).to_have_text("1")
        seats.locator("tr", has_text="Ola").locator("button").click()
        expect(teacher.locator(".mc-said")).to_have_text("1 page closed: its seat is free.")
        expect(teacher.locator("table").last).not_to_contain_text("Ola")

        exported = book("export", "--db", database, "--format", "csv")
        assert exported.returncode == 0, exported.stderr
        assert "Ola" in exported.stdout and "1+" in exported.stdout
        assert solution in exported.stdout

        forgotten = book("forget", "Ola", "--db", database)
        assert forgotten.returncode == 0, forgotten.stderr
        assert "Ola" not in book("export", "--db", database).stdout
        teacher.reload()
        expect(teacher.locator("body")).not_to_contain_text("Ola")
    context.close()


def test_an_answer_too_long_is_said_by_its_box_and_the_work_after_it_is_kept(browser, live_server):
    """Issue 49: an answer of 200+ characters stopped the saving of all that came after it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.base}/voila/render/{PRACTICE}")
    join(page, "Tula")
    practice = page.locator(".mc-practice")
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 1 of 8")
    answer(practice, "1+")
    expect(page.locator(".mc-saved")).to_have_text("Saved: 2")  # the set and the answer
    too_long = "1+" * 120 + "1"
    answer(practice, too_long)
    expect(practice.locator(".mc-message")).to_contain_text("too long to check")
    expect(practice.locator(".mc-message")).to_contain_text(str(len(too_long)))
    expect(practice.locator(".mc-answer input")).to_have_value(too_long)
    expect(page.locator(".mc-book-who")).to_contain_text("Tula")
    answer(practice, "2+")
    expect(practice.locator(".mc-message.mc-error")).to_contain_text("Not yet")
    practice.locator("button.mc-next").click()
    practice.locator("button.mc-skip").click()
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8")
    answer(practice, "3+")
    expect(practice.locator(".mc-message.mc-error")).to_contain_text("Not yet")
    expect(page.locator(".mc-saved")).to_have_text("Saved: 5")
    page.reload()
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8")
    expect(practice.locator(".mc-message")).to_contain_text("where you left off")
    teacher = context.new_page()
    teacher.goto(live_server.teacher_url())
    row = teacher.locator("table").first.locator("tr", has_text="Tula")
    expect(row.locator("td").nth(3)).to_have_text("3")  # answers: 1+, 2+, 3+
    context.close()


def test_the_teacher_page_needs_the_teachers_code(browser, live_server):
    page = browser.new_page()
    response = page.goto(f"{live_server.base}/mathcards/teacher")
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("For the teacher only")
    assert_accessible(page)
    assert page.goto(f"{live_server.base}/mathcards/teacher?code=WRONGCODE").status == 403
    page.goto(live_server.teacher_url())
    assert "code=" not in page.url  # kept in a cookie, not in the address bar
    expect(page.locator("h1")).to_contain_text("The class book of")
    page.close()


def test_a_database_that_goes_down_costs_the_student_one_sentence_never_the_page(browser, tmp_path):
    if (programs_folder := programs()) is None:
        pytest.skip(MISSING)
    database = Server(programs_folder)  # a PostgreSQL of this test's own, to stop and start
    database.start()
    try:
        book = database.database()
        with serving(ROOT / "lessons", tmp_path, "--warm", "none", db=book) as served:
            phone = browser.new_context()  # one student's browser, for two pages
            page = phone.new_page()
            page.goto(f"{served.base}/voila/render/{PRACTICE}")
            join(page, "Kim")
            practice = page.locator(".mc-practice")
            answer(practice, "1+")
            expect(page.locator(".mc-saved")).to_have_text("Saved: 2")

            database.halt()
            answer(practice, good_answer(practice))
            expect(page.locator(".mc-book-status")).to_contain_text("not being saved right now")
            expect(page.locator(".mc-book-retry")).to_have_count(0)  # the next step tries again
            assert_accessible(page)
            expect(practice.locator(".mc-message.mc-ok")).to_contain_text("Correct")
            expect(practice.locator(".mc-progress")).to_contain_text("solved 1")
            teacher = browser.new_page()
            teacher.goto(served.teacher_url())
            expect(teacher.locator(".mc-said")).to_contain_text("cannot be reached")
            again = phone.new_page()  # the same phone opens the page again
            again.goto(f"{served.base}/voila/render/{PRACTICE}")
            expect(again.locator(".mc-book-status")).to_contain_text("not being saved right now")
            expect(again.locator(".mc-practice .mc-progress")).to_contain_text("solved 0")
            assert_accessible(again)

            database.start()  # back, on the same port: the answer it missed goes with the next
            practice.locator("button.mc-next").click()
            expect(page.locator(".mc-saved")).to_have_text("Saved: 4")
            again.locator(".mc-book-retry").click()  # the page opened without it asks again
            expect(again.locator(".mc-book-who")).to_contain_text("Kim")
            expect(again.locator(".mc-book-retry")).to_have_count(0)
            expect(again.locator(".mc-practice .mc-progress")).to_contain_text("Deal 2 of")
            expect(again.locator(".mc-practice .mc-progress")).to_contain_text("solved 1")
            teacher.reload()
            expect(teacher.locator("table").first).to_contain_text("Kim")
            teacher.close()
            phone.close()
    finally:
        database.stop()
