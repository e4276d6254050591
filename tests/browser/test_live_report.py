"""A whole live lesson, then the teacher's report of it (issue 31), in a real browser against
`mathcards serve` and its class book: six students (phones, in both languages) race two rounds
of MAM!, three of them with a wrong claim of a different kind, one reloading mid-game; then the
teacher's page shows each student's live answers and podium places, the mistakes grouped by
kind (whatever the language they were told in), a page per student with the seconds each
answer took, and the export holds every answer as the service judged it. "Remove" asks first.
The teacher's page is seen in English and, for a Polish browser, in Polish."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest
from playwright.sync_api import expect

from mathcards.book.export import BOM
from mathcards.mam.live import LiveGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems
from tests.browser.test_live_pages import answer, open_page, right

pytestmark = pytest.mark.browser
SEED = 31
STUDENTS = {
    "Bogna": "en",
    "Czesio": "pl",
    "Danka": "en",
    "Edek": "pl",
    "Felka": "en",
    "Gosia": "pl",
}


def twice(deal) -> str:
    """A claim that uses a card more often than it lies on the table."""
    once = next(card for card in deal.cards if deal.cards.count(card) == 1)
    return f"{once}+{once}"


def total(deal) -> str:
    """A claim of the wrong total, from two of the cards."""
    one, two = deal.cards[:2]
    return f"{one}+{two}" if one + two != deal.target else f"{one}*{two}"


def row(teacher, name: str) -> list[str]:
    """The cells of a student's line on the teacher's page."""
    line = teacher.locator("table").first.locator("tr", has=teacher.get_by_role("link", name=name))
    return line.locator("td").all_inner_texts()


def test_a_live_lesson_is_in_the_teachers_report_and_its_export(live_class, tmp_path):
    game = LiveGame("normal", rounds=2, seed=SEED)
    projector = live_class.projector("en", SEED)
    teacher = projector.context
    pages = {}
    for name, spoken in STUDENTS.items():
        phone = live_class.context(viewport={"width": 390, "height": 844})
        pages[name] = open_page(
            phone, f"{live_class.base}/voila/render/{spoken}/live/1-mam-live.ipynb"
        )
        join(pages[name], name)
    for name in STUDENTS:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)

    def claim(name: str, text: str) -> None:
        answer(pages[name], text)
        expect(pages[name].locator(".mc-verdict")).not_to_be_empty()

    # round 1: Czesio makes the wrong total, Danka uses a card twice, Bogna and Edek are right
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    for page in pages.values():
        expect(page.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    claim("Czesio", total(deal))
    claim("Danka", twice(deal))
    claim("Bogna", right(deal))
    claim("Edek", right(deal))
    pages["Edek"].reload()  # a reload mid-game: the same seat
    pages["Edek"].wait_for_selector("#loading", state="hidden")
    expect(pages["Edek"].locator(".mc-verdict")).not_to_be_empty()
    projector.locator("button.mc-live-reveal").click()
    game.reveal()
    expect(projector.locator(".mc-live-revealed")).not_to_be_empty()

    # round 2: Gosia names a card not on the table, Felka and Edek are right
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    expect(pages["Felka"].locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    claim("Gosia", "99+1")
    claim("Felka", right(deal))
    claim("Edek", right(deal))
    projector.locator("button.mc-live-finish").click()
    expect(projector.locator(".mc-podium li").first).to_be_visible()

    report = teacher.new_page()
    report.goto(live_class.teacher_url())
    right_answers = {name: row(report, name)[8] for name in STUDENTS}
    assert right_answers == {
        "Bogna": "1 / 1",
        "Czesio": "0 / 1",
        "Danka": "0 / 1",
        "Edek": "2 / 2",
        "Felka": "1 / 1",
        "Gosia": "0 / 1",
    }
    assert all(row(report, name)[11] != "—" for name in STUDENTS)  # last seen, live
    assert any(row(report, name)[10] == "1" for name in STUDENTS)  # someone won the game
    stuck = report.locator("table").nth(1)
    for kind, who in (
        ("the wrong total", "Czesio (1)"),
        ("a card used twice", "Danka (1)"),
        ("a number not on the table", "Gosia (1)"),
    ):
        expect(stuck.locator("tr", has_text=kind)).to_contain_text(who)
    assert not layout_problems(report)
    assert_accessible(report)
    report.screenshot(path=str(tmp_path / "teacher-en-1280.png"), full_page=True)

    report.get_by_role("link", name="Edek").click()  # Edek's own page
    answers = report.locator("table tr", has_text="MAM! live")
    expect(answers).to_have_count(2)
    seconds = answers.locator("td:nth-child(7)").all_inner_texts()
    assert all(float(s.replace(",", ".")) >= 0 for s in seconds)
    assert_accessible(report)
    report.set_viewport_size({"width": 390, "height": 844})
    assert not layout_problems(report)
    report.screenshot(path=str(tmp_path / "student-en-390.png"), full_page=True)
    report.go_back()

    exported = report.request.get(f"{live_class.base}/mathcards/teacher/export").text()
    lines = [
        line
        for line in csv.DictReader(io.StringIO(exported.removeprefix(BOM)))
        if line["kind"] == "answer"
    ]
    mine = [line for line in lines if line["student"] in STUDENTS]
    assert Counter(line["correct"] for line in mine) == {"True": 4, "False": 3}
    assert {line["mistake"] for line in mine} == {"", "total", "used-twice", "not-on-table"}
    whole = json.loads(
        report.request.get(f"{live_class.base}/mathcards/teacher/export?format=json").text()
    )
    events = [e for g in whole["classes"][0]["live_games"] for e in g["events"]]
    assert sum(e["kind"] == "answer" and e["student"] in STUDENTS for e in events) == 7

    # Remove asks once: the teacher says no, and Danka is still there
    report.locator("tr", has=report.get_by_role("link", name="Danka")).get_by_role(
        "button", name="Remove"
    ).click()
    expect(report.locator(".mc-confirm")).to_contain_text("Remove Danka and all their work?")
    assert_accessible(report)
    report.locator(".mc-confirm a").click()
    expect(report.get_by_role("link", name="Danka")).to_be_visible()

    polish = live_class.context(viewport={"width": 390, "height": 844}, locale="pl-PL")
    polish.add_cookies(teacher.cookies())
    po = polish.new_page()
    po.goto(f"{live_class.base}/mathcards/teacher")
    expect(po.locator("h1")).to_contain_text("Zeszyt klasy")
    expect(po.locator("table").nth(1)).to_contain_text("karta użyta dwa razy")
    assert not layout_problems(po)
    assert_accessible(po)
    po.screenshot(path=str(tmp_path / "teacher-pl-390.png"), full_page=True)
