"""The teacher's page after a whole lesson (issue 49) in Chromium, at 1280 × 800 and 390 × 844,
in English and in Polish: the links to the lessons and both projectors at its top; a student's
guesses and games on their page; a live typing slip shown; the live round among the hard
targets; a Polish student's verdict in the teacher's language; "Remove" asking in a box that is
a form with visible buttons; every page axe-clean. Against the class service and the teacher's
page on a port of their own (tests/classroom/test_live_guess.py's), on a real class book."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import layout_problems, resized
from tests.classroom.teacher_lesson import SLIP, whole_lesson
from tests.classroom.test_live_guess import Lesson

pytestmark = pytest.mark.browser
CODE = "TEACHER7KQ"
SIZES = ((1280, 800), (390, 844))


@pytest.fixture
def lesson(tmp_path):
    served = Lesson(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with served.serve() as port:
        served.port = port
        served.held = whole_lesson(served)
        yield served


@pytest.fixture(params=["en", "pl"])
def teacher(request, browser, lesson):
    """The teacher's browser, speaking `en` or `pl`, on their page."""
    context = browser.new_context(locale=request.param, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{lesson.port}/mathcards/teacher?code={CODE}")
    expect(page.locator("h1")).to_be_visible()
    page.language = request.param
    yield page
    context.close()


WORDS = {
    "en": {
        "links": ("The lessons", "MAM! live: the projector", "LAMA Dice live: the projector"),
        "remove": "Remove",
        "yes": "Yes, remove Kim",
        "no": "No, keep Kim",
        "verdict": "you used",
        "slip": "a typing slip, no claim",
        "guesses": "LAMA Dice live: their guesses",
        "choose": "Choose {name}",
        "remove chosen": "Remove the chosen students",
        "yes many": "Yes, remove 2 students",
        "removed": "2 students and all their work are removed: Kim, Ola.",
        "close": "Close the class to new names",
        "open": "Open the class to new names",
        "closed": "The class is closed to new names",
    },
    "pl": {
        "links": ("Lekcje", "MAM! na żywo: rzutnik", "LAMA kostkowa na żywo: rzutnik"),
        "remove": "Usuń",
        "yes": "Tak, usuń: Kim",
        "no": "Nie, zostaw: Kim",
        "verdict": "liczba",
        "slip": "literówka",
        "guesses": "LAMA kostkowa na żywo: typy ucznia",
        "choose": "Zaznacz: {name}",
        "remove chosen": "Usuń zaznaczonych uczniów",
        "yes many": "Tak, usuń 2 uczniów",
        "removed": "Usunięto 2 uczniów i wszystkie ich wpisy: Kim, Ola.",
        "close": "Zamknij klasę dla nowych imion",
        "open": "Otwórz klasę dla nowych imion",
        "closed": "Klasa jest zamknięta dla nowych imion",
    },
}


def test_the_teachers_page_links_the_lessons_and_projectors_and_asks_before_removing(
    teacher, lesson, tmp_path
):
    words = WORDS[teacher.language]
    heading = teacher.locator("h1").bounding_box()
    for label in words["links"]:
        link = teacher.get_by_role("link", name=label, exact=True)
        expect(link).to_be_visible()
        assert link.bounding_box()["y"] < heading["y"] + 200  # at the top, above the tables
    projector = teacher.get_by_role("link", name=words["links"][1], exact=True)
    assert (
        projector.get_attribute("href") == f"/voila/render/{teacher.language}/live/projector.ipynb"
    )
    hard = teacher.locator("table").nth(2)
    cards = " ".join(map(str, sorted(lesson.held.round["cards"])))
    expect(hard.locator("tr", has_text=cards)).to_contain_text("1 / 2")
    for width, height in SIZES:
        resized(teacher, width, height)
        assert not layout_problems(teacher)
        assert_accessible(teacher)
        teacher.screenshot(path=str(tmp_path / f"teacher-{teacher.language}-{width}.png"))

    line = teacher.locator("tr", has=teacher.get_by_role("link", name="Kim", exact=True))
    line.get_by_role("button", name=words["remove"], exact=True).click()
    box = teacher.locator("form.mc-confirm")
    expect(box).to_be_visible()
    expect(box.get_by_role("alert")).to_be_visible()
    yes, no = (
        box.get_by_role("button", name=words["yes"]),
        box.get_by_role("link", name=words["no"]),
    )
    expect(yes).to_be_visible()
    expect(no).to_be_visible()
    assert box.evaluate("form => getComputedStyle(form).display") != "inline"
    outline, inside = box.bounding_box(), yes.bounding_box()
    assert outline["height"] > inside["height"]  # the box holds its buttons
    assert (
        outline["y"] <= inside["y"]
        and inside["y"] + inside["height"] <= outline["y"] + outline["height"]
    )
    for width, height in SIZES:
        resized(teacher, width, height)
        assert not layout_problems(teacher)
        assert_accessible(teacher)
        teacher.screenshot(path=str(tmp_path / f"confirm-{teacher.language}-{width}.png"))
    no.click()
    expect(teacher.locator("form.mc-confirm")).to_have_count(0)


def test_a_students_page_shows_their_guesses_games_slips_and_verdicts(teacher, tmp_path):
    words = WORDS[teacher.language]
    teacher.get_by_role("link", name="Kim", exact=True).click()
    expect(teacher.get_by_role("heading", name=words["guesses"])).to_be_visible()
    guesses = teacher.locator(".mc-guesses")
    expect(guesses).to_contain_text("53")
    expect(teacher.locator(".mc-games")).to_contain_text("Computer 1")
    expect(teacher.locator(".mc-answers")).to_contain_text(SLIP)
    expect(teacher.locator(".mc-answers")).to_contain_text(words["slip"])
    for width, height in SIZES:
        resized(teacher, width, height)
        assert_accessible(teacher)
        teacher.screenshot(
            path=str(tmp_path / f"kim-{teacher.language}-{width}.png"), full_page=True
        )
    teacher.go_back()
    teacher.get_by_role("link", name="Ola", exact=True).click()
    expect(teacher.locator(".mc-answers")).to_contain_text(words["verdict"])
    expect(teacher.locator(".mc-guesses")).to_contain_text("53")
    assert_accessible(teacher)


def test_the_teacher_closes_the_class_and_removes_the_chosen_students_at_once(
    teacher, lesson, tmp_path
):
    """By keyboard: close the class to new names and open it again, tick two students, remove
    them, say yes once; both gone, and every page axe-clean at both sizes."""
    words = WORDS[teacher.language]
    close = teacher.get_by_role("button", name=words["close"], exact=True)
    close.focus()
    teacher.keyboard.press("Enter")
    expect(teacher.get_by_role("status")).to_contain_text(words["closed"])
    expect(teacher.get_by_role("button", name=words["open"], exact=True)).to_be_visible()
    assert lesson.service.book_of().class_closed("5b")
    teacher.get_by_role("button", name=words["open"], exact=True).click()
    expect(close).to_be_visible()

    for name in ("Kim", "Ola"):
        box = teacher.get_by_role("checkbox", name=words["choose"].format(name=name), exact=True)
        box.focus()
        teacher.keyboard.press("Space")
        expect(box).to_be_checked()
    teacher.get_by_role("button", name=words["remove chosen"], exact=True).click()
    confirm = teacher.locator("form.mc-confirm")
    expect(confirm.get_by_role("alert")).to_contain_text("Kim, Ola")
    for width, height in SIZES:
        resized(teacher, width, height)
        assert not layout_problems(teacher)
        assert_accessible(teacher)
        teacher.screenshot(path=str(tmp_path / f"many-{teacher.language}-{width}.png"))
    confirm.get_by_role("button", name=words["yes many"], exact=True).click()
    expect(teacher.get_by_role("status")).to_have_text(words["removed"])
    expect(teacher.get_by_role("link", name="Kim", exact=True)).to_have_count(0)
    assert lesson.service.book_of().nicknames("5b") == set()
