"""LAMA Dice live in a real browser, against `mathcards serve` and its class book: a teacher (the
projector) asks about a moment; three students, each in a browser context of their own, guess;
a student who reloads keeps their guess; the reveal shows the spread beside the exact answer and
who was closest; the dice roll the same on every page. The projector in one language, the
students' pages in both."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from playwright.sync_api import expect

from mathcards.lama_dice.live import NAMED_MOMENTS, named_moment
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems, resized
from tests.browser.test_live_pages import in_first_screen

pytestmark = pytest.mark.browser
QUESTION = named_moment(next(iter(NAMED_MOMENTS)))  # the projector's first moment
# each run's students, joined to the class book of the server the live tests share, and what
# each of them guesses
CLASSES = {"en": ("Ula", "Ina", "Zoe"), "pl": ("Kasia", "Iza", "Ida")}
GUESSED = ("40", "60", "90")
SAID = {
    "en": {
        "in": "Your guess is in",
        "exact": "The exact answer",
        "rolled": "rolled 1,000 times",
        "rolls": "of the 216 rolls",
    },
    "pl": {
        "in": "Twój typ został przyjęty",
        "exact": "Dokładna odpowiedź",
        "rolled": "Kośćmi rzucono",
        "rolls": "z 216 rzutów",
    },
}


def percent_in(share: Fraction | float, language: str) -> str:
    said = f"{float(share) * 100:.1f}%"
    return said.replace(".", ",") if language == "pl" else said


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#loading", state="hidden")
    return page


def guess(page, text: str) -> None:
    page.locator(".mc-guess-input input").fill(text)
    page.locator("button.mc-guess").click()


def share_said(text: str) -> str:
    """The share of the rolls a page says, written the same in both languages."""
    found = re.search(r"(\d+[.,]\d)\s?%", text)
    assert found, text
    return found.group(1).replace(",", ".")


def the_question_reads_from_the_back_row(projector) -> None:
    """The question in the first screen as the page opens, in letters and dice the back row
    reads (the question at least 4 % of the screen's height, a die's face 5 %)."""
    projector.evaluate("window.scrollTo(0, 0)")
    height = projector.viewport_size["height"]
    in_first_screen(projector, ".mc-guess-question")
    in_first_screen(projector, ".mc-guess-count")
    size = projector.locator(".mc-guess-question p").evaluate(
        "p => parseFloat(getComputedStyle(p).fontSize)"
    )
    assert size >= 0.04 * height, size
    for die in projector.locator(".mc-guess-moment .mc-layout-die svg").all():
        assert die.bounding_box()["height"] >= 0.05 * height  # type: ignore[index]


DISTANCE = re.compile(r"\d\s?%|percentage point|punkt", re.IGNORECASE)


def no_name_beside_a_distance(projector, students) -> None:
    """The wall names nobody beside a guess or how far off it was: only a student's own page
    says that ("Only you see your guess")."""
    for line in projector.locator(".mc-guess-projector").inner_text().splitlines():
        named = [name for name in students if re.search(rf"\b{name}\b", line)]
        assert not (named and DISTANCE.search(line)), line


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_class_guesses_and_the_dice_answer(live_class, tmp_path, language):
    other = "pl" if language == "en" else "en"
    ala, ola, ela = CLASSES[language]
    students = {ala: language, ola: other, ela: language}
    guesses = dict(zip(CLASSES[language], GUESSED, strict=True))
    base = live_class.base
    teacher = live_class.context(viewport={"width": 1280, "height": 800})
    projector = teacher.new_page()
    projector.goto(live_class.teacher_url())  # the teacher's cookie
    projector.goto(f"{base}/voila/render/{language}/live/guess-projector.ipynb")
    projector.wait_for_selector("#loading", state="hidden")

    pages = {}
    for name, spoken in students.items():
        pages[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{base}/voila/render/{spoken}/live/2-lama-dice-guess.ipynb",
        )
        in_first_screen(pages[name], ".mc-join-name input")  # how to play folded below
        join(pages[name], name)

    projector.locator("button.mc-guess-ask").click()  # the lesson starts with its question
    for name in students:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)
    expect(projector.locator(".mc-guess-question p")).to_be_visible()
    for width, height in ((1280, 800), (1920, 1080)):
        resized(projector, width, height)
        projector.screenshot(path=str(tmp_path / f"guess-projector-{language}-{width}-asked.png"))
        the_question_reads_from_the_back_row(projector)
    resized(projector, 1280, 800)
    for page in pages.values():
        expect(page.locator(".mc-guess-question")).to_be_visible()
        expect(page.locator(".mc-guess-moment svg").first).to_be_visible()
    guess(pages[ola], "1/2")
    for name, text in guesses.items():  # Ola's second guess counts
        guess(pages[name], text)
        expect(pages[name].locator(".mc-guess-said")).to_contain_text(SAID[students[name]]["in"])
    expect(projector.locator(".mc-guess-count")).to_contain_text("3")
    expect(pages[ala].locator(".mc-guess-said")).not_to_contain_text("60")  # only Ola's
    for page in (projector, pages[ala], pages[ola]):  # a question asked, guesses in
        assert_accessible(page)

    # Ola reloads: her guess is still in
    pages[ola].reload()
    pages[ola].wait_for_selector("#loading", state="hidden")
    expect(pages[ola].locator(".mc-guess-said")).to_contain_text(percent_in(0.6, other))
    assert not layout_problems(pages[ola])

    projector.locator("button.mc-guess-reveal").click()
    exact = QUESTION.exact()
    assert isinstance(exact, Fraction)
    expect(projector.locator(".mc-guess-exact")).to_contain_text(SAID[language]["exact"])
    expect(projector.locator(".mc-guess-exact")).to_contain_text(percent_in(exact, language))
    expect(projector.locator(".mc-guess-spread .mc-bar-row")).to_have_count(10)
    expect(projector.locator(".mc-guess-spread [data-exact='true']")).to_have_count(1)
    closest = min(guesses, key=lambda name: abs(Fraction(guesses[name]) / 100 - exact))
    best = projector.locator(".mc-guess-closest li")
    expect(best).to_have_count(1)
    expect(best).to_contain_text("★")
    expect(best).to_contain_text(guesses[closest])
    no_name_beside_a_distance(projector, students)
    lit = sum(counted for _faces, counted in QUESTION.lit())
    assert 0 < lit < 216
    for page, spoken in ((projector, language), (pages[ola], other)):  # why: the rolls counted
        grid = page.locator(".mc-guess-why")
        expect(grid.locator(".mc-rolls-block")).to_have_count(6)
        expect(grid.locator("td")).to_have_count(216)
        expect(grid.locator("td.mc-lit")).to_have_count(lit)
        expect(grid.locator("td.mc-lit", has_text="●")).to_have_count(lit)  # a sign, not colour
        expect(grid.locator(".mc-rolls-count")).to_contain_text(f"{lit} {SAID[spoken]['rolls']}")
    for name, page in pages.items():
        expect(page.locator(".mc-guess-said")).to_contain_text(SAID[students[name]]["exact"])
        expect(page.locator(".mc-guess-said")).to_contain_text(percent_in(exact, students[name]))

    projector.locator("button.mc-guess-roll-1000").click()
    expect(projector.locator(".mc-guess-rolls")).to_contain_text(SAID[language]["rolled"])
    expect(projector.locator(".mc-guess-chart img").first).to_be_attached()
    rolled = share_said(projector.locator(".mc-guess-rolls").inner_text())
    for name, page in pages.items():  # the same rolls on every page
        expect(page.locator(".mc-guess-rolls")).to_contain_text(SAID[students[name]]["rolled"])
        assert share_said(page.locator(".mc-guess-rolls").inner_text()) == rolled
    for page in (projector, pages[ala], pages[ola]):  # the answer revealed, dice rolled
        assert_accessible(page)
    projector.screenshot(path=str(tmp_path / f"guess-projector-{language}.png"), full_page=True)
    pages[ala].screenshot(path=str(tmp_path / f"guess-seat-{language}.png"), full_page=True)
    assert not layout_problems(projector)
    assert not layout_problems(pages[ala])
