"""Assignments and the class list in Chromium (issue #51), in English and in Polish, on the
school network (`--lan` with a class code) against `mathcards serve` and a real class book: the
teacher sets an assignment on their page by keyboard; a student joins, practises, and the
assignment moves on on her page and on the teacher's; the teacher then pastes a class list, and
a student who comes in with the class code picks her name from it by keyboard. Every page at
1280 × 800 and 390 × 844, axe-checked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import layout_problems, resized, sent
from tests.browser.test_book_pages import good_answer
from tests.servers import ROOT, serving

pytestmark = pytest.mark.browser
CODE = "K7Q2HM"
SIZES = ((1280, 800), (390, 844))
WORDS = {
    "en": {
        "title": "Title",
        "count": "How many",
        "due": "Deadline (the end of that day)",
        "set": "Set the assignment",
        "is set": "“Two deals” is set for the whole class",
        "none yet": "0 of 2 deals solved, due ",
        "one": "1 of 2 deals solved, due ",
        "on the way": "on the way",
        "one of two": "1 of 2",
        "names": "Names, one a line",
        "add": "Add to the class list",
        "listed": "1 name added to the class list",
        "choose": "Choose your name from the class list, then join.",
    },
    "pl": {
        "title": "Tytuł",
        "count": "Ile",
        "due": "Termin (do końca tego dnia)",
        "set": "Zadaj",
        "is set": "„Two deals” jest zadane całej klasie",
        "none yet": "Rozwiązane rozdania: 0 z 2, termin: ",
        "one": "Rozwiązane rozdania: 1 z 2, termin: ",
        "on the way": "w trakcie",
        "one of two": "1 z 2",
        "names": "Imiona, jedno w wierszu",
        "add": "Dodaj do listy klasy",
        "listed": "1 imię dodane do listy klasy",
        "choose": "Wybierz swoje imię z listy klasy i dołącz.",
    },
}


def checked(page, name: str, tmp_path) -> None:
    """The page at both sizes: nothing out of reach, axe-clean, and a screenshot."""
    for width, height in SIZES:
        resized(page, width, height)
        assert not layout_problems(page)
        assert_accessible(page)
        page.screenshot(path=str(tmp_path / f"{name}-{width}.png"), full_page=True)


def typed(page, label: str, text: str) -> None:
    """Type into the box labelled so, by keyboard (what was in it replaced)."""
    page.get_by_label(label, exact=True).focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_an_assignment_moves_on_as_a_student_practises_and_a_class_list_is_picked_from(
    browser, tmp_path, language
):
    words, practice_page = WORDS[language], f"{language}/mam/2-practice.ipynb"
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--warm", "none")
    with serving(ROOT / "lessons", tmp_path, *options) as served:
        teacher = browser.new_context(locale=language, viewport={"width": 1280, "height": 800})
        desk = teacher.new_page()
        desk.goto(served.teacher_url())
        typed(desk, words["title"], "Two deals")
        typed(desk, words["count"], "2")
        due = datetime.now(UTC).date() + timedelta(days=3)  # the server's zone: UTC here
        desk.get_by_label(words["due"], exact=True).fill(due.isoformat())
        desk.get_by_role("button", name=words["set"], exact=True).focus()
        desk.keyboard.press("Enter")
        expect(desk.get_by_role("status")).to_contain_text(words["is set"])

        student = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
        kim = student.new_page()
        kim.goto(f"{served.base}/voila/render/{practice_page}?class={CODE}")
        name = kim.locator(".mc-join-name input")
        name.fill("Kim")  # the name suggested, replaced in one change (no echo of a half)
        expect(name).to_have_value("Kim")
        sent(kim)
        kim.locator("button.mc-join").focus()
        kim.keyboard.press("Enter")
        expect(kim.locator(".mc-book-who")).to_contain_text(
            "Kim in the class book" if language == "en" else "Kim"
        )
        box = kim.locator(".mc-assignments-box")
        expect(box).to_contain_text(words["none yet"])
        kim.locator(".mc-answer input").focus()
        kim.keyboard.type(good_answer(kim.locator(".mc-practice")))
        kim.keyboard.press("Enter")
        expect(box).to_contain_text(words["one"])
        expect(box.locator("progress")).to_have_attribute("value", "1")
        checked(kim, f"kim-{language}", tmp_path)

        desk.reload()
        kims = desk.get_by_role("cell", name="Kim", exact=True)  # "na jakim etapie" has "kim"
        row = desk.locator(".mc-progress tr", has=kims)
        expect(row).to_contain_text(words["on the way"])
        expect(row).to_contain_text(words["one of two"])
        checked(desk, f"teacher-{language}", tmp_path)

        resized(desk, 1280, 800)
        desk.get_by_label(words["names"], exact=True).focus()
        desk.keyboard.type("Ola\nKim")
        desk.get_by_role("button", name=words["add"], exact=True).focus()
        desk.keyboard.press("Enter")
        expect(desk.get_by_role("status")).to_contain_text(words["listed"])

        ola = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
        her = ola.new_page()
        her.goto(f"{served.base}/voila/render/{practice_page}?class={CODE}")
        expect(her.locator(".mc-book-status")).to_contain_text(words["choose"])
        expect(her.locator(".mc-join-name")).to_have_count(0)
        checked(her, f"pick-{language}", tmp_path)
        her.locator(".mc-join-pick select").focus()
        her.keyboard.press("ArrowDown")
        expect(her.locator(".mc-join-pick select")).to_have_value("Ola")
        sent(her)
        her.locator("button.mc-join").focus()
        her.keyboard.press("Enter")
        expect(her.locator(".mc-book-who")).to_contain_text("Ola")
        expect(her.locator(".mc-assignments-box")).to_contain_text(words["none yet"])
        for context in (teacher, student, ola):
            context.close()
