"""Practice at my level and assignments on the real JupyterHub of tests/hub/test_hub.py (its proxy,
its login, each student's server a process of its own, the class service over a real PostgreSQL
database), in English and in Polish, as tests/browser/test_level_pages.py plays them on the
laptop's server (issue #51). The teacher (a Hub admin) logs in to the service's teacher's page
and sets an assignment: a title, MAM! without powers, deals solved, four of them, a deadline. A
student logs in on a phone-sized page, opens the practice page under her Hub name, chooses "at
my level" and answers four deals right, then four wrong: the deals the service dealt (read from
the class book, each with its learned difficulty as it was dealt) get harder, then easier, and
her assignment's bar moves on to done; her page is axe-checked. The teacher's page then shows
her step week by week and the assignment finished, and the export (JSON in English, CSV in
Polish) holds both."""

from __future__ import annotations

import csv
import io
import json
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from mathcards.book import Book
from mathcards.book.export import BOM, SEPARATORS
from tests.browser.conftest import Visit, launch
from tests.browser.test_assignment_pages import checked, typed
from tests.browser.test_book_pages import good_answer
from tests.browser.test_level_pages import WORDS as LEVEL_WORDS
from tests.browser.test_level_pages import answer, pressed
from tests.hub.test_hub import LEVEL_STUDENTS, LEVEL_TEACHER, PASSWORDS, log_in
from tests.hub.test_hub_live import CLASS, logged_in, open_lesson

pytestmark = pytest.mark.hub

SERVICE = "/services/mathcards"
PHONE = {"width": 390, "height": 844}
LEVEL_SECONDS = 600  # a server started, the teacher's page, eight deals, axe at two sizes
WORDS = {
    "en": {
        **LEVEL_WORDS["en"],
        "skill": "Skill",
        "goal": "deals solved",
        "is set": "“{title}” is set for the whole class",
        "export": "JSON",
    },
    "pl": {
        **LEVEL_WORDS["pl"],
        "skill": "Umiejętność",
        "goal": "rozwiązane rozdania",
        "is set": "„{title}” jest zadane całej klasie",
        "export": "CSV",
    },
}


def assignment_set(chromium, base: str, language: str, title: str):
    """The teacher's page on the Hub, in `language`, once the teacher has set the assignment
    there (by keyboard, as on the laptop)."""
    words = WORDS[language]
    desk = chromium.new_context(locale=language, viewport={"width": 1280, "height": 800}).new_page()
    log_in(desk, base, LEVEL_TEACHER, PASSWORDS[LEVEL_TEACHER], then=f"{SERVICE}/teacher")
    desk.wait_for_url(f"{base}{SERVICE}/teacher*")
    typed(desk, words["title"], title)
    desk.get_by_label(words["skill"]).select_option(label=words["weeks"])
    desk.get_by_label(words["goal"], exact=True).check()
    typed(desk, words["count"], "4")
    due = datetime.now(UTC).date() + timedelta(days=3)
    desk.get_by_label(words["due"], exact=True).fill(due.isoformat())
    desk.get_by_role("button", name=words["set"], exact=True).focus()
    desk.keyboard.press("Enter")
    expect(desk.get_by_role("status")).to_contain_text(words["is set"].format(title=title))
    return desk


def practised_at_her_level(chromium, base: str, language: str, title: str, shots: Path) -> None:
    """The student, on her phone through the Hub: at her level, four deals right, then four
    wrong, her assignment moving on with each right one."""
    words, student = WORDS[language], LEVEL_STUDENTS[language]
    page = logged_in(chromium, base, student, PHONE)
    visit = Visit(page)
    open_lesson(page, base, student, f"{language}/mam/2-practice.ipynb")
    expect(page.locator(".mc-book-who")).to_contain_text(student)  # her Hub name
    expect(page.locator(".mc-join-name input")).to_be_hidden()
    practice = page.locator(".mc-practice")
    task = practice.locator(".mc-assignments-box li.mc-assignment", has_text=title)
    expect(task.locator("progress")).to_have_attribute("value", "0")
    level = practice.locator(".widget-dropdown select").first
    level.focus()
    page.keyboard.press("End")  # "at my level", the last of the levels
    expect(level).to_have_value(words["at my level"])
    page.locator("input[type=number]").first.fill("10")  # ten deals in the set
    pressed(page, practice.locator("button.mc-new-set"))
    mine = practice.locator(".mc-my-level")
    expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=1))
    expect(mine.locator("svg.mc-ladder")).to_have_attribute(
        "aria-label", re.compile("^" + words["step"])
    )
    for n in range(1, 5):
        answer(mine, good_answer(mine))
        expect(mine.locator(".mc-message.mc-ok")).to_be_visible()
        expect(task.locator("progress")).to_have_attribute("value", str(n))
        pressed(page, mine.locator("button.mc-next"))
        expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=n + 1))
    expect(task).to_contain_text(words["done"])
    for n in range(5, 9):
        answer(mine, "1+1")
        expect(mine.locator(".mc-message.mc-error")).to_be_visible()
        pressed(page, mine.locator("button.mc-next"))
        pressed(page, mine.get_by_role("button", name=words["skip"], exact=True))
        expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=n + 1))
    expect(mine.locator("svg.mc-curve")).to_be_visible()
    checked(page, f"{student}-{language}", shots)  # both sizes, axe-clean
    assert visit.errors == [], visit.errors
    page.context.close()


def teacher_sees_both(desk, language: str, title: str, shots: Path) -> str:
    """The teacher's page, reloaded: the student's weeks as a chart and the assignment
    finished; the export's text, downloaded from the page's link."""
    words, student = WORDS[language], LEVEL_STUDENTS[language]
    desk.reload()
    hers = desk.get_by_role("cell", name=student, exact=True)
    assigned = desk.locator(
        "section.mc-assignment", has=desk.get_by_role("heading", name=title, exact=True)
    )
    expect(assigned.locator("tr", has=hers)).to_contain_text(words["finished"])
    weeks = desk.locator(
        ".mc-level-skill", has=desk.get_by_role("heading", name=words["weeks"], exact=True)
    )
    chart = weeks.locator(".mc-curves tr", has=hers).locator("svg.mc-chart")
    expect(chart).to_have_attribute("aria-label", re.compile(f"^{student}: "))
    checked(desk, f"teacher-{language}", shots)
    with desk.expect_download() as downloading:
        desk.get_by_role("link", name=words["export"], exact=True).click()
    return Path(downloading.value.path()).read_text(encoding="utf-8")


def in_the_browser(base: str, language: str, title: str, shots: Path) -> str:
    """Runs in a thread of its own (Playwright's sync API, as tests/hub/test_hub.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            desk = assignment_set(chromium, base, language, title)
            practised_at_her_level(chromium, base, language, title, shots)
            return teacher_sees_both(desk, language, title, shots)
        finally:
            chromium.close()


def exported(text: str, language: str, student: str, title: str) -> tuple[int, str]:
    """From the export: how many rating changes the student has, and her assignment's state."""
    if language == "en":
        (room,) = json.loads(text)["classes"]
        (her,) = [one for one in room["students"] if one["nickname"] == student]
        (task,) = [one for one in room["assignments"] if one["title"] == title]
        (state,) = [one["state"] for one in task["progress"] if one["student"] == student]
        return len(her["rating_changes"]), state
    lines = list(csv.DictReader(io.StringIO(text.removeprefix(BOM)), delimiter=SEPARATORS["pl"]))
    hers = [line for line in lines if line["student"] == student]
    changes = [line for line in hers if line["record"] == "rating-change"]
    tasks = [line for line in hers if line["record"] == "assignment"]
    (state,) = [line["state"] for line in tasks if line["title"] == title]
    return len(changes), state


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_student_practises_at_her_level_through_the_hub_and_the_teacher_sees_it(
    hub, tmp_path, language
):
    student = LEVEL_STUDENTS[language]
    title = f"Four deals for {student}"
    with ThreadPoolExecutor(1) as pool:
        running = pool.submit(in_the_browser, hub.base, language, title, tmp_path)
        text = running.result(timeout=LEVEL_SECONDS)
    with Book(hub.book) as kept:
        steps = kept.rating_steps(CLASS, student)
    hard = [step.difficulty for step in steps]
    assert [step.right for step in steps] == [True] * 4 + [False] * 4
    assert hard[3] > hard[0] and hard[7] < hard[4], hard  # harder when right, easier when wrong
    assert exported(text, language, student, title) == (8, "finished")
